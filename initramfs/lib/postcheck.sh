# /lib/postcheck.sh - the detectors' checks after a scenario's work, shared
# by every scenario that wants them (source after /lib/rig.sh).
#
#   rig_quiesce MIN MAX   sleep MIN s, then wait (MAX s at most) until
#                         uevent_seqnum and the live count held still
#   rig_precheck          the state the checks compare with: kmemleak
#                         cleared, live count (live0), census.before,
#                         the /sys snapshot (/tmp/snap.before)
#   rig_postcheck_count CHECK...   how many tests rig_postcheck CHECK...
#                         prints (for the plan)
#   rig_postcheck CHECK...  one KTAP test per check, in this order:
#     census     live kobjects (census "live N", else /sys directories)
#                equal to rig_precheck's; data sections census.before,
#                census.after, census (= after), slabinfo, meminfo
#     snapshot   "sysfs_snapshot": the /sys snapshot equal to rig_precheck's;
#                data section snapshot.diff when not
#     kmemleak   scan twice, no unreferenced object; data section kmemleak
#     dmesg      one test per console detector group read from dmesg
#                ("detector_NAME"), lines in EXPECT-WARNING windows accepted
# Results for a summary: live0, live1, kml_n (null without kmemleak),
# hits_NAME per detector group, PC_DETECTORS (the group names),
# cs_kml (centiseconds the kmemleak scans took).

CENSUS=/sys/kernel/debug/kobject_census
KML=/sys/kernel/debug/kmemleak

# live_count: the census's "live N", else the /sys directory count.
live_count()
{
	if [ -r $CENSUS ]; then
		awk '$1 == "live" { print $2 }' $CENSUS
	else
		find /sys -xdev -type d | wc -l
	fi
}

# rig_snapshot: the /sys snapshot with the names and numbers that depend on
# the order of probes masked: IFINDEX grows with every netdev registration,
# and virtioN and ethN take the lowest free index, which parallel work hands
# out in a different order each run (sorted again after masking).
rig_snapshot()
{
	sysfs-snapshot /sys 2>/dev/null |
		sed 's/IFINDEX=[0-9]*/IFINDEX=N/; s/virtio[0-9][0-9]*/virtioN/g; s/eth[0-9][0-9]*/ethN/g' |
		LC_ALL=C sort
}

# rig_quiesce MIN MAX: sleep MIN seconds, then wait until uevent_seqnum and
# the census live count (not the /sys count: a walk takes seconds) held
# still for 5 polls a second apart (longer than one release delay: a
# child's delayed release can drop the last reference to its parent, whose
# release is delayed again); MAX seconds at most.
rig_quiesce()
{
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

rig_precheck()
{
	[ -w $KML ] && echo clear >$KML
	live0=$(live_count)
	[ -r $CENSUS ] && cp $CENSUS /tmp/census.before
	rig_snapshot >/tmp/snap.before
}

PC_DETECTORS="kasan debug_objects refcount list_debug hung_task kobject oops"
sig_kasan='BUG: KASAN'
sig_debug_objects='ODEBUG:'
sig_refcount='refcount_t:'
sig_list_debug='list_(add|del) corruption'
sig_hung_task='blocked for more than'
sig_kobject='is not initialized, yet kobject_|tried to init an initialized object|kobject_add_internal failed|cannot create duplicate filename|does not have a release\(\) function'
sig_oops='\] BUG: |kernel BUG at|WARNING: CPU|Oops:|general protection fault|Kernel panic|detected stalls|soft lockup'

rig_postcheck_count()
{
	n=0
	for c; do
		case $c in
		dmesg) n=$((n + $(echo $PC_DETECTORS | wc -w))) ;;
		*) n=$((n + 1)) ;;
		esac
	done
	echo $n
}

pc_census()
{
	live1=$(live_count)
	if [ -r $CENSUS ]; then
		cp $CENSUS /tmp/census.after
		section census.before </tmp/census.before
		section census.after </tmp/census.after
		# the same names as the census scenario: the size report reads
		# the state after the stress like the state after boot
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
}

pc_snapshot()
{
	rig_snapshot >/tmp/snap.after
	if cmp -s /tmp/snap.before /tmp/snap.after; then
		ktap_result 0 sysfs_snapshot "$(wc -l </tmp/snap.after) entries identical"
	else
		diff /tmp/snap.before /tmp/snap.after >/tmp/snap.diff
		section snapshot.diff </tmp/snap.diff
		ktap_result 1 sysfs_snapshot "$(grep -c '^[-+][dlf] ' /tmp/snap.diff) entries differ"
		grep '^[-+][dlf] ' /tmp/snap.diff | head -n 10 | sed 's/^/# snapshot: /'
	fi
}

# kmemleak_check: scan twice (objects must be 5 s old), count reports.
kmemleak_check()
{
	kml_n=-1
	[ -w $KML ] || return 2
	echo scan >$KML
	echo scan >$KML
	cat $KML >/tmp/kmemleak.txt
	kml_n=$(grep -c '^unreferenced object' /tmp/kmemleak.txt)
	section kmemleak </tmp/kmemleak.txt
	[ "$kml_n" = 0 ]
}

pc_kmemleak()
{
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
}

# dmesg_scan: dmesg without the lines an EXPECT-WARNING window accepts
dmesg_scan()
{
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
sig_check()
{
	hits=$(grep -E -c "$2" /tmp/dmesg.scan)
	eval "hits_$1=$hits"
	if [ "$hits" = 0 ]; then
		ktap_result 0 "detector_$1"
	else
		ktap_result 1 "detector_$1" "$hits line(s), first: $(grep -E -m1 "$2" \
			/tmp/dmesg.scan | sed 's/^\[[^]]*\] //' | tr -d '#')"
	fi
}

pc_dmesg()
{
	dmesg_scan >/tmp/dmesg.scan
	for g in $PC_DETECTORS; do
		eval "sig_check $g \"\$sig_$g\""
	done
}

rig_postcheck()
{
	for c; do
		"pc_$c"
	done
}
