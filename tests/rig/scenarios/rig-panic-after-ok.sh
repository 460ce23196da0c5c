# Tests print "ok", then the kernel panics: still a failure (exit 3).
. /lib/rig.sh
ktap_plan 1
ktap_result 0 rig-panic-after-ok
echo c > /proc/sysrq-trigger
