#!/bin/sh
# records.sh - rebuild a run's records from a LAVA job log, then judge them
#
# usage: records.sh [-n] [-k BZIMAGE] [-s SCENARIO] LOG RUNDIR
#
# LOG is the job's log: what lava-run prints on stderr (mk/lava.mk keeps
# it as OUTDIR/output.yaml; an OUTDIR is taken for its output.yaml) or a
# LAVA server's output.yaml (lavacli jobs logs --raw).  RUNDIR gets the
# records qemu/run.sh writes (console.log, result.ktap, data/<name>,
# status, qemu.log), rebuilt from the guest's console mode
# (initramfs/init, results=console):
#   "<<KREF ktap|data SEQ LEN>> LINE"  -> result.ktap | the data channel,
#        split into data/<name> as run.sh splits it; SEQ must count up
#        from 1 and LEN must be LINE's length in bytes, else the frame was
#        cut or joined (a kernel message in the middle): exit 5 (unless
#        LAVA timed out: then the streams end at the first damage)
#   "<<KREF ktap|data end COUNT>>"     -> COUNT must be the frames seen
#   "<<KREF exit STATUS>>"             -> status qemu=33 (STATUS 0) or 35
#        (1), what the isa-debug-exit channel gives a local run
#   every other console line            -> console.log (QEMU's messages,
#        "qemu-system-x86_64: ...", to qemu.log)
# -k BZIMAGE (default: the job's file:// URL of it) lets the judge decode a
# crash with the vmlinux beside it; -n: the judge does not decode (its -n).
# LAVA's own records: lava.txt (every record, lava/lava-log), lava-errors.txt,
# lava-results.txt (LAVA's test results), and
# lava-verdict: "pass" when the job finished and no result failed, else
# "fail: why".  A job LAVA ended on a timeout becomes watch=timeout.
# Then qemu/judge.sh RUNDIR gives the verdict; records.sh exits with its
# code (0 pass ... 5 usage or host error, as for a local run).
#
# Environment: LAVA_LOG (the lava-log tool, default build/lava/lava-log);
# judge.sh's SIGNATURES, TOOLS, KUNIT_PY.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
lavalog=${LAVA_LOG:-$here/build/lava/lava-log}
kernel= scenario= nodecode=

usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 5; }
die() { echo "records.sh: $*" >&2; exit 5; }
while getopts nk:s: opt; do
	case $opt in
	k) kernel=$OPTARG ;; s) scenario=$OPTARG ;; n) nodecode=-n ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || usage
