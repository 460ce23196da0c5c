# A scenario whose test fails: run.sh must exit 1.
. /lib/rig.sh
ktap_plan 1
ktap_result 1 rig-fail "failed on purpose"
exit 1
