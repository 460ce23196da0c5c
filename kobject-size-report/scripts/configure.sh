#!/bin/sh
# configure.sh -c CHECK [-p PREPARE] SRC OBJ ARCH FRAGMENT...
#
# kernel/configure.sh (tinyconfig, the arch's and the given fragments,
# olddefconfig, every fragment line checked by CHECK, a config-check
# binary), run only when the fragments changed since OBJ was last
# configured; then "make PREPARE" (default prepare; none: configure only;
# prepare0: prepare without objtool, enough for the probe, which is
# compiled to assembler only).  ARCH: kbuild's ARCH of a scripts/cells.sh
# arch: x86 (x86_64), i386 or arm64; make runs with that arch's
# CROSS_COMPILE (cells.sh's CROSS, in the environment: none for x86, also
# under a make that exported another arch's) and -j$JOBS (2).  Log:
# OBJ/.ksr.log.  SRC is never written.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
usage() { echo "usage: $0 -c CHECK [-p PREPARE] SRC OBJ ARCH FRAGMENT..." >&2; exit 2; }
check= prep=prepare
while getopts c:p: opt; do
	case $opt in c) check=$OPTARG ;; p) prep=$OPTARG ;; *) usage ;; esac
done
shift $((OPTIND - 1))
[ -n "$check" ] && [ $# -ge 3 ] || usage
src=$1 obj=$2 arch=$3
shift 3
CROSS_COMPILE=$("$here/scripts/cells.sh" -a "$arch" -v CROSS) || exit 2
export CROSS_COMPILE
mkdir -p "$obj"
# Absolute paths: make -C SRC would take a relative O= inside SRC.
src=$(cd "$src" && pwd) obj=$(cd "$obj" && pwd)
case $obj/ in "$src"/*) echo "configure.sh: $obj is inside $src" >&2; exit 2 ;; esac
log=$obj/.ksr.log
: > "$log"
# run NAME COMMAND...: one step, its output to the log; a "progress:" line
# naming it for phase.sh.
run()
{
	echo "progress: $1 ($log)"
	shift
	"$@" >> "$log" 2>&1 || { echo "configure.sh: failed: $* (see $log)" >&2; tail -20 "$log" >&2; exit 1; }
}

# What decides the .config: the arch, the fragments given, and the script
# with the arch fragments it adds (kernel/configs/).
{ echo "# ARCH=$arch"; cat "$@" "$here/kernel/configure.sh" "$here"/kernel/configs/*.config; } \
	> "$obj/.fragments.new"
if [ ! -f "$obj/.config" ] || ! cmp -s "$obj/.fragments.new" "$obj/.fragments"; then
	rm -f "$obj/.fragments"
	run configure "$here/kernel/configure.sh" -a "$arch" -c "$check" "$src" "$obj" "$@"
	mv "$obj/.fragments.new" "$obj/.fragments"
fi
case $prep in
none) ;;
prepare|prepare0) run "make $prep" make -C "$src" O="$obj" ARCH="$arch" -j"${JOBS:-2}" "$prep" ;;
*) echo "configure.sh: -p $prep: want none, prepare0 or prepare" >&2; exit 2 ;;
esac
