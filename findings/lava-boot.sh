#!/bin/sh
# lava-boot.sh - qemu/run.sh's stand-in that boots through LAVA: the same
# options, the same records in RUNDIR, so a campaign's boots become LAVA
# jobs (findings/campaign.sh -r findings/lava-boot.sh; findings/boot.sh
# with BOOT_RUNSH=findings/lava-boot.sh) and their findings merge into the
# store as a local run's
#
# usage: lava-boot.sh -k BZIMAGE -i INITRD -s SCENARIO -o RUNDIR
#                     [-a ARGS] [-q QARGS] [-t TIMEOUT] [-n IDLE] [-A ARCH]
# The job: lava/job.sh with these options, in RUNDIR.job/; run by lava-run
# here (lava-dispatcher: scripts/install-deps.sh lava), its log in
# RUNDIR.job/output.yaml; lava/records.sh rebuilds RUNDIR from it and
# judges it (qemu/judge.sh).  Exit: the judge's, as run.sh's.
# A lab instead of lava-run: LAVA_SUBMIT="COMMAND" runs "COMMAND JOBDIR"
# (it submits JOBDIR/job.yaml, waits for the job and writes its log to
# JOBDIR/output.yaml: lavacli jobs submit/wait/logs); none ships here.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 5; }
kernel= out=
# the arguments less "-o RUNDIR" (lava/job.sh's -o is its JOBDIR): each
# taken from the front and put back at the end, once round
n=$#
while [ "$n" -gt 0 ]; do
	a=$1
	shift
	n=$((n - 1))
	case $a in
	-o)	out=${1:-}; shift; n=$((n - 1)) ;;
	-k)	kernel=${1:-}; set -- "$@" -k "$1"; shift; n=$((n - 1)) ;;
	-d)	echo "lava-boot.sh: a host driver cannot run on LAVA" >&2; exit 5 ;;
	*)	set -- "$@" "$a" ;;
	esac
done
[ -n "$kernel" ] && [ -n "$out" ] || usage
jobdir=$out.job
rm -rf "$out" "$jobdir"
mkdir -p "$jobdir"
"$here/lava/job.sh" "$@" -o "$jobdir" >"$jobdir/job.log" 2>&1 ||
	{ cat "$jobdir/job.log" >&2; exit 5; }
if [ -n "${LAVA_SUBMIT:-}" ]; then
	$LAVA_SUBMIT "$jobdir" || { echo "lava-boot.sh: $LAVA_SUBMIT $jobdir failed" >&2; exit 5; }
else
	command -v lava-run >/dev/null || { echo "lava-boot.sh: no lava-run (scripts/install-deps.sh lava)" >&2; exit 5; }
	lava-run --job-id 1 --output-dir "$jobdir" --device "$jobdir/device.yaml" \
		"$jobdir/job.yaml" 2>"$jobdir/output.yaml" >/dev/null
fi
exec "$here/lava/records.sh" -k "$kernel" "$jobdir/output.yaml" "$out"
