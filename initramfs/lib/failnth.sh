# /lib/failnth.sh - failslab fail-nth sweeps (source after /lib/triggers.sh
# and /lib/postcheck.sh).
#
#   fault_sweeps    one KTAP test per operation (FI_OPS, in that order):
#                   failslab_netdevsim and failslab_pci_rescan always (SKIP
#                   when not in $fault_ops), the others only when in
#                   $fault_ops (fi_tests counts them for the plan); each
#                   in an EXPECT-WARNING window for FI_SIG; sets
#                   pts_OP (fault points, -N when attempt N was fatal, -1
#                   when no clean attempt), cs_fault, cs_fault_OP
#                   (centiseconds), fi_points (the summary's JSON pairs),
#                   fi_parts (per operation: attempts, and the
#                   centiseconds of their operations, undos and checks)
# Arguments: fault_nsim ("P Q"), fault_pci, fault_vblk, fault_vscsi (BDFs),
# fault_mod (a module), fault_max, fault_ops, fault_from (the first
# attempt, default 1), fault_kml (a kmemleak scan every that many
# attempts; default none: the end check's), fault_fast (1: one check an
# attempt, see sweep).

# Faults make kobject_add_internal() fail loudly, on purpose: each sweep runs
# inside an EXPECT-WARNING window for that signature (the host scanner then
# still fails on any other signature).
FI_SIG="kobject_add_internal failed"

# Attempts whose lines hit these detectors of the table were fatal: an
# oops (the next step could block on a lock the dead task holds), a KASAN
# report, and also a WARNING (the oops rows hold "WARNING: CPU"), after
# which the sweep has failed anyway.
FI_FATAL_DETECTORS="kasan oops"
FI_MARK="$rig_name: failnth"

# fi_bad NAME N [LAST]: the detectors that attempt N's lines hit, judged
# by scan-console with the detector table inside a window for FI_SIG, as
# its "not ok" lines in /tmp/fi.bad; true if there are any.  Attempt N's
# lines are those after the last "checked" marker (sweep writes one after
# each attempt's last check): a delayed release's report that lands
# between one attempt's check and the next attempt's marker is N's.  With
# LAST, the lines between the last two "checked" markers: the attempt just
# marked, with what landed between its last check and its marker.
# The log's tail only (FI_TAIL bytes, dmesg -s): reading all of an 8 MB
# log buffer after each attempt took longer than the attempt.
FI_TAIL=98304
fi_bad() {
	{
		echo "EXPECT-WARNING BEGIN: $FI_SIG"
		if [ -n "$fi_old" ]; then dmesg | tail -n 400; else dmesg -s $FI_TAIL; fi |
			awk -v m="$FI_MARK $1 checked" -v last="${3:-}" \
			'index($0, m) { prev = buf; buf = ""; next } { buf = buf $0 "\n" }
			 END { printf "%s", last ? prev : buf }'
		echo "EXPECT-WARNING END"
	} >/tmp/fi.log
	scan-console --ktap $SIGS /tmp/fi.log >/tmp/fi.ktap
	grep '^not ok ' /tmp/fi.ktap | grep -v '^not ok [0-9]* expect_warning' >/tmp/fi.bad
	[ -s /tmp/fi.bad ]
}

# fi_tainted: the kernel's taint changed since the last call (a WARNING,
# an oops, a KASAN report taint it; read without a fork): the cheap test
# after an attempt's operation of whether it may have been fatal
fi_taint=
fi_tainted() {
	[ -r /proc/sys/kernel/tainted ] || return 0	# no sysctl: always read
	read -r fi_tv </proc/sys/kernel/tainted
	[ "$fi_tv" != "$fi_taint" ] || return 1
	fi_taint=$fi_tv
}

# fi_fatal: /tmp/fi.bad names a detector of FI_FATAL_DETECTORS
fi_fatal() {
	for d in $FI_FATAL_DETECTORS; do
		grep -q "^not ok [0-9]* $d " /tmp/fi.bad && return 0
	done
	return 1
}

