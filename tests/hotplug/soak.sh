#!/bin/sh
# soak.sh - one long hotplug stress run (make soak): its progress while it
# runs, then its end checked against what a soak must end with.
#
# usage: soak.sh -c CYCLES -o RUNDIR [-b BATCH] -- COMMAND...
#        soak.sh -c CYCLES -o RUNDIR -x
#
# COMMAND is one boot of the hotplug scenario with CYCLES cycles whose run
# directory is RUNDIR (make soak passes its boot of the stress).  While it
# runs, a line "soak: cycle N of CYCLES, S s" each time every stream of
# the guest got BATCH cycles further (default: CYCLES/20, at least 10; the
# guest logs each stream's cycle every 10 cycles on the console).  -x: no
# boot, only the end check of RUNDIR as it is.
#
# The end check, one KTAP test each: verdict (qemu/judge.sh's, 0), cycles
# (summary.json's == CYCLES: not a shorter run), triggers (every trigger
# test ok; a SKIP is named), census (live kobjects before == after),
# uevents (add == remove, bind == unbind, every SEQNUM logged), detectors
# (every detector of qemu/signatures.txt read, none hit, kmemleak empty or
# not built).  Exit 0 if all passed, 1 if not, 5 usage.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/lib/ktap.sh"
cycles= run= batch= only=

usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 5; }
while getopts c:o:b:x opt; do
	case $opt in
	c) cycles=$OPTARG ;; o) run=$OPTARG ;; b) batch=$OPTARG ;; x) only=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = -- ] && shift
[ -n "$cycles" ] && [ -n "$run" ] || usage
[ -n "$only" ] || [ $# -gt 0 ] || usage
[ -n "$batch" ] || batch=$(( (cycles / 20 + 9) / 10 * 10 ))
[ "$batch" -ge 10 ] || batch=10

# done_cycles: the cycle every stream has reached, from the guest's
# "STREAM: cycle N at T s" lines (0 before each stream logged one)
done_cycles() {
	tr -d '\r' <"$run/console.log" 2>/dev/null |
		sed -n 's/.*hotplug: \([a-z,]*\): cycle \([0-9]*\) at .*/\1 \2/p' |
		awk '{ last[$1] = $2 }
		     END { m = -1; for (s in last) if (m < 0 || last[s] < m) m = last[s]
			   print (m < 0 ? 0 : m) }'
}

if [ -z "$only" ]; then
	start=$(date +%s)
	"$@" &
	pid=$!
	shown=0
	while kill -0 "$pid" 2>/dev/null; do
		sleep 5
		n=$(done_cycles)
		if [ "$n" -ge $((shown + batch)) ]; then
			shown=$((n / batch * batch))
			echo "soak: cycle $shown of $cycles, $(($(date +%s) - start)) s"
		fi
	done
	wait "$pid"
	echo "soak: the boot ended (exit $?) after $(($(date +%s) - start)) s"
fi

# the end check
js() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."):
    d = d[k] if isinstance(d, dict) else None
print("null" if d is None else d)' "$run/data/summary.json" "$1" 2>/dev/null || echo missing
}
t_version
t_plan 6
v=$(cat "$run/verdict" 2>/dev/null)
case $v in
"0 "*) t_result 0 verdict "$v" ;;
*) t_result 1 verdict "${v:-no verdict in $run}" ;;
esac
got=$(js cycles)
if [ "$got" = "$cycles" ]; then
	t_result 0 cycles "$got"
else
	t_result 1 cycles "$got, want $cycles"
fi
bad=$(tr -d '\r' <"$run/result.ktap" 2>/dev/null | grep '^not ok [0-9]* trigger_')
skip=$(tr -d '\r' <"$run/result.ktap" 2>/dev/null | grep '^ok [0-9]* trigger_.*# SKIP' |
	sed 's/^ok [0-9]* //' | tr '\n' ';')
ntrig=$(tr -d '\r' <"$run/result.ktap" 2>/dev/null | grep -c '^[a-z ]*[0-9]* trigger_')
if [ "$ntrig" -gt 0 ] && [ -z "$bad" ]; then
	t_result 0 triggers "$ntrig ok${skip:+, skipped: $skip}"
else
	t_result 1 triggers "${bad:-no trigger test in $run/result.ktap}"
fi
b=$(js live_kobjects.before) a=$(js live_kobjects.after)
if [ "$b" = "$a" ] && [ "$b" != missing ] && [ "$b" != null ]; then
	t_result 0 census "live $b -> $a ($(js live_kobjects.source))"
else
	t_result 1 census "live $b -> $a"
fi
ad=$(js uevents.add) rm=$(js uevents.remove) bi=$(js uevents.bind) ub=$(js uevents.unbind)
lg=$(js uevents.logged) sd=$(js uevents.seqnum_delta)
why="add $ad remove $rm, bind $bi unbind $ub, logged $lg of $sd"
if [ "$ad" = "$rm" ] && [ "$bi" = "$ub" ] && [ "$lg" = "$sd" ] && [ "$ad" != missing ]; then
	t_result 0 uevents "$why"
else
	t_result 1 uevents "$why"
fi
# every detector of the table read (a count in detector_hits), none hit
hits=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))["detector_hits"]
want = [l.split("\t")[0] for l in open(sys.argv[2]) if l.strip() and l[0] != "#"]
print(" ".join(["%s=%s" % (k, v) for k, v in d.items() if v] +
               ["%s=unread" % k for k in dict.fromkeys(want) if k not in d]))' \
	"$run/data/summary.json" "$here/qemu/signatures.txt" 2>/dev/null) || hits="no summary.json"
kml=$(js kmemleak_objects)
if [ -z "$hits" ] && { [ "$kml" = 0 ] || [ "$kml" = null ]; }; then
	t_result 0 detectors "none hit, kmemleak $kml"
else
	t_result 1 detectors "${hits:+$hits, }kmemleak $kml"
fi
echo "# $t_pass passed, $t_fail failed"
[ "$t_fail" = 0 ]
