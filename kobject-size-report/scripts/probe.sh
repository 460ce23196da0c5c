#!/bin/sh
# probe.sh SRC OBJ OUT ARCH FRAGMENT...
#
# Compile-time sizes of one tree in one configuration: configure.sh (config
# + "make prepare", never a full build), then ../probe/probe.c compiled to
# probe.s through kbuild as an external directory (M=), so it gets exactly
# the tree's flags.  Writes OUT (the probe.s) and OUT.config (the .config);
# does nothing when OUT.stamp says OUT was made from the same inputs
# (KSR_TREE_SUM names the tree's content: the series' checksum).
set -eu
[ $# -ge 5 ] || { echo "usage: probe.sh SRC OBJ OUT ARCH FRAGMENT..." >&2; exit 2; }
src=$(cd "$1" && pwd) obj=$2 out=$3 arch=$4
shift 4
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$obj"
obj=$(cd "$obj" && pwd)
# Up to date: same tree ($KSR_TREE_SUM), fragments, ARCH and probe source.
stamp=$({ echo "$arch ${KSR_TREE_SUM:-}"; cat "$@" "$here/probe/probe.c" "$here/probe/Kbuild"; } | md5sum)
if [ -f "$out" ] && [ "$(cat "$out.stamp" 2>/dev/null)" = "$stamp" ]; then
	echo "probe.sh: $out up to date"
	exit 0
fi
rm -f "$out.stamp"
"$here/scripts/configure.sh" "$src" "$obj" "$arch" "$@"
mkdir -p "$(dirname "$out")"

# The probe directory is a copy: kbuild writes its output next to the source.
pdir=$obj.probe
rm -rf "$pdir"
mkdir -p "$pdir"
cp "$here/probe/probe.c" "$here/probe/Kbuild" "$pdir/"
flags=
grep -q '^struct kref_rel {' "$src/include/linux/kref.h" && flags=-DHAVE_KREF_REL
sed -n '/^struct acpi_hotplug_profile {/,/^}/p' "$src/include/acpi/acpi_bus.h" |
	grep -q 'struct kobject kobj;' && flags="$flags -DHAVE_HOTPLUG_PROFILE_KOBJ"
make -s -C "$src" O="$obj" ARCH="$arch" M="$pdir" PROBE_CFLAGS="$flags" probe.s \
	> "$out.log" 2>&1 || { cat "$out.log" >&2; echo "probe.sh: probe.c failed ($obj)" >&2; exit 1; }
cp "$pdir/probe.s" "$out"
cp "$obj/.config" "$out.config"
echo "$stamp" > "$out.stamp"
echo "probe.sh: $out ($arch, $(grep -c -- '->' "$out") figures)"
