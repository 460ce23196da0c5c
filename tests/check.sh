#!/bin/sh
# check.sh - what `make check` runs: each step a KTAP test, one progress line
# per step (scripts/phase.sh) with its log; ends with "N passed, N failed".
#
# Steps that need a kernel go through make, so they reuse what is built.
set -u
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
logs=build/logs/check
mkdir -p "$logs"
start=$(date +%s)
n=0 pass=0 fail=0 out=

step() {
	name=$1
	shift
	n=$((n + 1))
	if scripts/phase.sh "$name" "$logs/$n-$(echo "$name" | tr -c 'a-z0-9\n' '-').log" "$@"; then
		pass=$((pass + 1)); out="${out}ok $n - $name
"
	else
		fail=$((fail + 1)); out="${out}not ok $n - $name
"
	fi
}
optional() {	# step NAME SCRIPT...: skipped (not counted) if SCRIPT is absent
	[ -x "$2" ] && step "$@" || echo "# SKIP $1: $2 not present"
}

step "host tools" $MAKE tools
step "host tests: console scanner, detector table" tests/host/scan.sh
step "host tests: config, tree, run.sh" tests/host/run.sh
optional "host tests: snapshot diff" tests/walk/run.sh
optional "host tests: size report" kobject-size-report/tests/run.sh
optional "series: apply, checkpatch, bisect" series/check.sh build/src/pristine build/check/series
step "kernels + initramfs ($($MAKE -s --no-print-directory print-tier))" $MAKE kernels initramfs
step "rig: failure modes of a real boot" tests/rig/run.sh
step "boot + KUnit, both kernels" $MAKE kunit
step "boot + /sys walk, both kernels, diff" $MAKE walk
step "hotplug stress x${CHECK_CYCLES:-50}, both kernels, every detector read" \
	$MAKE hotplug CYCLES="${CHECK_CYCLES:-50}"
step "hotplug self-test: planted refcount bugs caught" $MAKE hotplug-planted
step "fault injection: every PCI rescan fault point, both kernels" \
	$MAKE hotplug-fault HOTPLUG_FAULT_OPS=pci

echo "KTAP version 1"
echo "1..$n"
printf '%s' "$out"
echo "# make check took $(($(date +%s) - start))s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
