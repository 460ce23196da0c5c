#!/bin/sh
# install-deps.sh - install the Debian packages the project needs, if missing
# (apt-get update, retried if a mirror is mid-sync, then apt-get install; as root or through sudo).
#
# install-deps.sh [GROUP...]: optional groups on top of the base set:
#   lava   lava-dispatcher (lava-run, for lava/lava.mk)
#   6.12   linux-source-6.12 (KVER=6.12, series-6.12/)
#
# The i386 guest's userland (busybox-static, sysfsutils, libsysfs2 and
# libc6, all :i386) is never installed on the host: dpkg gets the i386
# architecture (dpkg --add-architecture, then apt-get update) and the
# packages are downloaded and unpacked with dpkg-deb -x into
# build/deps/i386/root, where initramfs/build.sh -a i386 takes them.  The
# guest's own programs are built by the i386 cross compiler
# (gcc-i686-linux-gnu, static): gcc-multilib would do too, but Debian
# lets it conflict with every cross compiler (arm64 and the others).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
pkgs="linux-source-6.1 qemu-system-x86 busybox-static sysfsutils dwarves quilt
bc flex bison libelf-dev libssl-dev cpio xz-utils python3 gcc make
gcc-i686-linux-gnu libc6-dev-i386-cross perl kmod python3-ply git libjansson-dev libyaml-dev pkg-config
coccinelle gnuplot-nox"
for group in "$@"; do
	case "$group" in
	lava) pkgs="$pkgs lava-dispatcher" ;;
	6.1) ;;
	6.12) pkgs="$pkgs linux-source-6.12" ;;
	*) echo "install-deps.sh: unknown group '$group' (have: lava 6.12)" >&2
	   exit 2 ;;
	esac
done
i386_pkgs="busybox-static sysfsutils libsysfs2 libc6"
i386_root=${I386_ROOT:-$here/build/deps/i386/root}
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive

# apt_update: apt-get update, tried three times: a mirror caught mid-sync
# fails one index ("File has unexpected size ... Mirror sync in
# progress?", seen here on bookworm-security's i386 list).  If it still
# fails, go on with the lists apt has: the install or download that
# follows names any package it cannot find.
apt_update() {
	for try in 1 2 3; do
		$sudo apt-get update -q && return 0
		[ "$try" = 3 ] || { echo "install-deps.sh: apt-get update failed, again in 20 s" >&2; sleep 20; }
	done
	echo "install-deps.sh: apt-get update failed 3 times; going on with the package lists apt has" >&2
}

missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
updated=
if [ -n "$missing" ]; then
	echo "install-deps.sh: installing:$missing"
	apt_update
	updated=1
	$sudo apt-get install -y -q --no-install-recommends $missing
fi

# i386 guest userland, unpacked (not installed) under build/deps/i386;
# the stamp names the packages it holds
[ "$(head -n 1 "$i386_root/.stamp" 2>/dev/null)" = "$i386_pkgs" ] && exit 0
if ! dpkg --print-foreign-architectures | grep -qx i386; then
	echo "install-deps.sh: dpkg --add-architecture i386"
	$sudo dpkg --add-architecture i386
	updated=
fi
if ! apt-cache show busybox-static:i386 > /dev/null 2>&1 && [ -z "$updated" ]; then
	apt_update
fi
debs=$(dirname "$i386_root")/debs
rm -rf "$debs" "$i386_root"
mkdir -p "$debs" "$i386_root"
echo "install-deps.sh: downloading (not installing) i386:$i386_pkgs into $debs"
(cd "$debs" && apt-get download -q $(for p in $i386_pkgs; do printf '%s:i386 ' "$p"; done))
for deb in "$debs"/*.deb; do
	dpkg-deb -x "$deb" "$i386_root"
done
{ echo "$i386_pkgs"; ls "$debs"; } > "$i386_root/.stamp"
