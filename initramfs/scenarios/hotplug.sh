# hotplug - kobject hotplug stress with every detector read.
#
# Arguments (kernel command line, key=value; /init exports them as arg_KEY):
#   cycles=N        stress cycles after one warm-up cycle (default 10)
#   mix=a,b,...     triggers per cycle, in this order (default: all):
#                   qnet  QMP device_add/device_del virtio-net-pci  (host)
#                   qblk  QMP device_add/device_del virtio-blk-pci  (host)
#                   pci   /sys/bus/pci/devices/BDF/remove + /sys/bus/pci/rescan
#                   bind  virtio-pci driver unbind + bind
#                   cpu   cpu1 offline + online
#                   nsim  netdevsim new_device + del_device
#                   scsi  scsi_debug add_host 1 + add_host -1
#   nsim=P,Q        ports and queues of each netdevsim device (default 2,8)
#   nsim_devs=K     netdevsim devices per cycle (default 2): created one
#                   after the other, unbound in parallel, then deleted
#                   in the background while the next cycles run
#   nsim_inflight=J at most J cycles' netdevsim teardowns at once (default 4)
#   fault=0|1       failslab fail-nth sweeps over one netdevsim new_device
#                   and one PCI rescan (default 0)
#   fault_nsim=P,Q  ports,queues of the swept new_device (default 1,1)
#   fault_pci=BDF   the device removed and rescanned under faults (default
#                   0000:00:01.1, PIIX IDE: no driver, so no netdev teardown
#                   per attempt; 0000:00:04.0 sweeps the virtio-net probe)
#   fault_max=N     give up after N attempts (default 3000)
#   fault_ops=a,b   which sweeps: nsim, pci (default both)
#   settle=S        at least S seconds between the last cycle and the
#                   census, the /sys snapshot and kmemleak (default 6:
#                   kmemleak reports objects 5 s old), then until the live
#                   count and uevent_seqnum held still for 5 s (chains of
#                   DEBUG_KOBJECT_RELEASE delays, up to 4 s each)
# The QMP triggers come from the host driver qemu/hotplug-qmp over /dev/ttyS3.
# The machine must boot with virtio-net-pci in slots 2, 3, 4 (QEMU ids slot02,
# slot03, pers) and "acpi=noirq": under TCG with KASAN, ACPI _PRT evaluation
# (a 128-iteration AML loop) exceeds ACPICA's 30 s loop timeout, so IRQ
# routing fails and virtio probes with -ENOSPC; with acpi=noirq the kernel
# routes through SeaBIOS's $PIR table, which only has the slots occupied at
# boot.  Setup deletes slot02 and slot03 (reused by qnet and qblk); pers
# (00:04.0) is the device pci and bind work on.
#
# KTAP: setup, one test per trigger in the mix, the fault sweeps (fault=1),
# then one per detector: uevents (busybox uevent with hotplug-util as PROG,
# add == remove, every SEQNUM seen), census (live kobjects; /sys directory
# count without the census file), sysfs_snapshot, kmemleak, and one per
# console detector group read from dmesg (the host scanner reads the console
# too).  Data sections: summary.json, kmemleak, uevents, snapshot diffs,
# and after the stress census (also census.before/.after), slabinfo and
# meminfo, named as in the census scenario for the size report.
. /lib/rig.sh

