# cases.sh - the test cases of run.sh (sourced; uses fresh, tool, ok,
# expect_fail).  Paths in messages are relative to the inputs directory.

# Replace line matching REGEX in FILE by TEXT (sed), in the fresh copy.
edit() { sed -i "$2" "$tmp/in/$1"; }

# expect_json NAME PYEXPR: the tool succeeds on the fresh copy and PYEXPR
# (python3, on the parsed report.json as d) is true: content, not spacing.
expect_json() {
	if ! tool; then
		ok 1 "$1" "$(cat "$tmp/stderr")"
	elif python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if eval(sys.argv[2]) else 1)' "$tmp/out/report.json" "$2" 2> "$tmp/pyerr"; then
		ok 0 "$1"
	else
		ok 1 "$1" "want $2 $(cat "$tmp/pyerr")"
	fi
}
# canon FILE: report.json with sorted keys, one value a line.
canon() { python3 -m json.tool --sort-keys "$1"; }

fresh
if tool; then
	ok 0 "good inputs: exit 0"
	d=$(diff -u "$here/expected/report.txt" "$tmp/out/report.txt") &&
		ok 0 "good inputs: report.txt as recorded" ||
		ok 1 "good inputs: report.txt as recorded" "$d"
	canon "$here/expected/report.json" > "$tmp/want.json"
	d=$(canon "$tmp/out/report.json" 2>&1 | diff -u "$tmp/want.json" - | head -n 40)
	[ -z "$d" ] && ok 0 "good inputs: report.json content as recorded" ||
		ok 1 "good inputs: report.json content as recorded" "$d"
else
	ok 1 "good inputs: exit 0" "$(cat "$tmp/stderr")"
	ok 1 "good inputs: report.txt as recorded"
	ok 1 "good inputs: report.json content as recorded"
fi

fresh; rm "$tmp/in/probe/patched-i386-dist.s"
expect_fail "missing probe output" "missing input: probe/patched-i386-dist.s"
fresh; edit probe/patched-x86_64-dist.s '/->size__kobject /d'
expect_fail "probe without size__kobject" "probe/patched-x86_64-dist.s: figure size__kobject missing"
fresh; edit probe/pristine-i386-dist.s 's/->size__kref \$4/->size__kref $4x/'
expect_fail "probe with a malformed number" "probe/pristine-i386-dist.s:"
fresh; edit probe/baseline-x86_64-debug.s '2p'
expect_fail "probe with a duplicate figure" "duplicate figure"
fresh; edit pahole/patched-x86_64-dist.pahole '0,/size: 80,/s/size: 80,/size: 72,/'
expect_fail "pahole disagrees with the probe" "MISMATCH patched x86_64-dist size__kobject"
fresh; edit pahole/pristine-i386-dist.pahole '/^struct device {/{n;n;q}'
expect_fail "pahole truncated" "pahole/pristine-i386-dist.pahole: truncated inside struct"
fresh; edit pahole/pristine-x86_64-dist.pahole '/^@object lib\/kobject.o/,/^@object/{/^@object drivers/!d}'
expect_fail "pahole without struct kobject" "pahole could not check"
fresh; rm "$tmp/in/runs/debug/patched/census"
expect_fail "missing census" "missing input: runs/debug/patched/census"
fresh; edit runs/debug/baseline/census '3s/.*/ktype device_ktype twelve/'
expect_fail "malformed census count" "runs/debug/baseline/census:3"
fresh; edit runs/debug/patched/census '/^live /d'
expect_fail "census without live" "runs/debug/patched/census: no 'live' line"
fresh; edit runs/debug/patched/census '$a garbage here'
expect_fail "census with a stray line" "malformed census line"
fresh; edit runs/debug/baseline/slabinfo '1s/2.1/2.0/'
expect_fail "slabinfo of another version" "runs/debug/baseline/slabinfo:1: not /proc/slabinfo"
fresh; edit runs/debug/patched/slabinfo '5s/ : slabdata.*//'
expect_fail "slabinfo line cut short" "runs/debug/patched/slabinfo:5: malformed"
fresh; edit runs/debug/patched/meminfo '/^Slab:/d'
expect_fail "meminfo without Slab" "runs/debug/patched/meminfo: no 'Slab' line"
fresh; rm -r "$tmp/in/runs/debug/patched"
expect_fail "run of one kernel only" "missing input: runs/debug/patched/census"
fresh; edit args.txt '/--run debug census patched/d'
expect_fail "only one kernel's run given" "given but not the other kernel"
fresh; edit ktype-map.txt '/^device_ktype/s/ device .*/ device/'
expect_fail "ktype map line without a reason" "ktype-map.txt:"
fresh; edit ktype-map.txt '/^device_ktype/s/ device / no_such_struct /'
expect_fail "ktype mapped to an unmeasured struct" "maps to struct no_such_struct"
# a ktype whose kobject moved between kernel versions is listed once per
# struct: the first one the probes measure is used
fresh; edit ktype-map.txt '/^device_ktype/{h;s/ device / no_such_struct /;p;x}'
expect_json "ktype listed twice: the measured struct wins" \
	'[k["struct"] for r in d["runs"] for k in r["ktypes"]
	  if k["ktype"] == "device_ktype"] == ["device"] * len(d["runs"])'
