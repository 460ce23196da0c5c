#!/bin/sh
# ktype-scan.sh TREE [--count] [--all] [--files LIST] [--timeout S] - kobject types without a release()
#
# Runs the Coccinelle semantic patch ktype-scan.cocci (next to this script)
# over TREE's .c files that mention a kobj_type or a ktype, and prints one
# line per finding:
#
#   FILE:LINE KTYPE               a struct kobj_type defined without .release
#   FILE:LINE KTYPE after-init    a kobject's ->ktype assigned by hand with no
#                                 kobject_init*()/kset_register() after it
#
# A finding listed in the series' ktype-scan.allow (SERIES_DIR, default
# series/; FILE KTYPE REASON, matched on file and ktype, not line) is
# printed as "# allowed: FILE:LINE KTYPE: REASON" and not counted; an
# allowlist entry that matches nothing is reported as stale (and not
# counted either).  The last line is
#
#   ktype-scan: N unexplained, M allowed
#
# and the exit status is 1 when N is not 0 (2 on a usage or spatch error).
# Hidden directories (quilt's .pc/ backups) are not scanned.
#   --count  print only N
#   --all    ignore the allowlist (every finding counts)
#   --files "a.c b.c"  scan only those (relative to TREE)
#   --timeout S  spatch's --timeout (default 0, none)
#
# Time: about 6 min for a full 6.1 tree on 2 shared cores (spatch on ~180
# files).
set -u

here=$(cd "$(dirname "$0")" && pwd)
cocci=$here/ktype-scan.cocci
allow=$(cd "${SERIES_DIR:-$here/../series}" && pwd)/ktype-scan.allow
count_only=0
use_allow=1
tree= files= timeout=0
usage() { echo "usage: $0 TREE [--count] [--all] [--files LIST] [--timeout S]" >&2; exit 2; }

while [ $# -gt 0 ]; do
	case $1 in
	--count) count_only=1 ;;
	--all) use_allow=0 ;;
	--files) [ $# -ge 2 ] || usage; files=$2; shift ;;
	--timeout) [ $# -ge 2 ] || usage; timeout=$2; shift ;;
	-*) usage ;;
	*) [ -z "$tree" ] || usage
	   tree=$1 ;;
	esac
	shift
done
[ -n "$tree" ] || usage
cd "$tree" || exit 2
command -v spatch >/dev/null || { echo "$0: spatch not found (apt-get install coccinelle)" >&2; exit 2; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

if [ -n "$files" ]; then
	printf '%s\n' $files
else
	grep -rlE --include='*.c' -e 'kobj_type|ktype' . |
		grep -v '^\./\(\.\|Documentation/\|tools/\|scripts/\|samples/\)' |
		sed 's|^\./||' | sort
fi >"$tmp/files"

# shellcheck disable=SC2046
# The files are one group for spatch, so the tree's .cocciconfig timeout
# (200 s) bounds the whole scan: lift it (--timeout, 0 = none).
if ! nice -n 10 spatch --very-quiet --no-includes \
	--timeout "$timeout" \
	--sp-file "$cocci" $(cat "$tmp/files") >"$tmp/out" 2>"$tmp/err"; then
	echo "$0: spatch failed:" >&2
	tail -20 "$tmp/err" >&2
	exit 2
fi
sort -t: -k1,1 -k2,2n -u "$tmp/out" >"$tmp/found"

if [ $use_allow -eq 1 ] && [ -f "$allow" ]; then
	grep -v '^[[:space:]]*\(#\|$\)' "$allow" >"$tmp/allow"
else
	: >"$tmp/allow"
fi

n=0 m=0
while read -r loc ktype rest; do
	file=${loc%%:*}
	reason=$(awk -v f="$file" -v k="$ktype" \
		'$1 == f && $2 == k { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' \
		"$tmp/allow")
	if [ -n "$reason" ]; then
		m=$((m + 1))
		[ $count_only -eq 1 ] || echo "# allowed: $loc $ktype${rest:+ $rest}: $reason"
	else
		n=$((n + 1))
		[ $count_only -eq 1 ] || echo "$loc $ktype${rest:+ $rest}"
	fi
done <"$tmp/found"

if [ $count_only -eq 0 ]; then
	while read -r file ktype _; do
		grep -q "^$file:[0-9]* $ktype\( \|$\)" "$tmp/found" ||
			echo "# stale allowlist entry: $file $ktype"
	done <"$tmp/allow"
	echo "ktype-scan: $n unexplained, $m allowed"
else
	echo "$n"
fi
[ $n -eq 0 ]
