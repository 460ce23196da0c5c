#!/bin/sh
# cover.sh PRISTINE fixes|rfc [OUT] - write the cover letter of one of the
# series' two postings, as "git format-patch --cover-letter" would: the
# text of cover-fixes.txt or cover-rfc.txt (its first line is the subject,
# then a blank line, then the body; '#' lines are left out), then the
# shortlog and the diffstat of that posting's patches, computed by applying
# the series with git am to a git repository holding PRISTINE's copy of
# each file the series touches.
#
#   PRISTINE  the unpacked tree the series is against (only read)
#   fixes     the patches above the line "# ---- posting 2" of the series
#             file: "[PATCH 0/K]", written to 0000-cover-letter.patch
#   rfc       the patches below it, on top of the fixes: "[RFC PATCH 0/M]",
#             written to 0000-cover-letter-rfc.patch
#   OUT       where to write instead; "-" for stdout
#
# The Date is the newest Date of the posting's patches, so that re-running
# it on the same series gives the same file.  A figure of the text written
# "@{NAME:PATH|OP...}" is filled from a size report's report.json by
# figures.c (beside this script; its header gives the syntax): NAME x86_64
# or i386, the fast tier's report of that arch for the series' kernel,
# taken from the records results/report-fast[-i386][-6.12].json unless
# FIGURES gives "NAME=FILE ..." (e.g. make's build/report/report.json);
# tests/host/postings.sh fails when the letter's figures are not the
# records'.  Environment: SERIES_DIR (default: series/, beside this
# directory), FIGURES, FIGURES_TOOL (the built figures.c; else built
# here).  Exit 1 if a patch does not apply or a figure cannot be filled,
# 2 on usage.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
series_dir=$(cd "${SERIES_DIR:-$here/../series}" && pwd)
usage() { echo "usage: $0 PRISTINE fixes|rfc [OUT]" >&2; exit 2; }
[ $# -ge 2 ] && [ $# -le 3 ] || usage
pristine=$(cd "$1" && pwd) || exit 2
posting=$2
case $posting in
fixes) out=${3:-$series_dir/0000-cover-letter.patch} prefix=PATCH want=1 ;;
rfc)   out=${3:-$series_dir/0000-cover-letter-rfc.patch} prefix="RFC PATCH" want=2 ;;
*) usage ;;
esac
text_file=$series_dir/cover-$posting.txt
[ -f "$text_file" ] || { echo "cover.sh: no $text_file" >&2; exit 2; }

# every patch with its posting, "1 NAME" or "2 NAME" a line
list=$here/../scripts/series-list.sh
all=$("$list" "$series_dir" fixes | sed 's/^/1 /'
	"$list" "$series_dir" rfc | sed 's/^/2 /')
echo "$all" | grep -q '^2 ' ||
	{ echo "cover.sh: no '# ---- posting 2' line in $series_dir/series" >&2; exit 2; }
patches=$(echo "$all" | cut -d' ' -f2)
mine=$(echo "$all" | sed -n "s/^$want //p")
last_fix=$(echo "$all" | sed -n 's/^1 //p' | tail -n 1)
n=$(echo "$mine" | grep -c .)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g() { git -C "$tmp/tree" -c user.name=cover -c user.email=cover@example.org "$@"; }

mkdir "$tmp/tree"
for p in $patches; do
	sed -n 's|^diff --git a/[^ ]* b/\(.*\)$|\1|p' "$series_dir/$p"
done | sort -u | while read -r f; do
	if [ -f "$pristine/$f" ]; then
		mkdir -p "$tmp/tree/$(dirname "$f")"
		cp "$pristine/$f" "$tmp/tree/$f"
	fi
done
g init -q
g add -f -A
g commit -q --allow-empty -m pristine
base=$(g rev-parse HEAD)
for p in $patches; do
	g am -q "$series_dir/$p" > "$tmp/am.log" 2>&1 ||
		{ echo "cover.sh: $p does not apply:" >&2; cat "$tmp/am.log" >&2; exit 1; }
	# the RFC's shortlog and diffstat start after the last fix, and the
	# fixes' end there
	[ "$p" = "$last_fix" ] || continue
	[ "$posting" = rfc ] && base=$(g rev-parse HEAD)
	[ "$posting" = fixes ] && break
done

# the newest Date: line of the posting's patches, as git would sort them
date=$(for p in $mine; do
	d=$(sed -n 's/^Date: //p;/^$/q' "$series_dir/$p")
	echo "$(date -d "$d" +%s) $d"
done | sort -n | tail -n 1 | cut -d' ' -f2-)

text=$(grep -v '^#' "$text_file")
if echo "$text" | grep -q '@{'; then
	figures=${FIGURES_TOOL:-$tmp/figures}
	# shellcheck disable=SC2046
	[ -n "${FIGURES_TOOL:-}" ] || cc -O2 -Wall -o "$figures" "$here/figures.c" \
		$(pkg-config --cflags --libs jansson) -lm || exit 1
	kv=${series_dir##*/series}
	reports=${FIGURES:-}
	if [ -z "$reports" ]; then
		for a in x86_64: i386:-i386; do
			f=$here/../results/report-fast${a#*:}$kv.json
			[ ! -f "$f" ] || reports="$reports ${a%%:*}=$f"
		done
	fi
	# shellcheck disable=SC2086
	text=$(echo "$text" | "$figures" $reports) ||
		{ echo "cover.sh: a figure of $text_file cannot be filled" >&2; exit 1; }
fi
subject=$(echo "$text" | head -n 1)
{
	echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
	echo "From: Kref Twoseven <kref27@example.org>"
	echo "Date: $date"
	printf 'Subject: [%s %0*d/%d] %s\n' "$prefix" "${#n}" 0 "$n" "$subject"
	echo "$text" | tail -n +2
	echo
	g shortlog "$base..HEAD"
	g diff --stat=72 --summary "$base" HEAD
	echo
	echo "-- "
	git --version | sed 's/^git version //'
	echo
} > "$tmp/cover"
if [ "$out" = - ]; then cat "$tmp/cover"; else cp "$tmp/cover" "$out"; fi
