# kunit - collect the results of the KUnit suites that ran at boot.
#
# KUnit runs built-in during boot and logs KTAP to dmesg (the host parses the
# "dmesg" section). This copies each /sys/kernel/debug/kunit/SUITE/results as
# data section "kunit-SUITE" and reports one KTAP test per suite, taken from
# the last line of its results ("ok 1 SUITE" / "not ok 1 SUITE").
. /lib/rig.sh

dir=/sys/kernel/debug/kunit
suites=$(ls "$dir" 2>/dev/null)
if [ -z "$suites" ]; then
	ktap_plan 1
	ktap_result 0 kunit "SKIP no KUnit suite in $dir"
	exit 0
fi
set -- $suites
ktap_plan $#
for s in $suites; do
	section "kunit-$s" <"$dir/$s/results"
	case "$(tail -n1 "$dir/$s/results")" in
	"ok "*)	ktap_result 0 "kunit_$s" ;;
	*)	ktap_result 1 "kunit_$s" "see data/kunit-$s" ;;
	esac
done
ktap_exit
