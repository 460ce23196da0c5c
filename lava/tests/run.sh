#!/bin/sh
# lava/tests/run.sh - lava/records.sh and the judge on recorded LAVA logs
#
# Each lava/tests/logs/NAME.yaml.gz is a log lava-run wrote for a real boot
# (lava/run-jobs.sh, see lava/README.md), NAME.expect the verdict code the
# judge must give it (the local run of the same boot got the same).  Broken
# logs are made from the passing one: a frame cut short (a kernel message
# in the middle), a frame lost, a stream that ends early, a LAVA timeout,
# and a file that is no LAVA log; records.sh must refuse the first four
# with exit 5 ("damaged"), give the timeout 4.  Also lava-log itself:
# lava/tests/records.yaml must print lava/tests/records.expect (every
# escape and msg form; made by the hand parser libyaml replaced), and bad
# input (a broken record, a truncated log, a line that is no YAML, a binary
# file, YAML that is no LAVA record, an empty file) must fail within 20 s
# with a message naming the file and the problem.
# Prints KTAP and "N passed, N failed".
# Environment: as records.sh (LAVA_LOG, TOOLS, KUNIT_PY).
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
t=$(mktemp -d /tmp/lavatest.XXXXXX) || exit 2
trap 'rm -rf "$t"' EXIT
logs=$here/lava/tests/logs
lavalog=${LAVA_LOG:-$here/build/lava/lava-log}
. "$here/lib/ktap.sh"

# check [-m RE] NAME WANT CMD...: CMD's exit must be WANT (and its
# output match the extended regular expression RE)
check() {
	re=
	[ "$1" = -m ] && { re=$2; shift 2; }
	name=$1 want=$2
	shift 2
	"$@" > "$t/out" 2>&1
	rc=$?
	if [ "$rc" = "$want" ] && { [ -z "$re" ] || grep -Eq -- "$re" "$t/out"; }; then
		t_result 0 "$name"
	else
		t_result 1 "$name" "exit $rc, want $want${re:+ and /$re/}"
		sed 's/^/# /' "$t/out" | tail -n 8
	fi
}
pass=$(ls "$logs"/*.expect | while read -r e; do
	[ "$(cat "$e")" = 0 ] && echo "${e%.expect}.yaml.gz" && break; done)

[ -n "$pass" ] || { echo "Bail out! no recorded log with verdict 0 in $logs"; exit 1; }
set -- "$logs"/*.yaml.gz
t_plan "$(($# + 13))"
for g in "$@"; do
	name=$(basename "$g" .yaml.gz)
	zcat "$g" > "$t/$name.yaml"
	check "$name: verdict $(cat "$logs/$name.expect")" "$(cat "$logs/$name.expect")" \
		"$here/lava/records.sh" "$t/$name.yaml" "$t/run-$name"
done

zcat "$pass" > "$t/pass.yaml"
# a KTAP frame cut short: its length no longer matches
awk '!done && /<<KREF ktap 3 / { sub(/>> ok/, ">> o"); done = 1 } 1' \
	"$t/pass.yaml" > "$t/cut.yaml"
check "a frame cut short: damaged" 5 "$here/lava/records.sh" "$t/cut.yaml" "$t/run-cut"
# a data frame lost
awk '!done && /<<KREF data 5 / { done = 1; next } 1' "$t/pass.yaml" > "$t/lost.yaml"
check "a frame lost: damaged" 5 "$here/lava/records.sh" "$t/lost.yaml" "$t/run-lost"
# the KTAP stream ends before its last frame
awk '/<<KREF ktap end / { sub(/end [0-9]+/, "end 999") } 1' "$t/pass.yaml" > "$t/short.yaml"
check "a stream's count wrong: damaged" 5 "$here/lava/records.sh" "$t/short.yaml" "$t/run-short"
# no LAVA log at all
printf 'console line\nanother\n' > "$t/plain.yaml"
check "not a LAVA log: usage error" 5 "$here/lava/records.sh" "$t/plain.yaml" "$t/run-plain"
# lava-log: every escape and msg form decoded as before
check "lava-log decodes records.yaml as records.expect" 0 sh -c \
	'"$1" "$2" > "$4" && diff "$3" "$4" > "$4.diff" || { cat -A "$4.diff"; exit 1; }' \
	- "$lavalog" "$here/lava/tests/records.yaml" "$here/lava/tests/records.expect" "$t/records.out"
# lava-log on bad input: exit 2 (1 for no record at all), file and problem named
{ head -n 3 "$t/pass.yaml"; echo '{"dt": "x", "lvl": "target", "msg": "broken'; } > "$t/bad.yaml"
check -m 'bad\.yaml:4:[0-9]+: .*\(found unexpected end of stream\)' \
	"a broken record: lava-log names the line" 2 timeout 20 "$lavalog" "$t/bad.yaml"
head -n 101 "$t/pass.yaml" | head -c -40 > "$t/trunc.yaml"
check -m 'trunc\.yaml:101:[0-9]+: .*\(found unexpected end of stream\)' \
	"a truncated log: lava-log names its last line" 2 timeout 20 "$lavalog" "$t/trunc.yaml"
echo '{ this is: not: yaml ]' > "$t/noyaml.yaml"
check -m "noyaml\.yaml:1:[0-9]+: .*\(did not find expected ',' or '}'\)" \
	"a line that is no YAML: lava-log names it" 2 timeout 20 "$lavalog" "$t/noyaml.yaml"
printf 'PK\003\004\000\000\n{\377\376\000\001}\n' > "$t/binary.yaml"
check -m 'binary\.yaml:2:1: .*\(invalid leading UTF-8 octet\)' \
	"a binary file: lava-log names it" 2 timeout 20 "$lavalog" "$t/binary.yaml"
echo '{"dt": "x", "level": "info", "message": "hi"}' > "$t/other.yaml"
check -m 'other\.yaml:1:1: .*\(no "lvl" string\)' \
	"YAML that is no LAVA record: lava-log says what it lacks" 2 timeout 20 "$lavalog" "$t/other.yaml"
: > "$t/empty.yaml"
check -m 'empty\.yaml: empty file' "an empty file: lava-log says so" 1 timeout 20 "$lavalog" "$t/empty.yaml"
# LAVA timed out while the guest ran: the judge says timed out (4)
awk '/<<KREF ktap 3 / { exit } 1' "$t/pass.yaml" > "$t/timeout.yaml"
echo '{"dt": "2026-01-01T00:00:00.000000", "lvl": "results", "msg": {"case": "job", "definition": "lava", "error_msg": "lava-test-monitor timed out after 600 seconds", "error_type": "Test", "result": "fail"}}' >> "$t/timeout.yaml"
check "LAVA timed out: verdict 4" 4 "$here/lava/records.sh" "$t/timeout.yaml" "$t/run-timeout"
# the guest never reported and LAVA saw the connection close: boot failed (2)
awk '/<<KREF exit / { exit } 1' "$t/pass.yaml" | sed '/<<KREF \(ktap\|data\) end/d' > "$t/noexit.yaml"
echo '{"dt": "2026-01-01T00:00:00.000000", "lvl": "results", "msg": {"case": "job", "definition": "lava", "error_msg": "Connection closed", "error_type": "Bug", "result": "fail"}}' >> "$t/noexit.yaml"
check "no exit line: verdict 2" 2 "$here/lava/records.sh" "$t/noexit.yaml" "$t/run-noexit"
echo "$t_pass passed, $t_fail failed"
[ "$t_fail" = 0 ]