# fi_first: the first line /tmp/fi.bad's first detector hit, "[SIG] text"
fi_first() {
	head -n 1 /tmp/fi.bad | sed 's/.* first: [^ ]* //; s/\[ *[0-9.]*\] //' | tr -d '#'
}

# sweep NAME OP UNDO: n = fault_from, fault_from + 1, ... run "OP n" (prints
# "injected I errno E") then "UNDO n", until an OP succeeds with no fault
# injected.  Sets pts_NAME (fault points: the n that succeeded without a
# fault, minus one).  An attempt the kernel did not survive (a signature
# other than FI_SIG in dmesg during its OP or its UNDO) is counted in
# bad_NAME, the first in fi_bad_NAME.  After a fatal one (an oops: the next
# step could block on a lock the dead task holds) the sweep stops, before
# UNDO if OP was fatal.  Returns 0 all survived, 1 no clean OP, 2 some not.
# One scan of the log per attempt, after its "checked" marker (the lines
# since the last one); after OP, the log is read only when the kernel's
# taint changed (whether to skip UNDO).  fi_cs_op, fi_cs_undo, fi_cs_check:
# the centiseconds of each part, summed over the sweep's attempts.
# That is fault_fast=1 (make findings boots it); without it, as before
# (the log read whole, three times an attempt) until it is measured on
# real boots against this one.
fi_old=1
[ "${arg_fault_fast:-}" != 1 ] || fi_old=
sweep() {
	n=${fault_from:-1}
	eval "bad_$1=0 fi_bad_$1="
	fi_cs_op=0 fi_cs_undo=0 fi_cs_check=0
	fi_tainted || :
	$U kmsg "$FI_MARK $1 checked before n=$n"
	while [ $n -le "$fault_max" ]; do
		$U kmsg "$FI_MARK $1 n=$n"
		fi_now
		fi_c=$fi_t
		set -- "$1" "$2" "$3" $($2 $n)
		fi_now
		fi_cs_op=$((fi_cs_op + fi_t - fi_c))
		if [ -n "$fi_old" ]; then
			fi_check "$1" $n && fi_fatal || { fi_undo "$3" $n; fi_check "$1" $n; }
		else
			fi_tainted && fi_check "$1" $n && fi_fatal || fi_undo "$3" $n
		fi
		$U kmsg "$FI_MARK $1 checked n=$n"
		# (before: only when the checks before the marker found nothing)
		[ -n "$fi_old" ] && [ -s /tmp/fi.bad ] || fi_check "$1" $n last
		[ -z "$fi_kml" ] || [ $(((n - ${fault_from:-1} + 1) % fi_kml)) != 0 ] ||
			fi_kml_scan "$1" $n
		if [ -s /tmp/fi.bad ]; then
			eval "bad_$1=\$((bad_$1 + 1))"
			eval "[ -n \"\$fi_bad_$1\" ] || fi_bad_$1=\"n=\$n: \$(fi_first)\""
			log "failnth $1 n=$n not survived: $(head -n 1 /tmp/fi.bad)"
			if fi_fatal; then
				eval "pts_$1=-$n"
				return 2
			fi
		fi
		if [ "$5" = 0 ] && [ "$7" = 0 ]; then
			eval "pts_$1=$((n - 1))"
			eval "[ \$bad_$1 = 0 ]" && return 0
			return 2
		fi
		n=$((n + 1))
	done
	eval "pts_$1=-1"
	return 1
}
# fi_check ARGS: fi_bad ARGS, timed (fi_cs_check); fi_undo UNDO N likewise
fi_check() {
	fi_now
	fi_c=$fi_t
	fi_bad "$@"
	fi_r=$?
	fi_now
	fi_cs_check=$((fi_cs_check + fi_t - fi_c))
	return $fi_r
}
fi_undo() {
	fi_now
	fi_c=$fi_t
	$1 $2
	fi_now
	fi_cs_undo=$((fi_cs_undo + fi_t - fi_c))
}
# fi_now: fi_t, the uptime in centiseconds, without a fork (cs's $(...)
# forks a shell: tens of ms an attempt under TCG)
fi_now() {
	read -r fi_up _ </proc/uptime
	fi_t=$((${fi_up%.*} * 100 + 1${fi_up#*.} - 100))
}

# kmemleak: the end check scans (the debug config has no automatic scan);
# with fault_kml=K, a scan every K attempts too, its new reports logged
# with the attempt they came after ("failnth OP kmemleak after n=N: M
# new"), for the window of a leak.
KML=/sys/kernel/debug/kmemleak
fi_kml=${arg_fault_kml:-}
fi_kml_n=0
fi_kml_scan() {
	[ -w $KML ] || return 0
	echo scan >$KML
	fi_k=$(grep -c '^unreferenced object' $KML)
	[ "$fi_k" = "$fi_kml_n" ] || log "failnth $1 kmemleak after n=$2: $((fi_k - fi_kml_n)) new"
	fi_kml_n=$fi_k
}

# netdevsim: a new id per attempt; the devices a faulted new_device still
# created are unbound in parallel (outside netdevsim's list lock, so their
# netdev teardowns, each waiting 1-4 s for delayed kobject releases,
# overlap) every FI_NSIM_BATCH of them, then deleted.
FI_NSIM_BATCH=32
fi_nsim_op() { $U failnth "$1" $NSIM/new_device "$((100 + $1)) $fault_nsim"; }
fi_nsim_undo() {
	[ -e $NSIM/devices/netdevsim$((100 + $1)) ] || return 0
	fi_nsim_left="$fi_nsim_left $((100 + $1))"
	set -- $fi_nsim_left	# the function's own arguments: count them
	[ $# -lt $FI_NSIM_BATCH ] || fi_nsim_flush
}
fi_nsim_flush() {
	pids=
	for id in $fi_nsim_left; do
		[ -e $NSIM/devices/netdevsim$id/driver ] &&
			{ echo netdevsim$id >$NSIM/drivers/netdevsim/unbind & pids="$pids $!"; }
	done
	wait $pids
	for id in $fi_nsim_left; do
		echo $id >$NSIM/del_device
	done
	fi_nsim_left=
}
# PCI: remove the device fi_bdf (fault_pci, fault_vblk or fault_vscsi),
# rescan under the fault, remove what came back.
fi_pci_op() { $U failnth "$1" /sys/bus/pci/rescan 1; }
fi_pci_undo() {
	[ -e /sys/bus/pci/devices/$fi_bdf ] &&
		echo 1 >/sys/bus/pci/devices/$fi_bdf/remove
	$U wait "/sys/bus/pci/devices/$fi_bdf" absent $WAIT_MS >/dev/null
}

# kmsg_marker TEXT: TEXT into the kernel log, checked (the host scanner
# pairs the EXPECT-WARNING markers; the diag must not repeat TEXT).
kmsg_marker() {
	$U kmsg "$1"
	dmesg | tail -n 20 | grep -q -F "$1" && return 0
	ktap_diag "kmsg: a marker did not reach the kernel log"
	ktap_failed=1
	return 1
}

# fi_hits: the kernel's lines with the expected signature so far (not our
# own marker lines)
fi_hits() { dmesg | grep -c "$FI_SIG for "; }

# The operations after nsim and pci: each a registration path a guest task
# drives synchronously (fail-nth counts the allocations of the task that
# armed it, so a probe or a callback another thread runs is not swept:
# sd's probe is asynchronous, a CPU's AP states run in its cpuhp thread).
# Per NAME: fi_NAME_op N (one attempt under fault N, prints "injected I
# errno E"), fi_NAME_undo N (back to the state before it), fi_NAME_pre
# (the state every attempt starts from; sets fi_what, what the sweep
# covers) and fi_NAME_post (the state before the sweep again; not after a
# fatal attempt).  fi_err WHY: a pre, post or undo problem, which fails the
# operation's test (the first is kept in fi_uerr).
fi_err() { log "failnth $fi_op: $*"; [ -n "$fi_uerr" ] || fi_uerr=$*; return 1; }

# scsi_debug: add_host 1 under the fault (Scsi_Host, its adapter on the
# pseudo bus, target, scsi_device, bsg and sg; sd's probe runs in async
# work, outside the sweep), every host beyond the boot's removed
# (add_host -1 removes the newest).
fi_sdebug_pre() {
	[ -w $SD/add_host ] || { fi_err "no $SD/add_host"; return 1; }
	fi_sd0=$(cat $SD/add_host) fi_sd_delay=$(cat $SD/delay)
	echo 0 >$SD/delay	# responses in the submitting task, no timer
	fi_what="scsi_debug add_host 1 ($fi_sd0 hosts before)"
}
fi_sdebug_op() { $U failnth "$1" $SD/add_host 1; }
fi_sdebug_undo() {
	while [ "$(cat $SD/add_host)" -gt "$fi_sd0" ]; do
		echo -1 >$SD/add_host || { fi_err "n=$1: add_host -1"; return; }
	done
}
fi_sdebug_post() {
	echo "$fi_sd_delay" >$SD/delay
	[ "$(cat $SD/add_host)" = "$fi_sd0" ] ||
		fi_err "$(cat $SD/add_host) scsi_debug hosts after the sweep, $fi_sd0 before"
}

# loop: LOOP_CTL_ADD of loop(FI_LOOP0 + n) under the fault (tag set,
# gendisk, queue, bdi), LOOP_CTL_REMOVE after it.
FI_LOOP0=100
fi_loop_pre() {
	[ -c /dev/loop-control ] || { fi_err "no /dev/loop-control"; return 1; }
	fi_what="LOOP_CTL_ADD loop$((FI_LOOP0 + 1))..."
}
fi_loop_op() { fault-op "$1" loop add $((FI_LOOP0 + $1)); }
fi_loop_undo() {
	r=$(fault-op 0 loop remove $((FI_LOOP0 + $1)))
	case $r in
	*" errno 0" | *" errno 19") ;;	# removed, or never there (ENODEV)
	*) fi_err "n=$1: LOOP_CTL_REMOVE: $r" ;;
	esac
	[ ! -e /sys/block/loop$((FI_LOOP0 + $1)) ] ||
		fi_err "n=$1: loop$((FI_LOOP0 + $1)) left"
}
fi_loop_post() { :; }

# dummy, veth: RTM_NEWLINK under the fault (register_netdevice(): the
# netdev's device, queue kobjects; veth registers its peer first), a name
# per attempt; the devices that came up are deleted in parallel every
# FI_NSIM_BATCH attempts (each unregister waits in netdev_run_todo() for
# its queue kobjects' delayed releases), RTM_DELLINK (veth: the pair).
fi_dummy_pre() { fi_what="RTM_NEWLINK dummy fdum1..."; }
fi_dummy_op() { fault-op "$1" link add "fdum$1" dummy; }
fi_dummy_undo() { fi_link_undo "fdum$1"; }
fi_dummy_post() { fi_link_post "fdum*"; }
fi_veth_pre() { fi_what="RTM_NEWLINK veth fveth1/fvpeer1..."; }
fi_veth_op() { fault-op "$1" link add "fveth$1" veth "fvpeer$1"; }
fi_veth_undo() { fi_link_undo "fveth$1"; }
fi_veth_post() { fi_link_post "fveth*" && fi_link_post "fvpeer*"; }
fi_link_undo() {
	[ -e "/sys/class/net/$1" ] || return 0
	fi_link_left="$fi_link_left $1"
	set -- $fi_link_left
	[ $# -lt $FI_NSIM_BATCH ] || fi_link_flush
}
fi_link_flush() {
	pids=
	for l in $fi_link_left; do
		fault-op 0 link del "$l" >"/tmp/fi.del.$l" &
		pids="$pids $!"
	done
	[ -z "$pids" ] || wait $pids
	for l in $fi_link_left; do
		grep -q ' errno 0$' "/tmp/fi.del.$l" ||
			fi_err "RTM_DELLINK $l: $(cat "/tmp/fi.del.$l")"
		rm -f "/tmp/fi.del.$l"
	done
	fi_link_left=
}
fi_link_post() {
	fi_link_flush
	n=$($U count "/sys/class/net/$1")
	[ "$n" = 0 ] || fi_err "$n /sys/class/net/$1 left after the sweep"
}

# cpu: cpu1 online under the fault (from offline), offline again after.
# Only the states the writing task runs are swept (the BP states up to
# CPUHP_BRINGUP_CPU); cpu1's own (sysfs of cacheinfo, mce, msr, cpuid)
# run in its cpuhp thread.
CPU1=/sys/devices/system/cpu/cpu1/online
fi_cpu_pre() {
	[ -w $CPU1 ] || { fi_err "no $CPU1"; return 1; }
	cpu_set_online 0 || { fi_err "cpu1 does not go offline"; return 1; }
	fi_what="cpu1 online"
}
fi_cpu_op() { $U failnth "$1" $CPU1 1; }
fi_cpu_undo() {
	[ "$(cat $CPU1)" = 0 ] || cpu_set_online 0 || fi_err "n=$1: cpu1 does not go offline"
}
fi_cpu_post() { cpu_set_online 1 || fi_err "cpu1 not online after the sweep"; }

# PCI: 00:01.1 (fault_pci), and the virtio-blk (fault_vblk) and
# virtio-scsi (fault_vscsi) devices the boot's QEMU options put in their
# slots: their probes (virtio-blk's gendisk; virtio-scsi's Scsi_Host and
# synchronous scan) run in the rescanning task.  pre removes the device;
# post waits for the delayed releases (the names vdX, hostN free again),
# rescans and waits for the driver's disk.
fi_pci_pre() {
	fi_bdf=$fault_pci fi_pci_has= fi_what=$fault_pci
	fi_pci_undo 0
}
fi_vblk_pre() {
	fi_bdf=$fault_vblk fi_pci_has="virtio*/block/vd*"
	fi_what="$fi_bdf virtio-blk"
	fi_pci_dev
}
fi_vscsi_pre() {
	fi_bdf=$fault_vscsi fi_pci_has="virtio*/host*/target*/*/scsi_device"
	fi_what="$fi_bdf virtio-scsi"
	fi_pci_dev
}
fi_pci_dev() {
	$U wait "/sys/bus/pci/devices/$fi_bdf/$fi_pci_has" present 5000 >/dev/null ||
		{ fi_err "no $fi_bdf/$fi_pci_has (booted without the QEMU options of qemu/plan.txt's run hotplug-fault?)"; return 1; }
	fi_pci_undo 0
}
fi_vblk_op() { fi_pci_op "$@"; }
fi_vblk_undo() { fi_pci_undo "$@"; }
fi_vblk_post() { fi_pci_post; }
fi_vscsi_op() { fi_pci_op "$@"; }
fi_vscsi_undo() { fi_pci_undo "$@"; }
fi_vscsi_post() { fi_pci_post; }
fi_pci_post() {
	[ -z "$fi_pci_has" ] || rig_quiesce 5 60 >/dev/null
	echo 1 >/sys/bus/pci/rescan
	$U wait "/sys/bus/pci/devices/$fi_bdf${fi_pci_has:+/$fi_pci_has}" present $WAIT_MS >/dev/null ||
		{ fi_err "$fi_bdf${fi_pci_has:+/$fi_pci_has} not back"; return 1; }
	[ "$fi_bdf" != "$PBDF" ] || pers_up || fi_err "$PBDF not up"
}

# mod: finit_module() of fault_mod (erofs: its init registers the kset
# /sys/fs/erofs and its features kobject; f2fs, ubifs, ocfs2_nodemanager
# likewise) under the fault, delete_module() after it.  Needs the kernel's
# own initramfs (/lib/modules/`uname -r`: the plan's INITRD); the modules
# it depends on are loaded first, without a fault, and unloaded at the end.
fi_mod_pre() {
	fi_mdir=/lib/modules/$(uname -r)
	fi_mko=$(sed -n "s|^\(.*/$fault_mod\.ko\):.*|\1|p" $fi_mdir/modules.dep 2>/dev/null)
	fi_mname=$(echo "$fault_mod" | tr - _)
	fi_what="finit_module $fault_mod"
	[ -n "$fi_mko" ] || { fi_err "no $fault_mod.ko in $fi_mdir/modules.dep (boot the kernel's own initramfs)"; return 1; }
	[ ! -e /sys/module/$fi_mname ] || { fi_err "$fault_mod loaded already"; return 1; }
	fi_mdeps=$(sed -n "s|^$fi_mko: *||p" $fi_mdir/modules.dep)
	fi_mods0=" $(ls /sys/module | tr '\n' ' ') "	# the modules before
	for d in $fi_mdeps; do
		d=$(basename "$d" .ko)
		modprobe "$d" || { fi_err "modprobe $d"; return 1; }
	done
}
fi_mod_op() { fault-op "$1" insmod "$fi_mdir/$fi_mko"; }
fi_mod_undo() {
	[ -e /sys/module/$fi_mname/initstate ] || return 0
	r=$(fault-op 0 rmmod "$fi_mname")
	case $r in *" errno 0") ;; *) fi_err "n=$1: delete_module $fi_mname: $r" ;; esac
}
fi_mod_post() {
	for d in $fi_mdeps; do
		modprobe -r "$(basename "$d" .ko)" 2>/dev/null
	done
	# and what the module's init loaded by request_module() (libcrc32c's
	# crc32c_generic, say)
	for m in $(fi_mod_new); do
		modprobe -r "$m" 2>/dev/null
	done
	[ ! -e /sys/module/$fi_mname ] || fi_err "$fi_mname still loaded"
	for m in $(fi_mod_new); do
		fi_err "$m loaded by the sweep, still loaded"
	done
}
# fi_mod_new: the loadable modules that were not there before the sweep
fi_mod_new() {
	for m in $(ls /sys/module); do
		case $fi_mods0 in *" $m "*) continue ;; esac
		[ ! -e /sys/module/$m/initstate ] || echo "$m"
	done
}

