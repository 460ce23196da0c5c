#!/bin/sh
# plot.sh DIR NAME - DIR/NAME.svg from DIR/NAME.gp (written by ksr-report
# plot) with gnuplot (package gnuplot-nox), when it is installed; else a
# line saying the picture was not drawn.  A stale NAME.svg is removed
# first.  No NAME.gp (nothing to draw): nothing.  Exit 1 only if gnuplot
# fails or writes no picture.
set -eu
[ $# = 2 ] || { echo "usage: plot.sh DIR NAME" >&2; exit 2; }
dir=$1 name=$2
rm -f "$dir/$name.svg"
[ -f "$dir/$name.gp" ] || exit 0
if ! command -v gnuplot > /dev/null; then
	echo "plot.sh: gnuplot not installed (gnuplot-nox): $dir/$name.svg not drawn" >&2
	exit 0
fi
(cd "$dir" && gnuplot "$name.gp") 2> "$dir/$name.gp.log" && [ -s "$dir/$name.svg" ] || {
	cat "$dir/$name.gp.log" >&2
	echo "plot.sh: gnuplot failed on $dir/$name.gp" >&2
	exit 1
}
rm -f "$dir/$name.gp.log"
echo "plot.sh: $dir/$name.svg" >&2
