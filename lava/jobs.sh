#!/bin/sh
# jobs.sh [-b BUILD] [-k KVER] [-a ARCH] [-t TIER] [-v NAME=VALUE]...
#         OUTDIR [TARGET...] - a LAVA job for every boot the local pipeline
# makes for TARGETs on one cell (default 6.1, x86_64, fast)
#
# The boots are the boot plan's (qemu/plan.sh: qemu/plan.txt and the cell
# table scripts/cells.sh; the options are plan.sh's, -v its variables as
# make's knobs give them), so the runs, their kernel arguments, QEMU
# options and timeouts are the ones make's boot rules give qemu/run.sh.
# Nothing is built or booted.  TARGETs: plan.sh's (default: all hotplug
# hotplug-fault, i.e. `make`, its size report's runs and the stress and
# fault sweeps; KERNEL/RUN for one boot).  Each boot becomes lava/job.sh
# with the same options as run.sh: OUTDIR/<cell>/<kernel>/<run>/{job.yaml,
# device.yaml}.  A run with a host driver gets OUTDIR/.../skipped instead.
# OUTDIR/plan.txt holds the plan's records, OUTDIR/jobs.txt lists every
# run: "job DIR" or "skipped DIR: why".  Environment: LAVA_URL (artifact
# base URL, see lava/job.sh).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 2; }
plan=
while getopts b:k:a:t:v: opt; do
	case $opt in
	b|k|a|t|v) plan="$plan -$opt $OPTARG" ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage
out=$1
shift
[ $# -gt 0 ] || set -- all hotplug hotplug-fault
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
cd "$here" || exit 2
mkdir -p "$out" || exit 2

# shellcheck disable=SC2086
qemu/plan.sh $plan -r "$out" "$@" > "$out/plan.txt" || exit 2
# job.sh exits 3 for a run it skips (a host driver); every boot of the
# plan must have its job or its reason
# shellcheck disable=SC2086
qemu/plan.sh $plan -r "$out" -x lava/job.sh "$@"
cut -f 8 "$out/plan.txt" | LC_ALL=C sort | while read -r d; do
	if [ -f "$d/job.yaml" ]; then
		echo "job ${d#"$out"/}"
	elif [ -f "$d/skipped" ]; then
		echo "skipped ${d#"$out"/}: $(cat "$d/skipped")"
	else
		echo "jobs.sh: no job written for $d" >&2
		exit 1
	fi
done > "$out/jobs.txt" || exit 1
echo "jobs.sh: $(grep -c '^job ' "$out/jobs.txt") jobs," \
	"$(grep -c '^skipped ' "$out/jobs.txt") runs skipped: $out/jobs.txt"
