# lib.sh - the phases of report.sh (sourced; uses its variables).
#
# Trees: pristine (build/src/pristine), baseline and patched (made by
# kernel/tree.sh into WORK/src).  Layouts: x86_64-dist, x86_64-debug,
# x86_64-fast, i386-dist (see layout_fragments).  Every figure file lands
# in WORK/out/<tree>/<layout>.*; the report tool reads them from there.

TREES="pristine baseline patched"
LAYOUTS="x86_64-dist x86_64-debug x86_64-fast i386-dist"
# tree:layout pairs cross-checked with pahole: the claims' layouts, and the
# debug tier's two booted kernels.
PAHOLE_PAIRS="pristine:x86_64-dist patched:x86_64-dist pristine:i386-dist
	patched:i386-dist baseline:x86_64-debug patched:x86_64-debug"

die() { echo "report.sh: $*" >&2; exit 1; }
say() { echo "report.sh: $*" >&2; }

build_tools()
{
	mkdir -p "$work/bin"
	cc -O2 -Wall -o "$work/bin/config-check" tools/config-check.c ||
		die "cannot build tools/config-check.c"
	# shellcheck disable=SC2046
	cc -O2 -Wall -Wextra -o "$work/bin/ksr-report" "$here"/src/*.c \
		$(pkg-config --cflags --libs jansson) ||
		die "cannot build $here/src/*.c"
	CONFIG_CHECK=$work/bin/config-check
	export CONFIG_CHECK
}

# The content of a tree, for the probes' up-to-date stamps.
tree_sum() { [ "$1" = pristine ] && echo pristine || cat "$work/src/$1.sum"; }

tree_dir() { [ "$1" = pristine ] && echo build/src/pristine || echo "$work/src/$1"; }

# Rebuild baseline/patched only when the series changed.
make_trees()
{
	[ -d build/src/pristine ] || die "no pristine tree at build/src/pristine"
	[ -f "$series/series" ] || die "no series file at $series/series"
	mkdir -p "$work/src"
	sum=$(cat "$series/series" "$series"/*.patch | md5sum | cut -d' ' -f1)
	for k in baseline patched; do
		[ "$(cat "$work/src/$k.sum" 2>/dev/null)" = "$sum" ] && continue
		kernel/tree.sh build/src/pristine "$series" "$work/src/$k" "$k" >&2 ||
			die "$k tree: the series does not apply"
		echo "$sum" > "$work/src/$k.sum"
	done
}

# layout_fragments TREE LAYOUT: the config fragments, one a line.
layout_fragments()
{
	c=kernel/configs
	case $2 in
	i386-*) grep -v '^CONFIG_64BIT=' $c/common.config > "$work/common-i386.config"
		echo "$work/common-i386.config"; echo "$here/configs/i386.config" ;;
	*) echo $c/common.config; echo $c/x86_64.config ;;
	esac
	case $2 in
	*-debug) echo $c/debug.config ;;
	*) echo $c/fast.config ;;
	esac
	case $2 in
	x86_64-debug) echo $c/debug-x86_64.config ;;
	esac
	case $2 in
	*-dist) echo "$here/configs/dist.config" ;;
	*) [ "$1" != pristine ] && [ -f "$series/kernel.config" ] &&
		echo "$series/kernel.config" ;;
	esac
	return 0
}

# ARCH=x86 for x86_64, as kernel/configure.sh gets by default (ARCH=x86_64
# would change what tinyconfig leaves, e.g. X86_5LEVEL).
layout_arch() { case $1 in i386-*) echo i386 ;; *) echo x86 ;; esac; }

probe_all()
{
	for t in $TREES; do
		for l in $LAYOUTS; do
			# shellcheck disable=SC2046
			KSR_TREE_SUM=$(tree_sum $t) "$here/scripts/probe.sh" "$(tree_dir $t)" "$work/obj/$t/$l" \
				"$work/out/$t/$l.s" "$(layout_arch $l)" \
				$(layout_fragments $t $l) >&2 ||
				die "probe failed: $t $l"
		done
	done
}

pahole_all()
{
	for pair in $PAHOLE_PAIRS; do
		t=${pair%%:*} l=${pair#*:}
		# shellcheck disable=SC2046
		KSR_TREE_SUM=$(tree_sum $t) "$here/scripts/pahole.sh" "$(tree_dir $t)" "$work/dbg/$t/$l" \
			"$work/out/$t/$l.pahole" "$(layout_arch $l)" \
			"$here/configs/pahole-objects.txt" \
			$(layout_fragments $t $l) "$here/configs/debuginfo.config" >&2 ||
			die "pahole failed: $t $l"
	done
}

# The booted kernel's .config must be the one the tier's probe measured:
# prints why not (nothing when it is, or when the kernel is not built).
config_differs()
{
	[ -f "$1" ] || return 0
	grep '^CONFIG_' "$1" | sort > "$work/cfg.a"
	grep '^CONFIG_' "$2" | sort > "$work/cfg.b"
	cmp -s "$work/cfg.a" "$work/cfg.b" ||
		echo "$1 differs from the probe's $2 (rebuild, or rerun the probe): $(diff "$work/cfg.a" "$work/cfg.b" | grep '^[<>]' | head -3 | tr '\n' ' ')"
}

# refuse STRICT WHY: a -t tier stops the report, a -x tier gets a note.
refuse()
{
	[ "$1" = 1 ] && die "$2"
	echo "left out: $2" >> "$work/notes"
}

# run_bad TIER KERNEL DIR FILE...: why the run in DIR cannot be read
# (nothing if it can): it did not pass, it is older than its kernel, or
# DIR/data lacks one of the FILEs.
run_bad()
{
	bz=$objs/$1/$2/arch/x86/boot/bzImage d=$3
	shift 3
	v=$(cat "$d/verdict" 2>/dev/null || echo none)
	case $v in
	0\ *) ;;
	*) echo "run $d did not pass (verdict: $v)"; return ;;
	esac
	if [ "$bz" -nt "$d/verdict" ]; then
		echo "run $d is older than its kernel $bz"; return
	fi
	for f; do
		if [ ! -f "$d/data/$f" ]; then
			echo "run $d has no data/$f"; return
		fi
	done
}

# run_cmd DIR KERNEL: DIR's QEMU command, a word a line, without what
# differs by design (run dir, kernel image, the process id in -name).
run_cmd()
{
	[ -f "$1/repro.cmd" ] || { echo "no $1/repro.cmd"; return; }
	tail=$(basename "$(dirname "$1")")/$(basename "$1")
	sed -e "s|[^ :,']*/$tail/|RUN/|g" -e "s|[^ ']*/$2/arch/x86/boot/bzImage|KERNEL|" \
	    -e 's/krefrun-[0-9]*/krefrun/' "$1/repro.cmd" | tr ' ' '\n'
}

# same_cmd DIR-A KERNEL-A DIR-B KERNEL-B: why the two runs do not compare.
same_cmd()
{
	run_cmd "$1" "$2" > "$work/cmd.a"
	run_cmd "$3" "$4" > "$work/cmd.b"
	cmp -s "$work/cmd.a" "$work/cmd.b" ||
		echo "runs $1 and $3 were booted differently: $(diff "$work/cmd.a" "$work/cmd.b" |
			grep '^[<>]' | tr '\n' ' ')"
}

