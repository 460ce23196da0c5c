# walk - walk /sys with systool and take a full snapshot of the tree.
#
# KTAP: one test per systool run (the overview, every bus with -v, every
# class with -v: exit 0 and non-empty output) and one for the snapshot,
# then the counts "# dirs N", "# attrs N", "# links N", "# devices BUS N".
# Data sections: "systool" (every run, each headed "=== systool ARGS (exit N)")
# and "snapshot" (initramfs/guest/sysfs-snapshot.c; the host diffs it with
# tools/snapdiff).  Last, the detector table's tests on dmesg
# (rig_postcheck dmesg: detector_*).
. /lib/rig.sh
. /lib/postcheck.sh

start=$(uptime_s)
buses=$(ls /sys/bus)
classes=$(ls /sys/class)
set -- $buses $classes
ktap_plan $(($# + 2 + $(rig_postcheck_count dmesg)))

# systool_step NAME ARGS...: run systool, append its output to the section.
systool_step()
{
	name=$1
	shift
	systool "$@" >/tmp/st.out 2>/tmp/st.err
	rc=$?
	{
		echo "=== systool $* (exit $rc)"
		cat /tmp/st.out /tmp/st.err
	} >>/tmp/systool.txt
	if [ "$rc" != 0 ]; then
		ktap_result 1 "$name" "exit $rc: $(head -n1 /tmp/st.err)"
	elif [ ! -s /tmp/st.out ]; then
		ktap_result 1 "$name" "empty output"
	else
		ktap_result 0 "$name"
	fi
}

: >/tmp/systool.txt
systool_step systool
for b in $buses; do
	systool_step "systool_bus_$b" -b "$b" -v
done
for c in $classes; do
	systool_step "systool_class_$c" -c "$c" -v
done
ktap_diag "systool took $(awk "BEGIN { print $(uptime_s) - $start }") s"

snap_start=$(uptime_s)
sysfs-snapshot /sys >/tmp/snapshot.txt 2>/tmp/snapshot.err
rc=$?
if [ "$rc" = 0 ] && [ -s /tmp/snapshot.txt ]; then
	ktap_result 0 snapshot
else
	ktap_result 1 snapshot "sysfs-snapshot exit $rc"
fi
# Counts are already "# " lines; prefix anything else (errors) to keep KTAP.
sed 's/^[^#]/# &/' /tmp/snapshot.err
ktap_diag "snapshot took $(awk "BEGIN { print $(uptime_s) - $snap_start }") s," \
	"$(wc -l </tmp/snapshot.txt) lines"

section systool </tmp/systool.txt
section snapshot </tmp/snapshot.txt
ktap_diag "walk took $(awk "BEGIN { print $(uptime_s) - $start }") s"
rig_postcheck dmesg
ktap_exit
