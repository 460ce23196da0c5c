#!/bin/sh
# run.sh - boot one kernel with one scenario in QEMU, record what happened,
# then let qemu/judge.sh give the verdict from the records
#
# usage: run.sh -k BZIMAGE -i INITRD -s SCENARIO -o RUNDIR
#               [-a "extra kernel args"] [-t TIMEOUT] [-n IDLE]
#               [-d "host driver command"] [-q "extra qemu args"]
#               [-A ARCH] [-G GRACE] [-P EVERY]
#
# -A: the kernel's arch, x86_64 (the default) or another of
# scripts/cells.sh, which gives its QEMU binary (for the KVM probe too),
# machine, CPU and console.
# Serial ports, by machine: on pc, ttyS0 console -> RUNDIR/console.log,
# ttyS1 KTAP -> RUNDIR/result.ktap, ttyS2 data sections ->
# RUNDIR/data/<name>, and with -d ttyS3 on the unix socket $CTL_SOCK.  On
# virt (one PL011 UART: ttyAMA0, the console) the other three are virtio
# consoles of a virtio-serial PCI device, hvc0 (KTAP), hvc1 (data) and hvc2
# (control, with -d), and the kernel command line names them for the guest
# (ports=hvc0,hvc1,hvc2; /init's default is ttyS1,ttyS2,ttyS3).  QMP
# listens on $QMP_SOCK.  Both sockets live in a private directory under
# /tmp (a UNIX socket path has at most 107 bytes), removed at exit.
# The guest reports its status so that QEMU exits 33 (passed) or 35 (a
# test failed); any other QEMU exit means the guest never reported.  On pc
# it writes 0x10 + status to isa-debug-exit (QEMU exits (0x10+status)*2+1);
# on virt it asks for SYS_EXIT with that code through semihosting (enabled
# for the guest's user space: its guest-exit calls it).
# A host driver (-d) runs beside QEMU with QMP_SOCK, CTL_SOCK and RUN_DIR in
# its environment.
# The watch ends a run at the timeout (-t), after IDLE seconds without any
# serial output (-n) (both by default the default run's of qemu/plan.txt),
# and 30 s after a console line with a "stall" string of the detector table
# (-G GRACE).  Every 30 s (-P EVERY) it prints a
# "progress:" line.
#
# Records: RUNDIR/status (KEY=VALUE lines: qemu, driver, seconds, accel,
# watch, kernel, scenario), qemu.log, driver.log, repro.cmd.  The exit code
# is qemu/judge.sh's (also in RUNDIR/verdict): 0 pass, 1 a test failed,
# 2 boot failed, 3 crashed, warned or stalled, 4 timed out, 5 usage or host
# error.
#
# KVM is used only if the CPU has vmx/svm, /dev/kvm is writable and a probe
# boot works; the probe's answer is kept in build/kvm-probe (KVM_CACHE)
# until /dev/kvm, the CPU flags or the QEMU binary (-A) change.  ACCEL=tcg
# forces TCG.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
kernel= initrd= scenario= out= extra= driver= qargs=
timeout= idle= arch=x86_64 grace=30 every=30

usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 5; }
while getopts k:i:s:o:a:t:n:d:q:A:G:P: opt; do
	case $opt in
	k) kernel=$OPTARG ;; i) initrd=$OPTARG ;; s) scenario=$OPTARG ;;
	o) out=$OPTARG ;; a) extra=$OPTARG ;; t) timeout=$OPTARG ;;
	n) idle=$OPTARG ;; d) driver=$OPTARG ;; q) qargs=$OPTARG ;;
	A) arch=$OPTARG ;; G) grace=$OPTARG ;; P) every=$OPTARG ;;
	*) usage ;;
	esac
done
[ -n "$kernel" ] && [ -n "$initrd" ] && [ -n "$scenario" ] && [ -n "$out" ] || usage
# shellcheck disable=SC2046
set -- $("$here/qemu/plan.sh" -D)
[ -n "$timeout" ] || timeout=$1
[ -n "$idle" ] || idle=$2
facts=$("$here/scripts/cells.sh" -a "$arch" 2> /dev/null) ||
	{ echo "run.sh: unknown arch '$arch' (scripts/cells.sh has no such ARCH)" >&2; exit 5; }
