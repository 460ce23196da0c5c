#!/bin/sh
# summary.sh RUNDIR... - print what `make hotplug` measured, one block per
# run: the verdict, the failed and skipped KTAP tests, the timing
# diagnostics and the guest's summary.json (data section).  Exit 1 if any
# verdict is not pass.
rc=0
for d in "$@"; do
	echo "== $d"
	if [ ! -f "$d/verdict" ]; then
		echo "   no verdict (not run)"
		rc=1
		continue
	fi
	echo "   verdict: $(cat "$d/verdict")"
	grep -q '^0 ' "$d/verdict" || rc=1
	grep -E '^not ok |# SKIP' "$d/result.ktap" 2>/dev/null | sed 's/^/   /'
	grep -E '^# (start|cycles|time|fault sweeps) ' "$d/result.ktap" 2>/dev/null | sed 's/^/   /'
	[ -s "$d/signatures.log" ] && sed 's/^/   signature: /' "$d/signatures.log" | head -5
	[ -f "$d/data/summary.json" ] && sed 's/^/   /' "$d/data/summary.json"
	[ -f "$d/status" ] && echo "   host: $(grep -E '^(qemu|driver|seconds|accel|watch)=' "$d/status" | tr '\n' ' ')"
done
exit $rc
