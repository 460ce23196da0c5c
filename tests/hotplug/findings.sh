#!/bin/sh
# findings.sh - every fatal fault point of one failslab sweep of one kernel,
# a boot per finding.  A sweep stops at the first attempt the kernel does
# not survive (an oops, a KASAN report, a panic), so the bugs behind it stay
# hidden; this boots the faultsweep scenario again from the next attempt
# (fault_from=N+1) until a sweep ends with a fault-free attempt.
#
# usage: findings.sh -k BZIMAGE -i INITRD -O OP -o OUTDIR
#                    [-A x86_64|i386] [-f FROM] [-m MAXBOOTS] [-a "kernel args"]
#                    [-q "qemu args"] [-t TIMEOUT] [-n IDLE] [-r RUNSH]
#                    [-H HOOK] [-c CHUNK]
#
# OP: an operation of the faultsweep scenario (nsim, pci, sdebug, loop,
# dummy, veth, cpu, vblk, vscsi, mod: initramfs/scenarios/faultsweep.sh).
# -f FROM: the first attempt (default 1), to begin past a known finding.
# -r RUNSH boots with RUNSH instead of qemu/run.sh (the host tests' stub).
# -H HOOK runs "HOOK RUNDIR" after each boot (make findings: the boot's
# records into the findings store, findings/campaign.sh).
# A boot the per-boot limit (-t) ended is not a finding: the attempt it
# was in is booted again (once; cut twice, it counts as fatal).
# -c CHUNK: at most CHUNK attempts a boot (fault_max), the next boot from
# the attempt after: every boot ends with its end checks (census,
# kmemleak, /sys) over its CHUNK attempts, and within the per-boot limit.
# OUTDIR/next holds the attempt the next boot starts from, OUTDIR/done the
# sweep's fault points once it ended: a campaign resumes from them.
# -a, -q, -t, -n go to qemu/run.sh as they are: the make target passes
# those of its own sweep (hotplug.mk: FAULT_ARGS, FAULT_QEMU, FAULT_WATCH),
# so both boot the same way.
#
# Boot B's run is OUTDIR/from-N (N: its first attempt), its output
# OUTDIR/from-N.log.  Prints KTAP, one test per boot, from_N: failed with
# the fatal attempt and its first detector line, or the sweep's end (failed
# if it survived some attempts with a detector hit); then "# findings: ...",
# the plan and "N passed, N failed".
# With DEBUG_KOBJECT_RELEASE a release runs 1-4 s late, so a bug in a
# release callback shows up during a later attempt than the one that
# caused it: read the run's console from a few attempts before.
# Exit: 0 no attempt was fatal, 1 some were (or MAXBOOTS ran out), 5 usage,
# or a boot that never reached the sweep (its log is named).
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
runsh=$here/qemu/run.sh
. "$here/lib/ktap.sh"
kernel= initrd= op= out= arch=x86_64 first=1 max=10 args= qargs= timeout=5400 idle=300 hook= chunk=

usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 5; }
while getopts k:i:O:o:A:f:m:a:q:t:n:r:H:c: opt; do
	case $opt in
	k) kernel=$OPTARG ;; i) initrd=$OPTARG ;; O) op=$OPTARG ;;
	o) out=$OPTARG ;; A) arch=$OPTARG ;; f) first=$OPTARG ;; m) max=$OPTARG ;;
	a) args=$OPTARG ;; q) qargs=$OPTARG ;; t) timeout=$OPTARG ;;
	n) idle=$OPTARG ;; r) runsh=$OPTARG ;; H) hook=$OPTARG ;; c) chunk=$OPTARG ;;
	*) usage ;;
	esac
done
[ -n "$kernel" ] && [ -n "$initrd" ] && [ -n "$out" ] || usage
# the sweep's key in summary.json's fault_points (initramfs/lib/failnth.sh)
case $op in
nsim) key=netdevsim_new_device ;;
pci) key=pci_rescan ;;
sdebug | loop | dummy | veth | cpu | vblk | vscsi | mod) key=$op ;;
*) echo "findings.sh: unknown sweep '$op' (-O nsim, pci, sdebug, loop, dummy, veth, cpu, vblk, vscsi or mod)" >&2; exit 5 ;;
esac

# last_attempt RUN: N of the last "failnth OP n=N" line of the console
last_attempt() {
	grep -o "failnth $op n=[0-9]*" "$1/console.log" 2>/dev/null | tail -n 1 |
		sed 's/.*n=//'
}

