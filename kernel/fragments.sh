#!/bin/sh
# fragments.sh TIER [TOP] - the project's config fragments of a tier, one a
# line, in the order kernel/configure.sh takes them: base.config (what a
# rig guest needs: console, initramfs, debugfs, KUnit), devices.config
# (every tier but smoke: the walk's and the stress's devices), then
# TIER.config.  Paths are relative to the top of the repository, or under
# TOP when given.  The one list every caller reads (the Makefile, the
# series check, the size report); each adds its series' kernel.config.
case ${1:-} in
debug|fast|smoke) ;;
*) echo "usage: $0 debug|fast|smoke [TOP]" >&2; exit 2 ;;
esac
c=${2:+$2/}kernel/configs
echo "$c/base.config"
[ "$1" = smoke ] || echo "$c/devices.config"
echo "$c/$1.config"