fresh; edit vmsize/debug-size.txt '2{h;d};3G'
expect_fail "size output in the wrong order" "expected the baseline vmlinux"
fresh; edit vmsize/debug-bloat.txt '/^Total:/d'
expect_fail "bloat-o-meter output truncated" "vmsize/debug-bloat.txt: no Total: line"
fresh; rm "$tmp/in/ktype-map.txt"
expect_fail "missing ktype map" "missing input: ktype-map.txt"

# A ktype in a module prints as "name [module]" (%ps): one symbol.
fresh
edit runs/debug/baseline/census '$a ktype foo_ktype [foo] 3'
edit runs/debug/patched/census '$a ktype foo_ktype [foo] 3'
expect_json "census ktype of a module, unmapped" \
	'[(k["mapped"], k["live"]) for r in d["runs"] for k in r["ktypes"]
	  if k["ktype"] == "foo_ktype [foo]"] == [(False, 3)]'

# Hot path: bench files of the fast tier (inputs/runs/fast/KERNEL/bench-N).
B=runs/fast/patched/bench-2/bench
fresh; rm "$tmp/in/$B"
expect_fail "missing bench file" "missing input: $B"
fresh; edit $B '2s/.*/get_put 200000/'
expect_fail "bench line cut short" "$B:2: malformed bench line"
fresh; edit $B '3s/^[a-z_]* /get_pot /'
expect_fail "bench with an unknown benchmark" "$B:3: unknown benchmark 'get_pot'"
fresh; edit $B '1s/ [0-9]*$/ 12x4/'
expect_fail "bench with a malformed number" "$B:1: malformed number '12x4'"
fresh; edit $B '1s/ [0-9]*$/ 0/'
expect_fail "bench with a time of 0 ns" "$B:1: loops and ns must be > 0"
fresh; edit $B '/^lifecycle /d'
expect_fail "bench without lifecycle (truncated)" "$B: no lifecycle line"
fresh; edit $B '1s/^get_put [0-9]* /get_put 100000 /'
expect_fail "bench with another loop count" "$B:1: get_put ran 100000 loops"
fresh; : > "$tmp/in/$B"
expect_fail "empty bench file" "$B: no get_put line"
fresh; edit args.txt '/--bench fast baseline/d'
expect_fail "bench of one kernel only" "bench fast: patched given but not the other kernel"
fresh; edit args.txt '/--bench fast patched/s/patched/patchd/'
expect_fail "bench of an unknown kernel" "--bench: kernel 'patchd'"

# The figures: the baseline get_put minimum, recomputed from the files.
fresh
want=$(cd "$tmp/in" && awk '$1 == "get_put" { printf "%.3f\n", $3 / $2 }' \
	runs/fast/baseline/bench-*/bench | sort -n | head -n 1)
