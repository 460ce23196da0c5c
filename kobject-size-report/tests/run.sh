#!/bin/sh
# run.sh - tests of the report tool (ksr-report) on recorded inputs; KTAP.
#
# inputs/: probe outputs (the ".ascii ->" lines of real probe.s files),
# pahole dumps and guest run data recorded from this project's trees and
# runs (see inputs/README).  Each test runs the tool on a copy of the good
# set, with one input broken or removed, and checks the exit status, that
# the error names the input, and that no report was written.
# Usage: tests/run.sh [-t TOOL] (from anywhere).  Exit 0 if every test
# passed.  tests/run.sh -t /bin/true runs the cases against a tool that
# accepts anything: every case must then fail (a check of the checks).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2046
cc -O2 -Wall -Wextra -Werror -o "$tmp/ksr-report" "$top"/src/*.c \
	$(pkg-config --cflags --libs jansson) || {
	echo "Bail out! cannot build the report tool"; exit 1; }
given=
while getopts t: opt; do case $opt in t) given=$OPTARG ;; *) echo "usage: $0 [-t TOOL]" >&2; exit 2 ;; esac; done
[ -n "$given" ] && cp "$given" "$tmp/ksr-report"
. "$top/../lib/ktap.sh"

ok() {	# ok STATUS NAME [DIAG]
	if [ "$1" = 0 ]; then t_ok "$2"
	elif [ -n "${3:-}" ]; then t_fail "$2" "$3"
	else t_fail "$2"
	fi
}

# A fresh copy of the good inputs in $tmp/in; args.txt names them relative.
fresh() {
	rm -rf "$tmp/in" "$tmp/out"
	cp -r "$here/inputs" "$tmp/in"
	cp "$top/ktype-map.txt" "$tmp/in/"
	mkdir "$tmp/out"
}
tool() { (cd "$tmp/in" && xargs "$tmp/ksr-report" --out "$tmp/out" < args.txt) \
	> "$tmp/stdout" 2> "$tmp/stderr"; }

# expect_fail NAME WANT-IN-STDERR: the tool fails, says WANT, writes nothing.
expect_fail() {
	tool && { ok 1 "$1" "exit 0, expected failure"; return; }
	if ! grep -qF -- "$2" "$tmp/stderr"; then
		ok 1 "$1" "stderr lacks '$2': $(cat "$tmp/stderr")"
	elif [ -n "$(ls "$tmp/out")" ]; then
		ok 1 "$1" "wrote $(ls "$tmp/out") despite the error"
	else
		ok 0 "$1"
	fi
}

. "$here/cases.sh" > "$tmp/results"
t_plan "$t_n"
cat "$tmp/results"
t_done
