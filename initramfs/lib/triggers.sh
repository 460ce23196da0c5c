# /lib/triggers.sh - the hotplug stress's triggers, one function each
# (source after /lib/rig.sh).  Each t_NAME runs one cycle ($cycle) of its
# trigger and reports an error with fail_t NAME WHY (the first error of a
# trigger is kept in err_NAME).  The optional end_NAME runs after a stream's
# last cycle.
#
#   qnet  QMP device_add/device_del virtio-net-pci in slot NSLOT (host)
#   qblk  QMP device_add/device_del virtio-blk-pci in slot BSLOT (host)
#   pci   /sys/bus/pci/devices/PBDF/remove + /sys/bus/pci/rescan
#   bind  virtio-pci driver unbind + bind of PBDF
#   cpu   cpu1 offline + online
#   nsim  netdevsim new_device + del_device ($nsim_k devices of $nsim_p
#         ports and $nsim_q queues, torn down in the background, at most
#         $nsim_inflight cycles at once)
#   scsi  scsi_debug add_host 1 + add_host -1

PSLOT=04	# persistent virtio-net for pci/bind
NSLOT=02	# QMP virtio-net
BSLOT=03	# QMP virtio-blk
PBDF=0000:00:$PSLOT.0
NSIM=/sys/bus/netdevsim
SD=/sys/bus/pseudo/drivers/scsi_debug
U=hotplug-util
WAIT_MS=60000
TRIGGERS="qnet qblk pci bind cpu nsim scsi"

# per-trigger state: err_T (first error), cs_T (centiseconds spent)
fail_t() {
	msg="cycle $cycle: $2"
	eval "e=\${err_$1:-}"
	[ -n "$e" ] || eval "err_$1=\$msg"
	log "FAIL $1 cycle $cycle: $2"
}

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

# cpu_set_online VALUE [APIC0]: write cpu1/online, retrying for up to 5 s:
# a PCI driver probe in a parallel stream holds cpu_hotplug_disable()
# (pci_call_probe), and cpu_down() then fails with -EBUSY.  That is the
# kernel working as meant.  With APIC0 (apic_errors before), no retry once
# the wakeup failed in the emulated APIC (see t_cpu).
cpu_set_online() {
	i=0
	while ! echo "$1" >/sys/devices/system/cpu/cpu1/online 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 100 ] || return 1
		[ -n "${2:-}" ] && [ "$(apic_errors)" -gt "$2" ] && return 1
		usleep 50000
	done
}

apic_errors() { dmesg | grep -c 'smpboot: APIC delivery error'; }

# t_cpu: cpu1 offline, then online.  Under TCG on a loaded host, QEMU's
# emulated local APIC of cpu0 can come to report an illegal register access
# in its ESR for good (QEMU ignores writes to the ESR, so it is never
# cleared).  From then on every INIT/SIPI wakeup reads that error back
# ("smpboot: APIC delivery error"), and cpu1 cannot come back online
# (seen in a baseline run 20 cycles in, beside a two-kernel compile; never
# on an idle host).  That is the emulator, not a kobject path:
# the trigger stops for the rest of the run and reports SKIP with the cycle
# (skip_cpu); any other failure to come online is a failure.
t_cpu() {
	[ -z "${skip_cpu:-}" ] || return 0
	f=/sys/devices/system/cpu/cpu1/online
	cpu_set_online 0 || { fail_t cpu "offline"; return; }
	[ "$(cat $f)" = 0 ] || { fail_t cpu "still online"; return; }
	apic0=$(apic_errors)
	if ! cpu_set_online 1 "$apic0"; then
		if [ "$(apic_errors)" -gt "$apic0" ]; then
			skip_cpu="cpu1 lost in cycle $cycle (after $((${done_cpu:-0})) cycles): smpboot: APIC delivery error (the emulated APIC)"
			log "SKIP cpu from cycle $cycle: $skip_cpu"
			return
		fi
		fail_t cpu "online"
		return
	fi
	[ "$(cat $f)" = 1 ] || { fail_t cpu "still offline"; return; }
	done_cpu=$((${done_cpu:-0} + 1))
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
