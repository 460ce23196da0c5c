# ktap.sh - sourced by test scripts: KTAP output and the final tally.
#   t_plan N; t_ok NAME; t_fail NAME [why]; expect RC NAME COMMAND...;
#   has TEXT NAME; t_done
t_n=0 t_pass=0 t_fail=0
t_planned=
t_plan() { t_planned=$1; echo "KTAP version 1"; echo "1..$1"; }
t_ok() { t_n=$((t_n + 1)); t_pass=$((t_pass + 1)); echo "ok $t_n - $1"; }
t_fail() {
	t_n=$((t_n + 1)); t_fail=$((t_fail + 1)); echo "not ok $t_n - $1"
	[ $# -lt 2 ] || echo "# $2"
}
# expect RC NAME COMMAND...: the command must exit with RC; its output is
# kept in $t_out for further checks.
expect() {
	want=$1 name=$2
	shift 2
	t_out=$("$@" 2>&1)
	got=$?
	if [ "$got" -eq "$want" ]; then t_ok "$name"; return 0; fi
	t_fail "$name" "exit $got, want $want"
	printf '%s\n' "$t_out" | tail -5 | sed 's/^/# /'
	return 1
}
# has TEXT NAME: the last expect's output contains TEXT
has() {
	case $t_out in
	*"$1"*) t_ok "$2" ;;
	*) t_fail "$2" "no '$1' in: $(printf '%s' "$t_out" | tail -n 3)" ;;
	esac
}
# t_done: the tally; a run that did not make its plan's count failed too
t_done() {
	if [ -n "$t_planned" ] && [ "$t_n" != "$t_planned" ]; then
		echo "# planned $t_planned tests, ran $t_n"
		t_fail=$((t_fail + 1))
	fi
	echo "# $t_pass passed, $t_fail failed"
	[ "$t_fail" -eq 0 ]
}
