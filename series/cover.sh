#!/bin/sh
# cover.sh PRISTINE [OUT] - write the series' cover letter, as
# "git format-patch --cover-letter" would: the text of cover.txt (its first
# line is the subject, then a blank line, then the body; '#' lines are left
# out), then the shortlog and the diffstat of the whole series, computed by
# applying every patch of the series file with git am to a git repository
# holding PRISTINE's copy of each file the series touches.
#
#   PRISTINE  the unpacked 6.1.192 tree (only read)
#   OUT       where to write (default: 0000-cover-letter.patch beside this
#             script); "-" for stdout
#
# The subject gets "[PATCH 00/N]", N counted from the series file; the Date
# is the newest Date of the patches, so that re-running it on the same
# series gives the same file.  Environment: SERIES_DIR (default: this
# script's directory).  Exit 1 if a patch does not apply, 2 on usage.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
series_dir=$(cd "${SERIES_DIR:-$here}" && pwd)
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 PRISTINE [OUT]" >&2; exit 2; }
pristine=$(cd "$1" && pwd) || exit 2
out=${2:-$series_dir/0000-cover-letter.patch}
[ -f "$series_dir/cover.txt" ] || { echo "cover.sh: no $series_dir/cover.txt" >&2; exit 2; }

patches=$(grep -v '^[[:space:]]*\(#\|$\)' "$series_dir/series")
n=$(echo "$patches" | grep -c .)

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
done

# the newest Date: line of the patches, as git would sort them
date=$(for p in $patches; do
	d=$(sed -n 's/^Date: //p;/^$/q' "$series_dir/$p")
	echo "$(date -d "$d" +%s) $d"
done | sort -n | tail -n 1 | cut -d' ' -f2-)

text=$(grep -v '^#' "$series_dir/cover.txt")
subject=$(echo "$text" | head -n 1)
{
	echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
	echo "From: Kref Twoseven <kref27@example.org>"
	echo "Date: $date"
	printf 'Subject: [PATCH %02d/%d] %s\n' 0 "$n" "$subject"
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
