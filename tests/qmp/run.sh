#!/bin/sh
# run.sh - host tests of the QMP client qemu/hotplug-qmp; KTAP.
#
# qmp-peer (built here) plays QEMU's monitor and the guest's ttyS3 from a
# script: replies with odd spacing, a reply for another id before ours,
# events between replies, the two DEVICE_DELETED of a virtio device, a QMP
# error, a device_del that never completes, QEMU gone mid-wait.  The last
# test talks to a real QEMU (no guest kernel, -S): device_add and a QMP
# error pass through; device_del times out, as it must without a guest.
# Usage: tests/qmp/run.sh [-t FILE].  -t FILE tests another client build
# (e.g. the previous one: every fake-QMP case must then fail).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d /tmp/qmpt.XXXXXX)
qpid=
trap '[ -n "$qpid" ] && kill "$qpid" 2> /dev/null; rm -rf "$tmp"' EXIT
# shellcheck disable=SC2046
for t in qemu/hotplug-qmp tests/qmp/qmp-peer; do
	cc -O2 -Wall -Wextra -Werror -o "$tmp/${t##*/}" "$top/$t.c" \
		$(pkg-config --cflags --libs jansson) || {
		echo "Bail out! cannot build $t.c"; exit 1; }
done
client=
while getopts t: opt; do case $opt in t) client=$OPTARG ;; *) echo "usage: $0 [-t FILE]" >&2; exit 2 ;; esac; done
[ -n "$client" ] && cp "$client" "$tmp/hotplug-qmp"
. "$top/lib/ktap.sh"
: > "$tmp/results"
ok() {	# ok STATUS NAME [DIAG]
	if [ "$1" = 0 ]; then t_ok "$2"
	elif [ -n "${3:-}" ]; then t_fail "$2" "$3"
	else t_fail "$2"
	fi >> "$tmp/results"
}

# session NAME WANT-EXIT SCRIPT [CLIENT-ARGS]: peer on both sockets runs
# SCRIPT (stdin); the client must exit WANT-EXIT and the script run to its end.
session() {
	name=$1 want=$2
	shift 2
	cat > "$tmp/script"
	rm -f "$tmp/q.sock" "$tmp/c.sock"
	"$tmp/qmp-peer" --qmp "$tmp/q.sock" --ctl "$tmp/c.sock" "$tmp/script" \
		> "$tmp/peer.log" 2>&1 &
	ppid=$!
	QMP_SOCK=$tmp/q.sock CTL_SOCK=$tmp/c.sock timeout 60 "$tmp/hotplug-qmp" \
		"$@" > "$tmp/client.log" 2>&1
	st=$?
	wait "$ppid"
	pst=$?
	if [ "$pst" != 0 ]; then
		ok 1 "$name" "peer: $(cat "$tmp/peer.log")
client (exit $st): $(tail -n 5 "$tmp/client.log")"
	elif [ "$st" != "$want" ]; then
		ok 1 "$name" "client exit $st, want $want: $(tail -n 5 "$tmp/client.log")"
	else
		ok 0 "$name"
	fi
}

GREET='{"QMP": {"version": {"qemu": {"micro": 0, "minor": 2, "major": 7}}, "capabilities": ["oob"]}}'
# shellcheck disable=SC2016 # $ID is the peer's, not the shell's
HELLO='qmp< qmp_capabilities
qmp> {"return":{},"id":"$ID"}
qmp< blockdev-add
qmp> {  "id" : "$ID" ,  "return" : { }  }
ctl> 1 hello
ctl< 1 ok hello'

session "odd spacing, events between replies, a reply for another id first" 0 <<E
qmp> $GREET
$HELLO
ctl> 2 add net n1 05
qmp< device_add
qmp> {"timestamp": {"seconds": 1, "microseconds": 2}, "event": "RESUME"}
qmp> {"id": "other-7", "error": {"class": "GenericError", "desc": "not ours"}}
qmp> {"return":{},"id":"\$ID","extra":[1,2]}
ctl< 2 ok add n1 *
ctl> 3 bye
ctl< 3 ok bye
E