expect_json "bench: baseline get_put minimum as recomputed ($want ns)" \
	"[b['baseline']['min'] for b in d['bench'] if b['benchmark'] == 'get_put'] == [$want]"

# After the hotplug stress (inputs/runs/fast/KERNEL/hotplug).
fresh; rm "$tmp/in/runs/fast/patched/hotplug/slabinfo"
expect_fail "hotplug run without slabinfo" "missing input: runs/fast/patched/hotplug/slabinfo"
fresh; edit runs/fast/baseline/hotplug/census '1s/^live .*/live many/'
expect_fail "hotplug census with a malformed live count" "runs/fast/baseline/hotplug/census:1"

# slabinfo per cache in report.json: active objects, objsize, slabs, pages
# of both kernels after the stress, as the files give them.
fresh
want=$(cd "$tmp/in/runs/fast" && for k in baseline patched; do
	awk '$1 == "kmalloc-64" { print $2, $4, $15, $15 * $6 }' $k/hotplug/slabinfo
done | awk '{ a[NR] = $1; o[NR] = $2; s[NR] = $3; p[NR] = $4 } END {
	printf "{\"cache\": \"kmalloc-64\", \"active_objs\": [%s, %s], \"objsize\": [%s, %s], \"slabs\": [%s, %s], \"pages\": [%s, %s]}",
		a[1], a[2], o[1], o[2], s[1], s[2], p[1], p[2] }')
expect_json "hotplug: kmalloc-64 slab figures in report.json" \
	"$want in [s for r in d['runs'] if r['scenario'] == 'hotplug' for s in r['slab']]"

# Usage errors: exit 2, the bad option named, nothing written.
# expect_usage NAME WANT-IN-STDERR ARG...: the tool with the good args.txt
# and ARG... appended.
expect_usage() {
	name=$1 want=$2
	shift 2
	fresh
	# shellcheck disable=SC2046
	(cd "$tmp/in" && exec "$tmp/ksr-report" --out "$tmp/out" $(cat args.txt) "$@") \
		> "$tmp/stdout" 2> "$tmp/stderr"
	st=$?
	if [ "$st" != 2 ]; then
		ok 1 "$name" "exit $st, want 2: $(cat "$tmp/stderr")"
	elif ! grep -qF -- "$want" "$tmp/stderr"; then
		ok 1 "$name" "stderr lacks '$want': $(cat "$tmp/stderr")"
	elif [ -n "$(ls "$tmp/out")" ]; then
		ok 1 "$name" "wrote $(ls "$tmp/out") despite the error"
	else
		ok 0 "$name"
	fi
}
expect_usage "unknown option: exit 2, named" "'--prboe'" --prboe a b c
expect_usage "--run with three words: exit 2" "--run needs 4 arguments" \
	--run debug census baseline
expect_usage "option without its argument: exit 2" "'--notes' requires an argument" \
	--notes
expect_usage "stray word: exit 2" "unexpected argument 'stray'" stray
# the layout of a run's growth is the one --tier gives for its tier
# (report.sh holds the tier -> layout rule)
fresh; edit args.txt 's/^--tier fast x86_64-fast$/--tier fast x86_64-debug/'
expect_json "--tier TIER LAYOUT: a run's growth is read in that layout" \
	"sorted(set(r['layout'] for r in d['runs'] if r['tier'] == 'fast')) == ['x86_64-debug']"
expect_usage_edited() {	# NAME WANT SED: like expect_usage, args.txt edited
	fresh; edit args.txt "$3"
	(cd "$tmp/in" && exec "$tmp/ksr-report" --out "$tmp/out" $(cat args.txt)) \
		> "$tmp/stdout" 2> "$tmp/stderr"
	st=$?
	[ "$st" = 2 ] && grep -qF -- "$2" "$tmp/stderr" && ok 0 "$1" ||
		ok 1 "$1" "exit $st, want 2 and '$2': $(cat "$tmp/stderr")"
}
expect_usage_edited "a run whose tier has no --tier: exit 2, named" \
	"--run debug census: no --tier debug LAYOUT given" '/^--tier debug /d'