eval "$(echo "$facts" | grep -E '^(QEMU|MACHINE|CONSOLE|CPU)=')"
qemu=$QEMU machine=$MACHINE console=$CONSOLE
for f in "$kernel" "$initrd"; do
	[ -r "$f" ] || { echo "run.sh: cannot read $f" >&2; exit 5; }
done

kernel=$(cd "$(dirname "$kernel")" && pwd)/$(basename "$kernel")
table=${SIGNATURES:-$here/qemu/signatures.txt}
cache=${KVM_CACHE:-$here/build/kvm-probe}
cpuinfo=${CPUINFO:-/proc/cpuinfo} kvm=${KVM_DEV:-/dev/kvm}

# KVM only if the CPU offers it and a bounded probe boots (its answer
# cached per /dev/kvm and CPU flags); else TCG.
pick_accel() {
	grep -qwE 'vmx|svm' "$cpuinfo" 2> /dev/null && [ -w "$kvm" ] || {
		echo tcg; return; }
	key="$qemu $(stat -L -c '%t:%T %i %Y' "$kvm") $(grep -m1 '^flags' "$cpuinfo" | cksum)"
	if [ "$(sed -n 1p "$cache" 2> /dev/null)" = "$key" ]; then
		echo "run.sh: KVM probe cached in $cache" >&2
		sed -n 2p "$cache"
		return
	fi
	echo "run.sh: probing KVM (answer kept in $cache)" >&2
	timeout 30 $qemu -M "$machine" ${CPU:+-cpu "$CPU"} -accel kvm -m 256M -display none \
		-no-reboot -serial "file:$out/kvm-probe.log" -kernel "$kernel" \
		-append "console=$console panic=-1 rdinit=/nonexistent" \
		> /dev/null 2>&1
	a=tcg
	grep -q 'Linux version' "$out/kvm-probe.log" 2> /dev/null && a=kvm
	mkdir -p "$(dirname "$cache")" && printf '%s\n%s\n' "$key" "$a" > "$cache"
	echo "$a"
}

rm -rf "$out"
mkdir -p "$out/data" || exit 5
sock=$(mktemp -d /tmp/krefrun.XXXXXX) || exit 5
qpid= dpid=
cleanup() {
	for p in $dpid $qpid; do kill "$p" 2> /dev/null; done
	sleep 1
	for p in $dpid $qpid; do kill -9 "$p" 2> /dev/null; done
}
trap 'rm -rf "$sock"' EXIT
trap 'cleanup; rm -rf "$sock"; exit 5' INT TERM HUP
accel=${ACCEL:-$(pick_accel)}
ctl=
case $machine in
virt)	# KTAP, data and control: virtio consoles hvc0, hvc1, hvc2
	[ -n "$driver" ] && ctl="-chardev socket,id=ctl,path=$sock/ctl.sock,server=on,wait=off -device virtconsole,chardev=ctl"
	extra="ports=hvc0,hvc1,hvc2 $extra" ;;
*)	[ -n "$driver" ] && ctl="-chardev socket,id=ctl,path=$sock/ctl.sock,server=on,wait=off -serial chardev:ctl" ;;
esac
# Built-in KUnit suites run at every boot; only the kunit scenario wants
# them (in the debug tier the kobject suite waits out DEBUG_KOBJECT_RELEASE
# delays: 20-30 s under TCG).  No suite is named "-".
[ "$scenario" = kunit ] || extra="kunit.filter_glob=- $extra"
# no_timer_check: on a loaded host a starved TCG vCPU can miss the ticks
# the IO-APIC timer check waits for, and the boot panics at 0.04 s with
# "IO-APIC + timer doesn't work!" (seen beside four compiles); the check
# is about real chipsets, not what a run tests.
case $machine in
virt)
	set -- $qemu -name "krefrun-$$" -M "$machine" -cpu "$CPU" -accel "$accel" \
		-smp 2 -m 1G -display none -no-reboot -nodefaults \
		-semihosting-config enable=on,userspace=on \
		-qmp "unix:$sock/qmp.sock,server=on,wait=off" \
		-serial "file:$out/console.log" -device virtio-serial-pci \
		-chardev "file,id=ktap,path=$out/result.ktap" -device virtconsole,chardev=ktap \
		-chardev "file,id=data,path=$out/data.raw" -device virtconsole,chardev=data \
		$ctl $qargs ;;
