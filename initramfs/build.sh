#!/bin/sh
# initramfs/build.sh [-a ARCH] [-c GUEST_CC] OUT.cpio.gz - build the guest
# initramfs.
#
# Reads (the Makefile's prerequisites):
#   initramfs/build.sh initramfs/init initramfs/lib/*.sh lib/ktap.sh
#   (the KTAP writer, the guest's /lib/ktap.sh)
#   initramfs/scenarios/*.sh initramfs/guest/*.c
#   tools/scan-console.c and qemu/signatures.txt (the host's console
#   scanner and detector table: the guest's detectors use the same ones,
#   as /bin/scan-console and /etc/signatures.txt)
#   -a x86_64 (the default): busybox (static, from PATH) and systool (from
#   PATH) with the shared libraries and loader `ldd systool` names; the
#   guest programs built with $CC -static.
#   -a i386, arm64 (an arch of scripts/cells.sh with a GUEST_CC): busybox
#   and systool from the arch's unpacked packages in build/deps/DEB_ARCH/root
#   (made by scripts/install-deps.sh; for i386 $I386_ROOT if set),
#   systool's libraries (readelf NEEDED) and its loader (readelf INTERP:
#   ld-linux.so.2, ld-linux-aarch64.so.1), all from there, copied to the
#   guest's /lib; the guest programs built static by the arch's cross
#   compiler (GUEST_CC: i686-linux-gnu-gcc, aarch64-linux-gnu-gcc; -c
#   names another).  (ldd cannot be used: this host may not run the
#   arch's binaries.)
# Writes OUT.cpio.gz and the staging tree OUT.d/ next to it. The archive is
# reproducible: sorted entries, owner 0:0, fixed mtimes, gzip -n.
set -eu

usage() { echo "usage: $0 [-a ARCH] [-c GUEST_CC] OUT.cpio.gz" >&2; exit 2; }
arch=x86_64 guest_cc=
while getopts a:c: opt; do
	case $opt in a) arch=$OPTARG ;; c) guest_cc=$OPTARG ;; *) usage ;; esac