# scenario_args TIER SCENARIO STRICT: --run for both kernels (booted with
# the same QEMU command and kernel arguments), or a note.
scenario_args()
{
	for k in baseline patched; do
		d=$runs/$1/$k/$2
		if [ ! -d "$d" ]; then
			echo "tier $1: no $2 run of $k ($d)" >> "$work/notes"
			return
		fi
		why=$(run_bad "$1" $k "$d" census slabinfo meminfo)
		[ -z "$why" ] || { refuse "$3" "$why"; return; }
	done
	why=$(same_cmd "$runs/$1/baseline/$2" baseline "$runs/$1/patched/$2" patched)
	[ -z "$why" ] || { refuse "$3" "$why"; return; }
	for k in baseline patched; do
		echo --run "$1" "$2" $k "$runs/$1/$k/$2/data" >> "$work/runargs"
	done
}

# bench_args TIER STRICT: --bench for every boot RUNS/TIER/KERNEL/bench-N
# that ran under -icount shift=0 (else its ns are host time, not
# instructions) with the same command as the first, when both kernels
# have one.
bench_args()
{
	: > "$work/bench.tmp"
	ref= refk=
	for k in baseline patched; do
		n=0
		for i in $(ls "$runs/$1/$k" 2>/dev/null |
			   sed -n 's/^bench-\([0-9][0-9]*\)$/\1/p' | sort -n); do
			d=$runs/$1/$k/bench-$i
			why=$(run_bad "$1" $k "$d" bench)
			[ -n "$why" ] || grep -q -- '-icount shift=0' "$d/repro.cmd" 2>/dev/null ||
				why="run $d was not booted with -icount shift=0 ($d/repro.cmd)"
			[ -n "$why" ] || [ -z "$ref" ] || why=$(same_cmd "$ref" $refk "$d" $k)
			if [ -n "$why" ]; then
				refuse "$2" "$why"
				continue
			fi
			echo --bench "$1" $k "$d/data/bench" >> "$work/bench.tmp"
			[ -n "$ref" ] || ref=$d refk=$k
			n=$((n + 1))
		done
		if [ $n = 0 ]; then
			echo "tier $1: no bench run of $k" >> "$work/notes"
			return
		fi
	done
	cat "$work/bench.tmp" >> "$work/runargs"
}

