#!/bin/sh
# unfixed.sh [-V KVER] [-n CYCLES] [-k KERNEL] [-a ARGS] [-o RUN] [DIR...|-]
# - the modules scenario must fail without
# the series' fixes: each DIR (default: fs/erofs fs/f2fs fs/ubifs
# fs/ocfs2/cluster, the module-resident sysfs objects the series frees)
# is copied from the pristine tree (SRC/pristine of the debug cell) and
# built as an external module against the baseline debug kernel (make -C
# SRC O=OBJ M=COPY of that kernel, niced);
# each .ko replaces the fixed one in a copy of that kernel's modroot,
# kernel/modules.sh packs it with the cell's initramfs, and the baseline
# kernel boots the modules scenario with it (CYCLES rounds, default 1).
# -V: the kernel version, as scripts/cells.sh -k takes it (default 6.1;
# 6.12: the debug-6.12 cell, its pristine tree build/src-6.12/pristine);
# -k: another kernel of the debug cell (patched); -a: more kernel
# arguments (known=1: the steps that fail for bugs outside the series);
# -o: the run's directory name (default modules-unfixed); DIR "-": no
# module replaced (the kernel's own, with -a known=1: those bugs).
#
# Needs `make [KVER=6.12] TIER=debug kernels initramfs` done (the
# kernel's Module.symvers and modroot).  Work trees:
# build/work-modules/unfixed/src (the module sources) and
# build/work-modules/RUN/, each with the cell's KSUFFIX (-6.12) on 6.12;
# records: RUNS/KERNEL/RUN/ of the cell (build/runs/debug/..., qemu/run.sh,
# judged by qemu/judge.sh).  Prints the verdict, then the run's failed
# KTAP results and its first detector lines.
# Exit 0 when the run failed with a detector hit (what the fixes
# prevent), 1 when it passed or failed without one, 2 on a build error.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 2
cycles=1 kernel=baseline args= name=modules-unfixed kver=6.1
while getopts V:n:k:a:o: opt; do
	case $opt in
	V) kver=$OPTARG ;;
	n) cycles=$OPTARG ;; k) kernel=$OPTARG ;; a) args=$OPTARG ;; o) name=$OPTARG ;;
	*) sed -n '2,/^set -u/p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- fs/erofs fs/f2fs fs/ubifs fs/ocfs2/cluster
[ "$*" != - ] || shift
cell=$(scripts/cells.sh -k "$kver" -t debug) || exit 2
eval "$(echo "$cell" | grep -E '^(SRC|OBJ|RUNS|INITRAMFS|IMAGE|KSUFFIX)=')"
obj=$here/$OBJ/$kernel
src=$here/build/work-modules/unfixed$KSUFFIX/src work=$here/build/work-modules/$name$KSUFFIX
run=$RUNS/$kernel/$name
[ -f "$obj/Module.symvers" ] && [ -d "$obj/modroot/lib/modules" ] ||
	{ echo "unfixed.sh: no modules in $obj (make KVER=$kver TIER=debug kernels)" >&2; exit 2; }

# (the copies of the pristine sources are kept: built again, they build
# nothing)
rm -rf "$work/modroot"
mkdir -p "$src" "$work"
cp -a "$obj/modroot" "$work/modroot"
kdir=$(echo "$work"/modroot/lib/modules/*)
for d; do
	m=$src/$d
	[ -d "$m" ] || { mkdir -p "$(dirname "$m")" && cp -a "$SRC/pristine/$d" "$m"; } || exit 2
	echo "unfixed.sh: building pristine $d against $obj"
	nice -n 10 make -s -C "$SRC/$kernel" O="$obj" M="$m" -j2 modules \
		>"$work/build.log" 2>&1 || { tail -n 20 "$work/build.log" >&2; exit 2; }
	for ko in "$m"/*.ko; do
		dest=$kdir/kernel/$d/${ko##*/}
		[ -f "$dest" ] || { echo "unfixed.sh: no $dest to replace" >&2; exit 2; }
		strip --strip-debug -o "$dest" "$ko"
		echo "unfixed.sh: $dest <- pristine $d/${ko##*/}"
	done
done
kernel/modules.sh "$work/modroot" "$INITRAMFS" "$work/initramfs.cpio.gz" || exit 2
# the kernel arguments and timeout of the boot plan's "modules" run
plan() { qemu/plan.sh -k "$kver" -t debug -v cycles="$cycles" -f "$1" "$kernel/modules"; }
qemu/run.sh -k "$obj/$IMAGE" -i "$work/initramfs.cpio.gz" -s modules -o "$run" \
	-a "$(plan kargs) $args" -t "$(plan timeout)" >"$work/run.log" 2>&1
rc=$?
tail -n 1 "$work/run.log"
grep '^not ok' "$run/result.ktap" | head -n 20
echo "unfixed.sh: first detector lines ($run/signatures.log):"
head -n 5 "$run/signatures.log" 2>/dev/null
if [ "$rc" -ne 0 ] && [ -s "$run/signatures.log" ]; then
	echo "unfixed.sh: the unfixed modules fail (verdict: $(cat "$run/verdict")): as expected"
	exit 0
fi
echo "unfixed.sh: no detector hit without the fixes (verdict: $(cat "$run/verdict" 2>/dev/null))"
exit 1
