#!/bin/sh
# planted.sh [-K] [-C] SRC OBJ WORKDIR [PATCH...] - the hotplug stress must
# catch planted refcount bugs.
#
# For each planted patch (default: tests/hotplug/planted/*.patch but those
# with a "Readers: needed" line):
#   WORKDIR/NAME/src  hard-linked copy of SRC (the patched tree) plus the
#                     patch (GNU patch replaces the files it changes, so
#                     SRC is never written; every other file keeps its
#                     mtime)
#   WORKDIR/NAME/obj  real copy of OBJ (gcc rewrites objects in place, so
#                     no hard links here), built incrementally: make runs in
#                     a private mount namespace with NAME/src bind-mounted
#                     over SRC and NAME/obj over OBJ, so every path kbuild
#                     recorded matches and only the patched file and the
#                     link are redone (with another O= path objtool, which
#                     embeds it, is relinked and every object depends on it)
#   WORKDIR/NAME/run  a short hotplug stress through qemu/run.sh
# A planted bug is caught when the run fails (verdict not 0) AND the
# detector its patch names on a "Detector:" line reported it: a "not ok"
# KTAP test named after it (the guest's or the judge's detectors.ktap), or
# one of its rows of the detector table (qemu/signatures.txt) in the
# judge's signatures.log.
# One KTAP test per patch, with the line the detector printed.
# A patch with a "Readers: needed" line plants a bug only a reader of
# sysfs can see: its stress runs with the readers and the uevent consumer
# of the boot plan's hotplug-peer boot (its readers= and consumer=).  With
# -C such a patch is also stressed without them, the control, which must
# pass (verdict 0, no detector): a second KTAP test, "NAME_control".
#
# The run's QEMU devices and mix are the boot plan's hotplug boot
# (qemu/plan.txt).  Environment: CYCLES (default 3), INITRAMFS, TIER,
# JOBS, BUILD_LOCK (a file: each kernel build holds it with flock, the
# boots do not).  -K keeps the copies.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/lib/ktap.sh"
keep=0 control=0
while getopts KC opt; do
	case $opt in
	K) keep=1 ;;
	C) control=1 ;;
	*) echo "usage: $0 [-K] [-C] SRC OBJ WORKDIR [PATCH...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || { echo "usage: $0 [-K] [-C] SRC OBJ WORKDIR [PATCH...]" >&2; exit 2; }
