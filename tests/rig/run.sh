#!/bin/sh
# Failure modes of a real boot: qemu/run.sh on the baseline kernel with an
# initramfs that carries extra scenarios (appended as a second cpio archive,
# which the kernel unpacks over the first).  Each must give its exit code,
# within bounded time, leaving no QEMU process behind.  KTAP on stdout.
# usage: run.sh [-o DIR]: the runs go to DIR (default build/runs/TIER/rig)
# TIER (default debug): the cell (scripts/cells.sh) whose baseline kernel
# and initramfs boot.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/lib/ktap.sh"
tier=${TIER:-debug}
eval "$("$top/scripts/cells.sh" -b "$top/build" -t "$tier")" || exit 2
kernel=$OBJ/baseline/$IMAGE
initrd=$INITRAMFS
out=$RUNS/rig
while getopts o: opt; do
	case $opt in
	o) out=$OPTARG ;;
	*) echo "usage: $0 [-o DIR]" >&2; exit 2 ;;
	esac
done
for f in "$kernel" "$initrd"; do
	[ -r "$f" ] || { echo "rig: missing $f (make kernels initramfs)"; exit 1; }
done
# overlay DIR: every file under DIR as a gzipped cpio archive, to append
# to an initramfs (the kernel unpacks it over the first)
overlay() {
	(cd "$1" && find . ! -name . | sed 's|^\./||' | LC_ALL=C sort |
		cpio -o -H newc 2>/dev/null | gzip -n)
}
mkdir -p "$out/extra/scenarios"
cp "$top"/tests/rig/scenarios/*.sh "$out/extra/scenarios/"
overlay "$out/extra" > "$out/extra.cpio.gz"
cat "$initrd" "$out/extra.cpio.gz" > "$out/initrd.cpio.gz"
# and one whose usleep returns at once (what a kernel without a system
# call busybox's sleep uses gives: i386 without COMPAT_32BIT_TIME)
mkdir -p "$out/nosleep/bin"
printf '#!/bin/sh\nexit 0\n' > "$out/nosleep/bin/usleep"
chmod +x "$out/nosleep/bin/usleep"
overlay "$out/nosleep" > "$out/nosleep.cpio.gz"
cat "$out/initrd.cpio.gz" "$out/nosleep.cpio.gz" > "$out/initrd-nosleep.cpio.gz"

boot() {	# boot WANT SCENARIO [RUNDIR] [run.sh options]
	want=$1 sc=$2 dir=$out/$2
	shift 2
	case ${1:-} in /*) dir=$1; shift ;; esac
	t0=$(date +%s)
	expect "$want" "$sc gives exit $want" "$top/qemu/run.sh" -k "$kernel" \
		-i "$out/initrd.cpio.gz" -s "$sc" -o "$dir" -t 240 -n 60 "$@"
	echo "# $sc: $(cat "$dir/verdict" 2>/dev/null) in $(($(date +%s) - t0))s"
}

t_plan 16
boot 0 rig-pass
# a run directory of more than 100 bytes (a deep clone): the sockets are
# not under it (a UNIX socket path has at most 107 bytes)
deep=$out/deep/$(printf '%0100d' 0)/rig-pass
boot 0 rig-pass "$deep"
boot 1 rig-fail
boot 2 rig-noreport
# /init's own failures: a scenario it does not have, a sleep that does not
# sleep (each a test failed, with the reason)
boot 1 rig-no-such-scenario
has "unknown scenario 'rig-no-such-scenario'" "  ... names the scenario"
boot 1 rig-pass "$out/rig-nosleep" -i "$out/initrd-nosleep.cpio.gz"
has "lacks a system call busybox's sleep uses" "  ... says why"
boot 3 rig-panic-after-ok
has "decode_stacktrace.sh" "  ... prints the decode command for its vmlinux"
has "sysrq_handle_crash" "  ... and the decoded trace"
boot 4 rig-hang -n 30
boot 3 rig-stall -n 60 -t 240
# the stall watch reads the table's stall rows: without them, the same
# run is a timeout
grep -v '^stall	' "$top/qemu/signatures.txt" > "$out/no-stall.txt"
export SIGNATURES="$out/no-stall.txt"
boot 4 rig-stall "$out/rig-stall-no-row" -n 60 -t 150
unset SIGNATURES
has "timed out after 150s" "  ... at the timeout"
name=$(sed -n 's/.* -name \([^ ]*\) .*/\1/p' "$out/rig-hang/repro.cmd")
if [ -z "$name" ] || pgrep -f -- "-name $name " > /dev/null; then
	t_fail "no QEMU left after the timeout" "name '$name' still running or unknown"
else
	t_ok "no QEMU left after the timeout"
fi
t_done
