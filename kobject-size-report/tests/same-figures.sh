#!/bin/sh
# same-figures.sh [-t TOOL] OLD.json NEW.json - KTAP: two size reports (report.json)
# give the same figures.  Made for issue 12: the report of the old way
# (report.sh configuring and preparing every tree in every layout) against
# the new one (booted layouts probed in the pipeline's kernel builds,
# identical cells probed once); "the speed work changed no figure".
# Tests: both are reports; they hold sizes (probes), census and bench
# figures; "ksr-report compare OLD NEW" finds no change (sizes, growth,
# claims, pahole check, census, slab, vmlinux, bench statistics; input
# paths aside).  Ends with "N passed, N failed"; exit 0 iff all passed.
# -t TOOL uses that ksr-report, else it is built from ../src.
set -u
tool=
while getopts t: opt; do
	case $opt in t) tool=$OPTARG ;; *) echo "usage: same-figures.sh [-t TOOL] OLD.json NEW.json" >&2; exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# = 2 ] || { echo "usage: same-figures.sh [-t TOOL] OLD.json NEW.json" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$tool" ]; then
	tool=$tmp/ksr-report
	# shellcheck disable=SC2046
	cc -O2 -Wall -Wextra -o "$tool" "$here"/../src/*.c $(pkg-config --cflags --libs jansson) ||
		{ echo "Bail out! cannot build the report tool"; exit 1; }
fi
. "$here/../../lib/ktap.sh"
ok() {	# ok STATUS NAME [DIAG]
	if [ "$1" = 0 ]; then t_ok "$2"
	elif [ -n "${3:-}" ]; then t_fail "$2" "$3"
	else t_fail "$2"
	fi
}
t_plan 4
for f in "$1" "$2"; do
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
p = [x for x in d["probes"] for y in x["figures"] if y["name"] == "size__kobject"]
r = [x for x in d["runs"] if x["baseline"].get("census")]
b = [x for x in d["bench"] if x["benchmark"] in ("get_put", "lifecycle")]
sys.exit(0 if p and r and b else "probes with size__kobject: %d, runs with a census: %d, bench: %d" % (len(p), len(r), len(b)))' \
		"$f" > "$tmp/py.txt" 2>&1 &&
		ok 0 "$f: sizes, census and bench figures present" ||
		ok 1 "$f: sizes, census and bench figures present" "$(tail -3 "$tmp/py.txt")"
done
"$tool" compare "$1" "$2" > "$tmp/cmp.txt" 2>&1
st=$?
[ "$st" = 0 ] && ok 0 "compare: no figure changed" ||
	ok 1 "compare: no figure changed" "exit $st: $(grep -v '^[AB]: ' "$tmp/cmp.txt" | head -20)"
grep -q '^0 changed, 0 only in B, 0 only in A$' "$tmp/cmp.txt" &&
	ok 0 "compare: 0 changed, 0 only in B, 0 only in A" ||
	ok 1 "compare: 0 changed, 0 only in B, 0 only in A" "$(tail -1 "$tmp/cmp.txt")"
t_done
