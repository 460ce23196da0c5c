#!/bin/sh
# check-selftest.sh PRISTINE SCRATCH [GROUP...] - show that check.sh fails.
#
# For each group (default: apply checkpatch bisect users) make a broken copy
# of the series (SERIES_DIR, default series/) in SCRATCH and run check.sh on it; one of the group's tests
# must fail, as the kernel's kunit.py parse --json reads check.sh's KTAP (and
# check.sh must exit non-zero), else this script fails.
#   apply       a context line of the kref_rel patch no longer matches
#   checkpatch  trailing whitespace added to the kref_rel patch; allowlist
#               emptied
#   bisect      the kref_rel patch and the kobject conversion swapped: the
#               prefix ending in the conversion uses kref_rel before it exists
#   users       the conversion leaves drivers/of/dynamic.c on kref_read()
# Prints KTAP, one test per group.  Uses check.sh -t fast for the compiles.
set -u
here=$(cd "$(dirname "$0")" && pwd)
series_dir=$(cd "${SERIES_DIR:-$here/../series}" && pwd)
. "$here/../lib/ktap.sh"
[ $# -ge 2 ] || { echo "usage: $0 PRISTINE SCRATCH [GROUP...]" >&2; exit 2; }
pristine=$1
mkdir -p "$2"
scratch=$(cd "$2" && pwd)
shift 2
groups=${*:-apply checkpatch bisect users}

# the kref_rel patch and the kobject conversion patch
p3=$(grep -- '-kref-add-struct-kref_rel' "$series_dir/series")
p4=$(grep -- '-kobject-count-references-on-a-kref' "$series_dir/series")

t_plan "$(echo $groups | wc -w)"
for g in $groups; do
	s=$scratch/series-$g
	rm -rf "$s"
	mkdir -p "$s"
	cp "$series_dir"/*.patch "$series_dir"/series "$series_dir"/kernel.config \
		"$series_dir"/checkpatch.allow "$series_dir"/users.config \
		"$series_dir"/users.objects "$s"/
	steps=$g
	case $g in
	apply)
		# a context line of patch 3 that the tree does not have
		sed -i 's/^ \(\treturn refcount_inc_not_zero(&kref->refcount);\)$/ \1 \/\* broken \*\//' "$s/$p3"
		steps=apply ;;
	checkpatch)
		sed -i '0,/^+struct kref_rel {$/s//+struct kref_rel { /' "$s/$p3"
		: > "$s/checkpatch.allow" ;;
	bisect)
		awk -v a="$p3" -v b="$p4" '$0 == a { print b; next } $0 == b { print a; next } { print }' \
			"$series_dir/series" > "$s/series" ;;
	users)
		sed -i 's/^+\(.*\)kref_rel_read(&ce->np->kobj.kref)/+\1kref_read(\&ce->np->kobj.kref)/' "$s/$p4" ;;
	*)
		echo "unknown group $g" >&2; exit 2 ;;
	esac
	SERIES_DIR=$s \
		"$here/check.sh" -s "$steps" -t fast "$pristine" "$scratch/run" > "$scratch/$g.ktap" 2> "$scratch/$g.err"
	rc=$?
	parsed=$(t_read "$pristine/tools/testing/kunit/kunit.py" "$scratch/$g.ktap")
	printf '%s\n' "$parsed" | sed 's/^/# /'
	if [ "$rc" -ne 0 ] && printf '%s\n' "$parsed" | grep -q "^FAIL $g"; then
		t_ok "check.sh catches a broken series: $g"
	else
		t_fail "check.sh catches a broken series: $g"
	fi
done
[ "$t_fail" -eq 0 ]
