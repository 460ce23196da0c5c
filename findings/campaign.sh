#!/bin/sh
# campaign.sh - make findings: every fault sweep of a cell's kernels, each
# booted past every fatal point, every boot's findings merged into the
# store, then the findings table; unattended and resumable
#
# usage: campaign.sh [-k KVER] [-t TIER] [-a ARCH] [-b BUILD] [-K "KERNELS"]
#                    [-O "OPS"] [-s STORE] [-T TRIAGE] [-m MAXBOOTS]
#                    [-e EVERY] [-c CHUNK] [-r RUNSH] [-x]
#   -k -t -a -b  the cell (scripts/cells.sh; default 6.1 debug x86_64 build)
#   -K  its kernels (default "baseline patched"; KSRC=alone: "tree")
#   -O  the operations (initramfs/scenarios/faultsweep.sh's; default every
#       one the kernel's .config supports, see ops_of)
#   -s  the store (default findings/store.jsonl), -T the triage file
#       (default findings/triage.txt)
#   -m  boots per sweep at most (default 60: a sweep with more fatal
#       points stops there, and the table says so)
#   -e  seconds between progress lines (default 60)
#   -c  attempts a boot at most (default 300: each boot's end checks,
#       census, kmemleak, /sys, cover that many; a boot stays within the
#       plan's per-boot limit)
#   -r  boot with RUNSH instead of qemu/run.sh (the host test's stub)
#   -x  start over: forget what earlier campaigns of this cell swept
# Each sweep (kernel x operation) is tests/hotplug/findings.sh in
# BUILD/findings/CELL/KERNEL/OP/, its state there: "next" (the attempt to
# boot from), "done" (the sweep ended: its fault points).  A campaign run
# again goes on where the last stopped; a sweep that ended is not run
# again (-x forgets).  Progress: a line every EVERY seconds with the sweep,
# its attempt of the expected (findings/points.txt), the titles so far and
# the time left at the rate so far.
# Exit: the table's (findings table): 0 every title triaged, 1 a NEW one
# (or a sweep that could not boot), 2 bad input.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 2; }
kver=6.1 tier=debug arch=x86_64 build=build kernels="baseline patched" ops=
store=$here/findings/store.jsonl triage=$here/findings/triage.txt maxb=60
every=60 runsh= fresh= chunk=300
while getopts k:t:a:b:K:O:s:T:m:e:c:r:x opt; do
	case $opt in
	k) kver=$OPTARG ;; t) tier=$OPTARG ;; a) arch=$OPTARG ;; b) build=$OPTARG ;;
	K) kernels=$OPTARG ;; O) ops=$(echo "$OPTARG" | tr , ' ') ;;
	s) store=$OPTARG ;; T) triage=$OPTARG ;; m) maxb=$OPTARG ;;
	e) every=$OPTARG ;; c) chunk=$OPTARG ;; r) runsh=$OPTARG ;; x) fresh=1 ;;
	*) usage ;;
	esac
done
cd "$here" || exit 2
tool=$build/tools/findings
[ -x "$tool" ] || { echo "campaign.sh: no $tool (make tools)" >&2; exit 2; }
eval "$(scripts/cells.sh -b "$build" -k "$kver" -a "$arch" -t "$tier")" || exit 2
top=$build/findings/$CELL
[ -z "$fresh" ] || rm -rf "$top"
mkdir -p "$top"

# ops_of KERNEL: the operations its .config can sweep (failslab first)
ops_of() {
	c=$OBJ/$1/.config
	y() { grep -q "^CONFIG_$1=${2:-y}" "$c"; }
	y FAILSLAB && y FAULT_INJECTION_DEBUG_FS || return 0
	y NETDEVSIM && echo nsim
	y PCI && echo pci
	y SCSI_DEBUG && echo sdebug
	y BLK_DEV_LOOP && echo loop
	y DUMMY && echo dummy
	y VETH && echo veth
	y HOTPLUG_CPU && echo cpu
	y VIRTIO_BLK && echo vblk
	y SCSI_VIRTIO && echo vscsi
	y MODULES && y EROFS_FS m && echo mod
}

# the plan of the campaign: KERNEL OP lines
plan=$top/plan
: >"$plan"
for k in $kernels; do
	[ -f "$OBJ/$k/.config" ] && [ -f "$OBJ/$k/$IMAGE" ] ||
		{ echo "campaign.sh: no kernel $OBJ/$k (make TIER=$tier kernels)" >&2; exit 2; }
	for op in ${ops:-$(ops_of "$k")}; do
		echo "$k $op" >>"$plan"
	done
done
total=$(wc -l <"$plan")
[ "$total" -gt 0 ] || { echo "campaign.sh: nothing to sweep (no FAILSLAB in $OBJ's .config?)" >&2; exit 2; }
series=$(git log -1 --format=%h -- "$SERIES" 2>/dev/null)
tree="Debian $kver"
case $kver in *-*) tree="KSRC $kver" ;; esac

