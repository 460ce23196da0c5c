#!/bin/sh
# initramfs/build.sh [-a x86_64|i386] OUT.cpio.gz - build the guest initramfs.
#
# Reads (the Makefile's prerequisites):
#   initramfs/build.sh initramfs/init initramfs/lib/*.sh tests/ktap.sh
#   (the KTAP writer, the guest's /lib/ktap.sh)
#   initramfs/scenarios/*.sh initramfs/guest/*.c
#   tools/scan-console.c and qemu/signatures.txt (the host's console
#   scanner and detector table: the guest's detectors use the same ones,
#   as /bin/scan-console and /etc/signatures.txt)
#   -a x86_64 (the default): busybox (static, from PATH) and systool (from
#   PATH) with the shared libraries and loader `ldd systool` names; the
#   guest programs built with $CC -static.
#   -a i386: busybox and systool from the unpacked i386 packages in
#   I386_ROOT (default build/deps/i386/root, made by
#   scripts/install-deps.sh), systool's libraries (readelf NEEDED) and the
#   i386 loader ld-linux.so.2, all from there, copied to the guest's /lib;
#   the guest programs built static by the i386 cross compiler
#   ($CC_I386, default i686-linux-gnu-gcc).  (ldd cannot be used: this
#   host may not run i386 binaries.)
# Writes OUT.cpio.gz and the staging tree OUT.d/ next to it. The archive is
# reproducible: sorted entries, owner 0:0, fixed mtimes, gzip -n.
set -eu

usage() { echo "usage: $0 [-a x86_64|i386] OUT.cpio.gz" >&2; exit 2; }
arch=x86_64
while getopts a: opt; do
	case $opt in
	a) arch=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 1 ] || usage
case $1 in /*) out=$1 ;; *) out=$(pwd)/$1 ;; esac
here=$(cd "$(dirname "$0")" && pwd)
stage=${out%.cpio.gz}.d
CC=${CC:-gcc}

die() { echo "initramfs/build.sh: $*" >&2; exit 1; }

# the arch's guest compiler (GUEST_CC) and Debian name, from the cell table
facts=$("$here/../scripts/cells.sh" -a "$arch") || exit 2
eval "$(echo "$facts" | grep -E '^(GUEST_CC|DEB_ARCH)=')"
case $arch in
x86_64)
	busybox=$(command -v busybox) || die "busybox not found (apt-get install busybox-static)"
	systool=$(command -v systool) || die "systool not found (apt-get install sysfsutils)"
	ldd "$busybox" >/dev/null 2>&1 && die "$busybox is not static"
	;;
i386)
	CC=${CC_I386:-$GUEST_CC}
	command -v "$CC" >/dev/null || die "no i386 compiler $CC (apt-get install gcc-i686-linux-gnu)"
	root=${I386_ROOT:-$here/../build/deps/$DEB_ARCH/root}
	root=$(cd "$root" 2>/dev/null && pwd) ||
		die "no i386 userland in ${I386_ROOT:-build/deps/$DEB_ARCH/root} (run scripts/install-deps.sh)"
	busybox=$root/bin/busybox systool=$root/usr/bin/systool
	for f in "$busybox" "$systool"; do
		readelf -h "$f" 2>/dev/null | grep -q 'Machine:.*80386' ||
			die "$f is not an i386 executable (run scripts/install-deps.sh)"
	done
	readelf -l "$busybox" | grep -q INTERP && die "$busybox is not static"
	;;
*) echo "initramfs/build.sh: no userland for arch '$arch' here (x86_64 or i386)" >&2; exit 2 ;;
esac

rm -rf "$stage"
mkdir -p "$stage"
cd "$stage"
mkdir -p bin dev etc proc sys tmp lib scenarios usr
ln -s bin sbin
ln -s ../bin usr/bin
ln -s ../bin usr/sbin

# busybox and its applets (the host's busybox lists them: it may not run
# an i386 busybox, and both are Debian's same build)
cp "$busybox" bin/busybox
list=$busybox
[ "$arch" = i386 ] && { list=$(command -v busybox) ||
	die "busybox not found on the host (apt-get install busybox-static)"; }
for applet in $("$list" --list); do
	[ -e "bin/$applet" ] || ln -s busybox "bin/$applet"
done

# systool with what it loads: "lib => /path (addr)" and "/loader (addr)"
cp -L "$systool" bin/systool
if [ "$arch" = x86_64 ]; then
	for lib in $(ldd "$systool" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }
					  $1 ~ /^\// { print $1 }'); do
		mkdir -p ".$(dirname "$lib")"
		cp -L "$lib" ".$lib"
	done
else
	# i386: the loader searches /lib; every NEEDED library, recursively
	needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
	cp -L "$root/lib/ld-linux.so.2" lib/ld-linux.so.2 ||
		die "no i386 loader in $root/lib (run scripts/install-deps.sh)"
	todo=$(needed "$systool")
	while [ -n "$todo" ]; do
		set -- $todo
		todo=
		for n; do
			[ -e "lib/$n" ] && continue
			for d in "$root/usr/lib/i386-linux-gnu" "$root/lib/i386-linux-gnu"; do
				[ -e "$d/$n" ] && { cp -L "$d/$n" "lib/$n"; break; }
			done
			[ -e "lib/$n" ] || die "$n (needed by systool) not found in $root"
			todo="$todo $(needed "lib/$n")"
		done
	done
fi

# guest programs, static
for src in "$here"/guest/*.c; do
	prog=$(basename "$src" .c)
	$CC -static -O2 -s -Wall -Wextra -o "bin/$prog" "$src" ||
		die "cannot compile $src"
done

$CC -static -O2 -s -Wall -Wextra -o bin/scan-console "$here/../tools/scan-console.c" ||
	die "cannot compile tools/scan-console.c"
cp "$here/../qemu/signatures.txt" etc/signatures.txt

cp "$here/init" init
cp "$here"/lib/*.sh lib/
cp "$here/../tests/ktap.sh" lib/ktap.sh
cp "$here"/scenarios/*.sh scenarios/
chmod 755 init

find . -exec touch -h -d @0 {} +
find . | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --reproducible --quiet |
	gzip -n -9 >"$out.tmp"
mv "$out.tmp" "$out"
echo "initramfs/build.sh: $out ($(wc -c <"$out") bytes)"