# Per booted tier: the runs the report reads (RUNS/TIER/KERNEL/SCENARIO and
# bench-N), and vmlinux size and bloat-o-meter when both kernels exist.
# -t tiers are strict, -x tiers are read where current (see refuse).
runtime_all()
{
	: > "$work/runargs"
	: > "$work/notes"
	for tier in $tiers $extra; do
		strict=0
		for t in $tiers; do [ "$t" = "$tier" ] && strict=1; done
		vm=$work/out/run/$tier	# not $d: the helpers set d (sh has no locals)
		rm -rf "$vm"
		mkdir -p "$vm"
		echo --tier "$tier" >> "$work/runargs"
		why=
		for k in baseline patched; do
			[ -n "$why" ] || why=$(config_differs "$objs/$tier/$k/.config" \
				"$work/out/$k/x86_64-$tier.s.config")
		done
		if [ -n "$why" ]; then
			refuse $strict "tier $tier: $why"
			continue
		fi
		for s in $scenarios; do
			scenario_args "$tier" "$s" $strict
		done
		bench_args "$tier" $strict
		b=$objs/$tier/baseline/vmlinux p=$objs/$tier/patched/vmlinux
		[ -f "$b" ] && [ -f "$p" ] || continue
		size "$b" "$p" > "$vm/size" || die "size $b $p failed"
		python3 build/src/pristine/scripts/bloat-o-meter "$b" "$p" > "$vm/bloat" ||
			die "bloat-o-meter $b $p failed"
		echo --size "$tier" "$vm/size" >> "$work/runargs"
		echo --bloat "$tier" "$vm/bloat" >> "$work/runargs"
	done
}

# The report tool's arguments: every input, named.
report_args()
{
	echo --map "$here/ktype-map.txt"
	for t in $TREES; do
		for l in $LAYOUTS; do
			echo --probe "$t" "$l" "$work/out/$t/$l.s"
		done
	done
	if [ "$pahole" = 1 ]; then
		for pair in $PAHOLE_PAIRS; do
			echo --pahole "${pair%%:*}" "${pair#*:}" "$work/out/${pair%%:*}/${pair#*:}.pahole"
		done
	fi
	cat "$work/runargs"
	echo --notes "$work/notes"
}

write_report()
{
	mkdir -p "$out"
	rm -f "$out/report.txt" "$out/report.json"	# never leave a stale report
	tmp=$work/report.tmp
	rm -rf "$tmp"
	mkdir -p "$tmp"
	# shellcheck disable=SC2046
	"$work/bin/ksr-report" --out "$tmp" $(report_args) ||
		die "report tool failed; nothing written to $out"
	mv "$tmp/report.txt" "$tmp/report.json" "$out/"
	cat "$out/report.txt"
}
