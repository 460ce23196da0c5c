#!/bin/sh
# check.sh - what `make check` runs: each step a KTAP test whose subtests
# are the KTAP the step printed (tests/steps.sh), with a start, progress
# and end line per step (scripts/phase.sh) and its log; ends with ONE KTAP
# document (`kunit.py parse --json` reads it as one tree) and
# "N passed, N failed".  A step whose script is missing fails.
#
# Steps that need a kernel go through make, so they reuse what is built;
# a step that boots nests the KTAP of each run it made (tests/boot-step.sh:
# the guest's, the detectors' and KUnit's results).
set -u
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
# make check is the debug tier's: every detector on (make check TIER=fast
# to try the other one; series-tools/check.sh gets it as -t)
TIER=${TIER:-debug}
export TIER
s_logs=build/logs/check
. tests/steps.sh
start=$(date +%s)

s_step "host tools" $MAKE tools
s_step "trees: baseline, patched" $MAKE trees
# The host tests, in a lane beside the debug builds: together they take a
# minute of CPU, and most of their two minutes is the timeouts of fake
# QEMUs and consoles that they test.
s_add h1 "host tests: console scanner, detector table"
s_add h2 "host tests: judge on recorded runs"
s_add h3 "host tests: config, tree, run.sh, phase.sh, check steps"
s_add h4 "host tests: snapshot diff"
s_add h5 "host tests: size report"
s_add h6 "host tests: QMP client (fake peer, real QEMU)"
s_add h7 "host tests: LAVA logs judged as local runs"
s_add h8 "host tests: records and guides name what the tree has"
s_add h9 "host tests: KSRC= git trees (version, git am, worktrees), fake trees"
s_add h10 "host tests: postings (sender refused, split covers every patch once, the RFC letters' figures are report.json's)"
s_add h11 "host tests: findings store, triage, render"
s_add hdeps "host tests: needs.txt and install-deps.sh agree, need.sh names packages"
{
	s_run "$h1" tests/host/scan.sh
	s_run "$h2" tests/host/judge.sh
	s_run "$h3" tests/host/run.sh
	s_run "$h4" tests/walk/run.sh
	s_run "$h5" kobject-size-report/tests/run.sh
	s_run "$h6" tests/qmp/run.sh
	s_run "$h7" $MAKE lava-check
	s_run "$h8" tests/host/records.sh
	s_run "$h9" tests/host/ksrc.sh
	s_run "$h10" tests/host/postings.sh
	s_run "$h11" tests/host/findings.sh
	s_run "$hdeps" tests/host/needs.sh
} &
# A lane from here on, niced (it takes what the debug builds leave idle),
# after the trees (the makes share them): the 6.12 series applied to
# Debian's 6.12 tree and checkpatch, then the one cell of the matrix that
# make check boots, on the smoke tier (no devices): 6.12 on i386, both
# kernels, KUnit and the census each: the platform of the seed's size
# claims and today's kernel, in two kernels.  CHECK_MATRIX=1 adds 6.1 on
# i386 likewise (two more kernels; the full cells are make matrix's).
matrix=${CHECK_MATRIX:-0}
s_add s612 "series-6.12: applies to 6.12 (quilt, git am), checkpatch"
s_add g612 "KSRC=: a git tree of Debian's 6.12 tarball"
s_add c612 "6.12 i386 (smoke tier) through KSRC=, both kernels: boot + KUnit, census"
[ "$matrix" = 1 ] && s_add c61 "6.1 i386 (smoke tier), both kernels: boot + KUnit, census"
{
	# NICE: series-tools/check.sh and tests/boot-step.sh run at it
	NICE=10 && export NICE
	s_run "$s612" $MAKE --no-print-directory KVER=6.12 series-apply
	# the README's KSRC= mode from its own state: a git tree made from
	# the tarball, the series applied with git am in worktrees, the
	# judge's kunit.py from that tree (no build/src-6.12 tree is read)
	s_run "$g612" $MAKE --no-print-directory KVER=6.12 tarball-git
	s_run "$c612" tests/boot-step.sh "kunit census" TIER=smoke KSRC=build/git/linux-6.12 \
		ARCH=i386 kunit census
	[ "$matrix" != 1 ] ||
		s_run "$c61" tests/boot-step.sh "kunit census" TIER=smoke ARCH=i386 kunit census
} &
s_step "kernels + initramfs ($TIER, side by side)" \
	$MAKE -j2 kernels initramfs