session "virtio: the backend's DEVICE_DELETED does not end the wait" 0 <<E
qmp> $GREET
$HELLO
ctl> 2 del n1
qmp< device_del
qmp> {"return": {}, "id": "\$ID"}
qmp> {"timestamp": {"seconds": 1, "microseconds": 2}, "event": "DEVICE_DELETED", "data": {"path": "/machine/peripheral/n1/virtio-backend"}}
qmp> {"event":"DEVICE_DELETED","data":{"device":"n2","path":"/machine/peripheral/n2"}}
sleep 600
qmp> {"event":"DEVICE_DELETED","data":{"path":"/machine/peripheral/n1","device":"n1"},"timestamp":{"seconds":2,"microseconds":0}}
ctl< 2 ok del n1 [6-9][0-9][0-9]
ctl> 3 bye
ctl< 3 ok bye
E

session "a QMP error is reported by its desc" 1 <<E
qmp> $GREET
$HELLO
ctl> 2 add blk b1 06
qmp< device_add
qmp> {"error": {"class": "GenericError", "desc": "Bus 'pci.0' does not support hotplugging"}, "id": "\$ID"}
ctl< 2 err Bus 'pci.0' does not support hotplugging
ctl> 3 bye
ctl< 3 ok bye
E

session "device_del that never completes: bounded, says what it waited for" 1 -t 1 <<E
qmp> $GREET
$HELLO
ctl> 2 del n9
qmp< device_del
qmp> {"return": {}, "id": "\$ID"}
ctl< 2 err no DEVICE_DELETED for n9 after 1000 ms
ctl> 3 bye
ctl< 3 ok bye
E

session "QEMU gone while a reply is awaited" 1 <<E
qmp> $GREET
$HELLO
ctl> 2 add net n1 05
qmp< device_add
close qmp
ctl< 2 err qmp connection lost waiting for reply to device_add (id hq-3)
E

session "no QMP greeting: bounded, exit 2" 2 -t 1 <<E
qmp> {"return": {}}
E
grep -q "no QMP greeting\|not the QMP greeting" "$tmp/client.log" ||
	ok 1 "no QMP greeting: named" "$(cat "$tmp/client.log")"

"$tmp/hotplug-qmp" --timeot 3 > "$tmp/client.log" 2>&1
st=$?
[ "$st" = 2 ] && grep -q -- "'--timeot'" "$tmp/client.log" &&
	ok 0 "unknown option: exit 2, named" ||
	ok 1 "unknown option: exit 2, named" "exit $st: $(cat "$tmp/client.log")"

# A real QEMU, stopped (-S), no kernel: QMP accepts device_add/device_del.
if command -v qemu-system-x86_64 > /dev/null; then
	qemu-system-x86_64 -M pc -accel tcg -display none -nodefaults -S \
		-qmp "unix:$tmp/qemu.sock,server=on,wait=off" > "$tmp/qemu.log" 2>&1 &
	qpid=$!
	cat > "$tmp/script" <<E
ctl> 1 hello
ctl< 1 ok hello
ctl> 2 add net n1 05
ctl< 2 ok add n1 *
ctl> 3 add blk b1 06
ctl< 3 ok add b1 *
ctl> 4 add net n1 07
ctl< 4 err Duplicate device ID 'n1'*
ctl> 5 del n1
ctl< 5 err no DEVICE_DELETED for n1 after 2000 ms
ctl> 6 bye
ctl< 6 ok bye
E
	rm -f "$tmp/c.sock"
	"$tmp/qmp-peer" --ctl "$tmp/c.sock" "$tmp/script" > "$tmp/peer.log" 2>&1 &
	ppid=$!
	QMP_SOCK=$tmp/qemu.sock CTL_SOCK=$tmp/c.sock timeout 60 "$tmp/hotplug-qmp" \
		-t 2 > "$tmp/client.log" 2>&1
	st=$?
	wait "$ppid"
	pst=$?
	kill "$qpid" 2> /dev/null
	wait "$qpid" 2> /dev/null
	qpid=
	[ "$pst" = 0 ] && [ "$st" = 1 ] &&
		ok 0 "real QEMU: device_add, a QMP error, device_del timing out" ||
		ok 1 "real QEMU: device_add, a QMP error, device_del timing out" \
			"peer: $(cat "$tmp/peer.log")
client exit $st: $(tail -n 8 "$tmp/client.log")
qemu: $(tail -n 3 "$tmp/qemu.log")"
else
	ok 0 "real QEMU # SKIP no qemu-system-x86_64"
fi

t_plan "$t_n"
cat "$tmp/results"
t_done
