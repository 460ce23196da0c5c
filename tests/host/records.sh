#!/bin/sh
# records.sh [TOP] - the recorded results and the guides do not rot: KTAP,
# one test per file, then "# N passed, N failed".  Reads README.md,
# series*/README.md and every file of results/ in TOP (default: this tree)
# and fails a file that names
#   - a patch file (NNNN-slug[.patch], new-slug.patch) that is not in its
#     series (series*/series, read now, so a renumbered series is checked
#     as it is), or a patch by number and subject ("0005 ACPI: sysfs", or
#     "| 0006 erofs" in a table) whose number is another patch now;
#   - a make target (`make [VAR=x] [-opt] TARGET...`, in backquotes, in an
#     indented code line, or on a record's "# command:" line) that the
#     Makefile does not define (make -qp reads it and its includes);
#   - an absolute path of a machine (/home, /root, /tmp, /work, ...).
# The guides, README.md and HACKING.md, fail on a make command line whose
# VAR= is not a knob of the Makefile or its includes (a "NAME ?=" line),
# and on a path of the repository (scripts/..., qemu/..., Makefile, ...)
# in backquotes or a code line that is not there (a CAPS or <word> part matches any name); README.md
# also fails past 150 lines, or when its first 40 lines lack the two
# commands (`make`, `make check`) and where the report lands
# (build/report/report.txt).
# Each file of results/ is a record: its first 25 lines give a date
# (YYYY-MM-DD), a commit, its command and the machine, and no line names
# a work session or helpers.
# The manifest, results/README.md, has a table with a row per file of
# results/ (`FILE` | what | command | commit): a row for a file that is not
# there, a file without a row, or a row without a command or a commit
# fails.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
top=$(cd "${1:-$here}" && pwd)
. "$here/lib/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$top" || exit 1

# the patches of each series: "DIR FILE" lines (and its cover letter)
for s in series*/series; do
	d=${s%/series}
	grep -v '^[[:space:]]*\(#\|$\)' "$s" | sed "s|^|$d |"
	for c in "$d"/0000-cover-letter*.patch; do
		[ ! -f "$c" ] || echo "$d ${c##*/}"
	done
