# /lib/streams.sh - the hotplug stress's scheduler (source after
# /lib/triggers.sh).  Uses $mix, the triggers in the order they run.
#
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
	set | grep -E "^(cs|err|skip|done)_" >"/tmp/stream.$3"
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
