#!/bin/sh
# phase.sh NAME LOG COMMAND... - run one pipeline phase, its output to LOG;
# print one line with the elapsed time and the log, and on failure the last
# lines of the log.  Exits with the command's status.
name=$1 log=$2
shift 2
mkdir -p "$(dirname "$log")"
start=$(date +%s)
"$@" > "$log" 2>&1
rc=$?
t=$(($(date +%s) - start))
if [ "$rc" -eq 0 ]; then
	printf '%-28s ok    %5ss  %s\n' "$name" "$t" "$log"
else
	printf '%-28s FAIL  %5ss  %s (exit %s)\n' "$name" "$t" "$log" "$rc"
	tail -n 25 "$log" | sed 's/^/    | /'
fi
exit "$rc"
