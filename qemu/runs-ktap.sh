#!/bin/sh
# runs-ktap.sh RUN_DIR... - recorded runs as one KTAP document, from the
# records alone (no boot): one test per run, ok when the judge's verdict
# is 0, named by its path under runs/ (e.g. debug/patched/kunit), with the
# records nested as its subtests (ok when the verdict is 0 and every
# record is ok: a record that failed fails its run whatever the verdict):
#   guest      the guest's result.ktap
#   detectors  the judge's detectors.ktap
#   kunit      the kernel's own KUnit KTAP (kunit.ktap: a KUnit boot's
#              console as `kunit.py parse --raw_output=kunit` extracts it)
# Each document's KTAP lines only (scripts/ktap-doc.sh: a console's other
# lines between them are left out).  A subtest is ok when its document ran
# as many tests as it planned and none failed.  A run dir without a
# verdict is a failed test.  make check nests this document under each
# boot step; `make ktap` prints it.
# Exit: 0 every run passed, 1 one did not, 2 usage.
set -u
[ $# -gt 0 ] || { echo "usage: $0 RUN_DIR..." >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)

. "$top/lib/ktap.sh"

# subtest NAME FILE: FILE's first KTAP document as the run's next subtest,
# its lines nested; ok (status 0) when it ran as many tests as it planned
# and none failed.  (Counted here with awk, not read with kunit.py parse:
# `make ktap` reads every record of every run, three python starts each,
# and the judge already put result.ktap through kunit.py: its verdict.)
subtest() {
	if [ ! -s "$2" ]; then
		t_result 1 "$1" "no $2"
		return 1
	fi
	doc=$("$top/scripts/ktap-doc.sh" "$2")
	found=$?
	printf '%s\n' "$doc" | grep . | t_nest "$1"
	if [ "$found" -eq 0 ] && printf '%s\n' "$doc" | awk '/^1\.\.[0-9]+/ { plan = substr($1, 4) + 0 }
		/^ok / { n++ } /^not ok / { n++; bad++ }
		END { exit !(n == plan && !bad) }'; then
		t_result 0 "$1"
	else
		t_result 1 "$1"
		return 1
	fi
}

t_plan $#
rc=0
for d; do
	name=$(echo "${d%/}" | sed 's|.*/runs/||')
	if [ ! -s "$d/verdict" ]; then
		t_result 1 "$name" "never judged: no $d/verdict"
		rc=1
		continue
	fi
	n=2
	[ -s "$d/kunit.ktap" ] && n=3
	t_begin "$name"
	t_plan "$n"
	bad=
	subtest guest "$d/result.ktap" || bad="$bad guest"
	subtest detectors "$d/detectors.ktap" || bad="$bad detectors"
	[ "$n" -lt 3 ] || subtest kunit "$d/kunit.ktap" || bad="$bad kunit"
	t_end || :
	read -r code why < "$d/verdict"
	if [ "$code" = 0 ] && [ -z "$bad" ]; then
		t_result 0 "$name"
	elif [ "$code" = 0 ]; then
		t_result 1 "$name" "verdict 0, but these records failed:$bad"
		rc=1
	else
		t_result 1 "$name" "verdict $code: $why"
		rc=1
	fi
done
exit $rc
