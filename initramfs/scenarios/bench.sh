# bench - time kobject reference counting in the guest (the series' kobject bench patch:
# /sys/kernel/debug/kobject_bench, both kernels).
#
# Arguments (kernel command line, key=value; /init exports them as arg_KEY):
#   reps=R          repetitions of each benchmark (default 5)
#   get_put=N       kobject_get() + kobject_put() pairs per repetition
#                   (default 200000)
#   lifecycle=N     alloc/init_and_add/del/put/release per repetition
#                   (default 2000)
#   last_put=N      alloc/init/get/put/put (the release) per repetition; run
#                   only when given (the size report reads the other two)
# Boot with QEMU's "-icount shift=0" (make bench does): guest time then
# counts instructions, so a repetition gives nearly the same ns every time.
#
# KTAP: one test per benchmark; it fails if the file is missing, a write
# fails or the file does not give back the loops just run with a time > 0.
# Data section "bench": one line per repetition, "<name> <loops> <ns>", as
# the file gives it.
. /lib/rig.sh

BENCH=/sys/kernel/debug/kobject_bench
reps=${arg_reps:-5}
OUT=/tmp/bench

# run NAME LOOPS: REPS repetitions appended to $OUT; 0 when all worked.
run()
{
	if [ ! -w $BENCH ]; then
		why="$BENCH missing"
		return 1
	fi
	case $reps in
	'' | 0 | *[!0-9]*) why="reps=$reps is no count"; return 1 ;;
	esac
	i=0
	while [ $i -lt "$reps" ]; do
		i=$((i + 1))
		if ! echo "$1 $2" >$BENCH; then
			why="repetition $i: write '$1 $2' failed"
			return 1
		fi
		line=$(grep "^$1 " $BENCH)
		set -- "$1" "$2" $line
		if [ "$#" != 5 ] || [ "$4" != "$2" ] || ! [ "$5" -gt 0 ] 2>/dev/null; then
			why="repetition $i: $BENCH says '$line'"
			return 1
		fi
		echo "$1 $2 $5" >>$OUT
		set -- "$1" "$2"
	done
	why="$reps x $2 loops, last $(tail -n 1 $OUT | cut -d' ' -f3) ns"
}

: >$OUT
benches="get_put lifecycle${arg_last_put:+ last_put}"
ktap_plan $(echo $benches | wc -w)
for b in $benches; do
	eval "loops=\${arg_$b:-}"
	[ -n "$loops" ] || { [ $b = get_put ] && loops=200000 || loops=2000; }
	run $b "$loops"
	ktap_result $? $b "$why"
done
section bench <$OUT
ktap_exit
