# hotplug - kobject hotplug stress with every detector read.
#
# Arguments (kernel command line, key=value; /init exports them as arg_KEY):
#   cycles=N        stress cycles after one warm-up cycle (default 10)
#   mix=a,b,...     triggers per cycle, in this order (default: all; each
#                   is described in /lib/triggers.sh):
#                   qnet qblk (QMP, host), pci bind cpu nsim scsi (guest)
#   nsim=P,Q        ports and queues of each netdevsim device (default 2,8)
#   nsim_devs=K     netdevsim devices per cycle (default 2): created one
#                   after the other, unbound in parallel, then deleted
#                   in the background while the next cycles run
#   nsim_inflight=J at most J cycles' netdevsim teardowns at once (default 4)
#   readers=a,b,... stress-ng stressors (sysfs, dev, procfs: Debian's
#                   stress-ng, one instance each, niced) reading beside
#                   the whole stress, from setup to the last cycle
#                   (default none; /lib/peer.sh)
#   consumer=1      a udev-like uevent consumer beside it
#                   (/bin/uevent-reader: opens each added device's node,
#                   reads the attributes of each device and its parents,
#                   races a read of each removed path); default 0
#   selftests=a,b   the kernel's own selftests of the running kernel's
#                   version, after setup, beside the readers, before the
#                   warm-up (cpu-hotplug, uevent, memory-hotplug; default
#                   none)
#   settle=S        at least S seconds between the last cycle and the
#                   census, the /sys snapshot and kmemleak (default 6:
#                   kmemleak reports objects 5 s old), then until the live
#                   count and uevent_seqnum held still for 5 s (chains of
#                   DEBUG_KOBJECT_RELEASE delays, up to 4 s each)
# The failslab fail-nth sweeps are the scenario faultsweep.
# The scenario needs the host driver qemu/hotplug-qmp (qemu/run.sh -d) on
# /dev/ttyS3 whatever the mix: setup says hello, the end says bye
# (/lib/host.sh); the QMP triggers are its requests.  The machine must boot with virtio-net-pci in slots 2, 3, 4
# (QEMU ids slot02, slot03, pers) and "acpi=noirq": under TCG with KASAN,
# ACPI _PRT evaluation (a 128-iteration AML loop) exceeds ACPICA's 30 s loop
# timeout, so IRQ routing fails and virtio probes with -ENOSPC; with
# acpi=noirq the kernel routes through SeaBIOS's $PIR table, which only has
# the slots occupied at boot.  Setup deletes slot02 and slot03 (reused by
# qnet and qblk); pers (00:04.0) is the device pci and bind work on.
#
# KTAP: setup, with selftests= the nested document "selftests", one test
# per trigger in the mix (SKIP when setup failed; an error in the warm-up
# cycle counts as "cycle 0"), with readers= the nested "readers" (one test
# per stressor), with consumer=1 "uevent_consumer", uevents (hotplug-util's
# netlink listener: add == remove, every SEQNUM seen, no overrun), then
# rig_postcheck (/lib/postcheck.sh): census (live kobjects; /sys directory
# count without the census file), sysfs_snapshot, kmemleak, and one per
# console detector group read from dmesg (the host scanner reads the console
# too).  Data sections: summary.json, uevents, and rig_postcheck's: kmemleak,
# snapshot.diff, census.before/.after and census (after the stress), slabinfo
# and meminfo, named as in the census scenario for the size report.
. /lib/rig.sh
. /lib/triggers.sh
. /lib/streams.sh
. /lib/host.sh
. /lib/postcheck.sh
. /lib/peer.sh

cycles=${arg_cycles:-10}
mix=$(echo "${arg_mix:-qnet,qblk,pci,bind,cpu,nsim,scsi}" | tr ',' ' ')
nsim_p=${arg_nsim%%,*}
nsim_p=${nsim_p:-2}
nsim_q=${arg_nsim##*,}
nsim_q=${nsim_q:-8}
nsim_k=${arg_nsim_devs:-2}
nsim_inflight=${arg_nsim_inflight:-4}
settle=${arg_settle:-6}
readers=${arg_readers:-none}
consumer=${arg_consumer:-0}
selftests=${arg_selftests:-none}
UE_LOG=/tmp/ue.log
CHECKS="census snapshot kmemleak dmesg"

# setup: host handshake, uevent listener, scsi_debug, the QMP slots and
# the persistent device.  The handshake comes first and whatever the mix:
# the driver exits 0 only after the bye that every hello gets.
setup() {
	[ -z "$unknown" ] ||
		{ setup_err="unknown trigger(s)$unknown (have: $TRIGGERS)"; return 1; }
	host_hello || { setup_err=$host_err; return 1; }
	$U uevents $UE_LOG &
	ue_pid=$!
	# handshake: the listener is up once it logged this change event
	i=0
	while ! grep -q ' change /devices/system/cpu/cpu0$' $UE_LOG; do
		echo change >/sys/devices/system/cpu/cpu0/uevent
		usleep 50000
		i=$((i + 1))
		[ $i -lt 100 ] || { setup_err="uevent listener silent"; return 1; }
	done
	# Responses without a timer: delay=1 jiffy queues every command.
	[ -w $SD/delay ] && echo 0 >$SD/delay
	case " $mix " in
	*" qnet "*|*" qblk "*|*" pci "*|*" bind "*) ;;
	*) return 0 ;;
	esac
	host_free_slots || { setup_err=$host_err; return 1; }
	pers_up || { setup_err="persistent virtio-net $PBDF not up"; return 1; }
	return 0
}

