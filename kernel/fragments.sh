#!/bin/sh
# fragments.sh TIER [TOP] - the project's config fragments of a tier, one a
# line, in the order kernel/configure.sh takes them: base.config (what a
# rig guest needs: console, initramfs, debugfs, KUnit), devices.config
# (every tier but smoke: the walk's and the stress's devices), then
# TIER.config (distro: the fast tier's, then distro.config, the CPU
# mitigations a distribution kernel builds in).  Paths are relative to the top of the repository, or under
# TOP when given.  The one list every caller reads (the Makefile, the
# series check, the size report); each adds its series' kernel.config.
case ${1:-} in
debug|fast|smoke|distro) ;;
*) echo "usage: $0 debug|fast|smoke|distro [TOP]" >&2; exit 2 ;;
esac
c=${2:+$2/}kernel/configs
echo "$c/base.config"
[ "$1" = smoke ] || echo "$c/devices.config"
[ "$1" != distro ] || echo "$c/fast.config"
echo "$c/$1.config"