built=$?
# the cheap form of `make kunit-tool`: kernel/kunit/.kunitconfig through
# kunit.py config on both trees, and in the debug kernels' .config
s_step "kernel/kunit/.kunitconfig: kunit.py config, both trees and kernels" \
	$MAKE --no-print-directory kunit-tool-config

# Three more lanes side by side: the debug-tier boots wait on
# DEBUG_KOBJECT_RELEASE's delayed releases about half of the time, and the
# series' compile (niced) takes the idle CPU.  Without debug kernels the
# two boot lanes do not start (their steps count as failed: "never ran").
# 20 cycles: every trigger 20 times per kernel, as `make` runs it (`make
# hotplug CYCLES=N` runs as many as wanted).  The PCI rescan fault sweep
# runs on the patched kernel, where the series' fixes and its conversion
# meet, and in the same boot the cheapest of the newer operations, cpu1
# online (50 fault points, ~1 min); the baseline's is `make TIER=debug
# hotplug-fault-baseline HOTPLUG_FAULT_OPS=pci` (results/hotplug.md; the
# other operations' sweeps: results/findings.md).
cycles=${CYCLES:-20}
s_add hp_b "hotplug stress x$cycles, baseline, every detector read"
s_add hp_p "hotplug stress x$cycles, patched, every detector read"
s_add fi_p "fault injection: every PCI rescan and cpu1 online fault point, patched"
s_add planted "hotplug self-test: planted refcount bugs caught"
s_add rig "rig: failure modes of a real boot"
s_add kunit "boot + KUnit, both kernels"
s_add walk "boot + /sys walk, both kernels, diff"
s_add mod_p "modules: erofs, f2fs, ubifs, ocfs2 o2nm loaded, used, unloaded, patched"
s_add report "size report: every layout (dist x86_64, i386, arm64; pahole, bloat-o-meter), from the hotplug runs"
s_add series "series: apply, checkpatch, bisect, users"
[ "$built" = 0 ] && {
	# the plain stress: beside the uevent consumer and the selftests
	# (make hotplug-peer-KERNEL, mk/peerload.mk) both debug kernels
	# stall at 20 cycles (the consumer blocked, a virtio-blk removal
	# timing out), so that run stays out of make check until explained
	s_run "$hp_b" tests/boot-step.sh baseline/hotplug hotplug-baseline CYCLES="$cycles"
	s_run "$rig" tests/rig/run.sh
	s_run "$kunit" tests/boot-step.sh kunit kunit
	s_run "$walk" tests/boot-step.sh walk walk
	# the modules scenario (mk/modules.mk), one round: each
	# module the series frees sysfs objects of, loaded, used, unloaded,
	# its delayed releases waited for (~140 s, 35 CPU s, on 2 busy cores)
	s_run "$mod_p" tests/boot-step.sh patched/modules modules-load-patched CYCLES=1
} &
[ "$built" = 0 ] && {
	s_run "$hp_p" tests/boot-step.sh patched/hotplug hotplug-patched CYCLES="$cycles"
	s_run "$fi_p" tests/boot-step.sh patched/hotplug-fault hotplug-fault-patched \
		HOTPLUG_FAULT_OPS=pci,cpu
	s_run "$planted" $MAKE hotplug-planted
	# the report `make` ends with, on these kernels' hotplug runs (both
	# lanes' stress done): a missing cross compiler or pahole fails here
	s_wait "$hp_b" && s_run "$report" $MAKE --no-print-directory report-recorded
} &
# the series check's bisect takes each debug kernel as the prefix it was
# built from (same config and sources, its log read for warnings: the
# cell table's BUILT)
series_built=$(scripts/cells.sh -t "$TIER" -v BUILT)
# Each prefix compiles the kobject core of lib/, not all of it (the
# whole of lib/ is compiled at the two prefixes the kernels are; `make
# series-check` compiles it at every prefix).
(NICE=10 && export NICE &&
	s_run "$series" series-tools/check.sh -B core -t "$TIER" -b "$series_built" \
		build/src/pristine build/check/series) &
wait

echo "# make check took $(($(date +%s) - start))s"
s_print