# wait_uevents: until the listener logged SEQNUM up to uevent_seqnum (gives
# up after 30 s without progress).
wait_uevents() {
	want=$(cat /sys/kernel/uevent_seqnum)
	end=$(($(cs) + 3000)) seen=
	while :; do
		last=$(tail -n 1 $UE_LOG | cut -d' ' -f1)
		case $last in *[!0-9]*|'') last=0 ;; esac
		[ "$last" -ge "$want" ] && return 0
		[ "$last" != "$seen" ] && end=$(($(cs) + 3000)) seen=$last
		[ "$(cs)" -gt $end ] && return 1
		usleep 100000
	done
}

# --- main ----------------------------------------------------------------

# a name that is no trigger fails setup; it is no test of the plan
unknown= known=
for t in $mix; do
	case " $TRIGGERS " in
	*" $t "*) known="$known $t" ;;
	*) unknown="$unknown $t" ;;
	esac
done
mix=$known
: >$UE_LOG
ue_pid=
ntrig=$(echo $mix | wc -w)
ktap_plan $((1 + ntrig + $(peer_count "$readers" "$consumer" "$selftests") + 1 + $(rig_postcheck_count $CHECKS)))
t_start=$(cs)

# The plan above counts one test per trigger of the mix: a failed setup
# reports them as skipped, it does not drop them.
if setup; then
	ktap_result 0 setup "host $host, uevent listener $ue_pid"
	run=$mix
	peer_start "$readers" "$consumer"
else
	ktap_result 1 setup "$setup_err"
	run=
fi

# the kernel's selftests, beside the readers, before the warm-up: what
# they leave behind (uevent's synthetic "add" events, its namespaces'
# devices, released later) settles before the census and the uevent
# count start
t_self=$(cs)
if [ "$selftests" != none ]; then
	if [ -n "$run" ]; then
		peer_selftests "$selftests"
	else
		ktap_result 0 selftests "SKIP setup failed"
	fi
fi
cs_self=$(($(cs) - t_self))

# warm-up: first-use allocations are not leaks; then let releases finish.
# A trigger's error in the warm-up (cycle 0) is its error: err_T is kept.
[ -n "$run" ] && run_cycles 0 0
for t in $mix; do eval "unset cs_$t done_$t"; done
unset cs_nsim_new cs_nsim_del
rig_quiesce 5 60
[ -n "$ue_pid" ] && wait_uevents
t0=$(cs)
rig_precheck
cs_snap=$(($(cs) - t0))
seq0=$(cat /sys/kernel/uevent_seqnum)
diag "start: live $live0, uevent_seqnum $seq0, warm-up done at $(uptime_s) s," \
	"snapshot took $((cs_snap * 10)) ms"

t_cycles=$(cs)
[ -n "$run" ] && [ "$cycles" -gt 0 ] && run_cycles 1 "$cycles"
cs_cycles=$(($(cs) - t_cycles))

for t in $mix; do
	eval "e=\$err_$t c=\${cs_$t:-0}"
	if [ -z "$run" ]; then
		ktap_result 0 "trigger_$t" "SKIP setup failed"
	elif [ -z "$e" ] && eval "[ -n \"\${skip_$t:-}\" ]"; then
		eval "ktap_result 0 \"trigger_$t\" \"SKIP \$skip_$t\""
	elif [ -z "$e" ]; then
		ktap_result 0 "trigger_$t" "$cycles cycles, $((c * 10 / (cycles > 0 ? cycles : 1))) ms/cycle"
	else
		ktap_result 1 "trigger_$t" "$e"
	fi
done

# the readers' results
t_peer=$(cs)
peer_stop
if [ -n "$run" ]; then
	peer_report
else
	[ "$readers" = none ] || ktap_result 0 readers "SKIP setup failed"
	[ "$consumer" != 1 ] || ktap_result 0 uevent_consumer "SKIP setup failed"
