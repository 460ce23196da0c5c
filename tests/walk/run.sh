#!/bin/sh
# tests/walk/run.sh - test tools/snapdiff on recorded snapshots; prints KTAP.
#
# Inputs (tests/walk/): baseline.snap, a trimmed snapshot recorded from the
# baseline kernel's walk; patched-*.snap, copies of it with changes; and
# expect-*.txt lists of expected differences. Each case runs snapdiff and
# checks its exit code (0 all expected, 1 unexpected, 2 bad input) and one
# line of its output. usage: run.sh [-t SNAPDIFF]: -t tests that binary,
# which is otherwise built into build/tools/snapdiff.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
given=
while getopts t: opt; do
	case $opt in t) given=$OPTARG ;; *) echo "usage: $0 [-t SNAPDIFF]" >&2; exit 2 ;; esac
done
snapdiff=${given:-$root/build/tools/snapdiff}

if [ -z "$given" ] &&
   { [ ! -x "$snapdiff" ] || [ "$root/tools/snapdiff.c" -nt "$snapdiff" ]; }; then
	mkdir -p "$(dirname "$snapdiff")"
	${CC:-gcc} -O2 -Wall -Wextra -o "$snapdiff" "$root/tools/snapdiff.c" ||
		exit 1
fi

. "$root/lib/ktap.sh"
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# check NAME WANT_EXIT WANT_TEXT BASELINE PATCHED EXPECTED
check()
{
	(cd "$here" && "$snapdiff" "$4" "$5" "$6") >"$out" 2>&1
	rc=$?
	if [ "$rc" != "$2" ]; then
		why="exit $rc, wanted $2"
	elif ! grep -qF -- "$3" "$out"; then
		why="no line with '$3'"
	else
		t_result 0 "$1"
		return
	fi
	sed 's/^/# /' "$out" | tail -n 15
	t_result 1 "$1" "$why"
}

t_plan 8
check identical 0 "0 differences" \
	baseline.snap baseline.snap expect-empty.txt
check unexpected_difference 1 "UNEXPECTED" \
	baseline.snap patched-changed.snap expect-empty.txt
check expected_difference 0 "3 differences: 3 expected, 0 unexpected" \
	baseline.snap patched-changed.snap expect-all.txt
check partly_expected 1 "3 differences: 2 expected, 1 unexpected" \
	baseline.snap patched-changed.snap expect-part.txt
check device_counts 0 "# devices pci baseline 6 patched 5" \
	baseline.snap patched-changed.snap expect-all.txt
check malformed_snapshot 2 "malformed.snap:4: malformed snapshot line" \
	baseline.snap malformed.snap expect-empty.txt
check malformed_expected 2 "expect-malformed.txt:3:" \
	baseline.snap baseline.snap expect-malformed.txt
check missing_file 2 "no-such.snap: cannot open" \
	baseline.snap no-such.snap expect-empty.txt
t_done
