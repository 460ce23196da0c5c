#!/bin/sh
# Host tests of qemu/judge.sh: verdicts from recorded runs alone (no
# boot), a run re-judged after a row is added to a copy of the detector
# table, `judge.sh -r` over a tree of runs, and qemu/runs-ktap.sh (the
# judged runs as one KTAP document).  KTAP on stdout.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/lib/ktap.sh"
data=$top/tests/host/data
judge=$top/qemu/judge.sh
image=$("$top/scripts/cells.sh" -v IMAGE)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# kunit.py from the pristine tree (this worktree's, else KUNIT_PY)
export KUNIT_PY="${KUNIT_PY:-$top/build/src/pristine/tools/testing/kunit/kunit.py}"

# run NAME KEY=VALUE...: a recorded run in $tmp/runs/NAME: a clean boot
# log, a KTAP result that passes, status from the arguments
run() {
	d=$tmp/runs/$1
	shift
	mkdir -p "$d/data"
	cp "$data/console-clean.log" "$d/console.log"
	printf 'KTAP version 1\n1..2\nok 1 first\nok 2 second # SKIP not here\n' > "$d/result.ktap"
	printf '%s\n' qemu=33 driver=none seconds=9 accel=tcg watch= \
		"kernel=$tmp/obj/$image" scenario=walk "$@" > "$d/status"
	printf 'qemu-system-x86_64: something went wrong\n' > "$d/qemu.log"
}

t_plan 33
run pass
expect 0 "a recorded passing run passes" "$judge" "$tmp/runs/pass"
has "judge: walk: pass (exit 0)" "  ... and says so"
[ "$(cat "$tmp/runs/pass/verdict")" = "0 pass" ] && t_ok "  ... in RUNDIR/verdict" ||
	t_fail "  ... in RUNDIR/verdict" "$(cat "$tmp/runs/pass/verdict")"

# A signature added to (a copy of) the table changes an old run's verdict.
run ubsan
printf '[   13.000001] UBSAN: shift-out-of-bounds in lib/foo.c:12:3\n' >> "$tmp/runs/ubsan/console.log"
expect 0 "a run with a line no row names passes" "$judge" "$tmp/runs/ubsan"
cp "$top/qemu/signatures.txt" "$tmp/table"
printf 'oops\tUBSAN:\tgeneric\n' >> "$tmp/table"
expect 3 "  ... re-judged with a row for it added: crashed or warned" \
	env SIGNATURES="$tmp/table" "$judge" "$tmp/runs/ubsan"
grep -q '^not ok [0-9]* oops # 1 hit' "$tmp/runs/ubsan/detectors.ktap" &&
	t_ok "  ... detectors.ktap says oops" ||
	t_fail "  ... detectors.ktap says oops" "$(grep '^not ok' "$tmp/runs/ubsan/detectors.ktap")"

run panic qemu=33
printf '[   15.990100] Kernel panic - not syncing: sysrq triggered crash\n' >> "$tmp/runs/panic/console.log"
expect 3 "a panic after the guest reported pass: crashed" "$judge" "$tmp/runs/panic"
has "decode_stacktrace.sh" "  ... names the decoder (or why not)"
run dmesg
printf '[    5.000000] ODEBUG: free active object\n' > "$tmp/runs/dmesg/data/dmesg"
expect 3 "a signature in data/dmesg only: crashed or warned" "$judge" "$tmp/runs/dmesg"

run failed qemu=35
printf 'KTAP version 1\n1..1\nnot ok 1 first # broken\n' > "$tmp/runs/failed/result.ktap"
expect 1 "the guest said a test failed" "$judge" "$tmp/runs/failed"
run plan
printf 'KTAP version 1\n1..19\nok 1 setup\nok 2 qnet\n' > "$tmp/runs/plan/result.ktap"
expect 1 "guest passed but its KTAP does not make its plan (kunit.py parse)" \
	"$judge" "$tmp/runs/plan"
has "missing expected subtest" "  ... with the parser's word"
run skipped
printf 'KTAP version 1\n1..1\nok 1 kunit # SKIP no KUnit suite\n' > "$tmp/runs/skipped/result.ktap"
expect 0 "guest passed, every test skipped: pass" "$judge" "$tmp/runs/skipped"
has "every test skipped" "  ... saying so"
run noktap
: > "$tmp/runs/noktap/result.ktap"
expect 1 "guest passed with no KTAP at all" "$judge" "$tmp/runs/noktap"
run driver driver=1
expect 1 "the host driver failed" "$judge" "$tmp/runs/driver"