cycles=${arg_cycles:-10}
mix=$(echo "${arg_mix:-qnet,qblk,pci,bind,cpu,nsim,scsi}" | tr ',' ' ')
nsim_p=${arg_nsim%%,*}
nsim_p=${nsim_p:-2}
nsim_q=${arg_nsim##*,}
nsim_q=${nsim_q:-8}
nsim_k=${arg_nsim_devs:-2}
nsim_inflight=${arg_nsim_inflight:-4}
fault=${arg_fault:-0}
settle=${arg_settle:-6}
fault_nsim=$(echo "${arg_fault_nsim:-1,1}" | tr , ' ')
fault_pci=${arg_fault_pci:-0000:00:01.1}
fault_max=${arg_fault_max:-3000}
fault_ops=${arg_fault_ops:-nsim,pci}

PSLOT=04	# persistent virtio-net for pci/bind
NSLOT=02	# QMP virtio-net
BSLOT=03	# QMP virtio-blk
PBDF=0000:00:$PSLOT.0
NSIM=/sys/bus/netdevsim
CENSUS=/sys/kernel/debug/kobject_census
KML=/sys/kernel/debug/kmemleak
UE_LOG=/tmp/ue.log
U=hotplug-util
WAIT_MS=60000

# centiseconds since boot, no fork
cs() {
	read -r up _ </proc/uptime
	echo "${up%.*}${up#*.}"
}

log() { echo "hotplug: $*" >/dev/console; }
diag() { ktap_diag "$*"; log "$*"; }

# per-trigger state: err_T (first error), cs_T (centiseconds spent)
fail_t() {
	msg="cycle $cycle: $2"
	eval "e=\${err_$1}"
	[ -n "$e" ] || eval "err_$1=\$msg"
	log "FAIL $1 cycle $cycle: $2"
}

# --- triggers ------------------------------------------------------------

# qmp_cycle T KIND SLOT SUBDIR: host adds, guest sees SUBDIR, host removes
# (DEVICE_DELETED), guest sees the device gone.
qmp_cycle() {
	bdf=0000:00:$3.0
	id=hp$2$cycle
	r=$($U ctl 60 add "$2" "$id" "$3") || { fail_t "$1" "add: $r"; return; }
	$U wait "/sys/bus/pci/devices/$bdf/virtio*/$4/*" present $WAIT_MS \
		>/dev/null || { fail_t "$1" "$bdf has no $4 after add"; return; }
	r=$($U ctl 60 del "$id") || { fail_t "$1" "del: $r"; return; }
	$U wait "/sys/bus/pci/devices/$bdf" absent $WAIT_MS >/dev/null ||
		fail_t "$1" "$bdf still present after DEVICE_DELETED"
}

pers_up() {
	$U wait "/sys/bus/pci/devices/$PBDF/virtio*/net/*" present $WAIT_MS >/dev/null
}

t_qnet() { qmp_cycle qnet net $NSLOT net; }
t_qblk() { qmp_cycle qblk blk $BSLOT block; }

t_pci() {
	# The write returns once the device is gone.  Do not wait for its
	# absence: a QMP add or removal in the other stream makes acpiphp
	# check every slot of bus 0 and may re-add it at once (legitimately).
	echo 1 >/sys/bus/pci/devices/$PBDF/remove || { fail_t pci "remove"; return; }
	echo 1 >/sys/bus/pci/rescan || { fail_t pci "rescan"; return; }
	pers_up || fail_t pci "no net device after rescan"
}

t_bind() {
	echo $PBDF >/sys/bus/pci/drivers/virtio-pci/unbind || { fail_t bind "unbind"; return; }
	[ -e /sys/bus/pci/devices/$PBDF/driver ] && { fail_t bind "still bound"; return; }
	echo $PBDF >/sys/bus/pci/drivers/virtio-pci/bind || { fail_t bind "bind"; return; }
	pers_up || fail_t bind "no net device after bind"
}

# cpu_set_online VALUE: write cpu1/online, retrying for up to 5 s: a PCI
# driver probe in a parallel stream holds cpu_hotplug_disable() (pci_call_probe),
# and cpu_down() then fails with -EBUSY.  That is the kernel working as meant.
cpu_set_online() {
	i=0
	while ! echo "$1" >/sys/devices/system/cpu/cpu1/online 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 100 ] || return 1
		usleep 50000
	done
}

t_cpu() {
	f=/sys/devices/system/cpu/cpu1/online
	cpu_set_online 0 || { fail_t cpu "offline"; return; }
	[ "$(cat $f)" = 0 ] || { fail_t cpu "still online"; return; }
	cpu_set_online 1 || { fail_t cpu "online"; return; }
	[ "$(cat $f)" = 1 ] || fail_t cpu "still offline"
}