expect_usage_edited "--tier with one word: exit 2" \
	"--tier needs 2 arguments" 's/^--tier debug x86_64-debug$/--tier debug/'
fresh
"$tmp/ksr-report" --help > "$tmp/stdout" 2>&1 && grep -q -- '--bench TIER KERNEL FILE' "$tmp/stdout" &&
	ok 0 "--help: usage on stdout, exit 0" ||
	ok 1 "--help: usage on stdout, exit 0" "$(cat "$tmp/stdout")"

# compare A.json B.json: the recorded report against one made from inputs
# edited as a second run would differ (a census count, a bench line, the
# hotplug run left out); the listing as recorded, exit 1; a report against
# itself: exit 0; a file that is not a report: exit 2.
fresh
edit runs/debug/patched/census 's/^live 1183$/live 1187/; s/^ktype dynamic_kobj_ktype 21$/ktype dynamic_kobj_ktype 25/'
edit runs/fast/patched/bench-1/bench '1s/ 82049510$/ 72049510/'
edit args.txt '/ hotplug /d'
if tool; then
	cp "$here/expected/report.json" "$tmp/a.json"
	cp "$tmp/out/report.json" "$tmp/b.json"
	(cd "$tmp" && ./ksr-report compare a.json b.json) > "$tmp/cmp.txt" 2>&1
	st=$?
	d=$(diff -u "$here/expected/compare.txt" "$tmp/cmp.txt")
	[ "$st" = 1 ] && [ -z "$d" ] && ok 0 "compare: what changed, as recorded; exit 1" ||
		ok 1 "compare: what changed, as recorded; exit 1" "exit $st $d"
else
	ok 1 "compare: what changed, as recorded; exit 1" "$(cat "$tmp/stderr")"
fi
(cd "$tmp" && ./ksr-report compare a.json a.json) > "$tmp/cmp.txt" 2>&1 &&
	grep -q '^0 changed, 0 only in B, 0 only in A$' "$tmp/cmp.txt" &&
	ok 0 "compare: a report against itself: nothing, exit 0" ||
	ok 1 "compare: a report against itself: nothing, exit 0" "$(cat "$tmp/cmp.txt")"
"$tmp/ksr-report" compare "$tmp/a.json" "$tmp/in/args.txt" > "$tmp/cmp.txt" 2>&1
st=$?
[ "$st" = 2 ] && grep -q 'args.txt:1:' "$tmp/cmp.txt" &&
	ok 0 "compare: not JSON: exit 2, named" ||
	ok 1 "compare: not JSON: exit 2, named" "exit $st: $(cat "$tmp/cmp.txt")"

# table A.json B.json: one row per run point of each report, in order,
# with the figures of the report (make compare); a file that is not a
# report: exit 2, nothing on stdout.
(cd "$tmp" && ./ksr-report table a.json b.json) > "$tmp/tab.txt" 2> "$tmp/stderr"
st=$?
rows=$(grep -c '^| \. | x86_64-' "$tmp/tab.txt")
[ "$st" = 0 ] && [ "$rows" = 5 ] &&
	grep -q '^| \. | x86_64-debug | census | 160->168 | 192->200 | 544->552 | 1183->1187 | 9576 | ' "$tmp/tab.txt" &&
	ok 0 "table: a row per run point of both reports, figures as recorded" ||
	ok 1 "table: a row per run point of both reports, figures as recorded" "exit $st, $rows rows: $(cat "$tmp/tab.txt" "$tmp/stderr")"
"$tmp/ksr-report" table "$tmp/a.json" "$tmp/in/args.txt" > "$tmp/tab.txt" 2>&1
st=$?
[ "$st" = 2 ] && grep -q 'args.txt: not a report' "$tmp/tab.txt" && ! grep -q '^|' "$tmp/tab.txt" &&
	ok 0 "table: not a report: exit 2, named, no table" ||
	ok 1 "table: not a report: exit 2, named, no table" "exit $st: $(cat "$tmp/tab.txt")"

