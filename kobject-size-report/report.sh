#!/bin/sh
# report.sh - the kobject size report: compile-time sizes (probe, checked
# against pahole) and run-time cost of the series, as text and JSON.
#
# Usage: kobject-size-report/report.sh [-s SERIES] [-t "TIERS"] [-x "TIERS"]
#                 [-c "SCENARIOS"] [-w WORK] [-o OUT] [-r RUNS] [-b OBJS]
#                 [-S SRCROOT] [-N NOTE] [-n]
#   -s SERIES     quilt series dir (default: series)
#   -t TIERS      booted tiers whose runs are read (default: fast); a run
#                 there that failed, is older than its kernel or lacks data
#                 stops the report; a scenario not run is noted
#   -x TIERS      further tiers (default: debug): their runs are read
#                 where current (one that is not gets a note); runs
#                 simply absent there are not mentioned
#   -c SCENARIOS  run-time points read per tier (default: "census"; e.g.
#                 "census hotplug": after boot and after the stress)
#                 plus every boot RUNS/<tier>/<kernel>/bench-<N> (the bench
#                 scenario under -icount shift=0) as the hot-path figures
#   -w WORK       scratch dir (default: build/dev/size)
#   -o OUT        output dir (default: build/report)
#   -r RUNS       run results root (default: build/runs; <tier>/<kernel>/<scenario>/)
#   -b OBJS       kernel build root (default: build/obj; <tier>/<kernel>/vmlinux);
#                 a tier's built kernels are also the probes' build dirs
#                 of their layout (read, never written)
#   -S SRCROOT    trees (default: build/src): pristine/, and baseline/ and
#                 patched/ (kernel/tree.sh's) where they hold the series'
#                 current patches (else made in WORK/src)
#   -N NOTE       a line for the report's notes (e.g. why a scenario of
#                 the other cells is not run on this one)
#   -n            no pahole cross-check (the report then says so)
# Run from the top of the repository.  Exit 0: OUT/report.txt and
# OUT/report.json written (the text also on stdout), and OUT/report.svg
# (bytes grown per ktype, hot-path change with its spread) drawn from
# OUT/report.gp when gnuplot is installed; otherwise OUT holds no report
# (an old one is removed first) and the error names the input.
#
# Inputs read (for Makefile dependencies):
#   SRCROOT/pristine/                        the pristine tree (never written;
#                                            its scripts/bloat-o-meter is run)
#   SRCROOT/{baseline,patched}{/,.series}    the pipeline's trees (read only)
#   SERIES/series, SERIES/*.patch, SERIES/kernel.config
#   kernel/tree.sh, kernel/configure.sh, kernel/configs/*.config, tools/config-check.c
#   kobject-size-report/{probe/*,configs/*,scripts/*,src/*,ktype-map.txt}
#   RUNS/<tier>/{baseline,patched}/<scenario>/verdict    (must be "0 ...")
#   RUNS/<tier>/{baseline,patched}/<scenario>/data/{census,slabinfo,meminfo}
#   RUNS/<tier>/{baseline,patched}/bench-<N>/{verdict,repro.cmd,data/bench}
#   OBJS/<tier>/{baseline,patched}/IMAGE  (runs must be newer; IMAGE:
#                                            scripts/cells.sh's, by the tier's arch)
#   OBJS/<tier>/{baseline,patched}/{vmlinux,.config,include/generated/}
# (for each tier of -t and -x and scenario of -c; a run or vmlinux that does not
# exist yet is left out and the report says so).  Tools: gcc,
# make, pahole (dwarves), size, python3 (bloat-o-meter), gnuplot (optional).
# It writes only WORK and OUT; it never builds a kernel (make prepare and
# single objects only, in WORK/obj).  Each long step prints a start, a
# progress line every 30 s and an end line (scripts/phase.sh) on stderr;
# WORK/logs/ holds their logs, WORK/prepares the cells prepared.
set -eu
series=series tiers=fast extra=debug scenarios=census work=build/dev/size out=build/report
runs=build/runs objs=build/obj srcroot=build/src
pahole=1 note=
while getopts s:t:x:c:w:o:r:b:S:N:n opt; do
	case $opt in
	s) series=$OPTARG ;; t) tiers=$OPTARG ;; x) extra=$OPTARG ;;
	c) scenarios=$OPTARG ;;
	w) work=$OPTARG ;; o) out=$OPTARG ;; n) pahole=0 ;;
	r) runs=$OPTARG ;; b) objs=$OPTARG ;; S) srcroot=$OPTARG ;; N) note=$OPTARG ;;
	*) sed -n '2,35p' "$0" >&2; exit 2 ;;
	esac
done
here=kobject-size-report
[ -f "$here/report.sh" ] || { echo "report.sh: run from the repository top" >&2; exit 2; }
mkdir -p "$work"
work=$(cd "$work" && pwd)
. "$here/scripts/lib.sh"

# every tool the phases below call, there before the first of them
# (scripts/needs.txt names each one's package): the dist layouts'
# compilers (the arch's CROSS, arm64-dist's aarch64-linux-gnu-gcc), pahole
need="gcc make python3 pkg-config flex bison bc perl"
[ "$pahole" = 0 ] || need="$need pahole"
for l in $DIST_LAYOUTS; do
	cross=$(cell_fact CROSS -a "${l%%-*}")
	need="$need ${cross}gcc"
done
scripts/need.sh -c $need || die "a tool above is missing: nothing was built"

build_tools
make_trees
probe_all
[ "$pahole" = 1 ] && pahole_all
say "build dirs prepared in this run: $(wc -l < "$work/prepares") ($work/prepares)"
runtime_all
write_report
"$work/bin/ksr-report" plot "$out" "$out/report.json" ||
	die "ksr-report plot $out $out/report.json failed"
"$here/scripts/plot.sh" "$out" report
