# /lib/failnth.sh - failslab fail-nth sweeps (source after /lib/triggers.sh
# and /lib/postcheck.sh).
#
#   fault_sweeps    two KTAP tests, failslab_netdevsim and
#                   failslab_pci_rescan (SKIP when not in $fault_ops or
#                   without failslab), all inside one EXPECT-WARNING window
#                   for FI_SIG; sets pts_nsim, pts_pci (fault points, -N
#                   when attempt N was fatal, -1 when no clean attempt),
#                   cs_fault, cs_fault_nsim
# Arguments: fault_nsim ("P Q"), fault_pci (BDF), fault_max, fault_ops,
# fault_from (the first attempt, default 1).

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

# fi_bad NAME N: the detectors that attempt N's lines (from its marker on)
# hit, judged by scan-console with the detector table inside a window for
# FI_SIG, as its "not ok" lines in /tmp/fi.bad; true if there are any.
fi_bad() {
	{
		echo "EXPECT-WARNING BEGIN: $FI_SIG"
		dmesg | tail -n 400 | sed -n "/$FI_MARK $1 n=$2\$/,\$p"
		echo "EXPECT-WARNING END"
	} >/tmp/fi.log
	scan-console --ktap $SIGS /tmp/fi.log >/tmp/fi.ktap
	grep '^not ok ' /tmp/fi.ktap | grep -v '^not ok [0-9]* expect_warning' >/tmp/fi.bad
	[ -s /tmp/fi.bad ]
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
sweep() {
	n=${fault_from:-1}
	eval "bad_$1=0 fi_bad_$1="
	while [ $n -le "$fault_max" ]; do
		$U kmsg "$FI_MARK $1 n=$n"
		set -- "$1" "$2" "$3" $($2 $n)
		fi_bad "$1" $n && fi_fatal ||
			{ $3 $n; fi_bad "$1" $n; }
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
# PCI: remove FAULT_PCI, rescan under the fault, remove what came back.
fi_pci_op() { $U failnth "$1" /sys/bus/pci/rescan 1; }
fi_pci_undo() {
	[ -e /sys/bus/pci/devices/$fault_pci ] &&
		echo 1 >/sys/bus/pci/devices/$fault_pci/remove
	$U wait "/sys/bus/pci/devices/$fault_pci" absent $WAIT_MS >/dev/null
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

fault_sweeps() {
	F=/sys/kernel/debug/failslab
	if [ ! -d $F ]; then
		ktap_result 0 failslab_netdevsim "SKIP no $F"
		ktap_result 0 failslab_pci_rescan "SKIP no $F"
		return
	fi
	echo N >$F/ignore-gfp-wait
	echo 0 >$F/verbose
	echo -1 >$F/times
	echo 0 >$F/probability	# fail-nth only
	t0=$(cs)
	h0=$(fi_hits)
	[ "${fault_from:-1}" = 1 ] || ktap_diag "fault sweeps: from attempt $fault_from"
	kmsg_marker "EXPECT-WARNING BEGIN: $FI_SIG"
	fi_nsim_left=
	rc=3
	case ",$fault_ops," in *,nsim,*) sweep nsim fi_nsim_op fi_nsim_undo; rc=$? ;; esac
	case $rc in
	3)	ktap_result 0 failslab_netdevsim "SKIP not in fault_ops" ;;
	0)	fi_nsim_flush
		ktap_result 0 failslab_netdevsim "new_device '$fault_nsim': fault points $pts_nsim, all survived" ;;
	2)	fi_nsim_flush
		ktap_result 1 failslab_netdevsim "new_device '$fault_nsim': fault points $pts_nsim, $bad_nsim not survived, first $fi_bad_nsim" ;;
	*)	fi_nsim_flush
		ktap_result 1 failslab_netdevsim "no clean new_device after $fault_max" ;;
	esac
	cs_fault_nsim=$(($(cs) - t0))
	rc=3
	case ",$fault_ops," in
	*,pci,*) fi_pci_undo 0; sweep pci fi_pci_op fi_pci_undo; rc=$? ;;
	esac
	case $rc in
	3)	ktap_result 0 failslab_pci_rescan "SKIP not in fault_ops" ;;
	0)	ktap_result 0 failslab_pci_rescan "$fault_pci: fault points $pts_pci, all survived" ;;
	2)	ktap_result 1 failslab_pci_rescan "$fault_pci: fault points $pts_pci, $bad_pci not survived, first $fi_bad_pci" ;;
	*)	ktap_result 1 failslab_pci_rescan "no clean rescan after $fault_max" ;;
	esac
	# after an oops in the sweep the PCI locks may be held forever
	fatal=0
	[ "${pts_pci#-}" != "$pts_pci" ] && fatal=1
	[ $fatal = 1 ] || echo 1 >/sys/bus/pci/rescan
	fi_expected=$(($(fi_hits) - h0))
	# the scanner wants one accepted hit in a window: none means no fault
	# reached a kobject_add, so say so instead of leaving it empty
	[ "$fi_expected" -gt 0 ] || ktap_diag "fault sweeps: no '$FI_SIG' line"
	kmsg_marker "EXPECT-WARNING END"
	echo Y >$F/ignore-gfp-wait
	if [ $fatal = 0 ]; then
		$U wait "/sys/bus/pci/devices/$fault_pci" present $WAIT_MS >/dev/null ||
			{ ktap_diag "failslab: $fault_pci not back"; ktap_failed=1; }
		[ "$fault_pci" = "$PBDF" ] && { pers_up ||
			{ ktap_diag "failslab: $PBDF not up"; ktap_failed=1; }; }
	fi
	cs_fault=$(($(cs) - t0))
	ktap_diag "fault sweeps: netdevsim $((cs_fault_nsim / 100)) s, total $((cs_fault / 100)) s," \
		"$fi_expected expected '$FI_SIG' lines"
}
