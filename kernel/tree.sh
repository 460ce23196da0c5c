#!/bin/sh
# tree.sh PRISTINE SERIES_DIR DEST baseline|patched
#
# Make DEST a hard-linked copy of PRISTINE with the kernel's share of the
# quilt series applied: "baseline" takes the patches above the line
# "# ---- patched only ----" in SERIES_DIR/series, "patched" takes them all.
# GNU patch replaces the files it changes, so PRISTINE is never written.
# A patch that does not apply stops with its name and the rejected hunks,
# and leaves DEST as it was.
#
# The new tree is made beside DEST and then replaces it.  A file the series
# touches whose content is the same as in the old DEST keeps the old
# file's mtime, so editing one patch rebuilds only what that edit changed
# (kbuild goes by mtimes; without this, touching any patch would rebuild
# everything that includes kobject.h).
set -eu
pristine=$1 series_dir=$(cd "$2" && pwd) dest=$3 kind=$4
case $dest in /*) ;; *) dest=$PWD/$dest ;; esac

case $kind in
baseline|patched) ;;
*) echo "tree.sh: unknown kernel '$kind' (baseline|patched)" >&2; exit 2 ;;
esac
[ -d "$pristine" ] || { echo "tree.sh: no pristine tree at $pristine" >&2; exit 2; }
# cp -al of a symlink copies the link, and quilt would then patch the
# pristine tree itself
[ ! -L "$pristine" ] || { echo "tree.sh: $pristine is a symlink; give the tree itself" >&2; exit 2; }
[ -f "$series_dir/series" ] || { echo "tree.sh: no series file in $series_dir" >&2; exit 2; }

new=$dest.new
rm -rf "$new" "$new.series"
"$(dirname "$0")/../scripts/series-list.sh" "$series_dir" "$kind" > "$new.series"
cp -al "$pristine" "$new"
n=$(wc -l < "$new.series")
echo "tree.sh: $kind: applying $n patch(es) from $series_dir"

# the files the series touches get inodes of their own before quilt push
# (see own-copies.sh: quilt would touch the pristine tree's mtimes)
here=$(cd "$(dirname "$0")" && pwd)
series_files() { "$here/own-copies.sh" -l "$new" "$series_dir" "$new.series"; }

if [ "$n" -gt 0 ]; then
	"$here/own-copies.sh" "$new" "$series_dir" "$new.series"
	export QUILT_PATCHES="$series_dir" QUILT_SERIES="$new.series" QUILT_PC=.pc
	if ! (cd "$new" && quilt push -a --quiltrc=-) > "$new.quilt.log" 2>&1; then
		cat "$new.quilt.log"
		bad=$(cd "$new" && quilt next --quiltrc=- 2>/dev/null || echo '?')
		echo "tree.sh: $kind: patch $bad does not apply; rejected hunks:" >&2
		(cd "$new" && quilt push -f --quiltrc=- > /dev/null 2>&1) || true
		(cd "$new" && find . -name '*.rej' -exec sh -c 'echo "--- $1"; cat "$1"' _ {} \;) >&2
		rm -rf "$new" "$new.series" "$new.quilt.log"
		exit 1
	fi
	tail -1 "$new.quilt.log"
	# unchanged content keeps the old tree's mtime (both are new inodes
	# written by patch, never the pristine tree's hard links)
	kept=0
	if [ -d "$dest/.pc" ]; then
		for f in $(series_files); do
			[ -f "$dest/$f" ] && [ -f "$new/$f" ] &&
				cmp -s "$dest/$f" "$new/$f" || continue
			touch -r "$dest/$f" "$new/$f"
			kept=$((kept + 1))
		done
		echo "tree.sh: $kind: $kept file(s) unchanged since the last tree keep their mtime"
	fi
	mv "$new.quilt.log" "$dest.quilt.log"
fi
rm -rf "$dest" "$dest.series"
mv "$new" "$dest"
mv "$new.series" "$dest.series"
