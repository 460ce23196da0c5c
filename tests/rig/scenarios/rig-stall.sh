# A kernel that stalls keeps printing (RCU stall reports every ~60 s), so
# the inactivity timeout never fires.  This scenario prints the first line
# of such a report on the console, then keeps the console busy: run.sh must
# end the run 30 s later as a crash (exit 3), well before its timeout.
echo "rcu: INFO: rcu_sched detected stalls on CPUs/tasks:" >/dev/kmsg
while :; do
	echo "rig-stall: still printing" >/dev/console
	sleep 5
done
