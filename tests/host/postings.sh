#!/bin/sh
# postings.sh - the parts of `make postings` that need no kernel tree; KTAP,
# then "# N passed, N failed".
#   - the figures tool (series-tools/figures.c): known figures of a recorded
#     report.json, and a token it cannot fill refused, naming it;
#   - the sender: series-tools/postings.sh refuses an unset or placeholder
#     git identity (the series' own, a noreply or .example address) before
#     it writes anything, and postings-identity.sh takes a real one;
#   - the split: the table "Postings and upstream status" of series/ and
#     series-6.12/ covers every patch of their `series` exactly once
#     (postings-table.sh), and a copy without a row or with a row twice is
#     refused;
#   - the figures of the committed RFC cover letters: each letter's text
#     (cover-rfc.txt, its figures @{...}) filled from the records of
#     report.json (results/report-fast*.json) is the committed
#     0000-cover-letter-rfc.patch's text, so a figure typed by hand, or left
#     behind by a new record, fails here; a copy with one figure changed is
#     seen failing.
# The records are made again after a change of the series by `make
# report` (and ARCH=i386, KVER=6.12), then copying build/report*/report.json
# to results/report-fast*.json and series-tools/cover.sh PRISTINE rfc
# (results/README.md).
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/lib/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$here" || exit 1
# shellcheck disable=SC2046
cc -O2 -Wall -Wextra -Werror -o "$tmp/figures" series-tools/figures.c \
	$(pkg-config --cflags --libs jansson) -lm 2> "$tmp/cc.log" || {
	echo "Bail out! cannot build series-tools/figures.c: $(head -n 3 "$tmp/cc.log")"; exit 1; }

# res RC NAME [WHY]
res() { if [ "$1" -eq 0 ]; then t_ok "$2"; else t_fail "$2" "${3:-}"; fi; }

t_plan 14

# ---- the figures tool ---------------------------------------------------------
rec=kobject-size-report/tests/expected/report.json
got=$(printf '%s\n' '@{r:vmlinux[tier=debug].data|delta|+} @{r:growth[struct=kobject,layout=i386-dist].new}' \
	'@{r:bench[benchmark=get_put].baseline.median|r2}' | "$tmp/figures" "r=$rec" 2>&1)
want=$(printf '%s\n' '+20864 40' '47.03')
[ "$got" = "$want" ]
res $? "figures: vmlinux data, sizeof and a median of a recorded report.json" "got: $got"
echo 'x @{r:vmlinux[tier=nosuch].data|delta}' | "$tmp/figures" "r=$rec" > /dev/null 2> "$tmp/err"
rc=$?
[ "$rc" = 1 ] && grep -q 'vmlinux\[tier=nosuch\].*no element' "$tmp/err"
res $? "figures: a path the report lacks is refused, naming the token (exit $rc)" "$(cat "$tmp/err")"

# ---- the sender ---------------------------------------------------------------
# who NAME EMAIL: run postings.sh with only that identity; its exit, stderr in $tmp/err
who() {
	printf '[user]\n' > "$tmp/gitconfig"
	[ -z "$1" ] || printf '\tname = %s\n' "$1" >> "$tmp/gitconfig"
	[ -z "$2" ] || printf '\temail = %s\n' "$2" >> "$tmp/gitconfig"
	(cd "$tmp" && HOME=$tmp GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=$tmp/gitconfig \
		"$here/series-tools/postings.sh" "$tmp/no-tree" "$tmp/out") > /dev/null 2> "$tmp/err"
}
for id in "Kref Twoseven|kref27@example.org" \
	  "Seed c06b721b maintainers|maintainers@users.noreply.a-seed-c06b721b.example" \
	  "A Person|a.person@example.com" "|"; do
	who "${id%|*}" "${id#*|}"
	rc=$?
	[ "$rc" = 1 ] && grep -q 'no mail is written' "$tmp/err" && [ ! -e "$tmp/out" ]
	res $? "sender '${id%|*} <${id#*|}>' refused before anything is written (exit $rc)" "$(cat "$tmp/err")"
done
printf '[user]\n\tname = Ada Lovelace\n\temail = ada@lovelace.dev\n' > "$tmp/gitconfig"
got=$(cd "$tmp" && HOME=$tmp GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=$tmp/gitconfig \
	"$here/series-tools/postings-identity.sh" 2>&1)
[ "$got" = "Ada Lovelace <ada@lovelace.dev>" ]
res $? "sender 'Ada Lovelace <ada@lovelace.dev>' taken" "$got"