run stall qemu=killed "watch=stall: rcu: INFO: rcu_sched detected stalls"
expect 3 "the watch ended the run on a stall" "$judge" "$tmp/runs/stall"
run timeout qemu=killed "watch=timeout: timed out after 60s"
expect 4 "the watch ended the run at the timeout" "$judge" "$tmp/runs/timeout"
run noreport qemu=0
expect 2 "the guest never reported" "$judge" "$tmp/runs/noreport"
run early qemu=1
: > "$tmp/runs/early/console.log"
expect 5 "QEMU exited before booting: host error" "$judge" "$tmp/runs/early"
has "something went wrong" "  ... with qemu.log's last lines"
mkdir -p "$tmp/runs/empty"
expect 5 "a directory without records" "$judge" "$tmp/runs/empty"

# judge.sh -r: every run under a tree, changes marked.
rm -rf "$tmp/runs/empty"
echo "3 kernel crashed or warned (an older table)" > "$tmp/runs/ubsan/verdict"
expect 0 "-r re-judges every run under a tree" "$judge" -r "$tmp/runs"
case $t_out in
*"0 pass"*"ubsan (was: 3 kernel crashed or warned (an older table))"*"judged 13 runs"*", 1 changed"*)
	t_ok "  ... counts them and marks the verdict that changed" ;;
*) t_fail "  ... counts them and marks the verdict that changed" "$(printf '%s' "$t_out" | tail -4)" ;;
esac

# runs-ktap.sh: judged runs as one KTAP document, records nested.
rk=$top/qemu/runs-ktap.sh
printf 'KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: kobject\n    1..1\nsd 0:0:0:0: [sda] a console line\n    ok 1 kobject_test_init\nok 1 kobject\n' \
	> "$tmp/runs/pass/kunit.ktap"
expect 0 "runs-ktap: passed runs: a passing document" "$rk" "$tmp/runs/pass" "$tmp/runs/skipped"
printf '%s\n' "$t_out" > "$tmp/runs.ktap"
case $t_out in
*"    ok 1 guest"*"    ok 2 detectors"*"            ok 1 kobject_test_init"*"    ok 3 kunit"*"ok 1 pass"*"ok 2 skipped"*)
	t_ok "  ... each run a test, the guest's, detectors' and KUnit's KTAP its subtests" ;;
*) t_fail "  ... each run a test, the guest's, detectors' and KUnit's KTAP its subtests" "$(printf '%s' "$t_out" | head -12)" ;;
esac
grep -q 'a console line' "$tmp/runs.ktap" && t_fail "  ... the console's lines left out" ||
	t_ok "  ... the console's lines left out"
expect 0 "  ... which kunit.py parse reads as one tree" python3 "$KUNIT_PY" parse "$tmp/runs.ktap"
has "Ran 24 tests: passed: 22, skipped: 2" "  ... every test counted"
expect 1 "runs-ktap: a failed and an unjudged run fail the document" \
	"$rk" "$tmp/runs/pass" "$tmp/runs/failed" "$tmp/runs/nonesuch"
case $t_out in
*"    not ok 1 guest"*"not ok 2 failed # verdict 1: "*"not ok 3 nonesuch # never judged"*)
	t_ok "  ... naming the verdict and the missing record" ;;
*) t_fail "  ... naming the verdict and the missing record" "$(printf '%s' "$t_out" | tail -5)" ;;
esac
cp -R "$tmp/runs/pass" "$tmp/runs/nodoc"
printf 'sd 0:0:0:0: [sda] only console lines, no KTAP document\n' > "$tmp/runs/nodoc/kunit.ktap"
expect 1 "runs-ktap: a record without a KTAP document fails its run (verdict 0)" "$rk" "$tmp/runs/nodoc"
case $t_out in
*"    not ok 3 kunit"*"not ok 1 nodoc # verdict 0, but these records failed: kunit"*)
	t_ok "  ... as a failed subtest, named on the run's line" ;;
*) t_fail "  ... as a failed subtest, named on the run's line" "$(printf '%s' "$t_out" | tail -5)" ;;
esac
t_done