# The census of a kernel whose kobjects store their release(): the number
# of distinct functions stored is reported beside the bytes it costs.
fresh; edit runs/debug/patched/census '$a kref_releases 1\nkref_release kobject_release 868'
expect_json "census with stored releases: kref_releases reported" \
	'"\"kref_releases\": 1" in json.dumps(d)'
fresh; edit runs/debug/patched/census '$a kref_releases one'
expect_fail "census with a malformed kref_releases" "runs/debug/patched/census:"

# same-figures.sh (issue 12: the speed work changes no figure) on recorded
# reports: a report against itself passes; one size, one census count or
# one bench figure changed fails and is named; a report without bench
# figures fails.
sf() { "$here/same-figures.sh" -t "$tmp/ksr-report" "$@" > "$tmp/sf.txt" 2>&1; }
cp "$here/expected/report.json" "$tmp/a.json"
sf "$tmp/a.json" "$tmp/a.json" && grep -q '^# 4 passed, 0 failed$' "$tmp/sf.txt" &&
	ok 0 "same-figures: a report against itself passes" ||
	ok 1 "same-figures: a report against itself passes" "$(cat "$tmp/sf.txt")"
for what in 'size__kobject", "value": 64/size__kobject", "value": 72' \
	    '"live": 1183/"live": 1187' '"median": 47.028/"median": 47.029'; do
	sed "0,/${what%%/*}/s/${what%%/*}/${what#*/}/" "$tmp/a.json" > "$tmp/b.json"
	cmp -s "$tmp/a.json" "$tmp/b.json" && { ok 1 "same-figures: ${what#*/}: edit did not apply"; continue; }
	! sf "$tmp/a.json" "$tmp/b.json" && grep -q 'not ok 3 - compare' "$tmp/sf.txt" &&
		ok 0 "same-figures: ${what%%/*} -> ${what#*/} fails" ||
		ok 1 "same-figures: ${what%%/*} -> ${what#*/} fails" "$(cat "$tmp/sf.txt")"
done
python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); d["bench"] = []
json.dump(d, open(sys.argv[2], "w"))' "$tmp/a.json" "$tmp/b.json"
! sf "$tmp/b.json" "$tmp/b.json" && grep -q 'bench: 0$' "$tmp/sf.txt" &&
	ok 0 "same-figures: a report without bench figures fails" ||
	ok 1 "same-figures: a report without bench figures fails" "$(cat "$tmp/sf.txt")"

# same_cmd (lib.sh) on two runs recorded as qemu/run.sh writes them: what
# differs by design (run dir, kernel image, -name pid, socket dir) is no
# difference; another -m is one, and is named.
image=$("$top/../scripts/cells.sh" -v IMAGE)
repro() {	# repro DIR KERNEL PID SOCKDIR MEM
	mkdir -p "$1"
	echo "qemu-system-x86_64 -name krefrun-$3 -m $5 -qmp unix:/tmp/krefrun.$4/qmp.sock,server=on,wait=off -serial file:$1/console.log -kernel /long/path/build/obj/fast/$2/$image -append 'console=ttyS0 scenario=census '" > "$1/repro.cmd"
}
same() { (work=$tmp; . "$top/scripts/lib.sh"
	same_cmd "$tmp/r/fast/baseline/census" baseline "$tmp/r/fast/patched/census" patched); }
rm -rf "$tmp/r"
repro "$tmp/r/fast/baseline/census" baseline 28353 i4Oggq 1G
repro "$tmp/r/fast/patched/census" patched 28384 5qx2cy 1G
why=$(same)
[ -z "$why" ] && ok 0 "same_cmd: runs differing only by design compare" ||
	ok 1 "same_cmd: runs differing only by design compare" "$why"
repro "$tmp/r/fast/patched/census" patched 28384 5qx2cy 2G
why=$(same)
case $why in
*"booted differently"*2G*) ok 0 "same_cmd: runs booted with another -m do not compare" ;;
*) ok 1 "same_cmd: runs booted with another -m do not compare" "got: '$why'" ;;
esac

