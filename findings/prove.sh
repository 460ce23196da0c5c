#!/bin/sh
# prove.sh - make prove: a fix's proof on one finding: the finding's window
# booted on a kernel without the fix (fails: the finding's title among its
# records) and on the cell's kernel with it (passes: not among them)
#
# usage: prove.sh [-k KVER] [-t TIER] [-a ARCH] [-b BUILD] [-s STORE]
#                 [-P PROOFS] [-w FROM-TO] [-j JOBS] [-G "KSRC_DIR HEAD"]
#                 [-B] [-r RUNSH] FIX FINDING
#   FIX      a patch of the cell's series: its file name, number or slug
#            (the name less number and .patch, as findings/triage.txt names it)
#   FINDING  a title of the store, or its id (findings table's first column)
#   -w       the attempts to boot (default the finding's record's window: up
#            to 8 attempts before its n; an end check's: its boot's)
#   -G       a KSRC= tree (make's KSRC_DIR and KSRC_HEAD): the kernel without
#            the fix is a git worktree of it (kernel/worktree.sh), not a
#            quilt tree of the pristine one (kernel/tree.sh)
#   -B       build the kernel without the fix, boot nothing (a build that
#            must hold a lock: flock BUILD/.lock nice findings/prove.sh -B ...)
#   -r       boot with RUNSH instead of qemu/run.sh (tests)
# The kernel without the fix: the record's kernel (baseline or patched)
# with the series less FIX, in BUILD/prove/CELL/KERNEL-NNNN/ (src, obj;
# built once, again when the series changes).  Its runs: there, without/
# and with/.  Their records go into STORE (kernel "KERNEL-NNNN" for the one
# without), the proof (both verdicts, the titles each boot recorded) into
# PROOFS (default findings/proofs.jsonl).  Exit 0 fail-without and
# pass-with, 1 not shown (the line says which half), 2 bad input.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 2; }
die() { echo "prove.sh: $*" >&2; exit 2; }
kver=6.1 tier=debug arch=x86_64 build=build store=findings/store.jsonl
proofs=findings/proofs.jsonl window= jobs=$(nproc) git= buildonly= runsh=
while getopts k:t:a:b:s:P:w:j:G:Br: opt; do
	case $opt in
	k) kver=$OPTARG ;; t) tier=$OPTARG ;; a) arch=$OPTARG ;; b) build=$OPTARG ;;
	s) store=$OPTARG ;; P) proofs=$OPTARG ;; w) window=$OPTARG ;; j) jobs=$OPTARG ;;
	G) git=$OPTARG ;; B) buildonly=1 ;; r) runsh=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 2 ] || usage
fix=$1 finding=$2
cd "$here" || exit 2
tool=$build/tools/findings
[ -x "$tool" ] || die "no $tool (make tools)"
eval "$(scripts/cells.sh -b "$build" -k "$kver" -a "$arch" -t "$tier")" || exit 2

# the patch: by file name, number or slug
fix=${fix##*/}
fix=${fix%.patch}
case $fix in
[0-9][0-9][0-9][0-9]) pat="$fix-*.patch" ;;
[0-9][0-9][0-9][0-9]-*) pat="$fix*.patch" ;;
*) pat="[0-9][0-9][0-9][0-9]-$fix*.patch" ;;
esac
patch=
for p in $(grep -v '^#' "$SERIES/series"); do
	# shellcheck disable=SC2254
	case $p in $pat) patch=$p; break ;; esac
done
[ -n "$patch" ] || die "no patch '$1' in $SERIES/series (a file name, its number or its slug)"
num=${patch%%-*}

# the finding's record: its kernel and window
rec=$("$tool" show -f window -k "$kver" "$store" "$finding") || exit 2
set -- $rec
op=$1 from=$2 to=$3 rkver=$4 kind=$5
title=$("$tool" show -f title -k "$kver" "$store" "$finding")
id=$("$tool" show -f id "$store" "$finding")
case $kind in baseline | patched) ;; *) kind=patched ;; esac
if [ "$kind" = baseline ] && ! scripts/series-list.sh "$SERIES" baseline | grep -qx "$patch"; then
	kind=patched	# a patch of the RFC: only the patched kernel has it
fi
if [ -n "$window" ]; then
	from=${window%-*} to=${window#*-}
elif [ "$to" = 0 ]; then
	n=$("$tool" show -f n -k "$kver" "$store" "$finding")
	case $n in '' | null) die "$id ($title) has no attempt nor window: give one (make prove WINDOW=FROM-TO)" ;; esac
	to=$n from=$((n > 8 ? n - 8 : 1))
fi
[ "$rkver" = "$kver" ] || echo "prove.sh: $id has no record on $kver; the window is $rkver's: $op $from-$to"
case $op in boot | hotplug | modules | *,*) die "$id ($title) was found by $op, not one sweep: no window to boot" ;; esac

