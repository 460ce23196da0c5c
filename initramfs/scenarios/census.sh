# census - copy the kobject census and the memory counters to the host.
#
# Data sections: "census" (/sys/kernel/debug/kobject_census, from the
# instrumentation patch; skipped when absent), "slabinfo" (/proc/slabinfo,
# skipped when absent) and "meminfo" (/proc/meminfo, required).  Then the
# detector table's tests on dmesg (rig_postcheck dmesg: detector_*).
. /lib/rig.sh
. /lib/postcheck.sh

# copy NAME FILE REQUIRED: one KTAP test per section.
copy()
{
	if [ -r "$2" ]; then
		section "$1" <"$2"
		ktap_result 0 "$1"
	elif [ "$3" = required ]; then
		ktap_result 1 "$1" "$2 missing"
	else
		ktap_result 0 "$1" "SKIP $2 not present"
	fi
}

ktap_plan $((3 + $(rig_postcheck_count dmesg)))
copy census /sys/kernel/debug/kobject_census optional
copy slabinfo /proc/slabinfo optional
copy meminfo /proc/meminfo required
rig_postcheck dmesg
ktap_exit