# The report as kernel tools print it (issue 30).
# expect_text NAME SHELL-TEST: the tool succeeds on the fresh copy (edited
# by the caller) and SHELL-TEST (on $tmp/out/report.txt) holds.
expect_text() {
	if ! tool; then
		ok 1 "$1" "$(cat "$tmp/stderr")"
	elif (cd "$tmp/out" && eval "$2") > "$tmp/why" 2>&1; then
		ok 0 "$1"
	else
		ok 1 "$1" "want $2: $(cat "$tmp/why")"
	fi
}
# vmlinux: the bloat-o-meter symbols of the tests and the benchmark, and of
# the census, summed apart, recomputed here from the file with awk.
bloat_split() {	# bloat_split FILE: "own test debug" deltas
	awk 'NR > 2 && $1 != "Total:" && NF == 4 {
		d = $4; sub(/^\+/, "", d)
		if ($1 ~ /^(kref_rel_test_|kref_test_|kobj_test_|kobject_test_|kobj_bench|kobject_bench|__loc|__text)/ || $1 ~ /kunit/)
			t += d
		else if ($1 ~ /^(kobj_census|kobject_census)/)
			c += d
		else
			o += d
	} END { printf "%d %d %d\n", o, t, c }' "$1"
}
fresh
set -- $(bloat_split "$tmp/in/vmsize/debug-bloat.txt")
expect_json "vmlinux: the change's own cost apart from tests ($1) and census ($3), test code $2" \
	"[s['delta'] for v in d['vmlinux'] for s in v['bloat_split']] == [$1, $2, $3]"
expect_text "vmlinux: the change itself and the tests on lines of their own" \
	"grep -E '^  the change itself \(46 symbols\) +[0-9]+ +[0-9]+ +\+$1\$' report.txt &&
	 grep -E '^  KUnit tests and benchmark \(14 symbols\) +[0-9]+ +[0-9]+ +\+$2\$' report.txt &&
	 awk '/^  the change itself/ { getline; print }' report.txt > own.largest &&
	 grep -q 'kobject_release +398' own.largest && ! grep -q '_test_\\|__loc\\|__text' own.largest"
# a census symbol (debug aid) and a benchmark symbol: each summed in its
# class; the summary's total grows with them
fresh
edit vmsize/debug-bloat.txt '1s/(7279)/(7579)/; /^kobject_release /a kobject_census_show                            -     200    +200\nkobj_bench_lifecycle                           -     100    +100'
expect_json "vmlinux: a census symbol is debug aid, a bench symbol test code" \
	"[(s['class'], s['symbols'], s['delta']) for s in d['vmlinux'][0]['bloat_split']][1:] == [('KUnit tests and benchmark', 15, $2 + 100), ('census (debug aid)', 1, 200)]"
fresh; edit vmsize/debug-bloat.txt '/^kobject_release /s/+398/+399/'
expect_fail "bloat-o-meter symbols that do not sum to the summary" "symbols sum to +7280, the summary says +7279"

# Hot path: the ratio, its spread and a verdict; insns, not ns.
fresh
expect_json "hot path: lifecycle +0.53 % inside a 29.17 % spread is within noise" \
	"[(b['benchmark'], b['change_pct'], b['spread_pct'], b['verdict']) for b in d['bench']] == [('get_put', -12.77, 0.01, 'fewer insns, outside the noise'), ('lifecycle', 0.53, 29.17, 'within noise')]"
expect_text "hot path: the verdict beside the ratio, in insns, no ns" \
	"grep -q 'patched/baseline 1.005 (medians) +0.53 %, spread 29.17 %: within noise; +27.01 insns per lifecycle' report.txt &&
	 ! grep -q ' ns per\|guest ns per operation' report.txt"
fresh
for f in "$tmp"/in/runs/fast/patched/bench-*/bench; do
	awk '$1 == "lifecycle" { $3 = $3 * 2 } 1' "$f" > "$f.new" && mv "$f.new" "$f"