done
shift $((OPTIND - 1))
[ $# = 1 ] || usage
case $1 in /*) out=$1 ;; *) out=$(pwd)/$1 ;; esac
here=$(cd "$(dirname "$0")" && pwd)
stage=${out%.cpio.gz}.d
CC=${CC:-gcc}

die() { echo "initramfs/build.sh: $*" >&2; exit 1; }

# the arch's guest compiler (GUEST_CC) and Debian name, from the cell table
facts=$("$here/../scripts/cells.sh" -a "$arch" 2>/dev/null) ||
	{ echo "initramfs/build.sh: no userland for arch '$arch' here (an ARCH of scripts/cells.sh)" >&2; exit 2; }
eval "$(echo "$facts" | grep -E '^(ARCH|GUEST_CC|DEB_ARCH)=')"
arch=$ARCH
if [ -z "$GUEST_CC" ]; then
	# the host's own arch
	busybox=$(command -v busybox) || die "busybox not found (apt-get install busybox-static)"
	systool=$(command -v systool) || die "systool not found (apt-get install sysfsutils)"
	ldd "$busybox" >/dev/null 2>&1 && die "$busybox is not static"
else
	# a foreign arch: its readelf Machine and Debian's package of its compiler
	case $arch in
	i386) machine=80386 root=${I386_ROOT:-} CC=${guest_cc:-$GUEST_CC} ;;
	arm64) machine=AArch64 root= CC=${guest_cc:-$GUEST_CC} ;;
	*) die "no readelf machine for arch '$arch'" ;;
	esac
	command -v "$CC" >/dev/null ||
		die "no $arch compiler $CC (apt-get install gcc-${CC%-gcc}; scripts/install-deps.sh)"
	where=${root:-build/deps/$DEB_ARCH/root}
	root=$(cd "${root:-$here/../build/deps/$DEB_ARCH/root}" 2>/dev/null && pwd) ||
		die "no $arch userland in $where (run scripts/install-deps.sh$([ "$arch" = i386 ] || echo " $arch"))"
	busybox=$root/bin/busybox systool=$root/usr/bin/systool
	for f in "$busybox" "$systool"; do
		readelf -h "$f" 2>/dev/null | grep -q "Machine:.*$machine" ||
			die "$f is not an $arch executable (run scripts/install-deps.sh)"
	done
	readelf -l "$busybox" | grep -q INTERP && die "$busybox is not static"
fi

rm -rf "$stage"
mkdir -p "$stage"
cd "$stage"
mkdir -p bin dev etc proc sys tmp lib scenarios usr
ln -s bin sbin
ln -s ../bin usr/bin
ln -s ../bin usr/sbin

# busybox and its applets (the host's busybox lists them: it may not run
# a foreign busybox, and both are Debian's same build)
cp "$busybox" bin/busybox
list=$busybox
[ -n "$GUEST_CC" ] && { list=$(command -v busybox) ||
	die "busybox not found on the host (apt-get install busybox-static)"; }
for applet in $("$list" --list); do
	[ -e "bin/$applet" ] || ln -s busybox "bin/$applet"
done

# systool with what it loads: "lib => /path (addr)" and "/loader (addr)"
cp -L "$systool" bin/systool
if [ -z "$GUEST_CC" ]; then
	for lib in $(ldd "$systool" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }
					  $1 ~ /^\// { print $1 }'); do
		mkdir -p ".$(dirname "$lib")"
		cp -L "$lib" ".$lib"
	done
else
	# a foreign arch: its loader (systool's INTERP, /lib/ld-linux.so.2 on
	# i386), which searches /lib; every NEEDED library, recursively
	needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
	interp=$(readelf -l "$systool" | sed -n 's/.*interpreter: \(.*\)\]/\1/p')
	case $interp in /lib/*) ;; *) die "systool's loader '$interp' is not in /lib" ;; esac
	cp -L "$root$interp" ".$interp" ||
		die "no $arch loader $interp in $root (run scripts/install-deps.sh)"
	# copy_needed BIN: every library BIN needs, recursively, from the
	# arch's unpacked userland into lib/ (systool's, stress-ng's)
	copy_needed() {
		bin=$1 todo=$(needed "$1")
		while [ -n "$todo" ]; do
			set -- $todo
			todo=
			for n; do
				[ -e "lib/$n" ] && continue
				for d in "$root"/usr/lib/*-linux-gnu* "$root"/lib/*-linux-gnu*; do
					[ -e "$d/$n" ] && { cp -L "$d/$n" "lib/$n"; break; }
				done
				[ -e "lib/$n" ] || die "$n (needed by $(basename "$bin")) not found in $root"
				todo="$todo $(needed "lib/$n")"
			done
		done
	}
	copy_needed "$systool"
fi

# stress-ng, the hotplug stress's readers (scenarios/hotplug.sh readers=,
# /lib/peer.sh): Debian's binary and every library it loads, found as
# systool's are; left out (a note here, SKIP in the guest) where it is
# not installed (x86_64: on PATH; another arch: in its unpacked userland).
if [ -z "$GUEST_CC" ]; then
	stressng=$(command -v stress-ng || :)
else
	stressng=$root/usr/bin/stress-ng
	[ -x "$stressng" ] || stressng=
fi
if [ -z "$stressng" ]; then
	echo "initramfs/build.sh: no stress-ng for $arch: the hotplug readers will be skipped (apt-get install stress-ng)" >&2
elif [ -z "$GUEST_CC" ]; then
	cp -L "$stressng" bin/stress-ng
	for lib in $(ldd "$stressng" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }
					   $1 ~ /^\// { print $1 }'); do
		[ -e ".$lib" ] && continue
		mkdir -p ".$(dirname "$lib")"
		cp -L "$lib" ".$lib"
	done
else
	cp -L "$stressng" bin/stress-ng
	copy_needed "$stressng"
fi

# the kernel's own selftests the hotplug stress runs (selftests=), from
# each unpacked Debian tree (build/src/pristine, build/src-6.12/pristine;
# the series changes no selftest) as /selftests/VERSION.PATCHLEVEL/TARGET/:
# the guest takes its kernel's.  Scripts as they are; C tests built
# static here with the guest's compiler.
for tree in "$here"/../build/src*/pristine; do
	st=$tree/tools/testing/selftests
	[ -d "$st" ] || continue
	ver=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p' "$tree/Makefile" | paste -sd.)
	mkdir -p "selftests/$ver"
	for t in cpu-hotplug/cpu-on-off-test.sh memory-hotplug/mem-on-off-test.sh; do
		[ -f "$st/$t" ] || continue
		mkdir -p "selftests/$ver/${t%/*}"
		cp "$st/$t" "selftests/$ver/$t"
		chmod 755 "selftests/$ver/$t"
	done
	if [ -f "$st/uevent/uevent_filtering.c" ]; then
		mkdir -p "selftests/$ver/uevent"
		$CC -static -O2 -s -w -I"$st" -o "selftests/$ver/uevent/uevent_filtering" \
			"$st/uevent/uevent_filtering.c" ||
			die "cannot compile $st/uevent/uevent_filtering.c"
	fi
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
cp "$here/../lib/ktap.sh" lib/ktap.sh
cp "$here"/scenarios/*.sh scenarios/
chmod 755 init

find . -exec touch -h -d @0 {} +
find . | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --reproducible --quiet |
	gzip -n -9 >"$out.tmp"
mv "$out.tmp" "$out"
echo "initramfs/build.sh: $out ($(wc -c <"$out") bytes)"