src=$(cd "$1" && pwd) || exit 2
obj=$(cd "$2" && pwd) || exit 2
mkdir -p "$3" && work=$(cd "$3" && pwd) || exit 2
shift 3
# (by default the patches a stress without readers must catch: make
# check's; a "Readers: needed" one is make peerload-planted's)
[ $# -gt 0 ] || set -- $(grep -L '^Readers: *needed' "$top"/tests/hotplug/planted/*.patch)
cycles=${CYCLES:-3}
initramfs=${INITRAMFS:-$top/build/initramfs.cpio.gz}
jobs=${JOBS:-$(nproc)}
qemu_dev=$("$top/qemu/plan.sh" -f qargs patched/hotplug) || exit 2
mix=$("$top/qemu/plan.sh" -f kargs patched/hotplug | tr ' ' '\n' | sed -n 's/^mix=//p')
# the readers of a "Readers: needed" patch: the hotplug-peer boot's
peers=$("$top/qemu/plan.sh" -f kargs patched/hotplug-peer | tr ' ' '\n' |
	grep -E '^(readers|consumer)=' | tr '\n' ' ') || exit 2

# sigs_of DETECTOR: the console substrings of its rows in the detector table
sigs_of() {
	awk -F'\t' -v d="$1" '$1 == d { print $2 }' "$top/qemu/signatures.txt"
}

# prepare NAME PATCH: source copy with the patch, object copy.  The objects
# come from the previous planted kernel when there is one (it is newer than
# any source its build saw), minus the objects of the files the previous
# patch changed, so they are rebuilt from SRC (their sources are older).
prepare() {
	d=$work/$1
	rm -rf "$d"
	mkdir -p "$d"
	cp -al "$src" "$d/src" || return 1
	patch -d "$d/src" -p1 --no-backup-if-mismatch -s < "$2" || return 1
	cp -a "${prev_obj:-$obj}" "$d/obj" || return 1
	for f in $prev_files; do
		rm -f "$d/obj/${f%.c}.o"
	done
	rm -f "$d/obj/built.stamp"
}

# build NAME: incremental bzImage in NAME/obj (see the header).
build() {
	d=$work/$1
	if unshare -m true 2> /dev/null; then
		${BUILD_LOCK:+flock "$BUILD_LOCK"} unshare -m sh -c 'mount --bind "$1" "$2" &&
			mount --bind "$3" "$4" &&
			exec make -s -C "$2" O="$4" -j"$5" bzImage' \
			_ "$d/src" "$src" "$d/obj" "$obj" "$jobs"
	else
		echo "planted.sh: no mount namespace; full rebuild" >&2
		${BUILD_LOCK:+flock "$BUILD_LOCK"} make -s -C "$d/src" O="$d/obj" -j"$jobs" bzImage
	fi
}

# evidence RUNDIR DETECTOR: print the line the detector printed; 0 if any:
# a "not ok" guest KTAP test named after it (result.ktap, at any depth),
# the judge's "not ok" for it (detectors.ktap), a console line with one of
# its table rows (signatures.log)
evidence() {
	r=$1 det=$2
	line=$(grep -E "^ *not ok [0-9]+ (detector_)?$det( |$)" "$r/result.ktap" 2> /dev/null | head -n 1)
	judged=$(grep -E "^not ok [0-9]+ $det " "$r/detectors.ktap" 2> /dev/null | head -n 1)
	sigs=$(sigs_of "$det")
	hit=
	[ -n "$sigs" ] && hit=$(grep -F "$sigs" "$r/signatures.log" 2> /dev/null | head -n 1)
	[ -n "$line$judged$hit" ] || return 1
	[ -n "$line" ] && echo "ktap: $line"
	[ -n "$judged" ] && echo "judge: $judged"
	[ -n "$hit" ] && echo "console: ${hit#*: }"
	return 0
}

# stress NAME RUN ARGS: the short stress of the planted kernel NAME into
# RUN, with the extra kernel arguments ARGS; qemu/run.sh's exit code
stress() {
	"$top/qemu/run.sh" -k "$work/$1/obj/$image" \
		-i "$initramfs" -s hotplug -o "$2" \
		-a "cycles=$cycles mix=$mix fault=0 acpi=noirq${3:+ $3}" -q "$qemu_dev" \
		-d "$top/build/tools/hotplug-qmp" -t 1200 -n 300 >> "$log" 2>&1
}

prev_obj= prev_files=
image=$("$top/scripts/cells.sh" -v IMAGE)
n=$#
if [ "$control" = 1 ]; then
	n=$(($# + $(grep -l '^Readers: *needed' "$@" | wc -l)))
fi
t_plan $n
for p in "$@"; do
	name=$(basename "$p" .patch)
	dets=$(sed -n 's/^Detector: *//p' "$p" | head -n 1)
	if [ -z "$dets" ]; then
		t_fail "$name" "no Detector: line in $p"
		continue
	fi
	log=$work/$name.log
	start=$(date +%s)
	if ! prepare "$name" "$p" > "$log" 2>&1; then
		t_fail "$name" "cannot prepare (see $log)"
		continue
	fi
	if ! build "$name" >> "$log" 2>&1; then
		t_fail "$name" "build failed (see $log)"
		continue
	fi
	built=$(date +%s)
	[ -n "$prev_obj" ] && [ "$keep" != 1 ] && rm -rf "$prev_obj"
	prev_obj=$work/$name/obj
	prev_files=$(sed -n 's|^+++ b/\([^	]*\).*|\1|p' "$p")
	run=$work/$name/run
	readers=
	grep -q '^Readers: *needed' "$p" && readers=$peers
	if [ -n "$readers" ] && [ "$control" = 1 ]; then
		# the control: the same stress without the readers must pass
		t0=$(date +%s)
		stress "$name" "$run-control"
		rc=$?
		echo "# ${name}_control: run $(($(date +%s) - t0)) s, verdict $(cat "$run-control/verdict" 2> /dev/null)"
		if [ "$rc" -eq 0 ] && ! ev=$(evidence "$run-control" "$dets"); then
			t_ok "${name}_control: no reader, $dets silent"
		else
			t_fail "${name}_control" "without readers the run must pass (exit $rc): $ev"
		fi
	fi
	t0=$(date +%s)
	stress "$name" "$run" "$readers"
	rc=$?
	echo "# $name: build $((built - start)) s, run $(($(date +%s) - t0)) s, verdict $(cat "$run/verdict" 2> /dev/null)${readers:+, with $readers}"
	ev=$(evidence "$run" "$dets")
	found=$?
	if [ "$rc" -eq 0 ]; then
		t_fail "$name" "the run passed: planted bug not caught"
	elif [ "$rc" -eq 5 ] || [ "$rc" -eq 2 ]; then
		t_fail "$name" "run error $rc (see $run)"
	elif [ $found -ne 0 ]; then
		t_fail "$name" "run failed (exit $rc) but $dets did not report"
		grep '^not ok' "$run/result.ktap" | sed 's/^/# /'
	else
		t_ok "$name: caught by $dets"
		echo "$ev" | sed 's/^/# /'
	fi
	[ "$keep" = 1 ] || rm -rf "$work/$name/src"
done
t_done
