#!/bin/sh
# pahole.sh SRC OBJ OUT ARCH OBJLIST FRAGMENT...
#
# The pahole cross-check's input: configure.sh with the fragments (which
# include debuginfo.config), then only the objects named in OBJLIST
# (lines "path/file.o struct..."), each compiled with DWARF as a single
# kbuild target, and "pahole -C struct,..." on each.  OUT gets, per object,
# a line "@object PATH" and pahole's struct dumps.  Skipped when OUT.stamp
# matches (same tree per KSR_TREE_SUM, object list and fragments).
set -eu
[ $# -ge 6 ] || { echo "usage: pahole.sh SRC OBJ OUT ARCH OBJLIST FRAGMENT..." >&2; exit 2; }
src=$(cd "$1" && pwd) obj=$2 out=$3 arch=$4 list=$5
shift 5
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$obj"
obj=$(cd "$obj" && pwd)
stamp=$({ echo "$arch ${KSR_TREE_SUM:-}"; cat "$list" "$@"; } | md5sum)
if [ -f "$out" ] && [ "$(cat "$out.stamp" 2>/dev/null)" = "$stamp" ]; then
	echo "pahole.sh: $out up to date"
	exit 0
fi
rm -f "$out.stamp"
command -v pahole > /dev/null || { echo "pahole.sh: pahole not installed (dwarves)" >&2; exit 1; }
"$here/scripts/configure.sh" "$src" "$obj" "$arch" "$@"
mkdir -p "$(dirname "$out")"
: > "$out.tmp"
: > "$out.log"
grep -v '^[[:space:]]*\(#\|$\)' "$list" | while read -r o structs; do
	make -s -C "$src" O="$obj" ARCH="$arch" "$o" >> "$out.log" 2>&1 ||
		{ cat "$out.log" >&2; echo "pahole.sh: cannot compile $o" >&2; exit 1; }
	echo "@object $o" >> "$out.tmp"
	# One struct a call: pahole -C a,b stops at the first it cannot find
	# (kref_rel in the trees without it).
	for s in $structs; do
		pahole -C "$s" "$obj/$o" >> "$out.tmp" 2>> "$out.log" ||
			{ echo "pahole.sh: pahole failed on $obj/$o" >&2; exit 1; }
	done
done
mv "$out.tmp" "$out"
echo "$stamp" > "$out.stamp"
echo "pahole.sh: $out ($arch, $(grep -c '^struct' "$out") structs)"
