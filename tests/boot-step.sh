#!/bin/sh
# boot-step.sh RUNS MAKEARG... - a make check step that boots: `make
# MAKEARG...`, then `make ktap KTAP_RUNS=RUNS` for the same cell (the
# VAR=VALUE words among MAKEARG), so that the step's KTAP lists each run
# with its guest's, detectors' and KUnit's results, from the records,
# whether make passed or not.  RUNS: as KTAP_RUNS takes them (SCENARIO
# for both kernels, KERNEL/SCENARIO for one).  NICE: a niceness to run at.
# Exit: make's status, else 1 if the records of a run say it failed.
set -u
[ $# -ge 2 ] || { echo "usage: $0 RUNS MAKEARG..." >&2; exit 2; }
runs=$1
shift
make=${MAKE:-make}
nice=${NICE:+nice -n $NICE}
$nice "$make" --no-print-directory "$@"
rc=$?
vars=
for a; do
	case $a in *=*) vars="$vars $a" ;; esac
done
# shellcheck disable=SC2086
"$make" -s --no-print-directory $vars ktap KTAP_RUNS="$runs" || [ "$rc" -ne 0 ] || rc=1
exit $rc
