# /lib/rig.sh - helpers the guest scenarios source (POSIX sh, busybox).
#
# KTAP goes to stdout (ttyS1), data sections to fd 3 (ttyS2).
#   ktap_plan N                 "KTAP version 1" and "1..N"
#   ktap_result RC NAME [WHY]   "ok"/"not ok" (RC 0 = ok) with the next number;
#                               WHY is appended as "# WHY" (use "SKIP ..." to skip)
#   ktap_diag TEXT...           "# TEXT"
#   section NAME                stdin as "--- begin NAME" ... "--- end NAME"
#   uptime_s                    seconds since boot, e.g. 12.34
# ktap_failed is 1 once any result was "not ok": scenarios exit with it.

ktap_n=0
ktap_failed=0

ktap_plan()
{
	echo "KTAP version 1"
	echo "1..$1"
}

ktap_result()
{
	ktap_n=$((ktap_n + 1))
	if [ "$1" = 0 ]; then
		line="ok $ktap_n $2"
	else
		line="not ok $ktap_n $2"
		ktap_failed=1
	fi
	[ -n "$3" ] && line="$line # $3"
	echo "$line"
}

ktap_diag()
{
	echo "# $*"
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