done > "$tmp/patches"
# the make targets the Makefile defines (not the calling make's flags:
# make -j check passes its jobserver down)
MAKEFLAGS='' MFLAGS='' MAKELEVEL='' make -qp -f Makefile help 2> /dev/null |
	awk '/^# Not a target/ { skip = 1; next }
	/^[a-zA-Z0-9][^:=#\t ]*:([^=]|$)/ { if (!skip) { sub(/:.*/, ""); print } }
	{ skip = 0 }' | grep -v / | sort -u > "$tmp/targets"
if [ ! -s "$tmp/targets" ]; then
	t_plan 1
	t_fail "the Makefile's targets" "make -qp -f Makefile help read none"
	t_done
	exit
fi

# the knobs: "NAME ?=" lines of the Makefile and the files it includes
# (what make help lists)
mfiles=$(MAKEFLAGS='' MFLAGS='' MAKELEVEL='' make -qp -f Makefile help 2> /dev/null |
	sed -n 's/^MAKEFILE_LIST := //p' | head -n 1)
# shellcheck disable=SC2086
sed -n 's/^\([A-Z_][A-Z0-9_]*\)[ \t]*?=.*/\1/p' ${mfiles:-Makefile} 2> /dev/null |
	sort -u > "$tmp/knobs"
# the repository's files and folders (build/ aside), for the guides' paths
find . -path ./build -prune -o -path ./.git -prune -o -print | sed 's|^\./||' > "$tmp/paths"

files=$(ls README.md HACKING.md series*/README.md results/* 2> /dev/null)
set -- $files
t_plan $(($# + 2))

# the checks of one file, in awk: patches, targets, then the file
prog='
FNR == NR && FILENAME ~ /patches$/ {
	name = $2; sub(/\.patch$/, "", name)
	if (rel == "" || $1 == rel) {
		names[name] = 1
		if (name ~ /^[0-9][0-9][0-9][0-9]-/)
			slug[substr(name, 1, 4)] = slug[substr(name, 1, 4)] " " tolower(substr(name, 6))
	}
	next
}
FILENAME ~ /targets$/ { target[$1] = 1; next }
FILENAME ~ /knobs$/ { knob[$1] = 1; next }
FILENAME ~ /paths$/ { path[$1] = 1; next }
function bad(why) { printf "%s:%d: %s\n", file, FNR, why; nbad++ }
# a patch named by file: the name (or a prefix of it) of a patch
function patchname(p,    n) {
	sub(/\.patch$/, "", p); sub(/[.-]+$/, "", p)
	for (n in names)
		if (index(n, p) == 1)
			return 1
	return 0
}
# a patch named by number and subject: the number is that subject now
function numbered(num, word,    w, s, n, i) {
	w = tolower(word); gsub(/[^a-z0-9_]+/, "-", w); sub(/-+$/, "", w)
	if (w == "")
		return 1
	n = split(slug[num], s, " ")
	for (i = 1; i <= n; i++)
		if (index(s[i], w) == 1)
			return 1
	return 0
}
# a target word of a make command line, placeholders allowed
# (hotplug-<kernel>, hotplug-findings-KERNEL, hotplug-{baseline,patched})
function maketarget(t,    re, a, n, i, ok, alt) {
	if (t in target)
		return 1
	re = t
	gsub(/<[^>]*>/, "[a-z0-9-]+", re)
	gsub(/[A-Z][A-Z_]+/, "[a-z0-9-]+", re)
	while (match(re, /\{[^}]*\}/)) {
		alt = substr(re, RSTART + 1, RLENGTH - 2); gsub(/,/, "|", alt)
		re = substr(re, 1, RSTART - 1) "(" alt ")" substr(re, RSTART + RLENGTH)
	}
	for (i in target)
		if (i ~ ("^" re "$"))
			return 1
	return 0
}
# the make command lines in TEXT
function makes(text,    rest, n, w, i, t) {
	rest = text
	while (match(rest, /(^|[^A-Za-z0-9_$(.\/-])make( |$)/)) {
		rest = substr(rest, RSTART + RLENGTH)
		n = split(rest, w, /[ \t]+/)
		for (i = 1; i <= n; i++) {
			t = w[i]
			if (t == "")
				continue
			if (t ~ /^[A-Z_][A-Z0-9_]*=/ || t ~ /^-/) {
				if (guide && t ~ /^[A-Z_]/) {
					k = t; sub(/=.*/, "", k)
					if (!(k in knob))
						bad("make " k "=: no such knob in the Makefile (make help)")
				}
				if (t ~ /[,;)]$/)
					break
				continue
			}
			stop = (t ~ /[,;:)]$/ || t ~ /\.$/)
			sub(/[,;:.)]+$/, "", t)
			if (t !~ /^[a-z][a-zA-Z0-9<>{},_-]*$/)
				break
			if (!maketarget(t))
				bad("make " t ": no such target in the Makefile")
			if (stop)
				break
		}
	}
}
# a path of the repository named by a guide: there, or (with CAPS or
# <word> parts, or a glob) some path matches it
function repopath(p,    re, i) {
	sub(/[.,:;)]+$/, "", p); sub(/\/$/, "", p)
	if (p in path)
		return 1
	if (p !~ /[<>*{}]|[A-Z][A-Z_]+/)
		return 0
	re = p
	gsub(/\./, "[.]", re); gsub(/\*/, "[^/]*", re); gsub(/<[^>]*>/, "[^/]+", re)
	gsub(/[A-Z][A-Z_]+/, "[^/]+", re)
	while (match(re, /\{[^}]*\}/))
		re = substr(re, 1, RSTART - 1) "(" substr(re, RSTART + 1, RLENGTH - 2) ")" substr(re, RSTART + RLENGTH)
	for (i in path)
		if (i ~ ("^" re "$"))
			return 1
	return 0
}
{
	line = $0
	if (guide) {
		# in backquotes and indented code lines: the names meant literally
		rest = (line ~ /^(    |\t)/) ? line : ""
		span = line
		while (match(span, /`[^`]*`/)) {
			rest = rest " " substr(span, RSTART + 1, RLENGTH - 2)
			span = substr(span, RSTART + RLENGTH)
		}
		while (match(rest, /(^|[^A-Za-z0-9_.~\/$<-])(Makefile|README[.]md|HACKING[.]md|(scripts|series|series-6[.]12|series-tools|tools|kernel|initramfs|qemu|kobject-size-report|tests|lava|results|mk|lib|docs)\/[A-Za-z0-9_.*\/<>{}-]*)/)) {
			p = substr(rest, RSTART, RLENGTH); sub(/^[^A-Za-z]/, "", p)
			rest = substr(rest, RSTART + RLENGTH)
			if (!repopath(p))
				bad("path " p ": not in the repository")
		}
	}
	# patch files: NNNN-slug[.patch] and new-slug.patch
	rest = line
	while (match(rest, /(^|[^A-Za-z0-9_.\/-])(0[0-9][0-9][0-9]-[A-Za-z][A-Za-z0-9_.,+-]*|new-[a-z0-9-]+\.patch)/)) {
		p = substr(rest, RSTART, RLENGTH); sub(/^[^0n]/, "", p)
		rest = substr(rest, RSTART + RLENGTH)
		sub(/[,.]+$/, "", p)
		if (!patchname(p))
			bad("patch " p ": not in " (rel == "" ? "series*" : rel) "/series")
	}
	# patches by number and subject: "0005 ACPI: sysfs", "| 0006 erofs"
	rest = line
	while (match(rest, /(^|[^A-Za-z0-9_.-])0[0-9][0-9][0-9] [A-Za-z][A-Za-z0-9_\/.-]*:|(^|\| )0[0-9][0-9][0-9] [A-Za-z][A-Za-z0-9_\/.-]*/)) {
		m = substr(rest, RSTART, RLENGTH)
		rest = substr(rest, RSTART + RLENGTH)
		match(m, /0[0-9][0-9][0-9] /)
		num = substr(m, RSTART, 4); word = substr(m, RSTART + 5); sub(/:$/, "", word)
		if (!numbered(num, word))
			bad("patch " num " " word ": " num " of " (rel == "" ? "series*" : rel) " is another patch now")
	}
	# absolute paths of a machine
	if (match(line, /(^|[^A-Za-z0-9_.~$\/-])\/(home|root|tmp|work|mnt|srv|media|var\/tmp)\//))
		bad("absolute path: " substr(line, RSTART, 40))
	# make command lines: in backquotes, indented code, "# command:"
	if (line ~ /^(    |\t)/ && md)
		makes(line)
	else if (line ~ /^# *command:/)
		makes(line)
	rest = line
	while (match(rest, /`[^`]*`/)) {
		span = substr(rest, RSTART + 1, RLENGTH - 2)
		rest = substr(rest, RSTART + RLENGTH)
		makes(span)
	}
}
END { exit nbad > 0 }'

# check FILE: the file's bad references, one "FILE:LINE: why" line each
check() {
	case $1 in
	series-6.12/* | *6.12*) rel=series-6.12 ;;
	series/*) rel=series ;;
	*) rel= ;;
	esac
	guide=
	case $1 in README.md | HACKING.md | docs/*) guide=1 ;; esac
	awk -v rel="$rel" -v file="$1" -v md="$(case $1 in *.md) echo 1 ;; esac)" \
		-v guide="$guide" "$prog" \
		"$tmp/patches" "$tmp/targets" "$tmp/knobs" "$tmp/paths" "$1" || return 1
	case $1 in
	README.md) readme "$1" ;;
	results/README.md) ;;
	# not yet in record form, written by their own steps: the findings
	# table (rendered from the findings store) and the series checks'
	# KTAP (remade at each series change)
	results/findings.md | results/series-check*.ktap) ;;
	results/*) record "$1" ;;
	esac
}

# readme FILE: a user's first screen: the two commands and where the
# report lands in its first 40 lines, 150 lines at most
readme() {
	n=$(wc -l < "$1")
	[ "$n" -le 150 ] || echo "$1: $n lines, more than 150"
	head -n 40 "$1" > "$tmp/head"
	grep -q '^    make  *\(#\|$\)' "$tmp/head" || echo "$1: no \`make\` line in its first 40"
	grep -q '^    make check\( \|$\)' "$tmp/head" || echo "$1: no \`make check\` line in its first 40"
	grep -q 'build/report/report[.]txt' "$tmp/head" || echo "$1: its first 40 lines do not say where the report lands (build/report/report.txt)"
}

# record FILE: a record of results/: dated, with its command, commit and
# machine in its first 25 lines; no work session or helpers named
record() {
	head -n 25 "$1" > "$tmp/head"
	grep -q '20[0-9][0-9]-[01][0-9]-[0-3][0-9]' "$tmp/head" || echo "$1: no date (YYYY-MM-DD) in its first 25 lines"
	grep -qi 'command' "$tmp/head" || echo "$1: no command in its first 25 lines"
	grep -q '\b[0-9a-f]\{7,40\}\b' "$tmp/head" || echo "$1: no commit in its first 25 lines"
	grep -qi 'machine' "$tmp/head" || echo "$1: no machine in its first 25 lines"
	grep -niE "session [0-9]|helpers'" "$1" | head -n 3 | sed "s|^|$1:|; s|\$| (a work session, not a record)|"
}

for f; do
	if out=$(check "$f") && [ -z "$out" ]; then
		t_ok "$f"
	else
		t_fail "$f" "$(printf '%s\n' "$out" | head -n 20 | sed '1!s/^/# /')"
	fi
done

# the manifest: a row per file of results/, each with a command and a commit
manifest=results/README.md
awk -F'|' '/^\| *`[^`]*` *\|/ {
	f = $2; gsub(/^ *`|` *$/, "", f)
	cmd = $4; commit = $5
	print f "\t" (cmd ~ /[^ ]/ ? "cmd" : "") "\t" (commit ~ /[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]/ ? "commit" : "")
}' "$manifest" 2> /dev/null > "$tmp/rows"
cut -f1 "$tmp/rows" | sort > "$tmp/listed"
for f in results/*; do [ "$f" = results/README.md ] || echo "${f#results/}"; done | sort > "$tmp/files"
why=$( {
	comm -13 "$tmp/listed" "$tmp/files" | sed 's/^/no row for results\//'
	comm -23 "$tmp/listed" "$tmp/files" | sed 's/^/a row for a file that is not there: results\//'
} )
if [ -s "$tmp/files" ] && [ -z "$why" ]; then
	t_ok "$manifest: a row for every file of results/, and only for them"
else
	t_fail "$manifest: a row for every file of results/, and only for them" \
		"$(printf '%s\n' "${why:-no table}" | sed '1!s/^/# /')"
fi
why=$(awk -F'\t' '$2 != "cmd" { print $1 ": no command" } $3 != "commit" { print $1 ": no commit" }' "$tmp/rows")
# each commit named is one of this repository's (where it has its history)
if git rev-parse --is-shallow-repository 2> /dev/null | grep -qx false; then
	for c in $(awk -F'|' '/^\| *`[^`]*` *\|/ { print $5 }' "$manifest" | grep -o '\b[0-9a-f]\{7,40\}\b' | sort -u); do
		git cat-file -e "$c^{commit}" 2> /dev/null || why="$why
commit $c: not in this repository"
	done
fi
why=$(printf '%s\n' "$why" | sed '/^$/d')
if [ -s "$tmp/rows" ] && [ -z "$why" ]; then
	t_ok "$manifest: every row names its command and its commit"
else
	t_fail "$manifest: every row names its command and its commit" \
		"$(printf '%s\n' "${why:-no rows}" | sed '1!s/^/# /')"
fi
t_done
