# modules - load, use and unload each module whose sysfs objects the
# series frees, under every detector; a release() left in module text, or
# a kobject in module data still pending its delayed release when the
# module is freed, shows after the unload.
#
# Arguments (kernel command line, key=value; /init exports them as arg_KEY):
#   cycles=N   rounds of every group (default 2)
#   known=1    also the steps that fail today for bugs outside the
#              series (default 0; results/modules.md): ubifs on a UBI
#              volume and an ocfs2 cluster made in configfs (below)
#   settle=S   seconds after each group's unload (default 5: under
#              DEBUG_KOBJECT_RELEASE lib/kobject.c delays each release by
#              1-4 s, so every release of the group has run, or jumped
#              into freed module memory, when the group's result is
#              printed; vfree() of module memory with a pending release's
#              timer still in it is an "ODEBUG: free active" at once.  A
#              race, though: the module's own kobject is released, with
#              its own delay, before the module is freed, and a release
#              that ends first goes unseen; rounds make a miss unlikely)
# Needs the kernel's own initramfs (kernel/modules.sh): /lib/modules/`uname
# -r` and /images.  Boot with a large log_buf_len: the per-group detector
# check reads dmesg, which must not wrap (each release is a pr_info).
#
# The groups, each round (names get _rN):
#   erofs   modprobe erofs; mount /images/erofs.img through loop, read it
#   f2fs    modprobe f2fs; mount a 64 MiB image through loop, write, read
#   ubifs   modprobe ubifs, /sys/fs/ubifs read; with known=1 first modprobe
#           mtdram, write /images/ubi.img to /dev/mtd0, modprobe ubi mtd=0
#           (attach), then mount ubi0:vol and read.  Off by default: it
#           fails in UBI, which the series does not touch: at the detach,
#           "ODEBUG: free active ... kobject_delayed_cleanup" as a
#           device_release() frees memory that holds a kobject whose
#           delayed release is pending (results/modules.md); most likely
#           a volume, whose cdev ubi_add_volume() adds without the device
#           as its parent (cdev_add(); ubi_create_volume() uses
#           cdev_device_add()), in 6.12 too
#   o2nm    modprobe ocfs2_nodemanager (and configfs); every
#           /sys/fs/o2cb/logmask/ file read and written back; configfs
#           mounted and /cluster read; with known=1 a cluster and a node
#           of it made, read and removed: kmemleak then finds the
#           cluster's "node" and "heartbeat" default groups leaked (2
#           objects of 192 bytes a cluster, allocated in
#           o2nm_cluster_group_make_group())
# then each group's umount, "unload" (rmmod every module the group
# loaded, dependents first: none left, its /sys/fs directory gone) and
# "released" (no new detector line since the group began, settle
# seconds after the unload).  A failed step skips the group's next ones
# (SKIP), but not its umount and unload.
# Helpers (every module under kernel/crypto/ and kernel/lib/: the
# checksums and compressors the filesystems look up by name) are loaded
# once, before the census and snapshot, and stay.
# KTAP: helpers, images, the rounds, then rig_postcheck's sysfs_snapshot,
# kmemleak and detector_* tests.
. /lib/rig.sh
. /lib/postcheck.sh

cycles=${arg_cycles:-2}
settle=${arg_settle:-5}
mods=/lib/modules/$(uname -r)
# No census check: every class_register() (ubi and mtd here) counts its
# glue_dirs kset, kset_init()ed and never added nor put, as a live kobject
# of no ktype that its class_unregister() never releases, so each load
# and unload of ubifs (which pulls ubi and mtd in) leaves "(none)" 2
# higher.  Each group's census is a diagnostic line instead.
CHECKS="snapshot kmemleak dmesg"
known=${arg_known:-0}
# results a round prints: erofs 6, f2fs 6, ubifs 4 (9 with known=1), o2nm 5
PER_ROUND=$((21 + 5 * known))

loaded() { cut -d' ' -f1 /proc/modules; }
# hits: the detector lines in dmesg so far (the table's rows, scan-console)
hits()
{
	dmesg >/tmp/hits.txt
	scan-console $SIGS /tmp/hits.txt 2>/dev/null | wc -l
}

# begin GROUP: what the group's end compares with
begin()
{
	group=$1 broken=
	loaded >/tmp/before
	hits0=$(hits)
}

# run NAME COMMAND...: one result, COMMAND's exit status (its last output
# line the reason of a failure); SKIP once a step of the group failed
run()
{
	rname=${1}_r$r
	shift
	if [ -n "$broken" ]; then
		ktap_result 0 "$rname" "SKIP $broken"
		return 1
	fi
	if "$@" >/tmp/run.out 2>&1; then
		ktap_result 0 "$rname"
		return 0
	fi
	ktap_result 1 "$rname" "$(tail -n 1 /tmp/run.out)"
	log "$rname failed: $(tail -n 1 /tmp/run.out)"
	broken="$rname failed"
	return 1
}

# umount_step NAME: unmount /mnt if the group mounted it (always runs)
umount_step()
{
	if grep -q ' /mnt ' /proc/mounts; then
		b=$broken broken=
		run "$1" umount /mnt
		broken=${b:-$broken}
	else
		ktap_result 0 "${1}_r$r" "SKIP nothing mounted"
	fi
}

