#!/bin/sh
# pahole.sh SRC OBJ OUT ARCH OBJLIST
#
# The pahole cross-check's input: in OBJ, a build dir of SRC that
# configure.sh configured and prepared (never a pipeline's kernel build:
# this writes there), only the objects named in OBJLIST (lines
# "path/file.o struct..."), each compiled as a single kbuild target with
# DWARF added by KCFLAGS (-gdwarf-4: the .config stays the probe's, struct
# layout does not depend on debug info), and "pahole -C struct" on each.
# OUT gets, per object, a line "@object PATH" and pahole's struct dumps.
# ARCH: kbuild's, compiled with its CROSS_COMPILE (scripts/cells.sh's).
set -eu
[ $# = 5 ] || { echo "usage: pahole.sh SRC OBJ OUT ARCH OBJLIST" >&2; exit 2; }
src=$(cd "$1" && pwd) obj=$(cd "$2" && pwd) out=$3 arch=$4 list=$5
CROSS_COMPILE=$("$(dirname "$0")/../../scripts/cells.sh" -a "$arch" -v CROSS) || exit 2
export CROSS_COMPILE
command -v pahole > /dev/null || { echo "pahole.sh: pahole not installed (dwarves)" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
: > "$out.tmp"
: > "$out.log"
# the object list and a half-written OUT go, whatever the exit
trap 'rm -f "$out.list" "$out.tmp"' EXIT
grep -v '^[[:space:]]*\(#\|$\)' "$list" > "$out.list"
# One kbuild run for every object: its start-up (config, prepare checks)
# costs more than most of the compiles.
# shellcheck disable=SC2046
make -s -C "$src" O="$obj" ARCH="$arch" -j"${JOBS:-2}" KCFLAGS=-gdwarf-4 \
	$(cut -d' ' -f1 "$out.list") >> "$out.log" 2>&1 ||
	{ tail -20 "$out.log" >&2; echo "pahole.sh: cannot compile the objects of $list (log $out.log)" >&2; exit 1; }
while read -r o structs; do
	echo "@object $o" >> "$out.tmp"
	# One struct a call: pahole -C a,b stops at the first it cannot find
	# (kref_rel in the trees without it).
	for s in $structs; do
		pahole -C "$s" "$obj/$o" >> "$out.tmp" 2>> "$out.log" ||
			{ echo "pahole.sh: pahole failed on $obj/$o (log $out.log)" >&2; exit 1; }
	done
done < "$out.list"
mv "$out.tmp" "$out"
echo "pahole.sh: $out ($arch, $(grep -c '^struct' "$out") structs)"