log=$1 out=$2
[ -d "$log" ] && log=$log/output.yaml
[ -r "$log" ] || die "cannot read the LAVA log $log"
[ -x "$lavalog" ] || die "no $lavalog (make lava-tools)"
case $log in /*) ;; *) log=$(pwd)/$log ;; esac

rm -rf "$out"
mkdir -p "$out/data" || die "cannot create $out"
"$lavalog" "$log" > "$out/lava.txt" || die "$log: not a LAVA log (above)"

# LAVA ended the job on a timeout: the console was cut wherever it was
timeout=$(awk -F'\t' '$2 == "results" && $4 == "job" && $5 == "fail" &&
	tolower($7) ~ /timed out|timeout/ { print $7; exit }' "$out/lava.txt")

# The console: frames to their streams, the rest to console.log.  After a
# timeout the frames end where LAVA cut them: damage there ends the streams.
LC_ALL=C awk -F'\t' -v out="$out" -v logname="$log" -v timedout="$timeout" '
function bad(why) {
	if (timedout != "") {
		printf "records.sh: %s: record %d: %s (LAVA timed out: the streams end here)\n", \
			logname, NR, why > "/dev/stderr"
		cut = 1
		return
	}
	printf "records.sh: %s: record %d: %s: %s\n", logname, NR, why, line > "/dev/stderr"
	failed = 1
	exit 3
}
$2 != "target" || cut { next }
{
	line = $0
	sub(/^[^\t]*\t[^\t]*\t/, "", line)
	if (match(line, /^<<KREF (ktap|data) [0-9]+ [0-9]+>> /)) {
		split(substr(line, 3, RLENGTH - 5), f, " ")
		s = f[2]
		body = substr(line, RLENGTH + 1)
		if (s in ended)
			bad(s " frame after the end of its stream")
		else if (f[3] != ++seq[s])
			bad(s " frame " f[3] " where " seq[s] " was due (a frame lost)")
		else if (length(body) != f[4])
			bad(s " frame " f[3] " has " length(body) " bytes, not " f[4] \
			    " (cut or joined by other console output)")
		if (cut)
			next
		print body > (out "/" (s == "ktap" ? "result.ktap" : "data.raw"))
		next
	}
	if (match(line, /^<<KREF (ktap|data) end [0-9]+>>$/)) {
		split(substr(line, 3, RLENGTH - 4), f, " ")
		if (f[4] != seq[f[2]] + 0)
			bad(f[2] " stream ends after " f[4] " frames, " seq[f[2]] + 0 " seen")
		ended[f[2]] = 1
		next
	}
	if (match(line, /^<<KREF exit [0-9]+>>$/)) {
		if (!("ktap" in ended) || !("data" in ended))
			bad("exit before the end of both streams")
		exitst = substr(line, 13, RLENGTH - 14)
		next
	}
	if (line ~ /^<<KREF poweroff>>/)
		next
	if (line ~ /^<<KREF init>>/) {
		n = split(line, w, " ")
		for (i = 1; i <= n; i++)
			if (w[i] ~ /^scenario=/)
				scen = substr(w[i], 10)
	}
	# QEMU messages (its stderr, a local run keeps them in qemu.log)
	if (line ~ /^qemu(-system-[a-z0-9_]+)?: /)
		print line > (out "/pre.log")
	else
		print line > (out "/console.log")
}
END {
	if (failed)
		exit 3
	printf "%s\n%s\n", exitst, scen > (out "/guest")
}' "$out/lava.txt" || die "$log: the console frames are damaged (above)"
touch "$out/console.log" "$out/result.ktap" "$out/data.raw" "$out/pre.log"

# Split the data channel into data/<name> (as qemu/run.sh does).
awk -v dir="$out/data" '
	/^--- begin / { name = $3; f = dir "/" name; printf "" > f; next }
	/^--- end / { close(f); f = ""; next }
	f != "" { print >> f }' "$out/data.raw"

# LAVA's own view: errors, results, and its verdict.  qemu.log: QEMU's
# messages, or LAVA's errors when the guest printed nothing.
awk -F'\t' '$2 == "error" || $2 == "exception" { print $3 }
	    $2 == "results" && $4 == "job" && $5 == "fail" { print "LAVA job failed: " $7 " (" $6 ")" }' \
	"$out/lava.txt" > "$out/lava-errors.txt"
if [ -s "$out/pre.log" ] || [ -s "$out/console.log" ]; then
	mv "$out/pre.log" "$out/qemu.log"
else
	cp "$out/lava-errors.txt" "$out/qemu.log"
	rm -f "$out/pre.log"
fi
awk -F'\t' '$2 == "results" { printf "%s/%s %s%s\n", $3, $4, $5, $7 == "" ? "" : " (" $7 ")" }' \
	"$out/lava.txt" > "$out/lava-results.txt"
if ! grep -q '^lava/job ' "$out/lava-results.txt"; then
	echo "fail: the job never finished (no lava/job result)"
elif grep -q '^lava/job fail' "$out/lava-results.txt"; then
	echo "fail: $(grep -m1 '^lava/job fail' "$out/lava-results.txt")"
elif grep -q ' fail' "$out/lava-results.txt"; then
	echo "fail: $(grep -c ' fail' "$out/lava-results.txt") results failed," \
		"first: $(grep -m1 ' fail' "$out/lava-results.txt")"
elif ! grep -q '^kref-exit/exit pass' "$out/lava-results.txt"; then
	echo "fail: no kref-exit/exit result (the guest never reported)"
else
	echo pass
fi > "$out/lava-verdict"

exitst=$(sed -n 1p "$out/guest")
[ -n "$scenario" ] || scenario=$(sed -n 2p "$out/guest")
[ -n "$scenario" ] || scenario=$(sed -n 's/.*\tBoot command: .* scenario=\([^ "]*\).*/\1/p' \
	"$out/lava.txt" | head -n 1)
# the kernel: -k, else the job's file:// URL of a bzImage
[ -n "$kernel" ] || kernel=$(sed -n 's|.*	info	downloading file://\(/.*/bzImage\)$|\1|p' \
	"$out/lava.txt" | head -n 1)
rm -f "$out/guest"
case $exitst in
0) qrc=33 ;; 1) qrc=35 ;; '') qrc=none ;; *) qrc=unknown-$exitst ;;
esac
watch=
[ -n "$timeout" ] && watch="timeout: LAVA: $timeout"
accel=tcg
grep -q 'qemu-system.*\(-accel kvm\|-enable-kvm\|accel=kvm\)' "$out/lava.txt" && accel=kvm
first=$(awk -F'\t' 'NR == 1 { print $1 }' "$out/lava.txt")
last=$(awk -F'\t' 'END { print $1 }' "$out/lava.txt")
seconds=$(( $(date -d "$last" +%s 2> /dev/null || echo 0) -
	    $(date -d "$first" +%s 2> /dev/null || echo 0) ))
printf '%s\n' "qemu=$qrc" "driver=none" "seconds=$seconds" "accel=$accel" \
	"watch=$watch" "kernel=$kernel" "scenario=$scenario" "lava_log=$log" \
	> "$out/status"

echo "records.sh: $log -> $out: LAVA says $(cat "$out/lava-verdict")"
"$here/qemu/judge.sh" $nodecode "$out"
