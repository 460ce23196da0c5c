# steps.sh - sourced by tests/check.sh: a list of steps as one KTAP document.
#   s_step NAME COMMAND...  declare the next step and run it now
#   s_add VAR NAME          declare the next step: its number goes in VAR
#                           (steps are numbered in the order declared)
#   s_run N COMMAND...      run step N: COMMAND goes through scripts/phase.sh
#                           (start, progress and end line, on stderr; output
#                           in $s_logs/N-NAME.log).  The KTAP document it
#                           printed, if any, becomes the step's subtests.  A
#                           COMMAND that names a script that is not there is
#                           a failed test: no step vanishes.  s_run may run
#                           in a background subshell: each step's result is
#                           a file, so lanes of steps can run side by side
#                           ( { s_run $a ...; s_run $b ...; } & ... wait ).
#                           A failed step's result names its log and the
#                           log's lines that say why (s_why), so a CI
#                           transcript alone tells what failed.
#   s_print                 the document on stdout ("KTAP version 1", the
#                           plan, every step in number order), then "N
#                           passed, N failed"; false if any step failed.  A
#                           declared step that never ran is a failed test.
# s_logs (default build/logs/check) must be set before the first step.
# The KTAP lines are lib/ktap.sh's, written in subshells (s_doc): a
# script that sources this and prints results of its own keeps its counts.
. lib/ktap.sh
# s_doc N: in a subshell, the writer on a document of its own, N results
# printed so far
s_doc() { t_n=$1 t_pass=0 t_fail=0 t_planned= t_pad= t_depth=0 t_head=; }
s_n=0
s_logs=${s_logs:-build/logs/check}
s_res=$s_logs/results
rm -rf "$s_res"
mkdir -p "$s_res"

# s_ktap LOG: the first top-level KTAP document in LOG (its KTAP lines only,
# without its "KTAP version" line)
s_ktap() {
	scripts/ktap-doc.sh "$1"
}

# s_why LOG SUBTESTS: a failed step's diagnostics: the log's path, then at
# most 10 lines of it that say why (a verdict, a failed KTAP test, a
# detector's signature, an error), without the lines of its nested KTAP
# document SUBTESTS (s_ktap's output)
s_why() {
	printf '# log: %s\n' "$1"
	printf '%s\n' "$2" | sed 's/^ *//' > "$1.ktap"
	grep -E 'verdict:|not ok |signature:|[Ee]rror|ERROR|FAIL|[Tt]imed out|[Tt]imeout|[Mm]issing|No such' "$1" |
		sed 's/^[ \t]*//' | grep -vxF -f "$1.ktap" | head -n 10 | sed 's/^/# /'
	rm -f "$1.ktap"
}

s_add() {
	s_n=$((s_n + 1))
	printf '%s\n' "$2" > "$s_res/$s_n.name"
	eval "$1=$s_n"
}

s_run() {
	_n=$1
	shift
	_name=$(cat "$s_res/$_n.name")
	_log=$s_logs/$_n-$(echo "$_name" | tr -cs 'A-Za-z0-9\n' '-').log
	_ok=1
	case $1 in
	*/*)	if [ ! -x "$1" ]; then
			echo "$_name: $1 is missing" | tee "$_log" >&2
			(s_doc $((_n - 1)); t_result 1 "$_name" "$1 is missing") \
				> "$s_res/$_n.doc"
			return 1
		fi ;;
	esac
	scripts/phase.sh "$_name" "$_log" "$@" >&2 || _ok=0
	(
		s_doc $((_n - 1))
		_sub=$(s_ktap "$_log")
		[ -z "$_sub" ] || printf '%s\n' "$_sub" | t_nest "$_name"
		[ "$_ok" = 1 ] || s_why "$_log" "$_sub"
		t_result $((1 - _ok)) "$_name"
	) > "$s_res/$_n.doc"
	[ "$_ok" = 1 ]
}

# s_wait N...: until each step N has its result (another lane's), at most
# an hour; false if one never came
s_wait() {
	for _w; do
		_t=0
		while [ ! -f "$s_res/$_w.doc" ]; do
			[ "$_t" -lt 3600 ] || return 1
			sleep 5
			_t=$((_t + 5))
		done
	done
}

s_step() {
	s_add _step "$1"
	shift
	s_run "$_step" "$@"
}

s_print() {
	_pass=0 _fail=0 _i=0
	(s_doc 0; t_plan "$s_n")
	while [ "$_i" -lt "$s_n" ]; do
		_i=$((_i + 1))
		if [ -f "$s_res/$_i.doc" ]; then
			cat "$s_res/$_i.doc"
		else
			(s_doc $((_i - 1)); t_result 1 "$(cat "$s_res/$_i.name")" "never ran")
		fi
		if tail -n 1 "$s_res/$_i.doc" 2> /dev/null | grep -q '^ok '; then
			_pass=$((_pass + 1))
		else
			_fail=$((_fail + 1))
		fi
	done
	echo "$_pass passed, $_fail failed"
	[ "$_fail" -eq 0 ]
}
