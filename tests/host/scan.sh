#!/bin/sh
# Host tests of tools/scan-console on recorded console logs: every row of
# the detector table (qemu/signatures.txt) fails on its own detector, and
# each EXPECT-WARNING rule.  KTAP on stdout.
# usage: scan.sh [-t SCANNER]: -t tests that scanner (default
# build/tools/scan-console).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/lib/ktap.sh"
data=$top/tests/host/data
sigs=${SIGNATURES:-$top/qemu/signatures.txt}
scanner=$top/build/tools/scan-console
while getopts t: opt; do
	case $opt in t) scanner=$OPTARG ;; *) echo "usage: $0 [-t SCANNER]" >&2; exit 2 ;; esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rows() { grep -v '^\(#\|$\)' "$sigs"; }
nrows=$(rows | wc -l)
t_plan $((nrows + 22))

scan() { "$scanner" "$sigs" "$@"; }
ktap() { "$scanner" --ktap "$sigs" "$@"; }
# window NAME WANT LINES...: a clean log with LINES inserted after line 40
window() {
	name=$1 want=$2
	shift 2
	{ head -n 40 "$data/console-clean.log"
	  printf '[   12.345678] %s\n' "$@"
	  tail -n +41 "$data/console-clean.log"; } > "$tmp/w.log"
	expect "$want" "window: $name" scan "$tmp/w.log"
}

expect 0 "clean boot log passes" scan "$data/console-clean.log"

# Each row alone fails, and --ktap says "not ok" on the row's detector.
rows | while IFS='	' read -r det sig flag; do
	{ head -n 40 "$data/console-clean.log"
	  printf '[   12.345678] %s injected\n' "$sig"
	  tail -n +41 "$data/console-clean.log"; } > "$tmp/one.log"
	if ktap "$tmp/one.log" > "$tmp/one.ktap"; then
		t_fail "row '$sig' fails" "exit 0"
	elif grep -q "^not ok [0-9]* $det # 1 hit(s), first: .*$sig injected" "$tmp/one.ktap"; then
		t_ok "row '$sig' fails detector $det"
	else
		t_fail "row '$sig' fails detector $det" "$(grep '^not ok' "$tmp/one.ktap")"
	fi
	echo "$t_pass $t_fail" > "$tmp/tally"
done
read -r t_pass t_fail < "$tmp/tally"
t_n=$((t_pass + t_fail))

# --ktap: one test per detector in the order the table first names it,
# then expect_warning, under a plan that counts them.
ktap "$data/console-clean.log" > "$tmp/clean.ktap"
want=$(rows | cut -f1 | awk '!seen[$0]++' | awk '{ print "ok " NR " " $0 } END { print "ok " NR + 1 " expect_warning" }')
got=$(sed -n 's/ #.*//; /^ok /p; /^not ok /p' "$tmp/clean.ktap")
if [ "$got" = "$want" ] && sed -n 2p "$tmp/clean.ktap" | grep -qx "1..$(echo "$want" | wc -l)"; then
	t_ok "--ktap: one test per detector in table order, then expect_warning"
else
	t_fail "--ktap: one test per detector in table order, then expect_warning" \
		"$(head -4 "$tmp/clean.ktap" | tr '\n' ' ')"
fi

# The windows.
expect 0 "a provoked warning between markers passes" \
	scan "$data/console-expected-warning.log"
expect 1 "a panic after the tests printed ok fails" \
	scan "$data/console-panic-after-ok.log"
expect 1 "another signature inside the window fails" \
	scan "$data/console-other-warning-in-window.log"
has "[BUG: KASAN]" "  ... and is named"
expect 1 "a window with no warning in it fails" \
	scan "$data/console-missing-warning.log"
has "never appeared" "  ... saying the warning never appeared"
sed '/EXPECT-WARNING END/d' "$data/console-expected-warning.log" > "$tmp/open.log"
expect 1 "an unterminated window fails" scan "$tmp/open.log"
window "a nested window fails" 1 \
	'EXPECT-WARNING BEGIN: kobject_put+' 'EXPECT-WARNING BEGIN: kobject_put+' \
	'WARNING: CPU: 0 PID: 1 at lib/kobject.c:733 kobject_put+0x9c/0x1a0' \
	'EXPECT-WARNING END'
has "BEGIN inside the window" "  ... saying so"
window "an END without BEGIN fails" 1 'EXPECT-WARNING END'
has "END without BEGIN" "  ... saying so"
window "a generic item fails" 1 'EXPECT-WARNING BEGIN: WARNING: CPU' \
	'WARNING: CPU: 0 PID: 1 at lib/kobject.c:733 kobject_put+0x9c/0x1a0' \
	'EXPECT-WARNING END'
has "name the warning's own text or function" "  ... saying to name the warning's own text"
window "an item that is part of a generic row fails" 1 \
	'EXPECT-WARNING BEGIN: kobject_put+|WARNING' \
	'WARNING: CPU: 0 PID: 1 at lib/kobject.c:733 kobject_put+0x9c/0x1a0' \
	'EXPECT-WARNING END'
window "the warning's function as item passes" 0 \
	'EXPECT-WARNING BEGIN: kobject_put+' \
	'WARNING: CPU: 0 PID: 1 at lib/kobject.c:733 kobject_put+0x9c/0x1a0' \
	'EXPECT-WARNING END'
expect 1 "--ktap: a window failure is not ok expect_warning" ktap "$tmp/w.log" \
	"$data/console-missing-warning.log"
has "not ok $(($(rows | cut -f1 | sort -u | wc -l) + 1)) expect_warning # 1 failure(s)" \
	"  ... with the count"

# The table itself: a row without the detector column, or with an unknown
# detector, is an error.
printf 'WARNING: CPU\n' > "$tmp/old.txt"
expect 2 "a table row without a detector is an error" \
	"$scanner" "$tmp/old.txt" "$data/console-clean.log"
printf 'bogus\tWARNING: CPU\n' > "$tmp/bogus.txt"
expect 2 "a table row with an unknown detector is an error" \
	"$scanner" "$tmp/bogus.txt" "$data/console-clean.log"
expect 2 "a missing log is an error" scan "$tmp/nonexistent.log"
t_done