# nsim: the devices left are deleted after the sweep
fi_nsim_pre() { fi_what="new_device '$fault_nsim'"; }
fi_nsim_post() { fi_nsim_flush; }

# the operations in the order they run, their KTAP tests and the keys of
# their fault points in summary.json (nsim's and pci's from before).  Each
# runs inside an EXPECT-WARNING window for FI_SIG but those of FI_NOSIG:
# cpu1's online registers no kobject in the writing task (6.1: 50 fault
# points, no FI_SIG line), and a window without a hit fails; a kobject_add
# failure there would be a finding.
FI_OPS="nsim pci sdebug loop dummy veth cpu vblk vscsi mod"
FI_NOSIG="cpu"
fi_test() {
	case $1 in
	nsim) echo failslab_netdevsim ;;
	pci) echo failslab_pci_rescan ;;
	*) echo "failslab_$1" ;;
	esac
}
fi_key() {
	case $1 in
	nsim) echo netdevsim_new_device ;;
	pci) echo pci_rescan ;;
	*) echo "$1" ;;
	esac
}
fi_listed() { case ",$fault_ops," in *,$1,*) return 0 ;; esac; return 1; }
# fi_tests: how many tests fault_sweeps prints (nsim's and pci's always)
fi_tests() {
	n=2
	for op in $FI_OPS; do
		case $op in nsim | pci) ;; *) fi_listed $op && n=$((n + 1)) ;; esac
	done
	echo $n
}

