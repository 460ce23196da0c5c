# ktap.sh - the one KTAP writer, sourced by the host's test scripts and (as
# /lib/ktap.sh, copied there by initramfs/build.sh) by the guest's
# /lib/rig.sh: POSIX sh, busybox's too.  No other script prints a result
# line itself.
#   t_plan N            "KTAP version 1" and "1..N" (the plan alone after
#                       t_version or in a nested document)
#   t_version           "KTAP version 1" alone: diagnostics before the
#                       plan, or a plan after the results (t_count)
#   t_count             "1..N", N the results printed so far (a plan last)
#   t_ok NAME           "ok N - NAME"
#   t_fail NAME [WHY]   "not ok N - NAME", then WHY's lines as "# " lines
#   t_result RC NAME [WHY]  "ok N NAME" (RC 0) or "not ok N NAME", with
#                       " # WHY" on the same line (WHY "SKIP ..." skips)
#   t_diag TEXT...      "# TEXT"
#   t_begin NAME        a nested document begins: subtest NAME of the
#                       next result, indented four more spaces, counted
#                       apart ("KTAP version 1", "# Subtest: NAME")
#   t_end               back to the parent document (its counts and
#                       indent); true when the nested document made its
#                       plan and none failed.  The caller then prints the
#                       parent's result for it (t_result, t_ok, t_fail).
#   t_nest NAME         stdin, another program's KTAP document (its lines
#                       after "KTAP version", as scripts/ktap-doc.sh gives
#                       them), nested as subtest NAME of the next result
#   expect RC NAME COMMAND...; has TEXT NAME   (checks that print results)
#   t_done              the tally "# N passed, N failed"; false if any
#                       failed or the plan was not made
#   t_read KUNIT_PY FILE [LOG]  the one reader (host only): FILE's KTAP as
#                       the kernel's `KUNIT_PY parse --json` reads it, one
#                       line per test case, "STATUS NAME" (STATUS PASS,
#                       FAIL, SKIP or ERROR; a nested case's NAME is its
#                       groups' names and its own joined by "/"); the
#                       parser's own log in LOG (its errors: a missing test
#                       is there, not in the JSON); exit 1 when the parser
#                       did not pass the document (a failed, crashed or
#                       missing test, every test skipped, no KTAP), 2 when
#                       it could not run
# t_n is the number of the last result printed: a script that prints one
# result out of order (a background job's) sets it first, in a subshell.
# The results must be printed by the script's own shell (not a pipeline or
# a $(...)): they count.  Sourced again (tests/steps.sh sources it too),
# it keeps the counts.
if [ -z "${t_sourced:-}" ]; then
	t_sourced=1 t_n=0 t_pass=0 t_fail=0 t_planned= t_pad= t_depth=0 t_head=
fi
t_version() { t_head=1; echo "${t_pad}KTAP version 1"; }
t_plan() {
	t_planned=$1
	[ -n "$t_head" ] || t_version
	echo "${t_pad}1..$1"
}
t_count() { echo "${t_pad}1..$t_n"; }
t_diag() { echo "${t_pad}# $*"; }
t_ok() { t_n=$((t_n + 1)); t_pass=$((t_pass + 1)); echo "${t_pad}ok $t_n - $1"; }
t_fail() {
	t_n=$((t_n + 1)); t_fail=$((t_fail + 1)); echo "${t_pad}not ok $t_n - $1"
	[ $# -lt 2 ] || printf '%s\n' "$2" | sed "s/^/${t_pad}# /"
}
t_result() {
	t_n=$((t_n + 1))
	if [ "$1" = 0 ]; then
		t_pass=$((t_pass + 1)); set -- "ok $t_n $2" "${3:-}"
	else
		t_fail=$((t_fail + 1)); set -- "not ok $t_n $2" "${3:-}"
	fi
	if [ -n "$2" ]; then echo "${t_pad}$1 # $2"; else echo "${t_pad}$1"; fi
}
t_begin() {
	eval "t_up_$t_depth=\"\$t_n \$t_pass \$t_fail \${t_planned:-none}\""
	t_depth=$((t_depth + 1)) t_pad="$t_pad    "
	t_n=0 t_pass=0 t_fail=0 t_planned=
	t_version
	echo "${t_pad}# Subtest: $1"
}
t_end() {
	set -- "$t_fail" "$t_n" "${t_planned:-$t_n}"
	t_depth=$((t_depth - 1)) t_pad=${t_pad%    } t_head=1
	eval "set -- \$1 \$2 \$3 \$t_up_$t_depth"
	t_n=$4 t_pass=$5 t_fail=$6 t_planned=$7
	[ "$t_planned" != none ] || t_planned=
	[ "$1" -eq 0 ] && [ "$2" -eq "$3" ]
}
t_nest() {
	t_begin "$1"
	sed '1{/^KTAP version/d;}' | sed "s/^/${t_pad}/"
	t_end || :
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
	printf '%s\n' "$t_out" | tail -5 | sed "s/^/${t_pad}# /"
	return 1
}
# has TEXT NAME: the last expect's output contains TEXT
has() {
	case $t_out in
	*"$1"*) t_ok "$2" ;;
	*) t_fail "$2" "no '$1' in: $(printf '%s' "$t_out" | tail -n 3)" ;;
	esac
}
t_read() {
	[ -f "$1" ] || { echo "t_read: no $1" >&2; return 2; }
	case $2 in /*) ;; *) set -- "$1" "$PWD/$2" "${3:-}" ;; esac	# (it cds)
	set -- "$1" "$2" "$(mktemp)" "${3:-/dev/null}"
	python3 "$1" parse --json="$3" "$2" > "$4" 2>&1
	set -- "$1" "$2" "$3" $?
	python3 -c 'import json, sys
def cases(g, path):
	for c in g["test_cases"]:
		print(c["status"], path + c["name"])
	for s in g["sub_groups"]:
		cases(s, path + s["name"] + "/")
cases(json.load(open(sys.argv[1])), "")' "$3" || set -- "$1" "$2" "$3" 2
	rm -f "$3"
	return "$4"
}
# t_done: the tally; a run that did not make its plan's count failed too
t_done() {
	if [ -n "$t_planned" ] && [ "$t_n" != "$t_planned" ]; then
		t_diag "planned $t_planned tests, ran $t_n"
		t_fail=$((t_fail + 1))
	fi
	t_diag "$t_pass passed, $t_fail failed"
	[ "$t_fail" -eq 0 ]
}