done
expect_json "hot path: lifecycle twice as long is outside the noise" \
	"[b['verdict'] for b in d['bench'] if b['benchmark'] == 'lifecycle'] == ['more insns, outside the noise']"
# single-sample figures carry their caveat beside them
fresh
expect_text "booted: slab pages and meminfo Slab marked as one sample" \
	"[ \$(grep -c '^  slab pages (slabinfo, all caches) .*1 sample' report.txt) = 3 ] &&
	 [ \$(grep -c '^  Slab (meminfo, kB) .* 1 sample\$' report.txt) = 3 ]"
# columns: old new delta lines of struct kobject in both dist layouts
expect_text "sizeof: old, new, delta, cache lines in columns" \
	"grep -Eq '^kobject +36 +40 +\+4 +1->1 +64 +80 +\+16 +1->2\$' report.txt"
# pahole's own text of struct kobject, before and after, in report.txt
expect_text "pahole -C kobject, before and after, as pahole printed it" \
	"for t in pristine patched; do
		awk '/^struct kobject \{/,/^\};/' $tmp/in/pahole/\$t-x86_64-dist.pahole > \$t.want
		awk -v t=\$t '\$0 ~ \"^. pahole -C kobject .*# \" t \"\$\" { p = 1; next } p && /^\};/ { print; exit } p' report.txt > \$t.got
		[ -s \$t.want ] && cmp \$t.want \$t.got || exit 1
	done; grep -q 'XXX 4 bytes hole' report.txt"
# only the notes the run asked for: a tier given without runs and named by
# no note (report.sh's -x tier never booted) is not mentioned; one a note
# names is
fresh; echo "--tier smoke x86_64-fast" >> "$tmp/in/args.txt"
expect_text "a -x tier simply absent: not mentioned" "[ -s report.txt ] && ! grep -q smoke report.txt"
fresh; echo "--tier smoke x86_64-fast" >> "$tmp/in/args.txt"
echo "tier smoke: no census run of baseline (build/runs/smoke/baseline/census)" > "$tmp/in/notes"
echo "--notes notes" >> "$tmp/in/args.txt"
expect_text "a tier a note names: its missing runs said, with the note" \
	"grep -q '^Booted: tier smoke: no run data read (see Notes)\$' report.txt &&
	 grep -q '^Notes: tier smoke: no census run of baseline' report.txt"

# The picture: ksr-report plot writes a gnuplot script and its data,
# gnuplot draws an SVG that is XML and that rsvg-convert renders; across
# two reports (make compare) a bar per run point of each.
fresh
if tool && (cd "$tmp" && ./ksr-report plot out out/report.json) 2> "$tmp/stderr" &&
	(cd "$tmp/out" && gnuplot report.gp) 2>> "$tmp/stderr" &&
	python3 -c 'import sys, xml.etree.ElementTree as E
sys.exit(0 if E.parse(sys.argv[1]).getroot().tag.endswith("svg") else 1)' "$tmp/out/report.svg" 2>> "$tmp/stderr" &&
	rsvg-convert -o "$tmp/out/report.png" "$tmp/out/report.svg" 2>> "$tmp/stderr" &&
	[ "$(head -c 4 "$tmp/out/report.png" | tail -c 3)" = PNG ]; then
	ok 0 "plot: report.svg drawn by gnuplot, valid XML, rendered to PNG"
else
	ok 1 "plot: report.svg drawn by gnuplot, valid XML, rendered to PNG" "$(cat "$tmp/stderr")"
fi
grep -q '^"fast lifecycle" 0.53 29.17$' "$tmp/out/report-hotpath.dat" &&
	grep -q '^"device_ktype" 5792 11584 11744$' "$tmp/out/report-ktypes.dat" &&
	ok 0 "plot: the data are the report's (lifecycle change and spread, device_ktype bytes)" ||
	ok 1 "plot: the data are the report's (lifecycle change and spread, device_ktype bytes)" \
		"$(cat "$tmp/out/report-hotpath.dat" "$tmp/out/report-ktypes.dat")"