# t_nsim: nsim_k devices with ids of this cycle's own, then their teardown
# handed to a background job (nsim_teardown), so that the next cycle does
# not sit through it: each port's unregister_netdev() waits for the netdev's
# references, which the queue kobjects hold until their release, and
# DEBUG_KOBJECT_RELEASE delays those by up to 4 s.  At most nsim_inflight
# teardowns run at once; end_nsim waits for the rest.
t_nsim() {
	t1=$(cs)
	ids=
	k=1
	while [ $k -le "$nsim_k" ]; do
		id=$((1000 + cycle * nsim_k + k))
		echo "$id $nsim_p $nsim_q" >$NSIM/new_device ||
			{ fail_t nsim "new_device $id"; break; }
		ids="$ids $id"
		n=$($U count "$NSIM/devices/netdevsim$id/net/*")
		[ "$n" = "$nsim_p" ] || fail_t nsim "netdevsim$id: $n of $nsim_p ports"
		k=$((k + 1))
	done
	cs_nsim_new=$((${cs_nsim_new:-0} + $(cs) - t1))
	set -- $nsim_jobs
	if [ $# -ge "$nsim_inflight" ]; then
		wait "$1"
		shift
		nsim_jobs="$*"
	fi
	[ -n "$ids" ] || return
	nsim_teardown "$cycle" $ids &
	nsim_jobs="$nsim_jobs $!"
}

# nsim_teardown CYCLE ID...: unbind all at once (the driver's remove runs
# outside netdevsim's list lock, so the devices' netdev reference waits
# overlap), del_device each, wait until gone.  Errors go to /tmp/nsim.err,
# the time taken to /tmp/nsim.del (a background job cannot set variables).
nsim_teardown() {
	c=$1 t2=$(cs) pids=
	shift
	for id; do
		echo netdevsim$id >$NSIM/drivers/netdevsim/unbind &
		pids="$pids $!"
	done
	for p in $pids; do
		wait $p || echo "cycle $c: unbind" >>/tmp/nsim.err
	done
	for id; do
		echo $id >$NSIM/del_device || echo "cycle $c: del_device $id" >>/tmp/nsim.err
		$U wait "$NSIM/devices/netdevsim$id" absent $WAIT_MS >/dev/null ||
			echo "cycle $c: netdevsim$id still present" >>/tmp/nsim.err
	done
	echo $(($(cs) - t2)) >>/tmp/nsim.del
}

# end_nsim: after the stream's last cycle, the teardowns still running
end_nsim() {
	t0=$(cs)
	[ -n "$nsim_jobs" ] && wait $nsim_jobs
	nsim_jobs=
	cs_nsim=$((${cs_nsim:-0} + $(cs) - t0))
	if [ -s /tmp/nsim.err ]; then
		cycle=$(sed -n '1s/^cycle \([0-9]*\):.*/\1/p' /tmp/nsim.err)
		fail_t nsim "$(head -n 1 /tmp/nsim.err | sed 's/^cycle [0-9]*: //')"
	fi
	rm -f /tmp/nsim.err
	cs_nsim_del=$((${cs_nsim_del:-0} + $(awk '{ s += $1 } END { print s + 0 }' /tmp/nsim.del 2>/dev/null || echo 0)))
	rm -f /tmp/nsim.del
}

SD=/sys/bus/pseudo/drivers/scsi_debug
t_scsi() {
	base=$($U count "/sys/class/scsi_disk/*")
	echo 1 >$SD/add_host || { fail_t scsi "add_host"; return; }
	n=0
	while [ "$($U count "/sys/class/scsi_disk/*")" -le "$base" ]; do
		n=$((n + 1))
		[ $n -gt 3000 ] && { fail_t scsi "no disk after add_host"; return; }
		usleep 10000
	done
	echo -1 >$SD/add_host || { fail_t scsi "remove host"; return; }
	n=0
	while [ "$($U count "/sys/class/scsi_disk/*")" -gt "$base" ]; do
		n=$((n + 1))
		[ $n -gt 3000 ] && { fail_t scsi "disk left after remove"; return; }
		usleep 10000
	done
}

# Triggers run in independent streams, one process each, so that the idle
# waits of one (netdev refcount polling while DEBUG_KOBJECT_RELEASE delays
# the queue kobjects' releases, DEVICE_DELETED) overlap the work of the
# others.  Triggers that share a device or the host driver share a stream.
STREAMS="qnet,qblk pci,bind cpu nsim scsi"

# stream_run FIRST LAST TRIGGERS: cycles FIRST..LAST of TRIGGERS (a,b) in
# mix order; results as shell assignments in /tmp/stream.TRIGGERS.
stream_run() {
	trigs=
	for t in $mix; do
		case ",$3," in *",$t,"*) trigs="$trigs $t" ;; esac
	done
	[ -n "$trigs" ] || return 0
	cycle=$1
	while [ $cycle -le $2 ]; do
		for t in $trigs; do
			t0=$(cs)
			t_$t
			eval "cs_$t=\$((\${cs_$t:-0} + $(cs) - t0))"
		done
		[ $((cycle % 10)) = 0 ] && log "$3: cycle $cycle at $(uptime_s) s"
		cycle=$((cycle + 1))
	done
	for t in $trigs; do
		command -v "end_$t" >/dev/null && "end_$t"
	done
	set | grep -E "^(cs|err)_" >"/tmp/stream.$3"
}

# run_cycles FIRST LAST: every stream in parallel, then collect.
run_cycles() {
	pids=
	for s in $STREAMS; do
		rm -f "/tmp/stream.$s"
		stream_run "$1" "$2" "$s" &
		pids="$pids $!"
	done
	wait $pids
	for s in $STREAMS; do
		[ -f "/tmp/stream.$s" ] && . "/tmp/stream.$s"
	done
}

# --- setup ---------------------------------------------------------------

# setup: host handshake, persistent device, uevent listener, scsi_debug.
setup() {
	host=no
	: >$UE_LOG
	uevent $U ue $UE_LOG &
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
	i=0
	while [ $i -lt 30 ]; do
		$U ctl 1 hello >/dev/null && { host=yes; break; }
		i=$((i + 1))
	done
	[ $host = yes ] || { setup_err="no host driver on /dev/ttyS3"; return 1; }
	# free the boot-time placeholders (they gave their slots a $PIR entry)
	for s in $NSLOT $BSLOT; do
		r=$($U ctl 60 del slot$s) || { setup_err="del slot$s: $r"; return 1; }
		$U wait "/sys/bus/pci/devices/0000:00:$s.0" absent $WAIT_MS >/dev/null ||
			{ setup_err="slot $s still present"; return 1; }
	done
	pers_up || { setup_err="persistent virtio-net $PBDF not up"; return 1; }
	return 0
}

# live_count: the census's "live N", else the /sys directory count.
live_count() {
	if [ -r $CENSUS ]; then
		awk '$1 == "live" { print $2 }' $CENSUS
	else
		find /sys -xdev -type d | wc -l
	fi
}

# snapshot: the /sys snapshot with the names and numbers that depend on the
# order of probes masked: IFINDEX grows with every netdev registration, and
# virtioN and ethN take the lowest free index, which the parallel streams
# hand out in a different order each run (sorted again after masking).
snapshot() {
	sysfs-snapshot /sys 2>/dev/null |
		sed 's/IFINDEX=[0-9]*/IFINDEX=N/; s/virtio[0-9][0-9]*/virtioN/g; s/eth[0-9][0-9]*/ethN/g' |
		LC_ALL=C sort
}

# quiesce MIN MAX: sleep MIN seconds, then wait until uevent_seqnum and the
# census live count (not the /sys count: a walk takes seconds) held still
# for 5 polls a second apart (longer than one release delay: a child's
# delayed release can drop the last reference to its parent, whose release
# is delayed again); MAX seconds at most.
quiesce() {
	sleep "$1"
	end=$(($(cs) + ($2 - $1) * 100))
	prev= same=0
	while [ "$(cs)" -lt $end ]; do
		now=$(cat /sys/kernel/uevent_seqnum)
		[ -r $CENSUS ] && now="$now $(live_count)"
		if [ "$now" = "$prev" ]; then
			same=$((same + 1))
			[ $same -ge 5 ] && return 0
		else
			same=0
		fi
		prev=$now
		sleep 1
	done
	return 1
}

# wait_uevents: until the listener logged SEQNUM up to uevent_seqnum (gives
# up after 30 s without progress).
wait_uevents() {
	want=$(cat /sys/kernel/uevent_seqnum)
	end=$(($(cs) + 3000)) seen=
	while :; do
		last=$(tail -n 1 $UE_LOG | cut -d' ' -f1)
		[ "${last:-0}" -ge "$want" ] && return 0
		# the listener spawns one process per event: give it time as
		# long as it makes progress
		[ "$last" != "$seen" ] && end=$(($(cs) + 3000)) seen=$last
		[ "$(cs)" -gt $end ] && return 1
		usleep 100000
	done
}

# --- detectors -----------------------------------------------------------

# kmemleak_check: scan twice (objects must be 5 s old), count reports.
kmemleak_check() {
	kml_n=-1
	[ -w $KML ] || return 2
	echo scan >$KML
	echo scan >$KML
	cat $KML >/tmp/kmemleak.txt
	kml_n=$(grep -c '^unreferenced object' /tmp/kmemleak.txt)
	section kmemleak </tmp/kmemleak.txt
	[ "$kml_n" = 0 ]
}

# dmesg_scan: dmesg without the lines an EXPECT-WARNING window accepts
dmesg_scan() {
	dmesg | awk '
		/EXPECT-WARNING BEGIN: / {
			n = split(substr($0, index($0, "BEGIN: ") + 7), allow, "|")
			w = 1
			next
		}
		/EXPECT-WARNING END/ { w = 0; next }
		w { for (i = 1; i <= n; i++) if (index($0, allow[i])) next }
		{ print }'
}

# sig_check NAME 'pat1|pat2': lines of one detector group in /tmp/dmesg.scan
sig_check() {
	hits=$(grep -E -c "$2" /tmp/dmesg.scan)
	eval "hits_$1=$hits"
	if [ "$hits" = 0 ]; then
		ktap_result 0 "detector_$1"
	else
		ktap_result 1 "detector_$1" "$hits line(s), first: $(grep -E -m1 "$2" \
			/tmp/dmesg.scan | sed 's/^\[[^]]*\] //' | tr -d '#')"
	fi
}

SIG_GROUPS="kasan debug_objects refcount list_debug hung_task kobject oops"
sig_kasan='BUG: KASAN'
sig_debug_objects='ODEBUG:'
sig_refcount='refcount_t:'
sig_list_debug='list_(add|del) corruption'
sig_hung_task='blocked for more than'
sig_kobject='is not initialized, yet kobject_|tried to init an initialized object|kobject_add_internal failed|cannot create duplicate filename|does not have a release\(\) function'
sig_oops='\] BUG: |kernel BUG at|WARNING: CPU|Oops:|general protection fault|Kernel panic|detected stalls|soft lockup'

# --- fault injection -----------------------------------------------------

# Faults make kobject_add_internal() fail loudly, on purpose: each sweep runs
# inside an EXPECT-WARNING window for that signature (the host scanner then
# still fails on any other signature).
FI_SIG="kobject_add_internal failed"

# fi_bad NAME N: the lines of attempt N (from its marker on) with a
# signature other than FI_SIG, in /tmp/fi.bad; true if there are any.
fi_bad() {
	dmesg | tail -n 400 | sed -n '/hotplug: failnth '"$1 n=$2"'$/,$p' |
		grep -E "$FI_BAD" | grep -v "$FI_SIG" >/tmp/fi.bad
	[ -s /tmp/fi.bad ]
}

# sweep NAME OP UNDO: n = 1, 2, ... run "OP n" (prints "injected I errno E")
# then "UNDO n", until an OP succeeds with no fault injected.  Sets pts_NAME
# (fault points: the n that succeeded without a fault, minus one).  An
# attempt the kernel did not survive (a signature other than FI_SIG in
# dmesg during its OP or its UNDO) is counted in bad_NAME, the first in
# fi_bad_NAME.  After a fatal one (an oops: the next step could block on a
# lock the dead task holds) the sweep stops, before UNDO if OP was fatal.
# Returns 0 all survived, 1 no clean OP, 2 some not.
sweep() {
	n=1
	eval "bad_$1=0 fi_bad_$1="
	while [ $n -le "$fault_max" ]; do
		$U kmsg "hotplug: failnth $1 n=$n"
		set -- "$1" "$2" "$3" $($2 $n)
		fi_bad "$1" $n && grep -q -E "$FI_FATAL" /tmp/fi.bad ||
			{ $3 $n; fi_bad "$1" $n; }
		if [ -s /tmp/fi.bad ]; then
			eval "bad_$1=\$((bad_$1 + 1))"
			eval "[ -n \"\$fi_bad_$1\" ] || fi_bad_$1=\"n=\$n: \$(head -n 1 /tmp/fi.bad |
				sed 's/^\[[^]]*\] //' | tr -d '#')\""
			log "failnth $1 n=$n not survived: $(head -n 1 /tmp/fi.bad)"
			if grep -q -E "$FI_FATAL" /tmp/fi.bad; then
				eval "pts_$1=-$n"
				return 2
			fi
		fi
		if [ "$5" = 0 ] && [ "$7" = 0 ]; then
			eval "pts_$1=$((n - 1))"
			eval "[ \$bad_$1 = 0 ]" && return 0
			return 2
		fi
		n=$((n + 1))
	done
	eval "pts_$1=-1"
	return 1
}

# netdevsim: a new id per attempt; the devices a faulted new_device still
# created are unbound in parallel (outside netdevsim's list lock, so their
# netdev teardowns, each waiting 1-4 s for delayed kobject releases,
# overlap) every FI_NSIM_BATCH of them, then deleted.
FI_NSIM_BATCH=32
fi_nsim_op() { $U failnth "$1" $NSIM/new_device "$((100 + $1)) $fault_nsim"; }
fi_nsim_undo() {
	[ -e $NSIM/devices/netdevsim$((100 + $1)) ] || return 0
	fi_nsim_left="$fi_nsim_left $((100 + $1))"
	set -- $fi_nsim_left	# the function's own arguments: count them
	[ $# -lt $FI_NSIM_BATCH ] || fi_nsim_flush
}
fi_nsim_flush() {
	pids=
	for id in $fi_nsim_left; do
		[ -e $NSIM/devices/netdevsim$id/driver ] &&
			{ echo netdevsim$id >$NSIM/drivers/netdevsim/unbind & pids="$pids $!"; }
	done
	wait $pids
	for id in $fi_nsim_left; do
		echo $id >$NSIM/del_device
	done
	fi_nsim_left=
}
# PCI: remove FAULT_PCI, rescan under the fault, remove what came back.
fi_pci_op() { $U failnth "$1" /sys/bus/pci/rescan 1; }
fi_pci_undo() {
	[ -e /sys/bus/pci/devices/$fault_pci ] &&
		echo 1 >/sys/bus/pci/devices/$fault_pci/remove
	$U wait "/sys/bus/pci/devices/$fault_pci" absent $WAIT_MS >/dev/null
}

# kmsg_marker TEXT: TEXT into the kernel log, checked (the host scanner
# pairs the EXPECT-WARNING markers; the diag must not repeat TEXT).
kmsg_marker() {
	$U kmsg "$1"
	dmesg | tail -n 20 | grep -q -F "$1" && return 0
	ktap_diag "kmsg: a marker did not reach the kernel log"
	ktap_failed=1
	return 1
}

# fi_hits: the kernel's lines with the expected signature so far (not our
# own marker lines)
fi_hits() { dmesg | grep -c "$FI_SIG for "; }

fault_sweeps() {
	F=/sys/kernel/debug/failslab
	if [ ! -d $F ]; then
		ktap_result 0 failslab_netdevsim "SKIP no $F"
		ktap_result 0 failslab_pci_rescan "SKIP no $F"
		return
	fi
	FI_BAD="$sig_kasan|$sig_debug_objects|$sig_refcount|$sig_list_debug|$sig_hung_task|$sig_kobject|$sig_oops"
	# "] BUG: ", not "BUG: ": that is also the tail of "ODEBUG: "
	FI_FATAL='\] BUG: |Oops:|general protection fault|Kernel panic|kernel BUG at'
	echo N >$F/ignore-gfp-wait
	echo 0 >$F/verbose
	echo -1 >$F/times
	echo 0 >$F/probability	# fail-nth only
	t0=$(cs)
	h0=$(fi_hits)
	kmsg_marker "EXPECT-WARNING BEGIN: $FI_SIG"
	fi_nsim_left=
	rc=3
	case ",$fault_ops," in *,nsim,*) sweep nsim fi_nsim_op fi_nsim_undo; rc=$? ;; esac
	case $rc in
	3)	ktap_result 0 failslab_netdevsim "SKIP not in fault_ops" ;;
	0)	fi_nsim_flush
		ktap_result 0 failslab_netdevsim "new_device '$fault_nsim': fault points $pts_nsim, all survived" ;;
	2)	fi_nsim_flush
		ktap_result 1 failslab_netdevsim "new_device '$fault_nsim': fault points $pts_nsim, $bad_nsim not survived, first $fi_bad_nsim" ;;
	*)	fi_nsim_flush
		ktap_result 1 failslab_netdevsim "no clean new_device after $fault_max" ;;
	esac
	cs_fault_nsim=$(($(cs) - t0))
	rc=3
	case ",$fault_ops," in
	*,pci,*) fi_pci_undo 0; sweep pci fi_pci_op fi_pci_undo; rc=$? ;;
	esac
	case $rc in
	3)	ktap_result 0 failslab_pci_rescan "SKIP not in fault_ops" ;;
	0)	ktap_result 0 failslab_pci_rescan "$fault_pci: fault points $pts_pci, all survived" ;;
	2)	ktap_result 1 failslab_pci_rescan "$fault_pci: fault points $pts_pci, $bad_pci not survived, first $fi_bad_pci" ;;
	*)	ktap_result 1 failslab_pci_rescan "no clean rescan after $fault_max" ;;
	esac
	# after an oops in the sweep the PCI locks may be held forever
	fatal=0
	[ "${pts_pci#-}" != "$pts_pci" ] && fatal=1
	[ $fatal = 1 ] || echo 1 >/sys/bus/pci/rescan
	fi_expected=$(($(fi_hits) - h0))
	# the scanner wants one accepted hit in a window: none means no fault
	# reached a kobject_add, so say so instead of leaving it empty
	[ "$fi_expected" -gt 0 ] || ktap_diag "fault sweeps: no '$FI_SIG' line"
	kmsg_marker "EXPECT-WARNING END"
	echo Y >$F/ignore-gfp-wait
	if [ $fatal = 0 ]; then
		$U wait "/sys/bus/pci/devices/$fault_pci" present $WAIT_MS >/dev/null ||
			{ ktap_diag "failslab: $fault_pci not back"; ktap_failed=1; }
		[ "$fault_pci" = "$PBDF" ] && { pers_up ||
			{ ktap_diag "failslab: $PBDF not up"; ktap_failed=1; }; }
	fi
	cs_fault=$(($(cs) - t0))
	ktap_diag "fault sweeps: netdevsim $((cs_fault_nsim / 100)) s, total $((cs_fault / 100)) s," \
		"$fi_expected expected '$FI_SIG' lines"
}

