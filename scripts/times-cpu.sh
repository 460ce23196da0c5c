#!/bin/sh
# times-cpu.sh FILE - the CPU seconds (user + system, rounded) of the
# children line of a shell's `times` output saved in FILE.  `times` must
# run in the shell whose children count (in a pipe or $(...) it would
# count a subshell's): `times > F; cpu=$(scripts/times-cpu.sh F)`.
exec awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, a, /[ms]/)
	s += a[1] * 60 + a[2] } printf "%d", s + 0.5 }' "$1"
