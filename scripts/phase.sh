#!/bin/sh
# phase.sh [-e EVERY] NAME LOG COMMAND... - run one pipeline phase, its
# output to LOG.
# Prints a start line (name, log), then every 30 s (-e EVERY) while it
# runs a line "progress: NAME SECONDS how far", and an end line with
# ok/FAIL, the elapsed time, the CPU time (user + system, of the
# command and every process it waited for) and the log; on failure the last lines of the
# log follow.  How far: the command's own last "progress: " line (qemu/run.sh
# prints one every 30 s, an inner phase.sh too), else the count of kbuild's
# "  CC "-style lines (objects built), else the log's size in lines.
# Objects are counted against the last successful run of the same step
# (its count and seconds in LOG.last): "N of M objects, ~T left"; with no
# LOG.last, or past its count, no total.
# Exits with the command's status.
every=30
[ "$1" != -e ] || { every=$2; shift 2; }
name=$1 log=$2
shift 2
mkdir -p "$(dirname "$log")"
objects() { grep -a -c -E '^  (CC|AS|LD|AR|OBJCOPY|GEN|HOSTCC)( \[M\])? ' "$log"; }
read -r last_n last_t 2> /dev/null < "$log.last" || last_n=0 last_t=0
start=$(date +%s)
printf '%-28s start         %s\n' "$name" "$log"
"$@" > "$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2> /dev/null' INT TERM HUP
told=$start
while kill -0 "$pid" 2> /dev/null; do
	sleep 1
	now=$(date +%s)
	[ $((now - told)) -ge "$every" ] || continue
	told=$now
	p=$(grep -a '^progress: ' "$log" | tail -n 1)
	if [ -n "$p" ]; then
		p=${p#progress: }
	else
		n=$(objects)
		if [ "$n" -gt 0 ]; then
			p="$n objects built"
			[ "$n" -gt "$last_n" ] || { l=$((last_t * (last_n - n) / last_n))
				p="$n of $last_n objects, ~$([ "$l" -lt 60 ] && echo "${l}s" || echo "$((l / 60))m") left"; }
			p="$p, last: $(grep -a -E '^  (CC|AS|LD|AR) ' "$log" | tail -n 1 | sed 's/^ *[A-Z]* *//')"
		else
			p="$(wc -l < "$log") log lines"
		fi
	fi
	printf 'progress: %-28s %5ss  %s\n' "$name" "$((now - start))" "$p"
done
wait "$pid"
rc=$?
t=$(($(date +%s) - start))
# the CPU seconds (user + system) of the command and all it waited for
# (times in this shell: in a pipe or $(...) it would count a subshell's)
times > "$log.cpu"
cpu=$("$(dirname "$0")/times-cpu.sh" "$log.cpu")
rm -f "$log.cpu"
n=$(objects)
[ "$rc" -ne 0 ] || [ "$n" -eq 0 ] || echo "$n $t" > "$log.last"
if [ "$rc" -eq 0 ]; then
	printf '%-28s ok    %5ss  cpu %5ss  %s\n' "$name" "$t" "$cpu" "$log"
else
	printf '%-28s FAIL  %5ss  cpu %5ss  %s (exit %s)\n' "$name" "$t" "$cpu" "$log" "$rc"
	tail -n 25 "$log" | sed 's/^/    | /'
fi
exit "$rc"
