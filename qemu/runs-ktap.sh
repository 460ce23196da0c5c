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

# subtest I NAME FILE: FILE's first KTAP document as subtest I of a run,
# its lines indented; ok (status 0) when it ran as many tests as it
# planned and none failed
subtest() {
	if [ ! -s "$3" ]; then
		printf '    not ok %s %s # no %s\n' "$1" "$2" "$3"
		return 1
	fi
	doc=$("$top/scripts/ktap-doc.sh" "$3")
	found=$?
	printf '        KTAP version 1\n        # Subtest: %s\n' "$2"
	[ -z "$doc" ] || printf '%s\n' "$doc" | sed 's/^/        /'
	if [ "$found" -eq 0 ] && printf '%s\n' "$doc" | awk '/^1\.\.[0-9]+/ { plan = substr($1, 4) + 0 }
		/^ok / { n++ } /^not ok / { n++; bad++ }
		END { exit !(n == plan && !bad) }'; then
		printf '    ok %s %s\n' "$1" "$2"
	else
		printf '    not ok %s %s\n' "$1" "$2"
		return 1
	fi
}

i=0 rc=0
echo "KTAP version 1"
echo "1..$#"
for d; do
	i=$((i + 1))
	name=$(echo "${d%/}" | sed 's|.*/runs/||')
	if [ ! -s "$d/verdict" ]; then
		printf 'not ok %s %s # never judged: no %s/verdict\n' "$i" "$name" "$d"
		rc=1
		continue
	fi
	n=2
	[ -s "$d/kunit.ktap" ] && n=3
	printf '    KTAP version 1\n    # Subtest: %s\n    1..%s\n' "$name" "$n"
	bad=
	subtest 1 guest "$d/result.ktap" || bad="$bad guest"
	subtest 2 detectors "$d/detectors.ktap" || bad="$bad detectors"
	[ "$n" -lt 3 ] || subtest 3 kunit "$d/kunit.ktap" || bad="$bad kunit"
	read -r code why < "$d/verdict"
	if [ "$code" = 0 ] && [ -z "$bad" ]; then
		printf 'ok %s %s\n' "$i" "$name"
	elif [ "$code" = 0 ]; then
		printf 'not ok %s %s # verdict 0, but these records failed:%s\n' "$i" "$name" "$bad"
		rc=1
	else
		printf 'not ok %s %s # verdict %s: %s\n' "$i" "$name" "$code" "$why"
		rc=1
	fi
done
exit $rc
