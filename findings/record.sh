#!/bin/sh
# record.sh - one run's findings into the store: findings records, then
# findings merge; prints the titles it added that the store did not have
#
# usage: record.sh [-F FINDINGS] [-m KEY=VALUE]... STORE RUNDIR
#   -F  the findings tool (default build/tools/findings)
#   -m  a field of every record (cell, kver, kernel, tree, series, boot,
#       source: findings/campaign.sh and findings/prove.sh give them); the
#       lines KEY=VALUE of $FINDINGS_META too (a hook's fields)
# RUNDIR: a run of qemu/run.sh, or one lava/records.sh rebuilt from a LAVA
# job's log (the same records): both merge the same way.  The run's
# records stay in RUNDIR/findings.jsonl.  Exit: findings' (2: bad input).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 2; }
tool=$here/build/tools/findings
meta=${FINDINGS_META:-}
[ -z "$meta" ] || meta="$meta
"
while getopts F:m: opt; do
	case $opt in
	F) tool=$OPTARG ;;
	m) meta="$meta$OPTARG
" ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 2 ] || usage
store=$1 run=$2
[ -x "$tool" ] || { echo "record.sh: no $tool (make tools)" >&2; exit 2; }
[ -f "$run/console.log" ] || { echo "record.sh: no $run/console.log: not a run" >&2; exit 2; }
# the -m pairs, one argument each (values hold spaces)
set --
while IFS= read -r m; do
	[ -z "$m" ] || set -- "$@" -m "$m"
done <<EOF
$meta
EOF
FINDINGS_DIR=$here/findings "$tool" records -S "$here/qemu/signatures.txt" \
	-F "$here/findings/frames.txt" "$@" -m "date=$(date -u -r "$run/status" +%F 2>/dev/null || date -u +%F)" \
	"$run" >"$run/findings.jsonl" || exit 2
before=$(sed -n 's/.*"title":"\([^"]*\)".*/\1/p' "$store" 2>/dev/null | sort -u)
"$tool" merge "$store" "$run/findings.jsonl" || exit 2
sed -n 's/.*"title":"\([^"]*\)".*/\1/p' "$run/findings.jsonl" | sort -u |
	while IFS= read -r t; do
		printf '%s\n' "$before" | grep -qxF "$t" || echo "record.sh: new title: $t"
	done
exit 0
