#!/bin/sh
# eta.sh FILE:SECONDS:PHASE... - the first line `make` prints: how long the
# run ahead will take on this machine.  Each argument is a phase of a cold
# run: the file it makes, the seconds it took on 2 idle cores (README,
# "Where the time goes") and its name.  Phases whose file exists are done;
# the rest are summed and scaled by 2 / the number of cores (the phases are
# compile- or TCG-bound).
set -u
cores=$(nproc 2> /dev/null || echo 2)
left=0 todo=
for p in "$@"; do
	f=${p%%:*} rest=${p#*:}
	s=${rest%%:*} name=${rest#*:}
	[ -e "$f" ] && continue
	left=$((left + s))
	todo="$todo, $name"
done
if [ "$left" -eq 0 ]; then
	echo "make: everything is built; re-reading the runs"
else
	t=$((left * 2 / cores))
	printf 'make: about %d min %02d s on %d cores (%s)\n' \
		$((t / 60)) $((t % 60)) "$cores" "${todo#, }"
fi