mkdir -p "$tmp/c/r1" "$tmp/c/r2" "$tmp/c/pic"
cp "$tmp/out/report.json" "$tmp/c/r1/"; cp "$tmp/out/report.json" "$tmp/c/r2/"
"$tmp/ksr-report" plot --name compare "$tmp/c/pic" "$tmp/c/r1/report.json" "$tmp/c/r2/report.json" 2> "$tmp/stderr" &&
	"$top/scripts/plot.sh" "$tmp/c/pic" compare 2>> "$tmp/stderr" &&
	rsvg-convert -o "$tmp/c/pic/compare.png" "$tmp/c/pic/compare.svg" 2>> "$tmp/stderr" &&
	head -n 1 "$tmp/c/pic/compare-ktypes.dat" | grep -q '^ktype "r1 debug census" "r1 fast census" "r1 fast hotplug" "r2 debug census" "r2 fast census" "r2 fast hotplug"$' &&
	ok 0 "plot: two reports (make compare): a bar per run point of each; plot.sh draws, rsvg renders" ||
	ok 1 "plot: two reports (make compare): a bar per run point of each; plot.sh draws, rsvg renders" \
		"$(cat "$tmp/stderr"; head -n 1 "$tmp/c/pic/compare-ktypes.dat")"
"$tmp/ksr-report" plot "$tmp/c/pic" "$tmp/in/args.txt" > "$tmp/stderr" 2>&1
[ $? = 2 ] && grep -q 'args.txt: not a report' "$tmp/stderr" &&
	ok 0 "plot: not a report: exit 2, named" ||
	ok 1 "plot: not a report: exit 2, named" "$(cat "$tmp/stderr")"
# pahole's nested union (the state bits overlaid on the kref's hole, the
# series as it is now): parsed for the cross-check, printed verbatim
fresh
awk -v f="$tmp/in/overlay/kobject.pahole" '
	/^struct kobject \{/ && !done { while ((getline l < f) > 0) print l; skip = 1; done = 1; next }
	skip { if ($0 == "};") skip = 0; next } 1' "$tmp/in/pahole/patched-x86_64-dist.pahole" > "$tmp/p" &&
	mv "$tmp/p" "$tmp/in/pahole/patched-x86_64-dist.pahole"
edit probe/patched-x86_64-dist.s 's/->size__kobject \$80 /->size__kobject $72 /'
expect_text "pahole: the overlay's nested union checked (0 mismatches) and printed" \
	"grep -q ' 0 mismatches' report.txt &&
	 grep -q '^			refcount_t __kref_refcount;      /\*    56     4 \*/' report.txt &&
	 grep -q '/\* size: 72, cachelines: 2, members: 7 \*/' report.txt"
# The arm64 column of the dist layouts (recorded from a real arm64-dist
# probe and pahole, cross-compiled): a sizeof table of its own after the
# x86 dist one and before the booted ones; cross-checked with the others.
fresh
for t in pristine patched; do
	echo "--probe $t arm64-dist arm64/$t-arm64-dist.s" >> "$tmp/in/args.txt"
	echo "--pahole $t arm64-dist arm64/$t-arm64-dist.pahole" >> "$tmp/in/args.txt"
done
expect_text "arm64-dist: a dist column of its own, pahole-checked (6 tree/layouts, 0 mismatches)" \
	"awk '/^ +i386-dist +x86_64-dist\$/ { a = NR } /^ +arm64-dist\$/ { b = NR }
		/^ +x86_64-debug +x86_64-fast\$/ { c = NR } END { exit !(a && a < b && b < c) }' report.txt &&
	 awk '/^ +arm64-dist\$/ { p = 1 } p && /^kobject / { print; exit }' report.txt |
		grep -Eq '^kobject +64 +72 +\+8 +1->2\$' &&
	 grep -q '^pahole cross-check: [0-9]* figures of 6 tree/layouts compared, 0 mismatches\$' report.txt"
