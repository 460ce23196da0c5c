#!/bin/sh
# fresh-root.sh - run a README command as a new user would: in a bare
# Debian 12 root, on a fresh clone of HEAD at a path over 100 characters.
#
# usage: fresh-root.sh [-r ROOT] [-k] [-s SRC] [COMMAND]
#   COMMAND  a shell command run at the clone's top (default: make, the
#            README's first command; "make check" is its second)
#   -r ROOT  where the root is built (default build/fresh-root; removed
#            first, and afterwards unless -k)
#   -k       keep ROOT afterwards (its build/ and logs to read)
#   -s SRC   the repository cloned (default: this one, at HEAD; a copy
#            with a change, to see the gate fail)
#
# The root: Debian's mmdebstrap (group `gate` of scripts/install-deps.sh),
# bookworm, its default variant (Essential, required and important
# packages: what a Debian 12 install has) plus git and make, the two
# things the README asks for before its first command, from the host's
# apt sources and apt options.  Nothing the project installed on this
# machine reaches it.  /proc, /sys, /dev and /dev/pts are mounted for the
# builds and QEMU (TCG: no /dev/kvm use) and unmounted at the end; every
# process left in the root is killed.
#
# Prints the command's output, then its last line again and one line of
# this gate's own: "fresh-root: COMMAND at COMMIT: exit N, W s wall, C s
# CPU" (CPU: user + system of everything the command ran).  Exits with
# COMMAND's status (2: the root could not be made; log: ROOT.log).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
root=$top/build/fresh-root keep= src=$top
while getopts r:ks: opt; do
	case $opt in
	r) root=$OPTARG ;; k) keep=1 ;; s) src=$(cd "$OPTARG" && pwd) ;;
	*) sed -n '2,/^set -eu/p' "$0" | sed '$d' >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
cmd=${*:-make}
[ "$(id -u)" = 0 ] || { echo "fresh-root.sh: needs root (mmdebstrap, chroot, mount): run it with sudo" >&2; exit 2; }
"$top/scripts/need.sh" -c mmdebstrap || exit 2
mkdir -p "$(dirname "$root")"
root=$(cd "$(dirname "$root")" && pwd)/$(basename "$root")
log=$root.log
commit=$(git -C "$src" rev-parse --short HEAD)
# the clone's path inside the root: over 100 characters, as users clone anywhere
long=/home/user/src/kernel-tooling/kobject-lifetime-studies/a-path-of-more-than-one-hundred-characters/kref-2.7

mounts= child=
cleanup() {
	[ -z "$child" ] || { kill "$child" 2> /dev/null; wait "$child" 2> /dev/null; }
	# every process whose root is ROOT (a QEMU or make the command left)
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/root" 2> /dev/null)" = "$root" ] && kill -9 "${p#/proc/}" 2> /dev/null
	done
	for m in $mounts; do umount -l "$root$m" 2> /dev/null || true; done
	# never rm -rf through a mount left in the root (the host's /dev, /sys)
	if grep -q " $root/" /proc/mounts; then
		echo "fresh-root.sh: mounts left under $root, not removed:" >&2
		grep " $root/" /proc/mounts >&2
	elif [ -z "$keep" ]; then
		rm -rf "$root"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

rm -rf "$root"
echo "fresh-root: building a bare Debian 12 root in $root (log $log)"
# the host's apt sources and options (a snapshot archive's Valid-Until)
set --
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
	[ -s "$f" ] && set -- "$@" "$f"
done
[ $# -gt 0 ] || { echo "fresh-root.sh: no apt sources on this host (/etc/apt/sources.list*)" >&2; exit 2; }
aptopts=
for f in /etc/apt/apt.conf.d/*; do
	grep -q 'Check-Valid-Until\|Acquire::http::Proxy\|Acquire::https::Proxy' "$f" 2> /dev/null &&
		aptopts="$aptopts --aptopt=$f"
done
# in the background, waited for: a signal to this script runs its trap at
# once (a foreground child would delay it) and the trap stops the child
# shellcheck disable=SC2086
timeout 1800 mmdebstrap --include=git,make $aptopts bookworm "$root" "$@" > "$log" 2>&1 &
child=$!
wait "$child" || {
	tail -n 20 "$log" >&2
	echo "fresh-root.sh: mmdebstrap failed (log $log)" >&2
	exit 2
}
child=
# mmdebstrap's root keeps the sources it was given; its apt options too
for m in /proc /sys /dev /dev/pts; do
	mkdir -p "$root$m"
	mount --bind "$m" "$root$m"
	mounts="$m $mounts"
done
cp /etc/resolv.conf "$root/etc/resolv.conf" 2> /dev/null || true
mkdir -p "$root$(dirname "$long")"
git clone -q "$src" "$root$long"
git -C "$root$long" checkout -q "$commit"
echo "fresh-root: $cmd, at $commit, in $long (${#long} characters)"
start=$(date +%s)
set +e
child=
{
	chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		sh -c "cd '$long' && $cmd" < /dev/null 2>&1
	echo $? > "$root.rc"
	times > "$root.cpu"	# not piped: a pipeline's times would be its own
} | tee "$root.out" &
child=$!
wait "$child"
child=
set -e
rc=$(cat "$root.rc")
wall=$(($(date +%s) - start))
# times: "XmY.ZZZs XmY.ZZZs", the children's user and system time
cpu=$(awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); s += a[1] * 60 + a[2] } printf "%d", s }' "$root.cpu")
last=$(grep -v '^$' "$root.out" | tail -n 1)
echo "fresh-root: last line: $last"
echo "fresh-root: $cmd at $commit: exit $rc, $wall s wall, $cpu s CPU (output: $root.out)"
exit "$rc"
