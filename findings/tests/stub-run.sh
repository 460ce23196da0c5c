#!/bin/sh
# stub-run.sh - qemu/run.sh's stand-in for tests/host/findings.sh: writes
# the records of a faultsweep boot from the fixtures beside it, by the
# attempt it starts from (fault_from=N in -a): 575 (the fixture run
# run-sdebug: fatal in 578), 579 (cut by the per-boot limit in 581), 581
# (a refcount report in 581, the sweep ends at 583).
here=$(cd "$(dirname "$0")" && pwd)
out= args=
while getopts A:k:i:s:o:a:q:t:n: opt; do
	case $opt in o) out=$OPTARG ;; a) args=$OPTARG ;; *) ;; esac
done
from=$(printf '%s\n' "$args" | sed -n 's/.*fault_from=\([0-9]*\).*/\1/p')
mkdir -p "$out/data"
case $from in
579)	cp "$here/from-579.log" "$out/console.log"
	printf 'qemu=killed\nwatch=timeout: timed out after 5400s\nscenario=faultsweep\n' >"$out/status" ;;
581)	cp "$here/from-581.log" "$out/console.log"
	printf 'qemu=35\nwatch=\nscenario=faultsweep\n' >"$out/status"
	echo '{"fault_points": {"netdevsim_new_device": 0, "pci_rescan": 0, "sdebug": 582}}' >"$out/data/summary.json"
	printf 'KTAP version 1\n1..3\nok 1 failslab_netdevsim # SKIP not in fault_ops\nok 2 failslab_pci_rescan # SKIP\nnot ok 3 failslab_sdebug # scsi_debug add_host 1: fault points 582, 1 not survived, first n=581: [refcount_t:] refcount_t: underflow\n' >"$out/result.ktap" ;;
*)	cp -r "$here/run-sdebug/." "$out/" ;;
esac
exit 3