# end SYSDIR: unload every module loaded since begin (rmmod refuses one in
# use, so pass over them until none is left), then settle and read the
# detectors
end()
{
	for _ in 1 2 3 4 5; do
		left=$(loaded | grep -vxF -f /tmp/before)
		[ -n "$left" ] || break
		for m in $left; do rmmod "$m" 2>/tmp/rmmod.err; done
	done
	left=$(loaded | grep -vxF -f /tmp/before)
	if [ -n "$left" ]; then
		ktap_result 1 "${group}_unload_r$r" "still loaded: $(echo $left): $(cat /tmp/rmmod.err)"
	elif [ -e "$1" ]; then
		ktap_result 1 "${group}_unload_r$r" "$1 still there"
	else
		ktap_result 0 "${group}_unload_r$r"
	fi
	sleep "$settle"
	[ -r $CENSUS ] && ktap_diag "$group round $r: census $(awk '$1 == "live" || $2 == "(none)"' $CENSUS | tr '\n' ' ')"
	h=$(hits)
	if [ "$h" -gt "$hits0" ]; then
		ktap_result 1 "${group}_released_r$r" "$((h - hits0)) new detector line(s), first: $(scan-console $SIGS /tmp/hits.txt 2>/dev/null |
			sed -n "$((hits0 + 1))s/^[^ ]* //p" | cut -c1-160)"
	else
		ktap_result 0 "${group}_released_r$r" "no detector line in ${settle} s after the unload"
	fi
}

erofs_read() { grep -qx hello /mnt/hello && ls /sys/fs/erofs/features/ >/dev/null; }
f2fs_rw() { echo "$r" >/mnt/round && sync && grep -qx "$r" /mnt/round && ls /sys/fs/f2fs/loop*/ >/dev/null; }
ubi_write() { gunzip -c /images/ubi.img.gz >/dev/mtd0; }
ubifs_read() { grep -qx hello /mnt/hello && ls /sys/fs/ubifs/ubi0_0/ >/dev/null; }
ubifs_sysfs() { [ -d /sys/fs/ubifs ] && ls /sys/fs/ubifs/ >/dev/null; }
# every logmask file read and its value written back
o2nm_logmask()
{
	n=0
	for f in /sys/fs/o2cb/logmask/*; do
		v=$(cat "$f") && echo "$v" >"$f" || return 1
		n=$((n + 1))
	done
	[ $n -gt 0 ]
}
o2nm_configfs()
{
	c=/sys/kernel/config/cluster
	mount -t configfs configfs /sys/kernel/config && ls $c >/dev/null || return 1
	[ "$known" = 1 ] || { umount /sys/kernel/config; return; }
	mkdir $c/kref && mkdir $c/kref/node/n0 && ls $c/kref/node/n0 $c/kref/heartbeat &&
	rmdir $c/kref/node/n0 && rmdir $c/kref && umount /sys/kernel/config
}

ktap_plan $((2 + cycles * PER_ROUND + $(rig_postcheck_count $CHECKS)))
t_start=$(cs)
mkdir -p /mnt
if [ -d "$mods" ]; then
	n=0 bad=
	for ko in $(find "$mods/kernel/crypto" "$mods/kernel/lib" -name '*.ko' 2>/dev/null); do
		m=$(basename "$ko" .ko)
		modprobe "$m" 2>/tmp/mp.err || bad="$bad $m: $(cat /tmp/mp.err)"
		n=$((n + 1))
	done
	ktap_result "$([ -z "$bad" ] && echo 0 || echo 1)" helpers "$n loaded${bad:+, failed:$bad}"
else
	ktap_result 1 helpers "no $mods: boot the kernel's own initramfs (kernel/modules.sh)"
fi
gunzip -c /images/f2fs.img.gz >/tmp/f2fs.img 2>/tmp/img.err &&
	[ -s /images/erofs.img ] && [ -s /images/ubi.img.gz ]
ktap_result $? images "$(cat /tmp/img.err)"
# boot-time releases first: they are not the rounds'
rig_quiesce 5 60
rig_precheck
diag "start: live $live0 at $(uptime_s) s, $cycles round(s)"

r=0
while [ $r -lt "$cycles" ]; do
	r=$((r + 1))
	begin erofs
	run erofs_load modprobe erofs
	run erofs_mount mount -t erofs -o loop,ro /images/erofs.img /mnt
	run erofs_read erofs_read
	umount_step erofs_umount
	end /sys/fs/erofs

	begin f2fs
	run f2fs_load modprobe f2fs
	run f2fs_mount mount -t f2fs -o loop /tmp/f2fs.img /mnt
	run f2fs_rw f2fs_rw
	umount_step f2fs_umount
	end /sys/fs/f2fs

	begin ubifs
	if [ "$known" = 1 ]; then
		run mtdram_load modprobe mtdram total_size=4096 erase_size=128
		run ubi_image ubi_write
		run ubi_attach modprobe ubi mtd=0
		run ubifs_load modprobe ubifs
		run ubifs_mount mount -t ubifs ubi0:vol /mnt
		run ubifs_read ubifs_read
		umount_step ubifs_umount
	else
		run ubifs_load modprobe ubifs
		run ubifs_sysfs ubifs_sysfs
	fi
	end /sys/fs/ubifs

	begin o2nm
	run o2nm_load modprobe ocfs2_nodemanager
	run o2nm_logmask o2nm_logmask
	run o2nm_configfs o2nm_configfs
	# what a failed step left: the cluster holds the module
	rmdir /sys/kernel/config/cluster/kref/node/n0 /sys/kernel/config/cluster/kref 2>/dev/null
	grep -q ' /sys/kernel/config ' /proc/mounts && umount /sys/kernel/config
	end /sys/fs/o2cb
	diag "round $r done at $(uptime_s) s"
done

rig_quiesce 1 60 || diag "still changing after 60 s"
rig_postcheck $CHECKS
diag "modules took $((($(cs) - t_start) / 100)) s"
ktap_exit
