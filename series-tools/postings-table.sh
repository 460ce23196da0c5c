#!/bin/sh
# postings-table.sh SERIES_DIR - the postings table of a series, checked:
# the rows of the table under "## Postings and upstream status" in
# SERIES_DIR/README.md ("| patch | posting | needs | status |", the patch
# named by its file name without the number and ".patch"), printed for
# every patch of SERIES_DIR/series in stack order, one tab-separated line
# each:
#
#   FILE  POSTING  NEEDS  KIND  ARG  TEXT
#
# FILE the patch file; NEEDS the files to apply first, comma-separated,
# or "-"; KIND the status's first word (new, backport, reply, out, rfc),
# ARG its argument (the upstream id of a backport, the Message-ID a reply
# answers, else "-"), TEXT what follows the colon.  A row of a patch
# dropped from the stack (its status "out", the reason saying what
# replaces it) follows them, FILE "dropped:NAME".  Exit 1, naming the
# problem, when a patch has no row or two, a row names no patch of the
# series and is not "out", a posting is not a section of postings.txt (nor
# stable, rfc), a status is not of that grammar or a need names no patch;
# 2 on usage.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 1 ] || { echo "usage: $0 SERIES_DIR" >&2; exit 2; }
dir=$1
[ -f "$dir/README.md" ] || { echo "postings-table.sh: no $dir/README.md" >&2; exit 2; }
files=$("$here/../scripts/series-list.sh" "$dir" patched)
postings="stable rfc $(sed -n 's/^\[\([a-z0-9-]*\)\]$/\1/p' "$here/postings.txt")"

echo "$files" | awk -v readme="$dir/README.md" -v postings="$postings" '
function die(msg) { print "postings-table.sh: " readme ": " msg > "/dev/stderr"; bad = 1 }
function trim(s) { gsub(/^[ \t`]+|[ \t`]+$/, "", s); return s }
BEGIN {
	FS = "\n"
	n = split(postings, p, " ")
	for (i = 1; i <= n; i++)
		known[p[i]] = 1
	while ((getline line < readme) > 0) {
		if (line ~ /^## /) { in_table = line ~ /^## Postings and upstream status/; continue }
		if (!in_table || line !~ /^\| / || line ~ /^\| (patch|---) /)
			continue
		nc = split(line, c, / \| /)
		if (nc < 4) { die("a row without 4 columns: " line); continue }
		slug = trim(substr(c[1], 3)); posting = trim(c[2]); needs = trim(c[3])
		st = c[4]
		for (i = 5; i <= nc; i++) st = st " | " c[i]
		sub(/ *\|$/, "", st)
		if (slug in row) die("two rows for " slug)
		row[slug] = posting "\t" needs "\t" st
		rows[++nrows] = slug
	}
}
{ file = $0; slug = file; sub(/^[0-9]+-/, "", slug); sub(/\.patch$/, "", slug)
  order[++nfiles] = file; fslug[nfiles] = slug; have[slug] = file }
END {
	for (i = 1; i <= nrows; i++)
		if (!(rows[i] in have)) {
			split(row[rows[i]], r, "\t")
			if (r[3] !~ /^out:/)
				die("a row for " rows[i] ", which is no patch of the series (and not \"out\")")
			order[++nfiles] = "dropped:" rows[i]; fslug[nfiles] = rows[i]
		}
	for (i = 1; i <= nfiles; i++) {
		slug = fslug[i]
		if (!(slug in row)) { die("no row for " order[i]); continue }
		split(row[slug], r, "\t")
		posting = r[1]; needs = r[2]; st = r[3]
		if (!(posting in known)) die(slug ": posting \"" posting "\" is no section of postings.txt")
		colon = index(st, ":")
		if (!colon) { die(slug ": a status without \"KIND: text\""); continue }
		head = substr(st, 1, colon - 1); text = trim(substr(st, colon + 1))
		nw = split(head, w, " ")
		kind = w[1]; arg = nw > 1 ? w[2] : "-"
		if (kind == "backport" && (arg !~ /^[0-9a-f]+$/ || length(arg) < 12)) die(slug ": backport without an upstream id")
		else if (kind == "reply" && arg !~ /^<[^ >]+@[^ >]+>$/) die(slug ": reply without a <Message-ID>")
		else if (kind !~ /^(new|backport|reply|out|rfc)$/) die(slug ": unknown status \"" kind "\"")
		if ((kind == "rfc") != (posting == "rfc")) die(slug ": status rfc and posting rfc go together")
		if ((kind == "backport" || kind == "reply") != (posting == "stable"))
			die(slug ": status backport or reply and posting stable go together")
		out = ""
		if (needs != "-") {
			m = split(needs, nd, /, */)
			for (j = 1; j <= m; j++) {
				if (!(nd[j] in have)) die(slug ": needs " nd[j] ", which is no patch of the series")
				out = out (out == "" ? "" : ",") have[nd[j]]
			}
		}
		printf "%s\t%s\t%s\t%s\t%s\t%s\n", order[i], posting, out == "" ? "-" : out, kind, arg, text
	}
	exit bad
}'
