#!/bin/sh
# install-deps.sh - install the Debian packages the project needs, if missing
# (apt-get update, retried if a mirror is mid-sync, then apt-get install; as root or through sudo).
#
# install-deps.sh [-n] [GROUP...]: optional groups on top of the base set
# (-n: print the packages, install nothing):
#   lava     lava-dispatcher (lava-run, for mk/lava.mk)
#   6.12     linux-source-6.12 (KVER=6.12, series-6.12/)
#   arm64    the arm64 cell (ARCH=arm64): its C library for the guest's
#            programs (libc6-dev-arm64-cross), qemu-system-arm
#            (qemu-system-aarch64) and the arm64 guest userland; the base
#            set has its cross compiler, as the size report's arm64-dist
#            layout needs it on every machine
#   postings git-email and b4 (make postings)
#   gate     mmdebstrap (make fresh-root)
# When the packages are in, scripts/need.sh checks that every command and
# file of scripts/needs.txt for these groups is there: a package that no
# longer brings what the pipeline calls stops here, named, not ten
# minutes into a build.
#
# erofs-utils, f2fs-tools and mtd-utils make the filesystem images of the
# modules scenario (kernel/modules.sh).
# A foreign guest's userland (busybox-static, sysfsutils, libsysfs2 and
# libc6, all :DEB_ARCH; i386 always, arm64 with its group) is never
# installed on the host: dpkg gets the architecture (dpkg
# --add-architecture, then apt-get update) and the packages are downloaded
# and unpacked with dpkg-deb -x into build/deps/DEB_ARCH/root, where
# initramfs/build.sh -a ARCH takes them.  The guest's own programs are
# built static by the arch's cross compiler (GUEST_CC of scripts/cells.sh:
# gcc-i686-linux-gnu for i386; gcc-multilib would do too, but Debian lets
# it conflict with every cross compiler, arm64's and the others).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
pkgs="linux-source-6.1 qemu-system-x86 busybox-static sysfsutils dwarves quilt
bc flex bison libelf-dev libssl-dev cpio xz-utils python3 gcc make
gcc-i686-linux-gnu libc6-dev-i386-cross gcc-aarch64-linux-gnu perl kmod python3-ply git
libjansson-dev libyaml-dev pkg-config coccinelle sparse gnuplot-nox librsvg2-bin
erofs-utils f2fs-tools mtd-utils stress-ng"
guests=i386 list= groups=
[ "${1:-}" != -n ] || { list=1; shift; }
for group in "$@"; do
	case "$group" in
	lava) pkgs="$pkgs lava-dispatcher" ;;
	6.1) continue ;;
	6.12) pkgs="$pkgs linux-source-6.12" ;;
	arm64) pkgs="$pkgs libc6-dev-arm64-cross qemu-system-arm"
	       guests="$guests arm64" ;;
	postings) pkgs="$pkgs git-email b4" ;;
	gate) pkgs="$pkgs mmdebstrap" ;;
	*) echo "install-deps.sh: unknown group '$group' (have: lava 6.12 arm64 postings gate)" >&2
	   exit 2 ;;
	esac
	groups="$groups $group"
done
[ -z "$list" ] || { printf '%s\n' $pkgs; exit 0; }
guest_pkgs="busybox-static sysfsutils libsysfs2 libc6"
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

# each foreign guest's userland, unpacked (not installed) under
# build/deps/DEB_ARCH; the stamp names the packages it holds
for a in $guests; do
	root=$here/build/deps/$a/root
	[ "$a" = i386 ] && root=${I386_ROOT:-$root}
	[ "$(head -n 1 "$root/.stamp" 2>/dev/null)" = "$guest_pkgs" ] && continue
	if ! dpkg --print-foreign-architectures | grep -qx "$a"; then
		echo "install-deps.sh: dpkg --add-architecture $a"
		$sudo dpkg --add-architecture "$a"
		updated=
	fi
	if ! apt-cache show "busybox-static:$a" > /dev/null 2>&1 && [ -z "$updated" ]; then
		apt_update
		updated=1
	fi
	debs=$(dirname "$root")/debs
	rm -rf "$debs" "$root"
	mkdir -p "$debs" "$root"
	echo "install-deps.sh: downloading (not installing) $a:$guest_pkgs into $debs"
	(cd "$debs" && apt-get download -q $(for p in $guest_pkgs; do printf '%s:%s ' "$p" "$a"; done))
	for deb in "$debs"/*.deb; do
		dpkg-deb -x "$deb" "$root"
	done
	{ echo "$guest_pkgs"; ls "$debs"; } > "$root/.stamp"
done

# what the groups' phases call, there now (scripts/needs.txt)
"$here/scripts/need.sh" $groups || {
	echo "install-deps.sh: what the pipeline calls is missing (above): its package is not in this script's list, or apt-get failed (its output is above; under make: build/logs/deps*.log)" >&2
	exit 1
}
