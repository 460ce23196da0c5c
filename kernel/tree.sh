#!/bin/sh
# tree.sh PRISTINE SERIES_DIR DEST baseline|patched
#
# Make DEST a hard-linked copy of PRISTINE with the kernel's share of the
# quilt series applied: "baseline" takes the patches above the line
# "# ---- patched only ----" in SERIES_DIR/series, "patched" takes them all.
# GNU patch replaces the files it changes, so PRISTINE is never written.
# A patch that does not apply stops with its name and the rejected hunks.
set -eu
pristine=$1 series_dir=$(cd "$2" && pwd) dest=$3 kind=$4
case $dest in /*) ;; *) dest=$PWD/$dest ;; esac

case $kind in
baseline) filter='/^# *-* *patched only/q' ;;
patched)  filter='' ;;
*) echo "tree.sh: unknown kernel '$kind' (baseline|patched)" >&2; exit 2 ;;
esac
[ -d "$pristine" ] || { echo "tree.sh: no pristine tree at $pristine" >&2; exit 2; }
[ -f "$series_dir/series" ] || { echo "tree.sh: no series file in $series_dir" >&2; exit 2; }

rm -rf "$dest" "$dest.series"
sed -e "$filter" "$series_dir/series" | grep -v '^[[:space:]]*\(#\|$\)' > "$dest.series" || true
cp -al "$pristine" "$dest"
n=$(wc -l < "$dest.series")
echo "tree.sh: $kind: applying $n patch(es) from $series_dir"
[ "$n" -gt 0 ] || exit 0

cd "$dest"
export QUILT_PATCHES="$series_dir" QUILT_SERIES="$dest.series" QUILT_PC=.pc
if ! quilt push -a --quiltrc=- > "$dest.quilt.log" 2>&1; then
	cat "$dest.quilt.log"
	bad=$(quilt next --quiltrc=- 2>/dev/null || echo '?')
	echo "tree.sh: $kind: patch $bad does not apply; rejected hunks:" >&2
	quilt push -f --quiltrc=- > /dev/null 2>&1 || true
	find . -name '*.rej' -exec sh -c 'echo "--- $1"; cat "$1"' _ {} \; >&2
	exit 1
fi
tail -1 "$dest.quilt.log"
