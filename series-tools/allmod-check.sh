#!/bin/sh
# allmod-check.sh TREE OBJ [PATCH...] - the files the ktype patches touch
# compile under x86_64 allmodconfig.
#
#   TREE   a source tree with the patches applied (e.g. the baseline tree)
#   OBJ    an O= directory; configured with allmodconfig and prepared with
#          modules_prepare if it has no .config yet (nice -n 10, JOBS jobs)
#   PATCH  patch files (of SERIES_DIR, default series/) whose touched .c files to compile;
#          default: the patches between the "# ---- ktype releases" and
#          "# ---- end of ktype releases" lines of its series file (a touched header is
#          covered by the .c files of the same patch that include it)
#
# Prints KTAP, one test per touched .c file: "ok" when its .o is rebuilt
# from the current source with no warning or error in a touched file
# (W=0, -Werror is what allmodconfig sets: CONFIG_WERROR=y), failed
# otherwise (compile error, warning, or an object allmodconfig does not
# build).  Exits non-zero if any test failed.
#
# Time (2 shared cores, nice -n 10): allmodconfig + modules_prepare about
# 5 min the first time; the 16 objects of the ktype-release patches 5 to 23 min (load).
#
# Environment: SERIES_DIR, JOBS (default 2).
set -u

here=$(cd "$(dirname "$0")" && pwd)
series_dir=$(cd "${SERIES_DIR:-$here/../series}" && pwd)
jobs=${JOBS:-2}
. "$here/../lib/ktap.sh"

[ $# -ge 2 ] || { echo "usage: $0 TREE OBJ [PATCH...]" >&2; exit 2; }
tree=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" || exit 2
obj=$(cd "$2" && pwd)
shift 2
if [ $# -eq 0 ]; then
	set -- $(sed -n '/^# ---- ktype releases/,/^# ---- end of ktype releases/p' \
		"$series_dir/series" | grep -v '^#')
fi
[ $# -gt 0 ] || { echo "$0: no patches" >&2; exit 2; }

t_version

if [ ! -f "$obj/.config" ]; then
	echo "# configuring $obj: allmodconfig + modules_prepare"
	if ! nice -n 10 make -C "$tree" O="$obj" allmodconfig >"$obj.config.log" 2>&1 ||
	   ! nice -n 10 make -C "$tree" O="$obj" -j"$jobs" modules_prepare \
		>>"$obj.config.log" 2>&1; then
		echo "1..0 # SKIP allmodconfig/modules_prepare failed, see $obj.config.log"
		tail -20 "$obj.config.log" | sed 's/^/# /'
		exit 1
	fi
fi

files=$(for p in "$@"; do
	sed -n 's|^diff --git a/[^ ]* b/\(.*\.c\)$|\1|p' "$series_dir/$p"
done | sort -u)
n=$(echo "$files" | grep -c .)
t_plan "$n"

# the Kbuild target of a .c file: amdkfd is built from amdgpu's Makefile
# (with amdgpu's include paths), so its objects are named from there
target() {
	case $1 in
	drivers/gpu/drm/amd/amdkfd/*)
		echo "drivers/gpu/drm/amd/amdgpu/../amdkfd/${1##*/}" ;;
	*) echo "$1" ;;
	esac
}

for f in $files; do
	o=${f%.c}.o
	t=$(target "${f%.c}.o")
	log=$obj/allmod-check.$(echo "$o" | tr / _).log
	rm -f "$obj/$o"
	if nice -n 10 make -C "$tree" O="$obj" -j"$jobs" "$t" >"$log" 2>&1 &&
	   [ -f "$obj/$o" ] &&
	   ! grep -E "(^|/)$f:[0-9]+(:[0-9]+)?: (warning|error):" "$log" >/dev/null; then
		t_result 0 "$f"
	else
		t_result 1 "$f"
		grep -E "(error|warning)|No rule" "$log" | head -10 | sed 's/^/# /'
		[ -f "$obj/$o" ] || echo "# $o was not built (not in allmodconfig?)"
	fi
done
t_done