# fi_run NAME: one operation's sweep, its KTAP test, fi_points, fi_secs
fi_run() {
	fi_op=$1 fi_uerr=
	t=$(fi_test "$1")
	fi_listed "$1" || {
		case $1 in nsim | pci) ktap_result 0 "$t" "SKIP not in fault_ops" ;; esac
		return
	}
	[ -z "$fi_fatal_op" ] || {
		ktap_result 0 "$t" "SKIP after the fatal attempt of $fi_fatal_op"
		return
	}
	t1=$(cs)
	fi_what=$1
	"fi_$1_pre" || {
		ktap_result 1 "$t" "setup: $fi_uerr"
		return
	}
	what=$fi_what
	# the operation's window for FI_SIG (not cpu's: see FI_NOSIG)
	win=1
	case " $FI_NOSIG " in *" $1 "*) win= ;; esac
	h1=$(fi_hits)
	[ -z "$win" ] || kmsg_marker "EXPECT-WARNING BEGIN: $FI_SIG"
	sweep "$1" "fi_$1_op" "fi_$1_undo"
	rc=$?
	fi_last=$n	# (a post may use n)
	eval "pts=\$pts_$1 bad=\$bad_$1 first=\$fi_bad_$1"
	[ $rc = 2 ] && [ "${pts#-}" != "$pts" ] && fi_fatal_op=$1
	[ -n "$fi_fatal_op" ] || "fi_$1_post"
	h1=$(($(fi_hits) - h1))
	if [ -n "$win" ]; then
		# the scanner wants one accepted hit in a window: none means no
		# fault reached a kobject_add, so say so instead of leaving it
		# empty
		[ "$h1" -gt 0 ] || ktap_diag "fault sweeps: $1: no '$FI_SIG' line"
		kmsg_marker "EXPECT-WARNING END"
	fi
	sig=", $h1 '$FI_SIG'"
	case $rc in
	0)	if [ -z "$fi_uerr" ]; then
			ktap_result 0 "$t" "$what: fault points $pts$sig, all survived"
		else
			ktap_result 1 "$t" "$what: fault points $pts$sig, all survived; cleanup: $fi_uerr"
		fi ;;
	2)	ktap_result 1 "$t" "$what: fault points $pts$sig, $bad not survived, first $first${fi_uerr:+; cleanup: $fi_uerr}" ;;
	*)	ktap_result 1 "$t" "$what: no clean attempt after $fault_max" ;;
	esac
	eval "cs_fault_$1=$(($(cs) - t1))"
	ktap_diag "fault sweeps: $1: $((fi_last - ${fault_from:-1} + 1)) attempts: operation $((fi_cs_op / 100)) s," \
		"undo $((fi_cs_undo / 100)) s, checks $((fi_cs_check / 100)) s"
	fi_parts="$fi_parts, \"$1\": {\"attempts\": $((fi_last - ${fault_from:-1} + 1)), \"op_cs\": $fi_cs_op, \"undo_cs\": $fi_cs_undo, \"check_cs\": $fi_cs_check}"
	fi_points="$fi_points, \"$(fi_key "$1")\": $pts"
	fi_secs="$fi_secs, \"$1\": $((($(cs) - t1) / 100))"
}

