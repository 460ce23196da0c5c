# /lib/rig.sh - helpers the guest scenarios source (POSIX sh, busybox).
#
# KTAP goes to stdout (ttyS1), data sections to fd 3 (ttyS2).
#   ktap_plan N                 "KTAP version 1" and "1..N"
#   ktap_result RC NAME [WHY]   a passed (RC 0) or failed result, the next number;
#                               WHY is appended as "# WHY" (use "SKIP ..." to skip)
#   ktap_diag TEXT...           "# TEXT"
#   ktap_exit                   end the scenario: the tests the plan promised
#                               and nobody printed become failed ones, a test
#                               beyond the plan fails the run; exit 0 or 1
#   section NAME                stdin as "--- begin NAME" ... "--- end NAME"
#   uptime_s                    seconds since boot, e.g. 12.34
#   cs                          centiseconds since boot (no fork)
#   log TEXT...                 "SCENARIO: TEXT" on the console
#   diag TEXT...                ktap_diag and log
#   rig_frame TAG               console mode (/init): stdin framed onto the
#                               console, "<<KREF TAG SEQ LEN>> LINE" (LEN in
#                               bytes, so a line cut or joined by a kernel
#                               message shows), "<<KREF TAG end COUNT>>" last
#                               (at EOF or at the line "<<KREF eos>>")
# ktap_failed is 1 once any result failed: scenarios exit with it.
# ktap_result must run in the scenario's own shell (not in a pipeline or a
# background job): it counts.

# The KTAP lines themselves are the host's writer's (lib/ktap.sh, copied
# to /lib/ktap.sh by initramfs/build.sh): ktap_* keep the scenarios' names.
. /lib/ktap.sh
ktap_failed=0
rig_name=${rig_name:-$(basename "$0" .sh)}

ktap_plan()
{
	t_plan "$1"
}

ktap_result()
{
	[ "$1" = 0 ] || ktap_failed=1
	t_result "$@"
}

ktap_diag()
{
	t_diag "$*"
}

ktap_exit()
{
	printed=$t_n
	while [ "$t_n" -lt "${t_planned:-0}" ]; do
		ktap_result 1 "unreported_$((t_n + 1))" \
			"planned $t_planned tests, printed $printed"
	done
	if [ "$t_n" -gt "${t_planned:-0}" ]; then
		ktap_diag "planned ${t_planned:-0} tests, printed $t_n"
		ktap_failed=1
	fi
	exit $ktap_failed
}

section()
{
	{
		echo "--- begin $1"
		awk 1
		echo "--- end $1"
	} >&3
}

uptime_s()
{
	cut -d' ' -f1 /proc/uptime
}

cs()
{
	read -r up _ </proc/uptime
	cs_frac=${up#*.}
	# (no "0NN": $((...)) reads a leading zero as octal, and 0.97 s of
	# uptime is not an error)
	echo $((${up%.*} * 100 + ${cs_frac#0}))
}

log()
{
	echo "$rig_name: $*" >/dev/console
}

diag()
{
	ktap_diag "$*"
	log "$*"
}

rig_frame()
{
	awk -v tag="$1" '$0 == "<<KREF eos>>" { exit }
	{
		sub(/\r$/, "")
		n++
		printf "<<KREF %s %d %d>> %s\n", tag, n, length($0), $0
		fflush()
	}
	END { printf "<<KREF %s end %d>>\n", tag, n + 0; fflush() }'
}
