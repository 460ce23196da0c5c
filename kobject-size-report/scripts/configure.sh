#!/bin/sh
# configure.sh SRC OBJ ARCH FRAGMENT...
#
# As kernel/configure.sh, plus ARCH and a prepare step: ARCH tinyconfig,
# the fragments, olddefconfig; every fragment line must survive (checked by
# $CONFIG_CHECK, built from tools/config-check.c).  Reconfigures only when
# the fragments changed.  Then "make $KSR_PREPARE" (default prepare; none:
# configure only; prepare0: prepare without objtool, enough for the probe,
# which is compiled to assembler only).  make runs with -j$KSR_JOBS (2).
# Log: OBJ/.ksr.log.  SRC is never written.
set -eu
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
# run MAKE... TARGET: one make, its output to the log; a "progress:" line
# naming the target for phase.sh.
run()
{
	for target; do :; done
	echo "progress: make $target ($log)"
	"$@" >> "$log" 2>&1 || { echo "configure.sh: failed: $* (see $log)" >&2; tail -20 "$log" >&2; exit 1; }
}

{ echo "# ARCH=$arch"; cat "$@"; } > "$obj/.fragments.new"
if [ ! -f "$obj/.config" ] || ! cmp -s "$obj/.fragments.new" "$obj/.fragments"; then
	rm -f "$obj/.fragments"
	run make -C "$src" O="$obj" ARCH="$arch" -j"${KSR_JOBS:-2}" tinyconfig
	cat "$obj/.fragments.new" >> "$obj/.config"
	run make -C "$src" O="$obj" ARCH="$arch" -j"${KSR_JOBS:-2}" olddefconfig
	"$CONFIG_CHECK" "$@" -- "$obj/.config" >&2 ||
		{ echo "configure.sh: $obj/.config lost fragment lines" >&2; exit 1; }
	mv "$obj/.fragments.new" "$obj/.fragments"
fi
case $prep in
none) ;;
prepare|prepare0) run make -C "$src" O="$obj" ARCH="$arch" -j"${KSR_JOBS:-2}" "$prep" ;;
*) echo "configure.sh: KSR_PREPARE=$prep: want none, prepare0 or prepare" >&2; exit 2 ;;
esac
