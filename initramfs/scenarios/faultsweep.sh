# faultsweep - failslab fail-nth sweeps: every fault point of one
# registration a guest task drives (a netdevsim new_device, a PCI rescan,
# ...: /lib/failnth.sh), then every detector read.
#
# Arguments (kernel command line, key=value; /init exports them as arg_KEY):
#   fault_ops=a,b   which sweeps (default nsim,pci), in this order:
#                   nsim    netdevsim new_device
#                   pci     PCI rescan of fault_pci
#                   sdebug  scsi_debug add_host
#                   loop    LOOP_CTL_ADD on /dev/loop-control
#                   dummy   RTM_NEWLINK of a dummy netdev
#                   veth    RTM_NEWLINK of a veth pair
#                   cpu     cpu1 online
#                   vblk    PCI rescan of fault_vblk (virtio-blk probe)
#                   vscsi   PCI rescan of fault_vscsi (virtio-scsi probe)
#                   mod     finit_module of fault_mod (the kernel's own
#                           initramfs, with /lib/modules)
#   fault_nsim=P,Q  ports,queues of the swept new_device (default 1,1)
#   fault_pci=BDF   the device removed and rescanned under faults (default
#                   0000:00:01.1, PIIX IDE: no driver, so no netdev teardown
#                   per attempt; 0000:00:04.0 sweeps the virtio-net probe,
#                   booted with the stress's devices)
#   fault_vblk=BDF, fault_vscsi=BDF  the virtio-blk and virtio-scsi
#                   devices of vblk and vscsi (default 0000:00:05.0,
#                   0000:00:06.0: the QEMU options of the run
#                   hotplug-fault in qemu/plan.txt)
#   fault_mod=NAME  the module of mod (default erofs)
#   fault_max=N     give up after N attempts (default 3000)
#   fault_from=N    start each sweep at attempt N (default 1): the host's
#                   tests/hotplug/findings.sh boots again past a fatal one
#   fault_kml=K     a kmemleak scan every K attempts too (default: the
#                   end check's only)
#   fault_fast=1    one scan of the log an attempt, its tail, instead of
#                   three of all of it (/lib/failnth.sh: sweep)
#   settle=S        at least S seconds before the checks (default 6)
# No host driver; vblk and vscsi need their devices in the boot's QEMU
# options.
#
# KTAP: failslab_netdevsim, failslab_pci_rescan, failslab_OP for each other
# operation in fault_ops (FI_OPS order), then rig_postcheck's
# census, sysfs_snapshot, kmemleak and detector_* tests.  Data sections:
# summary.json, those of rig_postcheck (census.before, census.after,
# census, slabinfo, meminfo, kmemleak, snapshot.diff).
. /lib/rig.sh
. /lib/triggers.sh
. /lib/postcheck.sh
. /lib/failnth.sh

fault_nsim=$(echo "${arg_fault_nsim:-1,1}" | tr , ' ')
fault_pci=${arg_fault_pci:-0000:00:01.1}
fault_vblk=${arg_fault_vblk:-0000:00:05.0}
fault_vscsi=${arg_fault_vscsi:-0000:00:06.0}
fault_mod=${arg_fault_mod:-erofs}
fault_max=${arg_fault_max:-3000}
fault_from=${arg_fault_from:-1}
fault_ops=${arg_fault_ops:-nsim,pci}
settle=${arg_settle:-6}
CHECKS="census snapshot kmemleak dmesg"

ktap_plan $(($(fi_tests) + $(rig_postcheck_count $CHECKS)))
t_start=$(cs)
# boot-time releases first: they are not the sweep's
rig_quiesce 5 60
rig_precheck
diag "start: live $live0 at $(uptime_s) s"

cs_fault=0 pts_nsim=0 pts_pci=0 fi_points= fi_secs= fi_parts=
fault_sweeps

t_settle=$(cs)
rig_quiesce "$settle" 120 || diag "still changing after 120 s"
cs_settle=$(($(cs) - t_settle))
rig_postcheck $CHECKS

{
	echo "{"
	echo "  \"kernel\": \"$(uname -r)\","
	echo "  \"fault_ops\": \"$fault_ops\", \"fault_nsim\": \"$fault_nsim\", \"fault_pci\": \"$fault_pci\","
	echo "  \"live_kobjects\": {\"source\": \"$([ -r $CENSUS ] && echo census || echo sysfs_dirs)\", \"before\": ${live0:-null}, \"after\": ${live1:-null}},"
	echo "  \"kmemleak_objects\": $kml_n,"
	printf '  "detector_hits": {'
	sep=
	for g in $PC_DETECTORS; do
		eval "printf '%s\"%s\": %s' \"\$sep\" $g \$hits_$g"
		sep=", "
	done
	echo "},"
	echo "  \"fault_points\": {\"netdevsim_new_device\": $pts_nsim, \"pci_rescan\": $pts_pci$fi_points},"
	echo "  \"fault_seconds\": {${fi_secs#, }},"
	echo "  \"fault_parts\": {${fi_parts#, }},"
	echo "  \"seconds\": {\"settle\": $((cs_settle / 100)), \"kmemleak\": $((cs_kml / 100)), \"fault\": $((cs_fault / 100)), \"total\": $((($(cs) - t_start) / 100))},"
	echo "  \"failed\": $ktap_failed"
	echo "}"
} | section summary.json
ktap_exit
