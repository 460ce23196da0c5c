#!/bin/sh
# jobs.sh [-k KVER] [-a ARCH] OUTDIR [TARGET...] - a LAVA job for every
# boot the local pipeline makes on the cells of KVER and ARCH (default 6.1,
# x86_64)
#
# Asks make what the TARGETs (default: all hotplug hotplug-fault, i.e.
# `make`, its size report's runs and the stress and fault sweeps) would run,
# without building or booting anything (make -n, qemu/run.sh taken as
# changed, kernels, initramfs and tools taken as made: their paths are
# scripts/cells.sh's), and turns every
# qemu/run.sh command line it prints into lava/job.sh with the same options:
# OUTDIR/<cell>/<kernel>/<run>/{job.yaml,device.yaml}, so the runs, their
# kernel arguments, QEMU options and timeouts are the Makefile's.  A run
# with a host driver gets OUTDIR/.../skipped instead.  OUTDIR/jobs.txt
# lists every run: "job DIR" or "skipped DIR: why".  Environment: LAVA_URL
# (artifact base URL, see lava/job.sh).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 2; }
kver=6.1 arch=x86_64
while getopts k:a: opt; do
	case $opt in
	k) kver=$OPTARG ;; a) arch=$OPTARG ;;
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

# every tier's kernels of the cell, its initramfs, deps and tools: made
old=
for t in debug fast smoke; do
	eval "$(scripts/cells.sh -k "$kver" -a "$arch" -t "$t")" || exit 2
	for k in baseline patched; do
		old="$old -o $OBJ/$k/built.stamp"
	done
done
old="$old -o $INITRAMFS -o build/deps.stamp -o build/tools/hotplug-qmp"
# shellcheck disable=SC2086
env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory \
	-n -W qemu/run.sh $old KVER="$kver" ARCH="$arch" "$@" > "$out/pipeline.txt" 2>&1 || {
	echo "jobs.sh: make -n $* failed: $out/pipeline.txt" >&2
	tail -n 5 "$out/pipeline.txt" >&2
	exit 1
}

# The recipe lines (continuations joined) that run qemu/run.sh.
awk '{ if (sub(/\\$/, "")) { acc = acc $0; next } print acc $0; acc = "" }' \
	"$out/pipeline.txt" | grep 'qemu/run\.sh' |
	sed 's|scripts/phase\.sh|lava_phase|g; s|qemu/run\.sh|lava_run|g;
	     s|tests/hotplug/summary\.sh|:|g' > "$out/runs.sh"
[ -s "$out/runs.sh" ] || { echo "jobs.sh: make -n $* runs no qemu/run.sh: $out/pipeline.txt" >&2; exit 1; }

lava_phase() { shift 2; "$@"; }
# lava_run RUN.SH-OPTIONS: job.sh with -o build/runs/X as OUTDIR/X
lava_run() {
	n=$# prev=
	for a; do
		b=$a
		[ "$prev" = -o ] && b=$out/${a#build/runs/}
		set -- "$@" "$b"
		prev=$a
	done
	shift "$n"
	"$here/lava/job.sh" "$@"
}
: > "$out/jobs.txt"
while IFS= read -r line; do
	( eval "$line" ) > "$out/last.log" 2>&1
	cat "$out/last.log"
	grep -q 'usage: job.sh' "$out/last.log" && { echo "jobs.sh: job.sh refused: $line" >&2; exit 1; }
done < "$out/runs.sh"
rm -f "$out/last.log"
find "$out" -name job.yaml -o -name skipped | LC_ALL=C sort | while read -r f; do
	d=${f%/*}
	case $f in
	*/skipped) echo "skipped ${d#"$out"/}: $(cat "$f")" ;;
	*) echo "job ${d#"$out"/}" ;;
	esac
done > "$out/jobs.txt"
echo "jobs.sh: $(grep -c '^job ' "$out/jobs.txt") jobs," \
	"$(grep -c '^skipped ' "$out/jobs.txt") runs skipped: $out/jobs.txt"