# ---- the split ------------------------------------------------------------------
for d in series series-6.12; do
	series-tools/postings-table.sh "$d" > "$tmp/table" 2> "$tmp/err"
	rc=$?
	scripts/series-list.sh "$d" patched > "$tmp/files"
	[ "$rc" = 0 ] && [ "$(cut -f1 "$tmp/table" | grep -v '^dropped:')" = "$(cat "$tmp/files")" ]
	res $? "$d: the postings table has every patch of the series once ($(wc -l < "$tmp/files") patches, $(cut -f2 "$tmp/table" | sort -u | wc -l) postings)" \
		"$(head -n 8 "$tmp/err")"
done
cp -r series "$tmp/s"
row=$(grep -m 1 '^| kset-fix-memory-leak' series/README.md)
grep -vF "$row" series/README.md > "$tmp/s/README.md"
series-tools/postings-table.sh "$tmp/s" > /dev/null 2> "$tmp/err"
rc=$?
[ "$rc" = 1 ] && grep -q 'no row for 0[0-9]*-kset-fix' "$tmp/err"
res $? "a table without the kset backport's row is refused (exit $rc)" "$(cat "$tmp/err")"
{ cat series/README.md; echo "$row"; } > "$tmp/s/README.md"
series-tools/postings-table.sh "$tmp/s" > /dev/null 2> "$tmp/err"
rc=$?
[ "$rc" = 1 ] && grep -q 'two rows for kset-fix' "$tmp/err"
res $? "a table with a row twice is refused (exit $rc)" "$(cat "$tmp/err")"

# ---- the figures of the committed RFC letters ----------------------------------
# letter_text LETTER N: the first N lines of the letter's text (its Subject
# without the prefix, then the body up to the shortlog)
letter_text() {
	awk -v n="$2" 'h == 0 && /^Subject: / { sub(/^Subject: \[[^]]*\] /, ""); print; c = 1; next }
	h == 0 && /^$/ { h = 1 } h && c < n { print; c++ }' "$1"
}
# filled_args DIR: NAME=FILE of the records of DIR's kernel that exist
filled_args() {
	kv=$([ "$1" = series ] || echo "-${1#series-}")
	for a in x86_64: i386:-i386; do
		f=results/report-fast${a#*:}$kv.json
		[ ! -f "$f" ] || echo "${a%%:*}=$f"
	done
}
# same_figures TEXT LETTER NAME=REPORT...: LETTER's text is TEXT (a
# cover-*.txt) with its figures filled from the reports
same_figures() {
	text=$1 letter=$2
	shift 2
	grep -v '^#' "$text" | "$tmp/figures" "$@" > "$tmp/want" 2> "$tmp/err" || return 1
	! grep -q '@{' "$tmp/want" || { echo "a figure left unfilled" > "$tmp/err"; return 1; }
	letter_text "$letter" "$(wc -l < "$tmp/want")" > "$tmp/got"
	diff "$tmp/want" "$tmp/got" > "$tmp/err"
}
for d in series series-6.12; do
	# shellcheck disable=SC2046
	same_figures "$d/cover-rfc.txt" "$d/0000-cover-letter-rfc.patch" $(filled_args "$d")
	res $? "$d: every figure of the committed RFC letter is report.json's ($(grep -o '@{' "$d/cover-rfc.txt" | wc -l) figures)" \
		"$(head -n 6 "$tmp/err")"
done
# the check itself, on a letter made from a recorded report.json: passes
# with the figure filled, fails with the figure typed by hand
printf '%s\n' '# a comment' 'kobject: a letter' '' \
	'vmlinux data @{r:vmlinux[tier=debug].data|delta|+} B, kobject @{r:growth[struct=kobject,layout=i386-dist].new} B' > "$tmp/cover.txt"
printf '%s\n' 'From: A <a@b.dev>' 'Subject: [RFC PATCH 0/1] kobject: a letter' '' \
	'vmlinux data +20864 B, kobject 40 B' '' 'A (1):' > "$tmp/good.patch"
sed 's/+20864/+5200/' "$tmp/good.patch" > "$tmp/typed.patch"
same_figures "$tmp/cover.txt" "$tmp/good.patch" "r=$rec" && ok=0 || ok=1
why=$(cat "$tmp/err")
! same_figures "$tmp/cover.txt" "$tmp/typed.patch" "r=$rec"
[ $? = 0 ] && [ "$ok" = 0 ]
res $? "a letter whose figure is report.json's passes, one typed by hand (+5200 for +20864) fails" "$why"
t_done
