# /lib/host.sh - the handshake with the host driver qemu/hotplug-qmp on the
# control port $RIG_CTL, /dev/ttyS3 unless /init found another (source after
# /lib/triggers.sh).
#
#   host_hello      "hello" until the driver answers (30 tries of 1 s);
#                   sets host=yes.  A scenario that talks to the host says
#                   hello at its start whatever it will ask for, and bye at
#                   its end: the driver exits 0 only after "bye", and
#                   qemu/run.sh fails a run whose driver did not.
#   host_free_slots delete the boot-time placeholders slot02 and slot03
#                   (they gave their slots a $PIR entry) and wait until the
#                   guest saw them go
#   host_bye        "bye" if hello was answered
# Errors: return 1 with the reason in host_err.

host=no

host_hello()
{
	i=0
	while [ $i -lt 30 ]; do
		$U ctl 1 hello >/dev/null && { host=yes; return 0; }
		i=$((i + 1))
	done
	host_err="no host driver on ${RIG_CTL:-/dev/ttyS3}"
	return 1
}

host_free_slots()
{
	for s in $NSLOT $BSLOT; do
		r=$($U ctl 60 del slot$s) || { host_err="del slot$s: $r"; return 1; }
		$U wait "/sys/bus/pci/devices/0000:00:$s.0" absent $WAIT_MS >/dev/null ||
			{ host_err="slot $s still present"; return 1; }
	done
}

host_bye()
{
	[ "$host" = yes ] && $U ctl 10 bye >/dev/null
	host=bye
}
