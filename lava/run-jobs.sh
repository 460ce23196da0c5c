#!/bin/sh
# run-jobs.sh JOBS RESULTS RUNS - run LAVA jobs here with lava-run, judge
# each from its LAVA log and compare with the local run of the same boot
#
# Reads lines "DIR [EXPECT]" on stdin: DIR a job directory relative to
# JOBS, as lava/jobs.sh writes them (<cell>/<kernel>/<run>).  For each, runs
# `lava-run --output-dir RESULTS/DIR.lava --device JOBS/DIR/device.yaml
# JOBS/DIR/job.yaml` (its log: RESULTS/DIR.lava/output.yaml), rebuilds the
# records with lava/records.sh into RESULTS/DIR and compares three
# verdicts: the judge's on the LAVA records, LAVA's own (its results:
# lava-verdict), and the judge's on the local run RUNS/DIR (its verdict
# file, from qemu/run.sh).  A test passes when the judge gives the LAVA
# records the local run's code, LAVA's results agree (pass iff code 0),
# and, with EXPECT, the code is EXPECT (a planted failure: EXPECT 1).
# Prints KTAP, one test per job (lava-run and local seconds in the
# diagnostics), and "N passed, N failed"; exit 0 iff all passed.  One job
# at a time: the machine's CPUs are shared.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 3 ] || { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 2; }
jobs=$1 results=$2 runs=$3
command -v lava-run > /dev/null || { echo "run-jobs.sh: no lava-run (scripts/install-deps.sh lava)" >&2; exit 2; }

. "$here/lib/ktap.sh"
list=$(grep .)
t_plan "$(echo "$list" | grep -c .)"
n=0
echo "$list" | {
while read -r d expect; do
	n=$((n + 1))
	[ -f "$jobs/$d/job.yaml" ] || {
		t_result 1 "$d" "no job: $jobs/$d/job.yaml"
		continue
	}
	res=$results/$d
	rm -rf "$res" "$res.lava"
	mkdir -p "$res.lava"
	kernel=$(sed -n 's/^# LAVA job: [^ ]* on //p' "$jobs/$d/job.yaml")
	start=$(date +%s)
	lava-run --job-id "$n" --output-dir "$res.lava" --device "$jobs/$d/device.yaml" \
		"$jobs/$d/job.yaml" 2> "$res.lava/output.yaml" > /dev/null
	lrc=$?
	secs=$(($(date +%s) - start))
	"$here/lava/records.sh" -k "$kernel" "$res.lava" "$res" > "$res.judge.log" 2>&1
	code=$?
	lava=$(cat "$res/lava-verdict" 2> /dev/null || echo "none")
	local_v=$(cat "$runs/$d/verdict" 2> /dev/null)
	local_code=${local_v%% *}
	local_secs=$(sed -n 's/^seconds=//p' "$runs/$d/status" 2> /dev/null)
	why=
	[ -n "$local_v" ] || why="no local verdict in $runs/$d/verdict"
	[ -z "$why" ] && [ "$code" != "$local_code" ] &&
		why="judge on LAVA records: $code, local run: $local_code"
	case $code:$lava in
	0:pass|[1-9]:fail*) ;;
	*) why="${why:+$why; }LAVA's own results disagree: $lava (judge $code)" ;;
	esac
	[ -n "$expect" ] && [ "$code" != "$expect" ] &&
		why="${why:+$why; }expected verdict $expect, got $code"
	echo "# $d: lava-run ${secs}s (exit $lrc), local run ${local_secs:-?}s;" \
		"judge: $(cat "$res/verdict" 2> /dev/null || echo "none: $res.judge.log")"
	echo "# $d: LAVA: $lava; local: ${local_v:-none}"
	if [ -z "$why" ]; then t_result 0 "$d"; else t_result 1 "$d" "$why"; fi
done
echo "$t_pass passed, $t_fail failed"
[ "$t_fail" = 0 ]
}
