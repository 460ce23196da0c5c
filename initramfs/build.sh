#!/bin/sh
# initramfs/build.sh OUT.cpio.gz - build the guest initramfs.
#
# Reads (the Makefile's prerequisites):
#   initramfs/build.sh initramfs/init initramfs/lib/*.sh
#   initramfs/scenarios/*.sh initramfs/guest/*.c
#   tools/scan-console.c and qemu/signatures.txt (the host's console
#   scanner and detector table: the guest's detectors use the same ones,
#   as /bin/scan-console and /etc/signatures.txt)
#   busybox (static, from PATH) and systool (from PATH) with the shared
#   libraries and loader `ldd systool` names.
# Writes OUT.cpio.gz and the staging tree OUT.d/ next to it. The archive is
# reproducible: sorted entries, owner 0:0, fixed mtimes, gzip -n.
set -eu

[ $# = 1 ] || { echo "usage: $0 OUT.cpio.gz" >&2; exit 2; }
case $1 in /*) out=$1 ;; *) out=$(pwd)/$1 ;; esac
here=$(cd "$(dirname "$0")" && pwd)
stage=${out%.cpio.gz}.d
CC=${CC:-gcc}

die() { echo "initramfs/build.sh: $*" >&2; exit 1; }

busybox=$(command -v busybox) || die "busybox not found (apt-get install busybox-static)"
systool=$(command -v systool) || die "systool not found (apt-get install sysfsutils)"
ldd "$busybox" >/dev/null 2>&1 && die "$busybox is not static"

rm -rf "$stage"
mkdir -p "$stage"
cd "$stage"
mkdir -p bin dev etc proc sys tmp lib scenarios usr
ln -s bin sbin
ln -s ../bin usr/bin
ln -s ../bin usr/sbin

# busybox and its applets
cp "$busybox" bin/busybox
for applet in $("$busybox" --list); do
	[ -e "bin/$applet" ] || ln -s busybox "bin/$applet"
done

# systool with what it loads: "lib => /path (addr)" and "/loader (addr)"
cp -L "$systool" bin/systool
for lib in $(ldd "$systool" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }
				  $1 ~ /^\// { print $1 }'); do
	mkdir -p ".$(dirname "$lib")"
	cp -L "$lib" ".$lib"
done

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
cp "$here"/scenarios/*.sh scenarios/
chmod 755 init

find . -exec touch -h -d @0 {} +
find . | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --reproducible --quiet |
	gzip -n -9 >"$out.tmp"
mv "$out.tmp" "$out"
echo "initramfs/build.sh: $out ($(wc -c <"$out") bytes)"
