#!/bin/sh
# own-copies.sh TREE SERIES_DIR SERIES_LIST - before quilt pushes
# SERIES_LIST (patch names in SERIES_DIR, one per line) onto TREE, a
# cp -al copy of the pristine tree, give every file those patches touch an
# inode of its own (same content, same mtime); with -l only list the files.
#
# quilt backs a file up by hard-linking it into .pc and then sets the
# backup's mtime to now: on a cp -al tree that is the pristine tree's
# inode, and every other tree sharing it would look changed to kbuild.
set -eu
list=0
[ "${1:-}" = -l ] && { list=1; shift; }
tree=$1 series_dir=$2 series_list=$3
for p in $(cat "$series_list"); do
	sed -n 's,^\(---\|+++\) [ab]/\([^	]*\).*,\2,p' "$series_dir/$p"
done | sort -u | while read -r f; do
	if [ $list = 1 ]; then
		echo "$f"
	elif [ -f "$tree/$f" ]; then
		cp -p "$tree/$f" "$tree/$f.own" && mv "$tree/$f.own" "$tree/$f"
	fi
done