expected() { awk -v k="${kver%%-*}" -v o="$1" '$1 == k && $2 == o { print $3 }' findings/points.txt; }
# left: the attempts the campaign has still to make, after the current
left() {
	awk -v k="${kver%%-*}" 'NR == FNR { if ($1 == k) p[$2] = $3; next }
		{ s += p[$2] ? p[$2] : 500 } END { print s + 0 }' findings/points.txt -
}
hms() { printf '%d h %02d min' $(($1 / 3600)) $(($1 % 3600 / 60)); }
titles() { sed -n 's/.*"title":"\([^"]*\)".*/\1/p' "$store" 2>/dev/null | sort -u | wc -l; }

echo "findings: campaign of $CELL ($tree), $total sweeps: $(awk '{ printf "%s%s/%s", (NR > 1 ? " " : ""), $1, $2 }' "$plan")"
echo "findings: store $store, sweeps and their runs under $top"
t0=$(date +%s) done_att=0 i=0 rc=0 pid=
# each sweep in a process group of its own (setsid): stopping the
# campaign stops its boot (QEMU) too; a campaign run again goes on
trap '[ -z "$pid" ] || kill -TERM -"$pid" 2>/dev/null; exit 130' INT TERM
while read -r k op; do
	i=$((i + 1))
	d=$top/$k/$op
	if [ -f "$d/done" ]; then
		echo "findings: [$i/$total] $k $op: swept whole before ($(cat "$d/done") fault points), skipped"
		continue
	fi
	from=$(cat "$d/next" 2>/dev/null || echo 1)
	exp=$(expected "$op")
	echo "findings: [$i/$total] $k $op: from attempt $from (about ${exp:-?} fault points)"
	mkdir -p "$d"
	img=$OBJ/$k/$IMAGE initrd=$INITRAMFS
	[ "$op" != mod ] || initrd=$OBJ/$k/initramfs.cpio.gz
	# record.sh's fields of every record of this sweep (values with spaces)
	FINDINGS_META="cell=$CELL
kver=$kver
kernel=$k
source=run
tree=$tree
series=$series
commit=$(git rev-parse --short HEAD 2>/dev/null)
machine=$(uname -m), $(nproc) cores
boot=findings/boot.sh -k $kver -t $tier$([ "$arch" = x86_64 ] || echo " -a $arch") -K $k"
	export FINDINGS_META
	hook="findings/record.sh -F $tool $store"
	rec=$(qemu/plan.sh -b "$build" -k "$kver" -a "$arch" -t "$tier" "$k/hotplug-fault")
	field() { printf '%s\n' "$rec" | cut -f "$1"; }
	qargs=$(field 13)
	[ "$qargs" != - ] || qargs=
	setsid tests/hotplug/findings.sh -A "$arch" -k "$img" -i "$initrd" -O "$op" -o "$d" \
		-f "$from" -m "$maxb" -c "$chunk" -a "$(field 12 | sed 's/fault_ops=[^ ]*//') fault_fast=1" \
		${qargs:+-q "$qargs"} -t "$(field 9)" -n "$(field 10)" ${runsh:+-r "$runsh"} \
		-H "$hook" >"$d/findings.log" 2>&1 &
	pid=$!
	# progress while it runs: the attempt, the titles, the time left
	while kill -0 "$pid" 2>/dev/null; do
		s=0
		while [ $s -lt "$every" ] && kill -0 "$pid" 2>/dev/null; do
			sleep 2
			s=$((s + 2))
		done
		kill -0 "$pid" 2>/dev/null || break
		cl=$(ls -t "$d"/from-*/console.log 2>/dev/null | head -n 1)
		n=$(grep -a -o "failnth $op n=[0-9]*" "$cl" 2>/dev/null | tail -n 1 | sed 's/.*n=//')
		el=$(($(date +%s) - t0))
		att=$((done_att + ${n:-$from} - from))
		rest=$(sed -n "$((i + 1)),\$p" "$plan" | left)
		rest=$((rest + ${exp:-500} - ${n:-$from}))
		[ "$rest" -ge 0 ] || rest=0
		eta=?
		[ "$att" -le 0 ] || eta="~$(hms $((rest * el / att))) left"
		echo "findings: [$i/$total] $k $op n=${n:-?} of ~${exp:-?}; $(titles) titles in the store; $(hms "$el") elapsed, $eta"
	done
	wait "$pid"
	src=$?
	sed -n 's/^not ok [0-9]* /  /p; /new title:/p; /cut by the per-boot limit/p; /sweep ended/s/^ok [0-9]* /  /p' "$d/findings.log"
	n=$(cat "$d/done" 2>/dev/null || cat "$d/next" 2>/dev/null || echo "$from")
	done_att=$((done_att + n - from))
	case $src in
	0 | 1) [ -f "$d/done" ] || { echo "findings: [$i/$total] $k $op: $maxb boots and not ended (-m): run again to go on"; rc=1; } ;;
	*) echo "findings: [$i/$total] $k $op: a boot never reached the sweep: $d/findings.log"; rc=1 ;;
	esac
done <"$plan"
echo "findings: $(hms $(($(date +%s) - t0))) for the campaign; the table of $store:"
"$tool" table -T "$triage" -s "$SERIES" $( [ "$SERIES" = series ] && echo "-s series-6.12") "$store"
trc=$?
[ $trc = 0 ] || rc=$trc
exit $rc