fault_sweeps() {
	F=/sys/kernel/debug/failslab
	fi_fatal_op= fi_points= fi_secs=
	for op in $(echo "$fault_ops" | tr , ' '); do
		case " $FI_OPS " in *" $op "*) ;; *)
			ktap_diag "fault sweeps: no operation '$op' (one of: $FI_OPS)"
			ktap_failed=1 ;;
		esac
	done
	if [ ! -d $F ]; then
		for op in $FI_OPS; do
			fi_listed $op || [ $op = nsim ] || [ $op = pci ] &&
				ktap_result 0 "$(fi_test $op)" "SKIP no $F"
		done
		return
	fi
	echo N >$F/ignore-gfp-wait
	echo 0 >$F/verbose
	echo -1 >$F/times
	echo 0 >$F/probability	# fail-nth only
	t0=$(cs)
	h0=$(fi_hits)
	[ "${fault_from:-1}" = 1 ] || ktap_diag "fault sweeps: from attempt $fault_from"
	fi_nsim_left= fi_link_left= fi_parts=
	for op in $FI_OPS; do
		fi_run $op
	done
	fi_expected=$(($(fi_hits) - h0))
	echo Y >$F/ignore-gfp-wait
	cs_fault=$(($(cs) - t0))
	ktap_diag "fault sweeps: seconds {${fi_secs#, }}, total $((cs_fault / 100)) s," \
		"$fi_expected expected '$FI_SIG' lines"
}