# the kernel without the fix: the series less the patch, a tree of its own
d=$build/prove/$CELL/$kind-$num
mkdir -p "$d/series"
for f in "$SERIES"/*; do
	ln -sfn "$(cd "$(dirname "$f")" && pwd)/${f##*/}" "$d/series/${f##*/}"
done
rm -f "$d/series/series"
grep -vx "$patch" "$SERIES/series" >"$d/series/series"
img=$d/obj/$IMAGE
want=$(scripts/series-list.sh "$d/series" "$kind"; cat "$d"/series/*.patch 2>/dev/null | cksum)
if [ ! -f "$d/built" ] || [ "$(cat "$d/built")" != "$want" ] || [ ! -f "$img" ]; then
	[ -n "$buildonly" ] || [ -z "${PROVE_NO_BUILD:-}" ] || die "the kernel without $patch is not built (prove.sh -B)"
	echo "prove.sh: building $kver $kind without $patch in $d (a kernel build: minutes)"
	rm -f "$d/built"
	if [ -n "$git" ]; then
		set -- $git
		kernel/worktree.sh "$1" "$2" "$d/src" "$kind" "$d/series" >"$d/tree.log" 2>&1
	else
		kernel/tree.sh "$SRC/pristine" "$d/series" "$d/src" "$kind" >"$d/tree.log" 2>&1
	fi || { tail -n 20 "$d/tree.log"; die "the tree without $patch: $d/tree.log"; }
	kernel/configure.sh -a "$arch" "$d/src" "$d/obj" $FRAGMENTS >"$d/config.log" 2>&1 ||
		{ tail -n 20 "$d/config.log"; die "the .config: $d/config.log"; }
	# modules only for a sweep that loads one (mod)
	mods=
	[ "$op" != mod ] || mods=${MODULES:+modules}
	make -C "$d/src" O="$(cd "$d/obj" && pwd)" -j"$jobs" "$IMAGE_TARGET" \
		$mods >"$d/build.log" 2>&1 ||
		{ tail -n 20 "$d/build.log"; die "the build: $d/build.log"; }
	if [ "$op" = mod ] && [ -n "$MODULES" ]; then
		make -C "$d/src" O="$(cd "$d/obj" && pwd)" modules_install \
			INSTALL_MOD_PATH="$(cd "$d/obj" && pwd)/modroot" INSTALL_MOD_STRIP=1 \
			>>"$d/build.log" 2>&1 &&
		kernel/modules.sh "$d/obj/modroot" "$INITRAMFS" "$d/obj/initramfs.cpio.gz" \
			>>"$d/build.log" 2>&1 || die "the modules' initramfs: $d/build.log"
	fi
	echo "$want" >"$d/built"
fi
[ -z "$buildonly" ] || { echo "prove.sh: $d: built"; exit 0; }
[ -f "$OBJ/$kind/$IMAGE" ] || die "no $OBJ/$kind/$IMAGE (make TIER=$tier kernels)"

# both boots, their records, the titles each recorded
series=$(git log -1 --format=%h -- "$SERIES" 2>/dev/null)
boot() {	# KERNEL-NAME IMAGE RUN
	echo "prove.sh: $1: $op attempts $from-$to ($3)"
	${runsh:+env BOOT_RUNSH=$runsh} findings/boot.sh -k "$kver" -t "$tier" -a "$arch" -b "$build" \
		-K "$kind" -i "$2" $( [ "$op" != mod ] || echo "-I ${2%/arch/*}/initramfs.cpio.gz") \
		-O "$op" -f "$from" -l "$to" -o "$3" >"$3.log" 2>&1
	v=$(cat "$3/verdict" 2>/dev/null || echo "5 no verdict ($3.log)")
	FINDINGS_META="cell=$CELL
kver=$kver
kernel=$1
source=prove
tree=Debian $kver
series=$series
commit=$(git rev-parse --short HEAD 2>/dev/null)
machine=$(uname -m), $(nproc) cores
boot=findings/boot.sh -k $kver -t $tier -K $kind" findings/record.sh -F "$tool" "$store" "$3" >/dev/null ||
		die "no records of $3"
}
boot "$kind-$num" "$img" "$d/without"
v_without=$v
boot "$kind" "$OBJ/$kind/$IMAGE" "$d/with"
v_with=$v
titles() { sed -n 's/.*"title":"\([^"]*\)".*/\1/p' "$1/findings.jsonl" | sort -u | paste -sd ';' | sed 's/;/; /g'; }
has() { sed -n 's/.*"title":"\([^"]*\)".*/\1/p' "$1/findings.jsonl" | grep -qxF "$title"; }
t_without=$(titles "$d/without") t_with=$(titles "$d/with")
if has "$d/without" && ! has "$d/with"; then
	result=fail-without/pass-with rc=0
elif ! has "$d/without"; then
	result="not shown: no $id without the fix" rc=1
else
	result="not shown: $id with the fix too" rc=1
fi
echo "prove.sh: $patch x $id ($title): $result"
echo "  without ($kind less $num): verdict ${v_without}; titles: ${t_without:-none}"
echo "  with ($kind): verdict ${v_with}; titles: ${t_with:-none}"
"$tool" json "fix=$patch" "title=$title" "id=$id" "kernels=$kver $kind less $num / $kver $kind" \
	"window=$op $from-$to" "without=verdict ${v_without%% *}: ${t_without:-no finding}" \
	"with=verdict ${v_with%% *}: ${t_with:-no finding}" "result=$result" \
	"command=make TIER=$tier KVER=$kver prove FIX=$num FINDING=$id" \
	"commit=$(git rev-parse --short HEAD)" "date=$(date -u +%F)" \
	"machine=$(uname -m), $(nproc) cores, $(sed -n 's/^accel=//p' "$d/with/status")" >>"$proofs"
exit $rc
