#!/bin/sh
# boot.sh - boot one window of a fault sweep: attempts FROM..TO of OP on one
# kernel of a cell, the way the sweeps boot (qemu/plan.txt's run
# hotplug-fault: its kernel arguments, QEMU devices, timeouts)
#
# usage: boot.sh [-k KVER] [-t TIER] [-a ARCH] [-b BUILD] [-K KERNEL]
#                [-i IMAGE] [-I INITRD] [-e ARGS] -O OP -f FROM -l TO -o RUNDIR
#   -k -t -a -b  the cell (scripts/cells.sh; default 6.1, debug, x86_64,
#            build); with make's KSRC=, KVER is make's (VERSION-TAG)
#   -K KERNEL  baseline, patched or tree (KSRC=alone:); default patched
#   -i IMAGE   another kernel image (make prove's kernel without a fix)
#   -e ARGS    more kernel arguments (fault_kml=K, fault_old=1: the
#            scenario's, initramfs/scenarios/faultsweep.sh)
#   -I INITRD  another initramfs; default the plan's, and for OP mod the
#            kernel's own (IMAGE's O= dir/initramfs.cpio.gz, with
#            /lib/modules: kernel/modules.sh)
# Every record of the run is in RUNDIR (qemu/run.sh, or $BOOT_RUNSH: a
# test's stub); exit: qemu/run.sh's
# (qemu/judge.sh's verdict: 0 pass, 1 a test failed, 3 a detector, 4
# timed out, ...).  findings records RUNDIR makes its findings.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 5; }
kver=6.1 tier=debug arch=x86_64 build=build kernel=patched image= initrd=
op= from= to= out= extra=
while getopts k:t:a:b:K:i:I:e:O:f:l:o: opt; do
	case $opt in
	k) kver=$OPTARG ;; t) tier=$OPTARG ;; a) arch=$OPTARG ;; b) build=$OPTARG ;;
	K) kernel=$OPTARG ;; i) image=$OPTARG ;; I) initrd=$OPTARG ;; e) extra=$OPTARG ;;
	O) op=$OPTARG ;; f) from=$OPTARG ;; l) to=$OPTARG ;; o) out=$OPTARG ;;
	*) usage ;;
	esac
done
[ -n "$op" ] && [ -n "$from" ] && [ -n "$to" ] && [ -n "$out" ] || usage
case $from$to in *[!0-9]*) echo "boot.sh: -f and -l take attempt numbers" >&2; exit 5 ;; esac
[ "$from" -le "$to" ] || { echo "boot.sh: -f $from is after -l $to" >&2; exit 5; }
cd "$here" || exit 5

# the plan's record of the sweep's boot: image, initrd, timeouts, arguments
rec=$(qemu/plan.sh -b "$build" -k "$kver" -a "$arch" -t "$tier" "$kernel/hotplug-fault") ||
	{ echo "boot.sh: no plan for $kernel/hotplug-fault on $kver/$arch/$tier" >&2; exit 5; }
field() { printf '%s\n' "$rec" | cut -f "$1"; }
[ -n "$image" ] || image=$(field 6)
if [ -z "$initrd" ]; then
	initrd=$(field 7)
	[ "$op" != mod ] || initrd=${image%/arch/*}/initramfs.cpio.gz
fi
timeout=$(field 9) idle=$(field 10)
kargs=$(field 12 | sed 's/fault_ops=[^ ]*//')
qargs=$(field 13)
[ "$qargs" != - ] || qargs=
for f in "$image" "$initrd"; do
	[ -f "$f" ] || { echo "boot.sh: no $f (make TIER=$tier kernels initramfs; for mod the kernel's own initramfs: make TIER=$tier $f)" >&2; exit 5; }
done
rm -rf "$out"
mkdir -p "$(dirname "$out")"
exec ${BOOT_RUNSH:-qemu/run.sh} -A "$arch" -k "$image" -i "$initrd" -s faultsweep -o "$out" \
	-a "fault_ops=$op fault_from=$from fault_max=$to $kargs${extra:+ $extra}" ${qargs:+-q "$qargs"} \
	-t "$timeout" -n "$idle"
