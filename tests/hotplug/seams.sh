#!/bin/sh
# seams.sh [-o NAMES] [-d DRIVER] BZIMAGE INITRAMFS WORKDIR - the hotplug scenario's own failure
# modes (its seams with the host driver and KTAP), each on a real boot (a short mix, ~2 min a boot under TCG):
#   setup_fail_plan  mix=qnet,cpu without the host driver: setup fails,
#                    and the KTAP document still holds every test its plan
#                    promised (kunit.py parse reports no error)
#   warmup_error     nsim=x,1 with cycles=0: the netdevsim trigger fails in
#                    the warm-up (cycle 0) and must be reported "not ok"
#   no_qmp_mix       mix=cpu,nsim with the host driver: a guest that passes
#                    is a pass, not "host driver failed"
# Idle timeout 900 s: on a loaded host (8 TCG guests on 2 cores) the
# kmemleak scans and the snapshot kept a guest silent for over 300 s.
# -o NAMES: the tests to boot (the others are SKIP); -d DRIVER: the host
# driver (default build/tools/hotplug-qmp).
# The QEMU devices are the boot plan's hotplug boot's (qemu/plan.txt).
# Environment: KUNIT_PY (kunit.py of a kernel tree; default
# build/src/baseline's).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/lib/ktap.sh"
usage() { echo "usage: $0 [-o NAMES] [-d DRIVER] BZIMAGE INITRAMFS WORKDIR" >&2; exit 2; }
only= driver=$top/build/tools/hotplug-qmp
while getopts o:d: opt; do
	case $opt in o) only=$OPTARG ;; d) driver=$OPTARG ;; *) usage ;; esac
done
shift $((OPTIND - 1))
[ $# = 3 ] || usage
bz=$1 initrd=$2
mkdir -p "$3" && work=$(cd "$3" && pwd) || exit 2
kunit=${KUNIT_PY:-$top/build/src/baseline/tools/testing/kunit/kunit.py}
qemu_dev=$("$top/qemu/plan.sh" -f qargs patched/hotplug) || exit 2

# want NAME: true if NAME is to be booted (else its SKIP is printed)
want() {
	case " ${only:-$1} " in *" $1 "*) return 0 ;; esac
	t_ok "$1 # SKIP not in -o"
	return 1
}

# boot NAME ARGS [DRIVER]: one hotplug run in WORKDIR/NAME; its verdict line
boot() {
	"$top/qemu/run.sh" -k "$bz" -i "$initrd" -s hotplug -o "$work/$1" \
		-a "$2 acpi=noirq" -q "$qemu_dev" ${3:+-d "$3"} \
		-t 1200 -n 900 >"$work/$1.log" 2>&1
	cat "$work/$1/verdict" 2>/dev/null || echo "none"
}

t_plan 3

if want setup_fail_plan; then
v=$(boot setup_fail_plan "cycles=1 mix=qnet,cpu")
python3 "$kunit" parse "$work/setup_fail_plan/result.ktap" >"$work/setup_fail_plan.parse" 2>&1
errs=$(grep -c 'ERROR' "$work/setup_fail_plan.parse")
if ! grep -q '^not ok [0-9]* setup # no host driver' "$work/setup_fail_plan/result.ktap"; then
	t_fail setup_fail_plan "setup did not fail for want of the driver (verdict $v)"
elif [ "$errs" != 0 ]; then
	t_fail setup_fail_plan "kunit.py parse: $(grep -m1 ERROR "$work/setup_fail_plan.parse" | sed 's/^\[[^]]*\] //')"
else
	t_ok "setup_fail_plan: $(tail -n 1 "$work/setup_fail_plan.parse" | sed 's/^\[[^]]*\] //')"
fi
fi

want warmup_error && {
v=$(boot warmup_error "cycles=0 mix=nsim nsim=x,1" "$driver")
line=$(grep 'trigger_nsim' "$work/warmup_error/result.ktap")
case $line in
"not ok "*"# cycle 0: "*) t_ok "warmup_error: $line" ;;
*) t_fail warmup_error "want not ok ... # cycle 0: ..., got '$line' (verdict $v)" ;;
esac
}

want no_qmp_mix && {
v=$(boot no_qmp_mix "cycles=1 mix=cpu,nsim" "$driver")
case $v in
"0 "*) t_ok "no_qmp_mix: $v" ;;
*) t_fail no_qmp_mix "verdict $v"; grep '^not ok' "$work/no_qmp_mix/result.ktap" | sed 's/^/# /' ;;
esac
}
t_done
