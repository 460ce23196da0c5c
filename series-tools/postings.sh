#!/bin/sh
# postings.sh PRISTINE OUT - write the postings of the series (SERIES_DIR,
# default series/) as mails a maintainer can apply, from its one quilt
# stack and the table "Postings and upstream status" of its README.md
# (series-tools/postings-table.sh reads and checks it):
#
#   OUT/POSTING/0000-cover-letter.patch, 0001-....patch ...  one posting per
#       subsystem (the sections of postings.txt): "[PATCH n/m]" mails and a
#       cover letter that stands alone (postings.txt's text, the base and the
#       order to apply in, with any patch of another posting to apply first,
#       the patches left out and why, the shortlog and the diffstat)
#   OUT/rfc/...     the RFC: "[RFC PATCH n/m]", its letter cover-rfc.txt with
#                   every @{...} figure filled from the size reports
#   OUT/stable/NNNN-....patch  each stable backport alone, "[PATCH X.Y.y]",
#                   To: stable@vger.kernel.org (a "reply" in the thread it
#                   answers: In-Reply-To)
#
# The author and Signed-off-by of the series' placeholder identity become
# the git identity of whoever runs this (postings-identity.sh: it refuses a
# placeholder or unset one, exit 1, before anything is written); a
# backport keeps its author.  To and Cc: PRISTINE's own
# scripts/get_maintainer.pl (--no-git) for every patch of the posting, the
# maintainers To, lists and reviewers Cc.  Every mail set is applied with
# git am, in its letter's order, to a git tree of PRISTINE (OUT.tree,
# made once): a mail that does not apply stops it (exit 1, naming the mail
# and the log).  FIGURES="NAME=REPORT.json ..." gives the size reports
# the RFC letter's figures come from (series-tools/figures.c, built as
# FIGURES_TOOL).  Exit 0: every posting written.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
series_dir=$(cd "${SERIES_DIR:-$here/../series}" && pwd)
[ $# -eq 2 ] || { echo "usage: $0 PRISTINE OUT" >&2; exit 2; }
ident=$("$here/postings-identity.sh") || exit 1
pristine=$(cd "$1" && pwd) || exit 2
out=$2
[ -x "$pristine/scripts/get_maintainer.pl" ] ||
	{ echo "postings: $pristine has no scripts/get_maintainer.pl" >&2; exit 2; }
name=${ident% <*}
email=${ident##*<}
email=${email%>}
version=$(awk '/^VERSION =/ { v = $3 } /^PATCHLEVEL =/ { p = $3 }
	/^SUBLEVEL =/ { print v "." p "." $3; exit }' "$pristine/Makefile")
stable_tag=${version%.*}.y
table=$("$here/postings-table.sh" "$series_dir") || exit 1
mkdir -p "$out"
out=$(cd "$out" && pwd)
tree=$out.tree
log=$out/postings.log
: > "$log"

# subject FILE: the Subject of a patch, unfolded, without its [...] prefix
subject() {
	awk '/^$/ { exit } /^Subject: / { s = $0; on = 1; next }
	     on && /^[ \t]/ { s = s $0; next } { on = 0 }
	     END { sub(/^Subject: */, "", s); sub(/^\[[^]]*\] */, "", s); print s }' "$1"
}
# field N LINE: the Nth tab-separated field of a table line
field() { echo "$2" | cut -f "$1"; }

# ---- the git tree of PRISTINE, made once --------------------------------
if [ ! -f "$tree/.git/postings-base" ]; then
	echo "postings: a git tree of $pristine in $tree (once)" >&2
	rm -rf "$tree"
	cp -a "$pristine" "$tree"
	git -C "$tree" init -q
	git -C "$tree" add -A -f
	git -C "$tree" -c user.name=pristine -c user.email=pristine@localhost \
		commit -q -m "v$version (the tree the series is against)"
	git -C "$tree" rev-parse HEAD > "$tree/.git/postings-base"
fi
base=$(cat "$tree/.git/postings-base")
g() { git -C "$tree" -c user.name="$name" -c user.email="$email" "$@"; }

# ---- To and Cc of a patch: get_maintainer.pl on PRISTINE ------------------
# "T ADDRESS" (To) and "C ADDRESS" (Cc) lines
recipients() {
	(cd "$pristine" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
		--no-tree --rolestats "$1") 2>> "$log" |
	awk '/\((maintainer|supporter|odd fixer|chief penguin)[:)]/ { sub(/ \(.*$/, ""); print "T " $0; next }
	     /\(/ { sub(/ \(.*$/, ""); print "C " $0 }'
}
# header KIND LINES: "To: a,\n b" from the "T x" / "C x" lines, each address once
header() {
	echo "$2" | awk -v k="$1" '$1 == substr(k, 1, 1) && !seen[$0]++ { sub(/^. /, ""); a[++n] = $0 }
	END { if (!n) exit; printf "%s: %s", k == "T" ? "To" : "Cc", a[1]
	      for (i = 2; i <= n; i++) printf ",\n %s", a[i]; print "" }'
}

# write_mail SRC DEST PREFIX RCPT [IN_REPLY_TO]: the patch as a mail
write_mail() {
	awk -v prefix="$3" -v ident="$ident" -v name="$name" -v email="$email" \
	    -v to="$(header T "$4")" -v cc="$(header C "$4")" -v irt="${5:-}" '
	BEGIN { hdr = 1; msg = 1 }
	/^diff --git / { msg = 0 }
	msg {
		gsub(/Kref Twoseven <kref27@example\.org>/, ident)
		gsub(/Kref Twoseven/, name); gsub(/kref27@example\.org/, email)
	}
	hdr && /^Subject: / { sub(/^Subject: *\[[^]]*\] */, "Subject: [" prefix "] ") }
	hdr && /^$/ {
		if (to != "") print to
		if (cc != "") print cc
		if (irt != "") { print "In-Reply-To: " irt; print "References: " irt }
		hdr = 0
	}
	{ print }' "$1" > "$2"
}

# ---- the mails ---------------------------------------------------------------
rm -rf "$out"/*/
echo "$table" > "$out/table.tsv"
postings=$(cut -f2 "$out/table.tsv" | awk '!seen[$0]++')
for p in $postings; do
	mkdir -p "$out/$p"
	sent=$(awk -F'\t' -v p="$p" '$2 == p && $4 != "out" { print $1 }' "$out/table.tsv")
	m=$(echo "$sent" | grep -c . || true)
	i=0
	rcpt_all=
	for f in $sent; do
		i=$((i + 1))
		line=$(awk -F'\t' -v f="$f" '$1 == f' "$out/table.tsv")
		rcpt=$(recipients "$series_dir/$f")
		[ -n "$rcpt" ] || { echo "postings: get_maintainer.pl names nobody for $f ($log)" >&2; exit 1; }
		case $(field 4 "$line") in
		backport|reply)
			irt=
			[ "$(field 4 "$line")" = reply ] && irt=$(field 5 "$line")
			author=$(sed -n 's/^From: //p;/^$/q' "$series_dir/$f")
			write_mail "$series_dir/$f" "$out/$p/$f" "PATCH $stable_tag" \
				"T stable@vger.kernel.org
$(echo "$rcpt" | sed 's/^T /C /')
C $author" "$irt" ;;
		rfc)	rcpt_all="$rcpt_all
$rcpt"
			write_mail "$series_dir/$f" "$out/$p/$(printf %04d $i)-${f#*-}" \
				"$(printf 'RFC PATCH %0*d/%d' ${#m} $i $m)" "$rcpt" ;;
		*)	rcpt_all="$rcpt_all
$rcpt"
			write_mail "$series_dir/$f" "$out/$p/$(printf %04d $i)-${f#*-}" \
				"$(printf 'PATCH %0*d/%d' ${#m} $i $m)" "$rcpt" ;;
		esac
	done
	echo "$rcpt_all" > "$out/$p/.rcpt"
done

# mail_of FILE: the mail written for a series patch
mail_of() {
	for d in "$out"/*/; do
		[ -f "$d/$1" ] && { echo "$d$1"; return; }
		for m in "$d"[0-9][0-9][0-9][0-9]-"${1#*-}"; do
			[ -f "$m" ] && { echo "$m"; return; }
		done
	done
	echo "postings: no mail written for $1" >&2
	exit 1
}
# apply MAIL...: git am each, or stop naming it
apply() {
	for mail in "$@"; do
		g am -q "$mail" >> "$log" 2>&1 || {
			g am --abort > /dev/null 2>&1 || true
			echo "postings: $mail does not apply to v$version ($log)" >&2
			exit 1
		}
	done
}

# ---- the stable mails: each applies alone ----------------------------------
for mail in "$out"/stable/*.patch; do
	[ -f "$mail" ] || continue
	g checkout -q -f -B stable "$base"
	apply "$mail"
done

# ---- the cover letters -------------------------------------------------------
reports=
for r in ${FIGURES:-}; do reports="$reports $r"; done
for p in $postings; do
	[ "$p" = stable ] && continue
	dir=$out/$p
	files=$(awk -F'\t' -v p="$p" '$2 == p && $4 != "out" { print $1 }' "$out/table.tsv")
	needs=$(awk -F'\t' -v p="$p" '$2 == p && $3 != "-" { gsub(/,/, "\n", $3); print $3 }' \
		"$out/table.tsv" | awk '!seen[$0]++')
	g checkout -q -f -B "posting-$p" "$base"
	first=
	for f in $needs; do
		case " $files " in *" $f "*) continue ;; esac
		first="$first $(mail_of "$f")"
	done
	# shellcheck disable=SC2086
	[ -z "$first" ] || apply $first
	top=$(g rev-parse HEAD)
	apply "$dir"/[0-9][0-9][0-9][0-9]-*.patch
	n=$(echo "$files" | grep -c .)
	if [ "$p" = rfc ]; then
		text=$(grep -v '^#' "$series_dir/cover-rfc.txt")
		# shellcheck disable=SC2086
		echo "$text" | grep -q '@{' && { text=$(echo "$text" |
			"${FIGURES_TOOL:?FIGURES_TOOL: the figures tool}" $reports) || {
			echo "postings: a figure of $series_dir/cover-rfc.txt cannot be filled (FIGURES:$reports)" >&2
			exit 1; }; }
		prefix="RFC PATCH"
	else
		text=$(awk -v p="[$p]" '$0 == p { on = 1; next } /^\[/ { on = 0 } on' "$here/postings.txt" |
			sed "s/@VERSION@/$version/g")
		prefix=PATCH
	fi
	date=$(for f in $files; do
		d=$(sed -n 's/^Date: //p;/^$/q' "$series_dir/$f")
		echo "$(date -d "$d" +%s) $d"
	done | sort -n | tail -n 1 | cut -d' ' -f2-)
	rcpt=$(cat "$dir/.rcpt")
	{
		echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
		echo "From: $ident"
		echo "Date: $date"
		printf 'Subject: [%s %0*d/%d] %s\n' "$prefix" "${#n}" 0 "$n" "$(echo "$text" | head -n 1)"
		header T "$rcpt"
		header C "$rcpt"
		echo "$text" | tail -n +2
		echo
		echo "Base and order"
		echo "--------------"
		echo
		echo "Against v$version.  Apply with git am in the order of the numbers"
		if [ -n "$first" ]; then
			echo "1-$n, after these, posted apart:"
			for mail in $first; do
				printf '  "[%s] %s"\n' "$(sed -n 's/^Subject: \[\([^]]*\)\].*/\1/p;/^$/q' "$mail")" \
					"$(subject "$mail")"
			done
		else
			echo "1-$n; nothing else is needed."
		fi
		# the reason of a patch left out: its status up to "Searched:"
		left=$(awk -F'\t' -v p="$p" '$2 == p && $4 == "out" {
			sub(/ *Searched:.*$/, "", $6); print $1 "\t" $6 }' "$out/table.tsv")
		if [ -n "$left" ]; then
			echo
			echo "Left out"
			echo "--------"
			echo "$left" | while IFS='	' read -r f why; do
				# "-": the reason is another row's
				[ "${why%% *}" != - ] || continue
				echo
				# a patch dropped from the stack: its reason alone
				case $f in
				dropped:*) echo "$why" ;;
				*) echo "\"$(subject "$series_dir/$f")\": $why" ;;
				esac | fold -s -w 72 | sed 's/ *$//'
			done
		fi
		echo
		g shortlog "$top..HEAD"
		g diff --stat=72 --summary "$top" HEAD
		echo
		echo "-- "
		git --version | sed 's/^git version //'
		echo
	} > "$dir/0000-cover-letter.patch"
	rm -f "$dir/.rcpt"
	echo "postings: $p: $n patches and a cover letter, applied to v$version ($dir)"
done
rm -f "$out"/stable/.rcpt
echo "postings: stable: $(ls "$out"/stable/*.patch 2> /dev/null | wc -l) mails, each applied alone to v$version"
echo "postings: written as $ident under $out"
