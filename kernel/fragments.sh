#!/bin/sh
# fragments.sh TIER [TOP] - the project's config fragments of a tier, one a
# line, in the order kernel/configure.sh takes them: the tier's row of the
# tier table in scripts/cells.sh (base.config, what a rig guest needs:
# console, initramfs, debugfs, KUnit; devices.config on every tier but
# smoke: the walk's and the stress's devices; then the tier's own, distro
# on top of fast's).  Paths are relative to the top of the repository, or
# under TOP when given.  The callers (the series check, the size report;
# the Makefile through cells.sh's FRAGMENTS) each add their series'
# kernel.config.  An unknown TIER: cells.sh's error, exit 2.
here=$(cd "$(dirname "$0")/.." && pwd)
f=$("$here/scripts/cells.sh" -t "${1:-}" -l fragments) || exit 2
for x in $f; do
	echo "${2:+$2/}$x"
done