*)
	set -- $qemu -name "krefrun-$$" -M "$machine" -accel "$accel" -smp 2 -m 1G \
		-display none -no-reboot -nodefaults -vga none \
		-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-qmp "unix:$sock/qmp.sock,server=on,wait=off" \
		-serial "file:$out/console.log" -serial "file:$out/result.ktap" \
		-serial "file:$out/data.raw" $ctl $qargs ;;
esac
set -- "$@" -kernel "$kernel" -initrd "$initrd" \
	-append "console=$console loglevel=5 panic=-1 no_timer_check scenario=$scenario $extra"
for a in "$@"; do
	case $a in
	*[!A-Za-z0-9_./:,=+-]*) printf "'%s' " "$a" ;;
	*) printf '%s ' "$a" ;;
	esac
done > "$out/repro.cmd"
echo "run.sh: $scenario on $accel; reproduce: $(cat "$out/repro.cmd")"

"$@" > "$out/qemu.log" 2>&1 &
qpid=$!
if [ -n "$driver" ]; then
	QMP_SOCK=$sock/qmp.sock CTL_SOCK=$sock/ctl.sock RUN_DIR=$out \
		sh -c "$driver" > "$out/driver.log" 2>&1 &
	dpid=$!
fi

# Watch: overall timeout, inactivity (no byte on any serial port), and a
# kernel that stalled (an RCU stall or soft lockup keeps printing, so the
# inactivity timeout never fires): 30 s after the first console line with
# a "stall" string of the detector table, for its backtraces, the run ends.
awk -F'\t' '$1 == "stall" { print $2 }' "$table" > "$sock/stall"
start=$(date +%s) last=$start size=-1 why= stalled= checked=$start told=$start
while kill -0 "$qpid" 2> /dev/null; do
	sleep 1
	now=$(date +%s)
	s=$(cat "$out/console.log" "$out/result.ktap" "$out/data.raw" 2> /dev/null | wc -c)
	[ "$s" != "$size" ] && size=$s last=$now
	[ $((now - start)) -ge "$timeout" ] && why="timeout: timed out after ${timeout}s" && break
	[ $((now - last)) -ge "$idle" ] && why="idle: no output for ${idle}s" && break
	if [ -z "$stalled" ] && [ $((now - checked)) -ge 5 ]; then
		checked=$now
		[ -s "$sock/stall" ] && grep -q -F -f "$sock/stall" "$out/console.log" 2> /dev/null &&
			stalled=$now
	fi
	[ -n "$stalled" ] && [ $((now - stalled)) -ge "$grace" ] &&
		why="stall: $(grep -m1 -F -f "$sock/stall" "$out/console.log" |
			sed 's/^\[[^]]*\] //')" && break
	if [ $((now - told)) -ge "$every" ]; then
		told=$now
		# how far: the guest's last line about cycles, else its last line
		p=$(grep -a 'cycle' "$out/console.log" 2> /dev/null | tail -n 1)
		[ -n "$p" ] || p=$(grep -a . "$out/console.log" 2> /dev/null | tail -n 1)
		echo "progress: $scenario $((now - start))s, $(grep -c '^ok ' "$out/result.ktap" 2> /dev/null) ok; $(printf '%s' "$p" | sed 's/^\[[^]]*\] //' | cut -c1-100)"
	fi
done
if [ -n "$why" ]; then
	cleanup
	wait "$qpid" 2> /dev/null
	qrc=killed
else
	wait "$qpid"
	qrc=$?
fi
drc=none
if [ -n "$dpid" ]; then
	[ -n "$why" ] || { sleep 2; kill "$dpid" 2> /dev/null; }
	wait "$dpid"
	drc=$?
fi
printf '%s\n' "qemu=$qrc" "driver=$drc" "seconds=$(($(date +%s) - start))" \
	"accel=$accel" "watch=$why" "kernel=$kernel" "scenario=$scenario" \
	"arch=$arch" > "$out/status"

# Split the data channel into data/<name>.
tr -d '\r' < "$out/data.raw" | awk -v dir="$out/data" '
	/^--- begin / { name = $3; f = dir "/" name; printf "" > f; next }
	/^--- end / { close(f); f = ""; next }
	f != "" { print >> f }'

"$here/qemu/judge.sh" "$out"
