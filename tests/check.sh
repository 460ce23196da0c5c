#!/bin/sh
# check.sh - what `make check` runs: each step a KTAP test whose subtests
# are the KTAP the step printed (tests/steps.sh), with a start, progress
# and end line per step (scripts/phase.sh) and its log; ends with ONE KTAP
# document (`kunit.py parse --json` reads it as one tree) and
# "N passed, N failed".  A step whose script is missing fails.
#
# Steps that need a kernel go through make, so they reuse what is built.
set -u
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
s_logs=build/logs/check
. tests/steps.sh
start=$(date +%s)

s_step "host tools" $MAKE tools
s_step "host tests: console scanner, detector table" tests/host/scan.sh
s_step "host tests: judge on recorded runs" tests/host/judge.sh
s_step "host tests: config, tree, run.sh, phase.sh, check steps" tests/host/run.sh
s_step "host tests: snapshot diff" tests/walk/run.sh
s_step "host tests: size report" kobject-size-report/tests/run.sh
s_step "host tests: QMP client (fake peer, real QEMU)" tests/qmp/run.sh
s_step "series: apply, checkpatch, bisect" series/check.sh build/src/pristine build/check/series
s_step "kernels + initramfs ($($MAKE -s --no-print-directory print-tier))" $MAKE kernels initramfs
s_step "rig: failure modes of a real boot" tests/rig/run.sh
s_step "boot + KUnit, both kernels" $MAKE kunit
s_step "boot + /sys walk, both kernels, diff" $MAKE walk
s_step "hotplug stress x${CHECK_CYCLES:-50}, both kernels, every detector read" \
	$MAKE hotplug CYCLES="${CHECK_CYCLES:-50}"
s_step "hotplug self-test: planted refcount bugs caught" $MAKE hotplug-planted
s_step "fault injection: every PCI rescan fault point, both kernels" \
	$MAKE hotplug-fault HOTPLUG_FAULT_OPS=pci

echo "# make check took $(($(date +%s) - start))s"
s_print