fi
cs_peer=$(($(cs) - t_peer))

# the release delays (<= 4 s) and kmemleak's minimum age (5 s) pass
t_settle=$(cs)
rig_quiesce "$settle" 120 || diag "still changing after 120 s"
# after the delayed releases: some send uevents (a scsi host's workqueue)
ue_ok=1
[ -n "$ue_pid" ] && { wait_uevents; ue_ok=$?; }
seq1=$(cat /sys/kernel/uevent_seqnum)
cs_settle=$(($(cs) - t_settle))

# uevents: every SEQNUM in (seq0, seq1] logged once, add == remove
awk -v a="$seq0" -v b="$seq1" '$1 > a && $1 <= b' $UE_LOG >/tmp/ue.run
ue_lines=$(wc -l </tmp/ue.run)
ue_add=$(grep -c ' add ' /tmp/ue.run)
ue_rm=$(grep -c ' remove ' /tmp/ue.run)
ue_bind=$(grep -c ' bind ' /tmp/ue.run)
ue_unbind=$(grep -c ' unbind ' /tmp/ue.run)
ue_lost=$(grep -c '^? overrun' $UE_LOG)
section uevents </tmp/ue.run
why="add $ue_add remove $ue_rm bind $ue_bind unbind $ue_unbind, logged $ue_lines of $((seq1 - seq0)), $ue_lost overrun(s)"
if [ -z "$ue_pid" ]; then
	ktap_result 0 uevents "SKIP no uevent listener: $setup_err"
elif [ $ue_ok = 0 ] && [ "$ue_add" = "$ue_rm" ] && [ "$ue_bind" = "$ue_unbind" ] &&
   [ "$ue_lines" = $((seq1 - seq0)) ] && [ "$ue_lost" = 0 ]; then
	ktap_result 0 uevents "$why"
else
	ktap_result 1 uevents "$why"
fi

rig_postcheck $CHECKS

[ -n "$ue_pid" ] && kill "$ue_pid" 2>/dev/null
host_bye

spc=0
[ "$cycles" -gt 0 ] && spc=$(awk "BEGIN { printf \"%.3f\", $cs_cycles / 100 / $cycles }")
[ "$readers$consumer$selftests" = none0none ] ||
	diag "peers: readers $readers, consumer $consumer, selftests $selftests ($((cs_self / 100)) s; the readers' end $((cs_peer / 100)) s)"
diag "cycles $cycles in $((cs_cycles / 100)) s ($spc s/cycle); settle $((cs_settle / 100)) s," \
	"kmemleak $((cs_kml / 100)) s, total $((($(cs) - t_start) / 100)) s"
for t in $mix; do
	eval "c=\${cs_$t:-0}"
	diag "time $t: $((c * 10)) ms total"
	case $t in nsim) diag "time nsim: new_device $((${cs_nsim_new:-0} * 10)) ms, del_device $((${cs_nsim_del:-0} * 10)) ms" ;; esac
done

{
	echo "{"
	echo "  \"kernel\": \"$(uname -r)\","
	echo "  \"cycles\": $cycles,"
	echo "  \"mix\": \"$(echo $mix | tr ' ' ',')\","
	echo "  \"nsim_ports\": $nsim_p, \"nsim_queues\": $nsim_q, \"nsim_devices\": $nsim_k,"
	echo "  \"uevents\": {\"add\": $ue_add, \"remove\": $ue_rm, \"bind\": $ue_bind, \"unbind\": $ue_unbind, \"logged\": $ue_lines, \"seqnum_delta\": $((seq1 - seq0))},"
	echo "  \"live_kobjects\": {\"source\": \"$([ -r $CENSUS ] && echo census || echo sysfs_dirs)\", \"before\": ${live0:-null}, \"after\": ${live1:-null}},"
	echo "  \"kmemleak_objects\": $kml_n,"
	printf '  "detector_hits": {'
	sep=
	for g in $PC_DETECTORS; do
		eval "printf '%s\"%s\": %s' \"\$sep\" $g \$hits_$g"
		sep=", "
	done
	echo "},"
	printf '  "ms_per_trigger": {'
	sep=
	for t in $mix; do
		eval "c=\${cs_$t:-0}"
		printf '%s"%s": %s' "$sep" "$t" $((c * 10 / (cycles > 0 ? cycles : 1)))
		sep=", "
	done
	echo "},"
	echo "  \"seconds_per_cycle\": $spc,"
	echo "  \"seconds\": {\"cycles\": $((cs_cycles / 100)), \"settle\": $((cs_settle / 100)), \"kmemleak\": $((cs_kml / 100)), \"total\": $((($(cs) - t_start) / 100))},"
	echo "  \"failed\": $ktap_failed"
	echo "}"
} | section summary.json
ktap_exit
