#!/bin/sh
# judge.sh [-n] RUNDIR - the verdict of one recorded run, from its records
#                   alone (-n: without decoding a crash's stack trace)
# judge.sh -r DIR - re-judge every run under DIR (each directory with a
#                   status file), one line each, marking verdicts that
#                   changed; exit 0
#
# Reads what qemu/run.sh recorded in RUNDIR (status, console.log,
# result.ktap, data/, qemu.log, driver.log) and writes:
#   signatures.log  every failing console line (tools/scan-console)
#   detectors.ktap  the same as KTAP, one test per detector
#   ktap.txt        result.ktap as the kernel's kunit.py parse reads it:
#                   its exit and log
#   ktap.cases      the same as its JSON (parse --json) gives the test
#                   cases, "STATUS NAME" (lib/ktap.sh's t_read)
#   verdict         "CODE text"
# and exits with CODE:
#   0 pass   1 a test failed (the guest said so, its KTAP does not parse or
#   does not make its plan, or the host driver failed)   2 boot failed (the
#   guest never reported)   3 kernel crashed, warned or stalled (a row of
#   the detector table in the console, dmesg or kmemleak, or the stall
#   watch ended the run)   4 timed out   5 usage or host error (QEMU
#   exited before booting, no records)
#
# Environment: SIGNATURES (the detector table, default qemu/signatures.txt),
# TOOLS (scan-console), KUNIT_PY (default the pristine tree's kunit.py).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
table=${SIGNATURES:-$here/qemu/signatures.txt}
tools=${TOOLS:-$here/build/tools}
kunit=${KUNIT_PY:-$here/build/src/pristine/tools/testing/kunit/kunit.py}
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 5; }
. "$here/lib/ktap.sh"
decode_too=1
[ "${1:-}" != -n ] || { decode_too=0; shift; }
if [ $# -eq 2 ] && [ "$1" = -r ] && [ -d "$2" ]; then
	start=$(date +%s) n=0 changed=0
	for d in $(find "$2" -name status -type f | sed 's|/status$||' | LC_ALL=C sort); do
		old=$(cat "$d/verdict" 2> /dev/null)
		"$0" -n "$d" > "$d/judge.log" 2>&1
		new=$(cat "$d/verdict" 2> /dev/null)
		n=$((n + 1))
		if [ "$old" = "$new" ]; then
			printf '%-40s %s\n' "$new" "$d"
		else
			changed=$((changed + 1))
			printf '%-40s %s (was: %s)\n' "$new" "$d" "${old:-none}"
		fi
	done
	echo "judge: judged $n runs in $(($(date +%s) - start))s, $changed changed"
	exit 0
fi
[ $# -eq 1 ] && [ -d "$1" ] || usage
out=$(cd "$1" && pwd)

# rec KEY: one value of RUNDIR/status (lines KEY=VALUE)
rec() { sed -n "s/^$1=//p" "$out/status" | tail -n 1; }
scenario=$(rec scenario)
verdict() {
	echo "$1 $2" > "$out/verdict"
	echo "judge: ${scenario:-?}: $2 (exit $1); console: $out/console.log"
	exit "$1"
}
[ -f "$out/status" ] || { scenario=; verdict 5 "no records: $out/status missing"; }
qrc=$(rec qemu) drc=$(rec driver) watch=$(rec watch)

# decode: the first crash's trace through the kernel's decode_stacktrace.sh
decode() {
	kernel=$(rec kernel)
	objdir=${kernel%/arch/*/boot/*}
	vmlinux=$objdir/vmlinux
	script=$objdir/source/scripts/decode_stacktrace.sh
	[ -f "$vmlinux" ] && [ -x "$script" ] || {
		echo "judge: no vmlinux or decode_stacktrace.sh beside $kernel: trace not decoded"
		return; }
	first=$(sed -n '1s/^[^:]*:\([0-9]*\): .*/\1/p' "$out/signatures.log")
	echo "judge: decode: sed -n '${first:-1},+60p' $out/console.log | $script $vmlinux"
	[ "$decode_too" = 0 ] && return
	if [ ! "$out/decoded.txt" -nt "$out/console.log" ] ||
	   [ "$vmlinux" -nt "$out/decoded.txt" ]; then
		sed -n "${first:-1},+60p" "$out/console.log" |
			"$script" "$vmlinux" > "$out/decoded.txt" 2>&1
	fi
	sed 's/^/    | /' "$out/decoded.txt"
}

logs=$out/console.log
for f in dmesg kmemleak; do
	[ -f "$out/data/$f" ] && logs="$logs $out/data/$f"
done
[ -f "$out/console.log" ] || : > "$out/console.log"
"$tools/scan-console" "$table" $logs > "$out/signatures.log"
src=$?
[ "$src" -ge 2 ] && verdict 5 "console scanner failed (exit $src) on $logs"
"$tools/scan-console" --ktap "$table" $logs > "$out/detectors.ktap"
if [ "$src" -eq 1 ]; then
	echo "judge: failure signatures:"
	head -n 20 "$out/signatures.log"
	grep '^not ok' "$out/detectors.ktap"
fi
case $watch in
stall:*) tail -n 20 "$out/console.log"; verdict 3 "kernel stalled: ${watch#stall: }" ;;
?*) tail -n 20 "$out/console.log"; verdict 4 "${watch#*: }" ;;
esac
[ "$src" -eq 1 ] && { decode; verdict 3 "kernel crashed or warned: $out/signatures.log"; }

# ktap_parse: result.ktap through kunit.py parse --json (its plan, missing
# and crashed tests): its test cases in ktap.cases, its log in ktap.txt,
# headed by the parser's exit (both kept while newer than result.ktap and
# kunit.py); true when it passed the document
ktap_parse() {
	[ -s "$out/result.ktap" ] || { echo "no KTAP in result.ktap" > "$out/ktap.txt"
		: > "$out/ktap.cases"; return 1; }
	[ -f "$kunit" ] || verdict 5 "cannot parse KTAP: no $kunit (make trees)"
	if [ ! "$out/ktap.cases" -nt "$out/result.ktap" ] || [ "$kunit" -nt "$out/ktap.cases" ] ||
	   ! head -n 1 "$out/ktap.txt" | grep -q '^kunit.py parse: exit'; then
		t_read "$kunit" "$out/result.ktap" "$out/ktap.tmp" > "$out/ktap.cases"
		{ echo "kunit.py parse: exit $?"; grep -v '\] Test results stored in ' "$out/ktap.tmp"
		} > "$out/ktap.txt"
		rm -f "$out/ktap.tmp"
	fi
	head -n 1 "$out/ktap.txt" | grep -q 'exit 0$'
}
# ktap_skipped: the parser failed the document only because every test
# case in it was skipped (the JSON's statuses; a group's own result and the
# parser's errors are in its log only)
ktap_skipped() {
	grep -q . "$out/ktap.cases" && ! grep -qv '^SKIP ' "$out/ktap.cases" &&
		! grep -q '\] \[\(ERROR\|FAILED\|CRASHED\)\]' "$out/ktap.txt"
}
case $qrc in
33)	ktap_parse || ktap_skipped ||
		verdict 1 "KTAP: $({ grep -m1 -E 'ERROR|FAILED|CRASHED' "$out/ktap.txt"
		grep -E 'Testing complete|no KTAP' "$out/ktap.txt"; } |
		sed 's/^\[[^]]*\] //' | tr '\n' ' ')($out/ktap.txt)"
	[ "${drc:-0}" = 0 ] || [ "$drc" = none ] ||
		verdict 1 "host driver failed (exit $drc): $out/driver.log"
	ktap_skipped && verdict 0 "pass (every test skipped)"
	verdict 0 pass ;;
35)	ktap_parse
	verdict 1 "a test failed: $(grep -m1 '^not ok' "$out/result.ktap") ($out/result.ktap)" ;;
esac
if [ ! -s "$out/console.log" ] && [ -s "$out/qemu.log" ]; then
	tail -n 5 "$out/qemu.log" | sed 's/^/    | /'
	verdict 5 "QEMU exited before booting (exit $qrc): $out/qemu.log"
fi
tail -n 20 "$out/console.log"
verdict 2 "boot failed: the guest never reported (qemu exit $qrc)"
