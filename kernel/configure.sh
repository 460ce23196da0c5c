#!/bin/sh
# configure.sh SRC OBJ FRAGMENT...
#
# tinyconfig, then the fragments in order, then olddefconfig; fails (exit 1)
# listing every fragment line that did not survive (tools/config-check).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
src=$(cd "$1" && pwd)
mkdir -p "$2"
obj=$(cd "$2" && pwd)
shift 2
make -s -C "$src" O="$obj" tinyconfig > /dev/null
cat "$@" >> "$obj/.config"
make -s -C "$src" O="$obj" olddefconfig > "$obj/olddefconfig.log" 2>&1 ||
	{ cat "$obj/olddefconfig.log" >&2; exit 1; }
"$here/build/tools/config-check" "$@" -- "$obj/.config"
