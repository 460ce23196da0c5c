#!/bin/sh
# postings-check.sh PRISTINE OUT - check the postings postings.sh wrote
# under OUT, as a maintainer would take them; KTAP, a result per posting
# and check, then "# N passed, N failed".  For each posting with a cover
# letter: the mails its letter names to apply first, then its numbered
# mails, applied with git am to the git tree of PRISTINE (OUT.tree) in
# that order; each stable mail applied alone.  Every mail: checkpatch.pl
# --strict of PRISTINE (run in that git tree) clean but for the messages
# SERIES_DIR/checkpatch.allow allows its patch (and UNKNOWN_COMMIT_ID:
# that tree has no history); From: the sender (`git config`,
# postings-identity.sh), or for a backport its upstream author and a
# "commit ... upstream." line;
# the last Signed-off-by the sender's; a To: header; no placeholder
# identity left.  Each set accepted by `git send-email --dry-run` (no
# network: nothing is sent).  Exit 0 when every check passed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
series_dir=$(cd "${SERIES_DIR:-$here/../series}" && pwd)
[ $# -eq 2 ] || { echo "usage: $0 PRISTINE OUT" >&2; exit 2; }
pristine=$(cd "$1" && pwd) || exit 2
out=$(cd "$2" && pwd) || exit 2
tree=$out.tree
. "$here/../lib/ktap.sh"
ident=$("$here/postings-identity.sh") || exit 1
git send-email --help > /dev/null 2>&1 ||
	{ echo "postings-check: no git send-email (Debian's git-email: scripts/install-deps.sh postings)" >&2; exit 2; }
[ -f "$tree/.git/postings-base" ] || { echo "postings-check: no $tree (run postings.sh first)" >&2; exit 2; }
base=$(cat "$tree/.git/postings-base")
logs=$out/check
rm -rf "$logs"
mkdir -p "$logs"
g() { git -C "$tree" -c user.name=check -c user.email=check@localhost "$@"; }

# subject MAIL: its Subject header, unfolded, with its [...] prefix
subject() {
	awk '/^$/ { exit } /^Subject: / { s = $0; on = 1; next }
	     on && /^[ \t]/ { s = s $0; next } { on = 0 }
	     END { sub(/^Subject: */, "", s); print s }' "$1"
}
# mail_check MAIL LOG: checkpatch and headers of one mail; the problems in LOG
mail_check() {
	src=$(basename "$1")
	src=$(ls "$series_dir"/[0-9][0-9][0-9][0-9]-"${src#*-}" 2> /dev/null | head -n 1)
	src=${src##*/}
	# in the git tree of PRISTINE, as in a maintainer's tree: checkpatch
	# seeds its CamelCase exceptions from the tree's include/ and looks
	# commit ids up in its history (which has no upstream commit)
	(cd "$tree" && perl scripts/checkpatch.pl --strict --terse --show-types \
		--no-summary "$1") > "$2.checkpatch" 2>&1
	# UNKNOWN_COMMIT_ID: the git tree here has no upstream history; every
	# id the patches cite was looked up in the public record (the series
	# README's status table), and a maintainer's tree has them
	sed -n 's/^[^:]*:[0-9]*: *\(ERROR\|WARNING\|CHECK\):\([A-Z_0-9]*\):.*/\2/p' "$2.checkpatch" |
		grep -v '^UNKNOWN_COMMIT_ID$' | sort -u | while read -r type; do
		awk -v p="$src" -v t="$type" '$1 == p && $2 == t { f = 1 } END { exit !f }' \
			"$series_dir/checkpatch.allow" ||
			echo "checkpatch: $type, not allowed for $src: $(grep ":$type:" "$2.checkpatch" | head -n 1)"
	done
	from=$(sed -n 's/^From: //p;/^$/q' "$1")
	if [ "$from" != "$ident" ] && ! grep -q '^commit [0-9a-f]\{40\} upstream\.$' "$1"; then
		echo "From: $from, not the sender $ident"
	fi
	sob=$(sed '/^---$/q' "$1" | sed -n 's/^Signed-off-by: //p' | tail -n 1)
	[ "$sob" = "$ident" ] || echo "last Signed-off-by: '$sob', not $ident"
	sed '/^$/q' "$1" | grep -q '^To: ' || echo "no To: header"
	grep -n 'Kref Twoseven\|kref27@example\.org' "$1" | head -n 1 | sed 's/^/placeholder identity left: /'
}
# numbered DIR: the posting's patch mails, without the cover letter
numbered() { ls "$1"/[0-9][0-9][0-9][0-9]-*.patch | grep -v '/0000-cover-letter\.patch$'; }
# res RC NAME [WHY]: a result, WHY's lines under a failure
res() {
	if [ "$1" -eq 0 ]; then t_ok "$2"; else t_fail "$2" "${3:-}"; fi
	return "$1"
}
# send_dry MAIL...: git send-email accepts them (nothing is sent)
send_dry() {
	git send-email --dry-run --confirm=never --quiet --from="$ident" "$@" < /dev/null
}

# ---- each posting: its letter's order ----------------------------------------
for dir in "$out"/*/; do
	p=$(basename "$dir")
	letter=$dir/0000-cover-letter.patch
	[ -f "$letter" ] || continue
	log=$logs/$p.log
	: > "$log"
	# the mails the letter names to apply first, by subject
	first=$(sed -n '/^Against v/,/^$/s/^  "\(.*\)"$/\1/p' "$letter" | while read -r s; do
		m=$(for f in "$out"/*/*.patch; do [ "$(subject "$f")" = "$s" ] && echo "$f"; done | head -n 1)
		[ -n "$m" ] || echo "the letter names \"$s\", which is no mail under $out" >> "$log"
		echo "$m"
	done)
	g checkout -q -f -B "check-$p" "$base" >> "$log" 2>&1
	for m in $first $(numbered "$dir"); do
		g am -q "$m" >> "$log" 2>&1 || { echo "git am: $m does not apply" >> "$log"; g am --abort > /dev/null 2>&1; break; }
	done
	! grep -q '^\(git am\|the letter\)' "$log"
	res $? "$p: the letter's order applies with git am to v$(sed -n 's/^Against v\([^ ]*\)\.  .*/\1/p' "$letter")" "$(tail -n 5 "$log")"
	: > "$log.mails"
	for m in $(numbered "$dir"); do
		mail_check "$m" "$logs/$(basename "$m")" | sed "s|^|$(basename "$m"): |" >> "$log.mails"
	done
	[ ! -s "$log.mails" ]
	res $? "$p: checkpatch --strict, author, Signed-off-by, To/Cc" "$(head -n 5 "$log.mails")"
	send_dry "$letter" $(numbered "$dir") > "$log.send" 2>&1
	res $? "$p: git send-email --dry-run" "$(tail -n 3 "$log.send")"
done

# ---- the stable mails, each alone ---------------------------------------------
for m in "$out"/stable/*.patch; do
	[ -f "$m" ] || continue
	name=$(basename "$m")
	log=$logs/stable-$name.log
	g checkout -q -f -B check-stable "$base" > "$log" 2>&1
	g am -q "$m" >> "$log" 2>&1
	res $? "stable: $name applies alone" "$(tail -n 5 "$log")" || g am --abort > /dev/null 2>&1
	problems=$(mail_check "$m" "$log"; grep -q '^To: stable@vger.kernel.org' "$m" || echo "not To: stable@")
	[ -z "$problems" ]
	res $? "stable: $name: checkpatch --strict, author, Signed-off-by, To stable@" "$problems"
	send_dry "$m" > "$log.send" 2>&1
	res $? "stable: $name: git send-email --dry-run" "$(tail -n 3 "$log.send")"
done
t_count
t_done
