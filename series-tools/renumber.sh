#!/bin/sh
# renumber.sh SERIES_DIR - number a quilt series as git format-patch
# would, after patches were added, dropped or moved in its series file.
#
# Each patch listed in SERIES_DIR/series gets the file name NNNN-<slug>.patch
# (NNNN: its place in the stack; slug: from its Subject, as git format-patch
# makes it) and a Subject prefix numbered within its posting: the patches
# above the line "# ---- posting 2: RFC" are "[PATCH n/K]", the ones below
# it "[RFC PATCH n/M]" (one stack, two postings).  Files are renamed with
# git mv; the series file and the other files of SERIES_DIR are rewritten,
# other tracked files that name an old file name are listed on stderr.
# Prints "old -> new" per renamed file; exit 1 on a listed patch that is
# missing, 2 on usage.
set -eu
[ $# -eq 1 ] && [ -f "$1/series" ] || { echo "usage: $0 SERIES_DIR (holding a series file)" >&2; exit 2; }
dir=${1%/}
top=$(git -C "$dir" rev-parse --show-toplevel)

# git format-patch's file name slug of a subject
slug() {
	printf '%s' "$1" | sed -e 's/[^A-Za-z0-9._]\{1,\}/-/g' -e 's/\.\.*/./g' \
		-e 's/^[-.]*//' -e 's/[-.]*$//' | cut -c1-52
}
# the Subject of a patch, unfolded, without its [...] prefix
subject() {
	sed -n '/^Subject: /{s/^Subject: //;N;s/\n / /;s/\n.*//;p;q}' "$1" |
		sed 's/^\[[^]]*\] *//'
}

{ "$(dirname "$0")/../scripts/series-list.sh" "$dir" fixes | sed 's/^/1 /'
  "$(dirname "$0")/../scripts/series-list.sh" "$dir" rfc | sed 's/^/2 /'; } > "$dir/.renumber.list"
trap 'rm -f "$dir/.renumber.list" "$dir/.renumber.sed"' EXIT
k=$(awk '$1 == 1' "$dir/.renumber.list" | wc -l)
m=$(awk '$1 == 2' "$dir/.renumber.list" | wc -l)
: > "$dir/.renumber.sed"
i=0 j1=0 j2=0
while read -r posting p; do
	[ -f "$dir/$p" ] || { echo "$0: $dir/$p is listed but missing" >&2; exit 1; }
	i=$((i + 1))
	s=$(subject "$dir/$p")
	new=$(printf '%04d-%s.patch' "$i" "$(slug "$s")")
	if [ "$posting" = 1 ]; then
		j1=$((j1 + 1)); prefix=$(printf 'PATCH %0*d/%d' "${#k}" "$j1" "$k")
	else
		j2=$((j2 + 1)); prefix=$(printf 'RFC PATCH %0*d/%d' "${#m}" "$j2" "$m")
	fi
	sed -i "0,\|^Subject: \\[[^]]*\\]|s||Subject: [$prefix]|" "$dir/$p"
	[ "$p" = "$new" ] && continue
	git -C "$dir" mv "$p" "$new"
	echo "$p -> $new"
	printf 's|%s|%s|g\n' "$p" "$new" >> "$dir/.renumber.sed"
done < "$dir/.renumber.list"

# the files of the series that name a renamed patch are rewritten; other
# tracked files that name one are listed (another series may hold a file
# of the same name, so they are not rewritten blindly)
[ -s "$dir/.renumber.sed" ] || exit 0
sed -n 's/^s|\([^|]*\)|.*/\1/p' "$dir/.renumber.sed" > "$dir/.renumber.names"
names=$(cd "$dir" && pwd)/.renumber.names
trap 'rm -f "$dir/.renumber.list" "$dir/.renumber.sed" "$names"' EXIT
for f in $(git -C "$dir" ls-files .); do
	case $f in 0*.patch) ;; *) sed -i -f "$dir/.renumber.sed" "$dir/$f" ;; esac
done
sed -i -f "$dir/.renumber.sed" "$dir/series"
rel=$(cd "$dir" && git rev-parse --show-prefix)
git -C "$top" ls-files -z | (cd "$top" && xargs -0 grep -lF -f "$names" 2>/dev/null || true) |
	grep -v "^$rel" | sed 's/^/still names an old file name: /' >&2 || true
