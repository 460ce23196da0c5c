#!/bin/sh
# run.sh - boot one kernel with one scenario in QEMU and give the verdict
#
# usage: run.sh -k BZIMAGE -i INITRD -s SCENARIO -o RUNDIR
#               [-a "extra kernel args"] [-t TIMEOUT] [-n IDLE]
#               [-d "host driver command"] [-q "extra qemu args"]
#
# Serial ports: ttyS0 console -> RUNDIR/console.log, ttyS1 KTAP ->
# RUNDIR/result.ktap, ttyS2 data sections -> RUNDIR/data/<name>, and with -d
# ttyS3 on the unix socket RUNDIR/ctl.sock.  QMP listens on RUNDIR/qmp.sock.
# The guest reports through isa-debug-exit: it writes 0x10 + status, so QEMU
# exits 33 (passed) or 35 (a test failed); any other QEMU exit means the
# guest never reported.
# A host driver (-d) runs beside QEMU with QMP_SOCK, CTL_SOCK and RUN_DIR in
# its environment; its failure fails the run.
#
# Exit codes (also written to RUNDIR/verdict):
#   0 pass   1 a test failed   2 boot failed (the guest never reported)
#   3 kernel crashed or warned (or stalled: ended 30 s after an RCU stall or
#     soft lockup line)   4 timed out   5 usage or host error
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
tools=${TOOLS:-$here/build/tools}
kernel= initrd= scenario= out= extra= driver= qargs=
timeout=600 idle=120

usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 5; }
while getopts k:i:s:o:a:t:n:d:q: opt; do
	case $opt in
	k) kernel=$OPTARG ;; i) initrd=$OPTARG ;; s) scenario=$OPTARG ;;
	o) out=$OPTARG ;; a) extra=$OPTARG ;; t) timeout=$OPTARG ;;
	n) idle=$OPTARG ;; d) driver=$OPTARG ;; q) qargs=$OPTARG ;;
	*) usage ;;
	esac
done
[ -n "$kernel" ] && [ -n "$initrd" ] && [ -n "$scenario" ] && [ -n "$out" ] || usage
for f in "$kernel" "$initrd"; do
	[ -r "$f" ] || { echo "run.sh: cannot read $f" >&2; exit 5; }
done

verdict() {
	echo "$1 $2" > "$out/verdict"
	echo "run.sh: $scenario: $2 (exit $1); console: $out/console.log"
	exit "$1"
}

# KVM only if the CPU offers it and a bounded probe boots; else TCG.
pick_accel() {
	grep -qwE 'vmx|svm' /proc/cpuinfo 2>/dev/null && [ -w /dev/kvm ] || {
		echo tcg; return; }
	timeout 30 qemu-system-x86_64 -M pc -accel kvm -m 256M -display none \
		-no-reboot -serial "file:$out/kvm-probe.log" -kernel "$kernel" \
		-append 'console=ttyS0 panic=-1 rdinit=/nonexistent' \
		> /dev/null 2>&1
	grep -q 'Linux version' "$out/kvm-probe.log" 2>/dev/null &&
		echo kvm || echo tcg
}

rm -rf "$out"
mkdir -p "$out/data" || exit 5
accel=${ACCEL:-$(pick_accel)}
ctl=
[ -n "$driver" ] && ctl="-chardev socket,id=ctl,path=$out/ctl.sock,server=on,wait=off -serial chardev:ctl"
# Built-in KUnit suites run at every boot; only the kunit scenario wants
# them (in the debug tier the kobject suite waits out DEBUG_KOBJECT_RELEASE
# delays: 20-30 s under TCG).  No suite is named "-".
[ "$scenario" = kunit ] || extra="kunit.filter_glob=- $extra"
set -- qemu-system-x86_64 -name "krefrun-$$" -M pc -accel "$accel" -smp 2 -m 1G \
	-display none -no-reboot -nodefaults -vga none \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
	-qmp "unix:$out/qmp.sock,server=on,wait=off" \
	-serial "file:$out/console.log" -serial "file:$out/result.ktap" \
	-serial "file:$out/data.raw" $ctl $qargs \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 loglevel=5 panic=-1 scenario=$scenario $extra"
