#!/bin/sh
# probe.sh SRC OBJ PDIR OUT ARCH
#
# Compile-time sizes of one tree in one configuration: ../probe/probe.c
# compiled to probe.s through kbuild as an external directory (M=PDIR, a
# scratch copy: kbuild writes its output next to the source), so it gets
# exactly the flags of the tree SRC configured and prepared in OBJ (by
# configure.sh, or a kernel build of the pipeline: OBJ is only read).
# Writes OUT (the probe.s), OUT.config (OBJ's .config) and OUT.deps (the
# source files the compiler read, relative to SRC, from kbuild's .cmd file).
# ARCH: kbuild's, compiled with its CROSS_COMPILE (scripts/cells.sh's).
set -eu
[ $# = 5 ] || { echo "usage: probe.sh SRC OBJ PDIR OUT ARCH" >&2; exit 2; }
src=$(cd "$1" && pwd -P) obj=$(cd "$2" && pwd -P) pdir=$3 out=$4 arch=$5
here=$(cd "$(dirname "$0")/.." && pwd)
CROSS_COMPILE=$("$here/../scripts/cells.sh" -a "$arch" -v CROSS) || exit 2
export CROSS_COMPILE
[ -f "$obj/.config" ] && [ -f "$obj/include/generated/autoconf.h" ] ||
	{ echo "probe.sh: $obj is not a configured and prepared kernel build" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
rm -rf "$pdir"
mkdir -p "$pdir"
cp "$here/probe/probe.c" "$here/probe/Kbuild" "$pdir/"
# has_member HEADER STRUCT DECLARATION: the tree's struct has that member
has_member() {
	sed -n "/^struct $2 {/,/^}/p" "$src/$1" | grep -q "$3"
}
flags=
grep -q '^struct kref_rel {' "$src/include/linux/kref.h" && flags=-DHAVE_KREF_REL
has_member include/acpi/acpi_bus.h acpi_hotplug_profile 'struct kobject kobj;' &&
	flags="$flags -DHAVE_HOTPLUG_PROFILE_KOBJ"
has_member include/linux/blkdev.h gendisk 'struct kobject queue_kobj;' &&
	flags="$flags -DHAVE_GENDISK_QUEUE_KOBJ"
make -s -C "$src" O="$obj" ARCH="$arch" M="$(cd "$pdir" && pwd)" PROBE_CFLAGS="$flags" probe.s \
	> "$out.log" 2>&1 || { cat "$out.log" >&2; echo "probe.sh: probe.c failed ($obj, log $out.log)" >&2; exit 1; }
cp "$pdir/probe.s" "$out.tmp"
cp "$obj/.config" "$out.config"
# kbuild's dependency list: "  SRC/path \" lines; generated files (under
# OBJ) and include/config/* are left out (the .config covers them).
sed -n 's,^ *'"$src"'/\([^ ]*\) *\\*$,\1,p' "$pdir/.probe.s.cmd" | sort -u > "$out.deps"
[ -s "$out.deps" ] || { echo "probe.sh: no dependencies in $pdir/.probe.s.cmd" >&2; exit 1; }
mv "$out.tmp" "$out"
echo "probe.sh: $out ($arch, $(grep -c -- '->' "$out") figures, $(wc -l < "$out.deps") source files read)"