# marker_line RUN N: the console line where attempt N's lines begin: the
# guest's check mark after attempt N-1 (or before the sweep's first),
# else attempt N's own marker
marker_line() {
	l=$(grep -n -e "failnth $op checked n=$(($2 - 1))\([^0-9]\|\$\)" \
		-e "failnth $op checked before n=$2\([^0-9]\|\$\)" "$1/console.log" |
		head -n 1 | cut -d: -f1)
	[ -n "$l" ] ||
		l=$(grep -n "failnth $op n=$2\([^0-9]\|\$\)" "$1/console.log" | head -n 1 | cut -d: -f1)
	echo "$l"
}

# points RUN: the sweep's fault points from its summary (negative: the
# attempt that was fatal), empty if the guest wrote no summary
points() {
	python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["fault_points"][sys.argv[2]])' \
		"$1/data/summary.json" "$key" 2>/dev/null
}

# first_signature RUN LINE: the first detector line of the console after LINE
first_signature() {
	sed -n 's/.*console\.log:\([0-9]*\): \(.*\)/\1 \2/p' "$1/signatures.log" 2>/dev/null |
		awk -v l="$2" '$1 > l { $1 = ""; sub(/^ /, ""); print; exit }'
}

t_version
t_diag "findings: $op sweep of $kernel, a boot per fatal attempt"
from=$first boot=0 found= cut=
mkdir -p "$out" || exit 5
rm -f "$out/done"
while [ $boot -lt "$max" ]; do
	boot=$((boot + 1))
	run=$out/from-$from
	rm -rf "$run"
	last=
	[ -z "$chunk" ] || last=$((from + chunk - 1))
	echo "# boot $boot: attempts from $from${last:+ to $last}, $run"
	"$runsh" -A "$arch" -k "$kernel" -i "$initrd" -s faultsweep -o "$run" \
		-a "fault_ops=$op fault_from=$from${last:+ fault_max=$last} $args" ${qargs:+-q "$qargs"} \
		-t "$timeout" -n "$idle" >"$run.log" 2>&1
	[ -z "$hook" ] || $hook "$run" || echo "# hook failed on $run: $hook"
	n=$(last_attempt "$run")
	if [ -z "$n" ]; then
		echo "# boot $boot never reached the sweep: $(cat "$run/verdict" 2>/dev/null)"
		echo "# log: $run.log"
		exit 5
	fi
	pts=$(points "$run")
	watch=$(sed -n 's/^watch=//p' "$run/status" 2>/dev/null)
	if [ -z "$pts" ] && [ "${watch%%:*}" = timeout ] && [ "$cut" != "$n" ]; then
		# the per-boot limit, not the kernel: that attempt again
		echo "# boot $boot: cut by the per-boot limit (-t $timeout) in attempt $n: booting again from $n"
		cut=$n from=$n
		echo "$from" >"$out/next"
		continue
	fi
	if [ "$pts" = -1 ] && [ "$n" = "$last" ]; then
		# the chunk's last attempt, its end checks read: the next chunk
		t_result 0 "from_$from" "attempts $from-$n, none fatal (a boot of -c $chunk)"
		from=$((n + 1))
		echo "$from" >"$out/next"
		continue
	fi
	if [ -n "$pts" ] && [ "$pts" -ge 0 ]; then
		echo "$pts" >"$out/done"
		rm -f "$out/next"
		# the sweep ended; attempts it survived with a detector hit
		# (not fatal) are its KTAP line's "not survived"
		res=$(grep "^[a-z ]* [0-9]* failslab_" "$run/result.ktap" | tr -d '\r' |
			grep -v "# SKIP")
		case $res in
		"ok "*|"")	t_result 0 "from_$from" "sweep ended: ${res#* # }" ;;
		*)	t_result 1 "from_$from" "sweep ended: ${res#* # }"
			found="$found ${res##*first }" ;;
		esac
		break
	fi
	# the fatal record's title (the hook's findings records), else the
	# first detector line after the attempt's marker
	sig=$(grep '"fatal":true' "$run/findings.jsonl" 2>/dev/null | head -n 1 |
		sed -n 's/.*"title":"\([^"]*\)".*/\1/p')
	[ -n "$sig" ] || sig=$(first_signature "$run" "$(marker_line "$run" "$n")")
	t_result 1 "from_$from" "attempt $n fatal: ${sig:-no detector line (read $run/console.log)}"
	found="$found n=$n"
	from=$((n + 1))
	echo "$from" >"$out/next"
	[ $boot -lt "$max" ] || echo "# $max boots and the sweep has not ended (-m)"
done
t_diag "findings:${found:- none}"
t_count
echo "$t_pass passed, $t_fail failed"
[ "$t_fail" = 0 ]
