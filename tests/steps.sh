# steps.sh - sourced by tests/check.sh: a list of steps as one KTAP document.
#   s_step NAME COMMAND...  run COMMAND through scripts/phase.sh (start,
#                           progress and end line, on stderr; output in
#                           $s_logs/N-NAME.log) as test N.  The KTAP
#                           document COMMAND printed, if any, becomes its
#                           subtests.  A COMMAND that names a script that
#                           is not there is a failed test: no step vanishes.
#   s_print                 the document on stdout ("KTAP version 1", the
#                           plan, every step), then "N passed, N failed";
#                           false if any step failed.
# s_logs (default build/logs/check) must be set before the first step.
s_n=0 s_pass=0 s_fail=0 s_doc=
s_logs=${s_logs:-build/logs/check}

# s_ktap LOG: the first top-level KTAP document in LOG (its KTAP lines only,
# without its "KTAP version" line), indented by four spaces
s_ktap() {
	awk '/^KTAP version 1$/ { if (on) exit; on = 1; next }
		on && /^[ \t]*(KTAP version [0-9]|[0-9]+\.\.[0-9]+|ok [0-9]|not ok [0-9]|#)/ {
			print "    " $0 }' "$1"
}

s_step() {
	s_name=$1
	shift
	s_n=$((s_n + 1))
	s_log=$s_logs/$s_n-$(echo "$s_name" | tr -c 'a-z0-9\n' '-').log
	mkdir -p "$s_logs"
	case $1 in
	*/*)	if [ ! -x "$1" ]; then
			echo "$s_name: $1 is missing" | tee "$s_log" >&2
			s_fail=$((s_fail + 1))
			s_doc="${s_doc}not ok $s_n $s_name # $1 is missing
"
			return 1
		fi ;;
	esac
	if scripts/phase.sh "$s_name" "$s_log" "$@" >&2; then
		s_res="ok" s_pass=$((s_pass + 1))
	else
		s_res="not ok" s_fail=$((s_fail + 1))
	fi
	s_sub=$(s_ktap "$s_log")
	[ -z "$s_sub" ] || s_doc="$s_doc    KTAP version 1
    # Subtest: $s_name
$s_sub
"
	s_doc="$s_doc$s_res $s_n $s_name
"
	[ "$s_res" = ok ]
}

s_print() {
	echo "KTAP version 1"
	echo "1..$s_n"
	printf '%s' "$s_doc"
	echo "$s_pass passed, $s_fail failed"
	[ "$s_fail" -eq 0 ]
}
