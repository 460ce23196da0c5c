#!/bin/sh
# configure.sh SRC OBJ FRAGMENT...
#
# tinyconfig, then the fragments, then olddefconfig; fails (exit 1) listing
# every fragment line that did not survive.
set -eu
src=$1 obj=$2
shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$obj"
make -s -C "$src" O="$obj" tinyconfig > /dev/null
cat "$@" >> "$obj/.config"
make -s -C "$src" O="$obj" olddefconfig > /dev/null
"$here/build/tools/config-check" "$@" -- "$obj/.config"
