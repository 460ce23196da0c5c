# /lib/peer.sh - the load a real system puts beside the hotplug stress
# (source after /lib/rig.sh; scenarios/hotplug.sh's readers=, consumer=
# and selftests= arguments).
#
#   peer_start READERS CONSUMER
#                   READERS: stress-ng stressors (sysfs,dev,procfs), one
#                   stress-ng each, niced, running until peer_stop;
#                   CONSUMER 1: /bin/uevent-reader (the udev-like consumer)
#   peer_stop       stop both; then peer_report prints their results
#   peer_count READERS CONSUMER SELFTESTS
#                   how many tests peer_report and peer_selftests print
#   peer_report     "readers" (a nested document: one test per stressor,
#                   ok, not ok, or SKIP when stress-ng skipped it or is
#                   not in the initramfs, with its metrics line; its log
#                   and stderr as data sections stress-ng.NAME[.stderr]) and
#                   "uevent_consumer" (its counts), each when asked for
#   peer_selftests LIST
#                   the kernel's own selftests of LIST (cpu-hotplug,
#                   uevent, memory-hotplug), from /selftests/X.Y/ (the
#                   tree of the running kernel's version, put there by
#                   initramfs/build.sh), run as the kernel's kselftest
#                   runner runs them (SKIP on exit 4, a timeout fails);
#                   their output as diagnostics, one nested document
#                   "selftests"
# The dev stressor opens every node under /dev: it runs in a mount
# namespace of its own where the rig's serial ports and consoles (and
# /dev/port, /dev/mem) are /dev/null, so that it never reads the host's
# replies on the control port nor holds a port exclusively (TIOCEXCL).
PEER_LOG=/tmp/peer
peer_readers= peer_consumer=0 peer_pids= ue_reader_pid=

# the nodes the dev stressor must not touch
peer_masked()
{
	ls -d /dev/tty[A-Z]* /dev/hvc* /dev/console /dev/port /dev/mem /dev/kmem 2>/dev/null
}

peer_start()
{
	peer_readers=$(echo "$1" | tr ',' ' ')
	[ "$peer_readers" = none ] && peer_readers=
	peer_consumer=${2:-0}
	mkdir -p $PEER_LOG
	if [ "$peer_consumer" = 1 ]; then
		uevent-reader $PEER_LOG/consumer.counts 2>$PEER_LOG/consumer.err &
		ue_reader_pid=$!
	fi
	command -v stress-ng >/dev/null || return 0
	for s in $peer_readers; do
		rm -f "$PEER_LOG/$s.log" "$PEER_LOG/$s.err"
		# exec: the pid is stress-ng's own (SIGINT ends it with its summary)
		# (busybox has renice, no nice: the niceness survives the exec)
		unshare -m sh -c 'for n in $(cat); do mount --bind /dev/null "$n"; done
			renice -n 19 -p $$ >/dev/null
			export LIBC_FATAL_STDERR_=1
			exec stress-ng --"$1" 1 -t 0 --temp-path /tmp \
				--metrics-brief --log-file "$2"' _ "$s" "$PEER_LOG/$s.log" \
			>/dev/null 2>"$PEER_LOG/$s.err" <<-EOF &
		$(peer_masked)
		EOF
		eval "peer_pid_$s=\$!"
	done
}

peer_stop()
{
	for s in $peer_readers; do
		eval "p=\$peer_pid_$s"
		kill -INT "$p" 2>/dev/null
	done
	for s in $peer_readers; do
		eval "p=\$peer_pid_$s"
		wait "$p"
		eval "peer_rc_$s=\$?"
	done
	if [ -n "$ue_reader_pid" ]; then
		kill -TERM "$ue_reader_pid" 2>/dev/null
		wait "$ue_reader_pid"
		peer_ue_rc=$?
	fi
}

peer_count()
{
	n=0
	r=$1
	[ -n "$r" ] && [ "$r" != none ] && n=$((n + 1))
	[ "${2:-0}" = 1 ] && n=$((n + 1))
	[ -n "${3:-}" ] && [ "$3" != none ] && n=$((n + 1))
	echo $n
}