for a in "$@"; do
	case $a in
	*[!A-Za-z0-9_./:,=+-]*) printf "'%s' " "$a" ;;
	*) printf '%s ' "$a" ;;
	esac
done > "$out/repro.cmd"
echo "run.sh: $scenario on $accel; reproduce: $(cat "$out/repro.cmd")"

"$@" > "$out/qemu.log" 2>&1 &
qpid=$!
dpid=
cleanup() {
	for p in $dpid $qpid; do kill "$p" 2> /dev/null; done
	sleep 1
	for p in $dpid $qpid; do kill -9 "$p" 2> /dev/null; done
}
trap 'cleanup; exit 5' INT TERM HUP
if [ -n "$driver" ]; then
	QMP_SOCK=$out/qmp.sock CTL_SOCK=$out/ctl.sock RUN_DIR=$out \
		sh -c "$driver" > "$out/driver.log" 2>&1 &
	dpid=$!
fi

# Watch: overall timeout, inactivity (no byte on any serial port), and a
# kernel that stalled (an RCU stall or soft lockup keeps printing, so the
# inactivity timeout never fires): 30 s after the first such line, for its
# backtraces, the run ends.
STALL='rcu: INFO: .* detected stalls|watchdog: BUG: soft lockup'
start=$(date +%s) last=$start size=-1 why= stalled= checked=$start
while kill -0 "$qpid" 2> /dev/null; do
	sleep 1
	now=$(date +%s)
	s=$(cat "$out/console.log" "$out/result.ktap" "$out/data.raw" 2> /dev/null | wc -c)
	[ "$s" != "$size" ] && size=$s last=$now
	[ $((now - start)) -ge "$timeout" ] && why="timed out after ${timeout}s" && break
	[ $((now - last)) -ge "$idle" ] && why="no output for ${idle}s" && break
	if [ -z "$stalled" ] && [ $((now - checked)) -ge 5 ]; then
		checked=$now
		grep -q -E "$STALL" "$out/console.log" 2> /dev/null && stalled=$now
	fi
	[ -n "$stalled" ] && [ $((now - stalled)) -ge 30 ] &&
		why="kernel stalled: $(grep -m1 -E "$STALL" "$out/console.log" |
			sed 's/^\[[^]]*\] //')" && break
done
if [ -n "$why" ]; then
	cleanup
	wait "$qpid" 2> /dev/null
	qrc=timeout
else
	wait "$qpid"
	qrc=$?
fi
drc=0
if [ -n "$dpid" ]; then
	[ -n "$why" ] || { sleep 2; kill "$dpid" 2> /dev/null; }
	wait "$dpid"
	drc=$?
fi
echo "qemu=$qrc driver=$drc seconds=$(($(date +%s) - start))" > "$out/status"

# Split the data channel into data/<name>.
tr -d '\r' < "$out/data.raw" | awk -v dir="$out/data" '
	/^--- begin / { name = $3; f = dir "/" name; printf "" > f; next }
	/^--- end / { close(f); f = ""; next }
	f != "" { print >> f }'

scan=$out/console.log
[ -f "$out/data/dmesg" ] && scan="$scan $out/data/dmesg"
[ -f "$out/data/kmemleak" ] && scan="$scan $out/data/kmemleak"
"$tools/scan-console" "$here/qemu/signatures.txt" $scan > "$out/signatures.log"
src=$?
[ "$src" -ge 2 ] && verdict 5 "console scanner failed: $out/signatures.log"
if [ "$src" -eq 1 ]; then
	echo "run.sh: failure signatures:"; head -20 "$out/signatures.log"
fi
[ -n "$stalled" ] && [ -n "$why" ] && { tail -20 "$out/console.log"; verdict 3 "$why"; }
[ -n "$why" ] && { tail -20 "$out/console.log"; verdict 4 "$why"; }
[ "$src" -eq 1 ] && verdict 3 "kernel crashed or warned"
case $qrc in
33) [ "$drc" -eq 0 ] && verdict 0 "pass"
    verdict 1 "host driver failed: $out/driver.log" ;;
35) verdict 1 "a test failed: $out/result.ktap" ;;
*) tail -20 "$out/console.log"
   verdict 2 "boot failed: the guest never reported (qemu exit $qrc)" ;;
esac
