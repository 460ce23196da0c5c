#!/bin/sh
# need.sh - stop before a phase starts when something it calls is missing.
#
# need.sh [GROUP...]     every line of scripts/needs.txt in group base and
#                        in each GROUP (install-deps.sh's groups)
# need.sh -c WHAT...     only these commands or paths (each must have a
#                        line in needs.txt)
# need.sh -l GROUP...    the packages of base and GROUPs, one per line
#
# Exit 0 when all are there; else one line per missing item, naming its
# package and the command that installs it, and exit 1.  Takes
# milliseconds: make calls it before each user-facing phase.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
table=$here/needs.txt

# rows GROUP...: the table's rows of base and GROUPs, "GROUP WHAT PACKAGE WHO"
rows() {
	awk -v groups="base $*" 'BEGIN { n = split(groups, g, " "); for (i = 1; i <= n; i++) want[g[i]] = 1 }
		/^#/ || NF < 3 { next } want[$1]' "$table"
}

# there WHAT: true when a command of PATH or an existing path
there() {
	case $1 in
	/*) [ -e "$1" ] ;;
	*) command -v "$1" > /dev/null 2>&1 ;;
	esac
}

# missing_line GROUP WHAT PACKAGE: the one line a user reads
missing_line() {
	grp=
	[ "$1" = base ] || grp=" $1"
	echo "need.sh: missing $2: it comes with Debian's package $3 (scripts/install-deps.sh$grp installs it; log: build/logs/deps*.log)" >&2
}

case ${1:-} in
-l)	shift
	rows "$@" | awk '{ print $3 }' | awk '!seen[$0]++'
	exit 0 ;;
-c)	shift
	bad=0
	for w in "$@"; do
		row=$(awk -v w="$w" '!/^#/ && $2 == w { print; exit }' "$table")
		[ -n "$row" ] || { echo "need.sh: $w has no line in $table" >&2; exit 2; }
		there "$w" && continue
		set -- $row "$@"
		missing_line "$1" "$2" "$3"
		shift 3
		bad=1
	done
	exit $bad ;;
-*)	sed -n '2,/^set -eu/p' "$0" | sed '$d' >&2; exit 2 ;;
esac
for g in "$@"; do
	awk -v g="$g" '!/^#/ && $1 == g { f = 1 } END { exit !f }' "$table" ||
		{ echo "need.sh: unknown group '$g' (groups: $(awk '!/^#/ && NF > 2 { print $1 }' "$table" | sort -u | tr '\n' ' '))" >&2; exit 2; }
done
bad=0
rows "$@" > "${TMPDIR:-/tmp}/need.$$"
while read -r grp what pkg who; do
	there "$what" && continue
	missing_line "$grp" "$what" "$pkg"
	bad=1
done < "${TMPDIR:-/tmp}/need.$$"
rm -f "${TMPDIR:-/tmp}/need.$$"
exit $bad