# peer_stressor S: one KTAP result for stressor S from its exit code and log
peer_stressor()
{
	eval "rc=\${peer_rc_$1:-none}"
	log=$PEER_LOG/$1.log
	[ -f "$log" ] && section "stress-ng.$1" <"$log"
	# (glibc's own abort messages, e.g. a fortify check, go to stderr)
	[ -s "$PEER_LOG/$1.err" ] && section "stress-ng.$1.stderr" <"$PEER_LOG/$1.err"
	[ -f "$log" ] && grep -E 'metrc:|fail:|error:|skip' "$log" |
		sed 's/^stress-ng: [a-z]*: *\[[0-9]*\] */stress-ng: /' | head -n 12 |
		while read -r l; do ktap_diag "$l"; done
	why=$(grep -E 'fail:|error:|skipp' "$log" 2>/dev/null | head -n 1 |
		sed 's/^stress-ng: [a-z]*: *\[[0-9]*\] *//')
	ops=$(awk -v s="$1" '$2 == "metrc:" && $4 == s { print $5 " bogo ops in " $6 " s" }' "$log" 2>/dev/null)
	case $rc in
	0) ktap_result 0 "$1" "${ops:-no metrics line}" ;;
	3|4) ktap_result 0 "$1" "SKIP stress-ng exit $rc: ${why:-no resource or not implemented}" ;;
	*) ktap_result 1 "$1" "stress-ng exit $rc: ${why:-see its log}" ;;
	esac
}

peer_report()
{
	if [ -n "$peer_readers" ]; then
		if ! command -v stress-ng >/dev/null; then
			ktap_result 0 readers "SKIP no stress-ng in the initramfs (install Debian's stress-ng on the host)"
		else
			t_begin readers
			ktap_plan $(echo $peer_readers | wc -w)
			for s in $peer_readers; do
				peer_stressor "$s"
			done
			if t_end; then
				ktap_result 0 readers "stress-ng $(stress-ng --version | cut -d' ' -f3), niced, beside the stress: $(echo $peer_readers | tr ' ' ',')"
			else
				ktap_result 1 readers "a stressor failed"
			fi
		fi
	fi
	[ "$peer_consumer" = 1 ] || return 0
	counts=$(cat $PEER_LOG/consumer.counts 2>/dev/null)
	section consumer.counts <$PEER_LOG/consumer.counts 2>/dev/null
	set -- $counts
	# events N add N remove N other N ... overruns N: the values by name
	while [ $# -ge 2 ]; do
		eval "ue_c_$1=\$2"
		shift 2
	done
	if [ -z "$counts" ]; then
		ktap_result 1 uevent_consumer "no counts (exit ${peer_ue_rc:-?}): $(head -n 1 $PEER_LOG/consumer.err 2>/dev/null)"
	elif [ "${ue_c_overruns:-1}" != 0 ] || [ "${ue_c_events:-0}" = 0 ]; then
		ktap_result 1 uevent_consumer "lost events or none: $counts"
	else
		ktap_result 0 uevent_consumer "$counts"
	fi
}

# peer_selftest DIR PROG NAME TIMEOUT: one selftest as the kernel's runner
# (tools/testing/selftests/kselftest/runner.sh) runs it: in its directory,
# its output as "# " lines, exit 4 a SKIP, a timeout a failure.  Scripts
# run under busybox's sh (their #!/bin/bash: busybox ash takes [[ ]],
# local, echo -e and FUNCNAME; it has no UID, which the scripts' root check
# reads: set here).
peer_selftest()
{
	case $(head -c 4 "$1/$2") in
	"#!"*) cmd="sh ./$2" ;;
	*) cmd="./$2" ;;
	esac
	(cd "$1" && UID=0 timeout "$4" $cmd) >$PEER_LOG/selftest.out 2>&1
	rc=$?
	sed 's/^/# /' $PEER_LOG/selftest.out | head -n 60 | while read -r l; do
		echo "${t_pad}$l"
	done
	case $rc in
	0) ktap_result 0 "$3" ;;
	4) ktap_result 0 "$3" "SKIP" ;;
	124|143) ktap_result 1 "$3" "TIMEOUT $4 seconds" ;;
	*) ktap_result 1 "$3" "exit=$rc" ;;
	esac
}

peer_selftests()
{
	list=$(echo "$1" | tr ',' ' ')
	ver=$(uname -r | cut -d. -f1,2)
	base=/selftests/$ver
	if [ ! -d "$base" ]; then
		ktap_result 1 selftests "no selftests of $ver in the initramfs (have: $(ls /selftests 2>/dev/null | tr '\n' ' '); initramfs/build.sh takes them from the unpacked trees)"
		return
	fi
	t_begin selftests
	ktap_plan $(echo $list | wc -w)
	for t in $list; do
		prog=$(ls "$base/$t" 2>/dev/null | grep -v -x settings | head -n 1)
		if [ -z "$prog" ]; then
			ktap_result 1 "selftests: $t" "not in $base (initramfs/build.sh's list)"
			continue
		fi
		peer_selftest "$base/$t" "$prog" "selftests: $t: $prog" 120
	done
	if t_end; then
		ktap_result 0 selftests "$(echo $list | tr ' ' ','), from the $ver tree"
	else
		ktap_result 1 selftests "a selftest failed"
	fi
}
