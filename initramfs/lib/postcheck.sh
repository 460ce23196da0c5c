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
#     dmesg      dmesg through tools/scan-console --ktap with the detector
#                table: one test per detector ("detector_NAME", table
#                order), then "detector_expect_warning" (the windows)
# Results for a summary: live0, live1, kml_n (null without kmemleak),
# hits_NAME per detector, PC_DETECTORS (their names),
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
# DISKSEQ with every gendisk (a disk removed and probed again: the fault
# sweeps' vblk), and virtioN and ethN take the lowest free index, which
# parallel work hands out in a different order each run (sorted again after
# masking).
rig_snapshot()
{
	sysfs-snapshot /sys 2>/dev/null |
		sed 's/IFINDEX=[0-9]*/IFINDEX=N/; s/DISKSEQ=[0-9]*/DISKSEQ=N/; s/virtio[0-9][0-9]*/virtioN/g; s/eth[0-9][0-9]*/ethN/g' |
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
	prev= same=0 n=0
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
		# a line now and then: the host's watch ends a silent run
		[ $((n += 1)) -lt 15 ] || { n=0; ktap_diag "settling: $now"; }
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

# The detector table (qemu/signatures.txt) and its scanner
# (tools/scan-console), both from the host: the one implementation of the
# detectors and of the EXPECT-WARNING windows.
SIGS=/etc/signatures.txt

# rig_detectors: how many tests "scan-console --ktap" prints (one per
# detector of the table, then expect_warning)
rig_detectors()
{
	scan-console --ktap $SIGS /dev/null | sed -n 's/^1\.\.//p'
}

rig_postcheck_count()
{
	n=0
	for c; do
		case $c in
		dmesg) n=$((n + $(rig_detectors))) ;;
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
	kml_n=$(scan-console --ktap $SIGS /tmp/kmemleak.txt |
		sed -n 's/^not ok [0-9]* kmemleak # \([0-9]*\) hit.*/\1/p')
	kml_n=${kml_n:-0}
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

# pc_dmesg: scan-console's KTAP on dmesg, each test renamed detector_NAME;
# its diagnostics (one per failing line) as "# detector: ...", 20 at most.
# Sets hits_NAME and PC_DETECTORS (the names, without expect_warning).
pc_dmesg()
{
	dmesg >/tmp/dmesg.txt
	scan-console --ktap $SIGS /tmp/dmesg.txt >/tmp/dmesg.ktap 2>/tmp/dmesg.err
	rc=$?
	[ $rc -lt 2 ] || ktap_diag "scan-console exit $rc: $(head -n 1 /tmp/dmesg.err)"
	PC_DETECTORS= ndiag=0
	while read -r line; do
		case $line in
		"ok "*) rc=0 rest=${line#ok } ;;
		"not ok "*) rc=1 rest=${line#not ok } ;;
		"# "*)
			ndiag=$((ndiag + 1))
			[ $ndiag -le 20 ] && echo "# detector: ${line#\# }"
			continue ;;
		*) continue ;;
		esac
		rest=${rest#* }
		name=${rest%% *}
		why=
		case $rest in *" # "*) why=${rest#* \# } ;; esac
		if [ "$name" != expect_warning ]; then
			PC_DETECTORS="$PC_DETECTORS $name"
			hits=0
			[ $rc = 1 ] && hits=${why%% *}
			eval "hits_$name=\$hits"
		fi
		ktap_result $rc "detector_$name" "$why"
	done </tmp/dmesg.ktap
}

rig_postcheck()
{
	for c; do
		"pc_$c"
	done
}
