#!/bin/sh
# configure.sh SRC OBJ ARCH FRAGMENT...
#
# kernel/configure.sh (tinyconfig, the arch's and the given fragments,
# olddefconfig, every fragment line checked by $CONFIG_CHECK), run only
# when the fragments changed since OBJ was last configured; then
# "make $KSR_PREPARE" (default prepare; none: configure only; prepare0:
# prepare without objtool, enough for the probe, which is compiled to
# assembler only).  ARCH: x86 (x86_64) or i386.  make runs with
# -j$KSR_JOBS (2).  Log: OBJ/.ksr.log.  SRC is never written.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
src=$1 obj=$2 arch=$3
shift 3
: "${CONFIG_CHECK:?configure.sh: set CONFIG_CHECK to the config-check binary}"
prep=${KSR_PREPARE:-prepare}
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
	run configure "$here/kernel/configure.sh" -a "$arch" "$src" "$obj" "$@"
	mv "$obj/.fragments.new" "$obj/.fragments"
fi
case $prep in
none) ;;
prepare|prepare0) run "make $prep" make -C "$src" O="$obj" ARCH="$arch" -j"${KSR_JOBS:-2}" "$prep" ;;
*) echo "configure.sh: KSR_PREPARE=$prep: want none, prepare0 or prepare" >&2; exit 2 ;;
esac
