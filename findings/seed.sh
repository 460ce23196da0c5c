#!/bin/sh
# seed.sh [STORE] - findings/notebooks.tsv's records into STORE (default
# findings/store.jsonl), source "notebook": how the store began.  Run
# again, it adds nothing (findings merge keeps one record per title,
# kernel, operation and n).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
store=${1:-$here/findings/store.jsonl}
tool=${FINDINGS:-$here/build/tools/findings}
tab=$(printf '\t')
grep -v '^#' "$here/findings/notebooks.tsv" |
	while IFS=$tab read -r title kind op n kver kernel series date det fatal line stack; do
		cell=debug
		[ "$kver" = 6.1 ] || cell=debug-$kver
		set -- "title=$title" "kind=$kind" "op=$op" "n#=$n" "kver=$kver" \
			"kernel=$kernel" "cell=$cell" "tree=Debian $kver" "series=$series" \
			"date=$date" "detector=$det" "fatal?=$fatal" "lines[]=$line" \
			"also[]=" "stack[]=" "source=notebook"
		for f in $stack; do
			[ "$f" = - ] || set -- "$@" "stack[]=$f"
		done
		"$tool" json "$@"
	done | "$tool" merge "$store"