# --- main ----------------------------------------------------------------

ntrig=$(echo $mix | wc -w)
nfault=0
[ "$fault" = 1 ] && nfault=2
set -- $SIG_GROUPS
ktap_plan $((1 + ntrig + nfault + 4 + $#))
t_start=$(cs)

if setup; then
	ktap_result 0 setup "host $host, uevent listener $ue_pid"
else
	ktap_result 1 setup "$setup_err"
	mix=""
fi

# warm-up: first-use allocations are not leaks; then let releases finish
run_cycles 0 0
for t in $mix; do eval "unset err_$t cs_$t"; done
unset cs_nsim_new cs_nsim_del
quiesce 5 60
wait_uevents
[ -w $KML ] && echo clear >$KML
live0=$(live_count)
[ -r $CENSUS ] && cp $CENSUS /tmp/census.before
t0=$(cs)
snapshot >/tmp/snap.before
cs_snap=$(($(cs) - t0))
seq0=$(cat /sys/kernel/uevent_seqnum)
diag "start: live $live0, uevent_seqnum $seq0, warm-up done at $(uptime_s) s," \
	"snapshot took $((cs_snap * 10)) ms"

t_cycles=$(cs)
[ -n "$mix" ] && [ "$cycles" -gt 0 ] && run_cycles 1 "$cycles"
cs_cycles=$(($(cs) - t_cycles))

for t in $mix; do
	eval "e=\$err_$t c=\${cs_$t:-0}"
	if [ -z "$e" ]; then
		ktap_result 0 "trigger_$t" "$cycles cycles, $((c * 10 / (cycles > 0 ? cycles : 1))) ms/cycle"
	else
		ktap_result 1 "trigger_$t" "$e"
	fi
done

cs_fault=0 pts_nsim=0 pts_pci=0
[ "$fault" = 1 ] && fault_sweeps

# the release delays (<= 4 s) and kmemleak's minimum age (5 s) pass
t_settle=$(cs)
quiesce "$settle" 120 || diag "still changing after 120 s"
# after the delayed releases: some send uevents (a scsi host's workqueue)
wait_uevents; ue_ok=$?
seq1=$(cat /sys/kernel/uevent_seqnum)
cs_settle=$(($(cs) - t_settle))

# uevents: every SEQNUM in (seq0, seq1] logged once, add == remove
awk -v a="$seq0" -v b="$seq1" '$1 > a && $1 <= b' $UE_LOG >/tmp/ue.run
ue_lines=$(wc -l </tmp/ue.run)
ue_add=$(grep -c ' add ' /tmp/ue.run)
ue_rm=$(grep -c ' remove ' /tmp/ue.run)
ue_bind=$(grep -c ' bind ' /tmp/ue.run)
ue_unbind=$(grep -c ' unbind ' /tmp/ue.run)
section uevents </tmp/ue.run
why="add $ue_add remove $ue_rm bind $ue_bind unbind $ue_unbind, logged $ue_lines of $((seq1 - seq0))"
if [ $ue_ok = 0 ] && [ "$ue_add" = "$ue_rm" ] && [ "$ue_bind" = "$ue_unbind" ] &&
   [ "$ue_lines" = $((seq1 - seq0)) ]; then
	ktap_result 0 uevents "$why"
elif [ "$fault" = 1 ]; then
	# a fault in kobject_uevent_env() drops the event, or loses it after
	# its SEQNUM was taken: the balance only holds without the sweeps
	ktap_result 0 uevents "SKIP fault sweeps drop uevents: $why"
else
	ktap_result 1 uevents "$why"
fi

live1=$(live_count)
if [ -r $CENSUS ]; then
	cp $CENSUS /tmp/census.after
	section census.before </tmp/census.before
	section census.after </tmp/census.after
	# the same names as the census scenario: the size report reads the
	# state after the stress like the state after boot
	section census </tmp/census.after
	cname="census live (kobject_census)"
else
	cname="census live (/sys directories)"
fi
if [ "$live0" = "$live1" ]; then
	ktap_result 0 census "$cname $live0 -> $live1"
else
	ktap_result 1 census "$cname $live0 -> $live1"
	[ -r $CENSUS ] && awk '$1 == "ktype"' /tmp/census.before /tmp/census.after |
		sort | uniq -u | head -n 20 | sed 's/^/# census: /'
fi

[ -r /proc/slabinfo ] && section slabinfo </proc/slabinfo
section meminfo </proc/meminfo

snapshot >/tmp/snap.after
if cmp -s /tmp/snap.before /tmp/snap.after; then
	ktap_result 0 sysfs_snapshot "$(wc -l </tmp/snap.after) entries identical"
else
	diff /tmp/snap.before /tmp/snap.after >/tmp/snap.diff
	section snapshot.diff </tmp/snap.diff
	ktap_result 1 sysfs_snapshot "$(grep -c '^[-+][dlf] ' /tmp/snap.diff) entries differ"
	grep '^[-+][dlf] ' /tmp/snap.diff | head -n 10 | sed 's/^/# snapshot: /'
fi

t_kml=$(cs)
if kmemleak_check; then
	ktap_result 0 kmemleak "no unreferenced object"
elif [ "$kml_n" = -1 ]; then
	ktap_result 0 kmemleak "SKIP no $KML"
	kml_n=null
else
	ktap_result 1 kmemleak "$kml_n unreferenced object(s), first allocated in: $(grep -m1 -A20 \
		'^unreferenced object' /tmp/kmemleak.txt | grep '\[<' |
		grep -v -E 'kmem_cache|kmalloc|slab|kasan|kmemleak|kvmalloc|kzalloc|alloc_node' |
		head -n 1 | sed 's/.*\] //')"
fi
cs_kml=$(($(cs) - t_kml))

dmesg_scan >/tmp/dmesg.scan
for g in $SIG_GROUPS; do
	eval "sig_check $g \"\$sig_$g\""
done

[ -n "$ue_pid" ] && kill "$ue_pid" 2>/dev/null
[ "$host" = yes ] && $U ctl 10 bye >/dev/null

spc=0
[ "$cycles" -gt 0 ] && spc=$(awk "BEGIN { printf \"%.3f\", $cs_cycles / 100 / $cycles }")
diag "cycles $cycles in $((cs_cycles / 100)) s ($spc s/cycle); settle $((cs_settle / 100)) s," \
	"kmemleak $((cs_kml / 100)) s, fault sweeps $((cs_fault / 100)) s, total $((($(cs) - t_start) / 100)) s"
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
	for g in $SIG_GROUPS; do
		eval "printf '%s\"%s\": %s' \"\$sep\" $g \$hits_$g"
		sep=", "
	done
	echo "},"
	echo "  \"fault_points\": {\"netdevsim_new_device\": $pts_nsim, \"pci_rescan\": $pts_pci},"
	printf '  "ms_per_trigger": {'
	sep=
	for t in $mix; do
		eval "c=\${cs_$t:-0}"
		printf '%s"%s": %s' "$sep" "$t" $((c * 10 / (cycles > 0 ? cycles : 1)))
		sep=", "
	done
	echo "},"
	echo "  \"seconds_per_cycle\": $spc,"
	echo "  \"seconds\": {\"cycles\": $((cs_cycles / 100)), \"settle\": $((cs_settle / 100)), \"kmemleak\": $((cs_kml / 100)), \"fault\": $((cs_fault / 100)), \"total\": $((($(cs) - t_start) / 100))},"
	echo "  \"failed\": $ktap_failed"
	echo "}"
} | section summary.json
exit $ktap_failed
