#!/bin/sh
# configure.sh [-a ARCH] [-c CHECK] SRC OBJ FRAGMENT...
#
# tinyconfig, then the fragments in order, then olddefconfig; fails (exit 1)
# listing every fragment line that did not survive (tools/config-check),
# or when the .config is not for ARCH.  The check is build/tools/config-check
# unless -c CHECK names another build of tools/config-check.c.
#
# ARCH (-a, else $ARCH, else x86_64; an ARCH of scripts/cells.sh, or its
# kbuild ARCH): make runs with scripts/cells.sh's KBUILD_ARCH: ARCH=x86 (x86_64:
# kbuild's own default on this host; 64BIT comes from x86_64.config and
# olddefconfig gives the 64-bit options their defaults, where ARCH=x86_64
# would have tinyconfig turn them off) or ARCH=i386 (every later make in
# OBJ must pass it too), on its command line, always: under `make
# ARCH=i386` an ARCH left out still reaches kbuild through MAKEFLAGS
# (unsetting the environment's does not help) and an x86_64 cell came out
# 32-bit.
# The arch's own fragments are added here, so callers pass the same list
# for every arch (kernel/fragments.sh TIER, then
# series/kernel.config): first kernel/configs/<arch>.config, then the
# fragments given, then for each kernel/configs/X.config given its
# kernel/configs/X-<arch>.config if there is one (debug-x86_64.config:
# KASAN).  Later lines win.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: $0 [-a ARCH] [-c CHECK] SRC OBJ FRAGMENT..." >&2; exit 2; }
arch=${ARCH:-x86_64} check=$here/build/tools/config-check
while getopts a:c: opt; do
	case $opt in a) arch=$OPTARG ;; c) check=$OPTARG ;; *) usage ;; esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || usage
facts=$("$here/scripts/cells.sh" -a "$arch") || exit 2
eval "$(echo "$facts" | sed -n 's/^ARCH=/a=/p; /^KBUILD_ARCH=/p; /^CONFIG_ARCH=/p; /^CROSS=/p')"
set_arch=ARCH=$KBUILD_ARCH want=$CONFIG_ARCH
# a cross-compiled arch (arm64): its CROSS_COMPILE too, as every later make
# in OBJ must pass (the Makefile exports it)
[ -z "$CROSS" ] || set_arch="$set_arch CROSS_COMPILE=$CROSS"
src=$(cd "$1" && pwd)
mkdir -p "$2"
obj=$(cd "$2" && pwd)
shift 2
# the arch fragments, around the given ones
configs=$here/kernel/configs
frags=$configs/$a.config
for f; do
	frags="$frags $f"
done
for f; do
	d=$(cd "$(dirname "$f")" && pwd) n=$(basename "$f" .config)
	[ "$d" = "$configs" ] && [ -f "$configs/$n-$a.config" ] &&
		frags="$frags $configs/$n-$a.config"
done
# shellcheck disable=SC2086
set -- $frags
make -s -C "$src" O="$obj" $set_arch tinyconfig > /dev/null
cat "$@" >> "$obj/.config"
make -s -C "$src" O="$obj" $set_arch olddefconfig > "$obj/olddefconfig.log" 2>&1 ||
	{ cat "$obj/olddefconfig.log" >&2; exit 1; }
"$check" "$@" -- "$obj/.config"
grep -qx "$want" "$obj/.config" ||
	{ echo "configure.sh: $obj/.config is not an $arch config (no $want)" >&2; exit 1; }
