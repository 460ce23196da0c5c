#!/bin/sh
# configure.sh [-a ARCH] SRC OBJ FRAGMENT...
#
# tinyconfig, then the fragments in order, then olddefconfig; fails (exit 1)
# listing every fragment line that did not survive (tools/config-check),
# or when the .config is not for ARCH.
#
# ARCH (-a, else $ARCH, else x86_64): x86_64 runs make as before, without
# ARCH= (kbuild's ARCH=x86, 64BIT from the fragments); i386 runs make
# ARCH=i386, and every later make in OBJ must pass ARCH=i386 too.
# Fragment order, later lines winning:
#   configs/common.config configs/<arch>.config configs/<tier>.config
#   [configs/<tier>-<arch>.config, if present] series/kernel.config
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
arch=${ARCH:-x86_64}
while getopts a: opt; do
	case $opt in
	a) arch=$OPTARG ;;
	*) echo "usage: $0 [-a i386|x86_64] SRC OBJ FRAGMENT..." >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || { echo "usage: $0 [-a i386|x86_64] SRC OBJ FRAGMENT..." >&2; exit 2; }
case $arch in
x86_64|x86) unset ARCH; set_arch= want=CONFIG_X86_64=y ;;
i386) set_arch=ARCH=i386 want=CONFIG_X86_32=y ;;
*) echo "configure.sh: unknown arch '$arch' (i386 or x86_64)" >&2; exit 2 ;;
esac
src=$(cd "$1" && pwd)
mkdir -p "$2"
obj=$(cd "$2" && pwd)
shift 2
make -s -C "$src" O="$obj" $set_arch tinyconfig > /dev/null
cat "$@" >> "$obj/.config"
make -s -C "$src" O="$obj" $set_arch olddefconfig > "$obj/olddefconfig.log" 2>&1 ||
	{ cat "$obj/olddefconfig.log" >&2; exit 1; }
"$here/build/tools/config-check" "$@" -- "$obj/.config"
grep -qx "$want" "$obj/.config" ||
	{ echo "configure.sh: $obj/.config is not an $arch config (no $want)" >&2; exit 1; }
