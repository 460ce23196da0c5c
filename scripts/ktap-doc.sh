#!/bin/sh
# ktap-doc.sh [-i INDENT] FILE - the first top-level KTAP document in FILE
# (a step's log, a console, a result file): its KTAP lines only (plan,
# results, diagnostics, nested documents with their indentation), without
# its own "KTAP version" line, each prefixed by INDENT spaces (default 0).
# The lines between them that are not KTAP (a console's) are left out.
# Exit 1 when FILE holds no KTAP document, 2 on usage.
# tests/steps.sh nests a step's document with it, qemu/runs-ktap.sh a
# run's records.  (awk, not kunit.py: this cuts lines out, it reads no
# results; `kunit.py parse --raw_output=kunit` keeps the console's lines
# between and does not stop at the document's end.  The results are read
# by kunit.py parse --json: lib/ktap.sh's t_read.)
set -u
indent=0
while getopts i: opt; do
	case $opt in
	i) indent=$OPTARG ;;
	*) echo "usage: $0 [-i INDENT] FILE" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "usage: $0 [-i INDENT] FILE" >&2; exit 2; }
awk -v pad="$(printf "%${indent}s" '')" '
	/^KTAP version 1$/ { if (on) exit; on = 1; next }
	on && /^[ \t]*(KTAP version [0-9]|[0-9]+\.\.[0-9]+|ok [0-9]|not ok [0-9]|#)/ {
		print pad $0 }
	END { exit !on }' "$1"
