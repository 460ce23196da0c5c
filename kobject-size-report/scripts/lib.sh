# lib.sh - the phases of report.sh (sourced; uses its variables).
#
# Trees: pristine (SRCROOT/pristine), baseline and patched (SRCROOT/<kernel>,
# the pipeline's trees, when they hold the series' current patches; else
# made by kernel/tree.sh into WORK/src).  Layouts: the distribution-like
# x86_64-dist, i386-dist and arm64-dist (cross-compiled: scripts/cells.sh's
# CROSS), and one per booted tier, <arch>-<tier> (tier_layout: cell fast
# -> x86_64-fast, fast-i386 -> i386-fast, smoke-arm64 -> arm64-smoke; see
# layout_fragments).  Every figure file lands in
# WORK/out/<tree>/<layout>.*; the report tool reads them from there.
#
# A cell is one tree in one layout (report_cells): pristine and patched in
# the dist layouts (the claims), baseline and patched in each -t tier's
# layout and in each -x tier's whose two kernels are built.  Pristine and
# baseline of one layout would differ only by the baseline patches, which
# no figure reads, so neither is probed where the other one is the
# reference.  Its probe is compiled against:
#  - the pipeline's kernel build OBJS/<tier>/<kernel> when that layout was
#    booted (<arch>-<tier> of baseline or patched, built from the tree in
#    SRCROOT): its .config and prepared headers are read, nothing written;
#  - else a build dir of its own, WORK/obj/<tree>/<layout>, configured
#    (tinyconfig + fragments + olddefconfig) and prepared by configure.sh;
#    before preparing, the cell is compared with the cells probed so far:
#    same ARCH, same CONFIG_ lines and the same content of every source file
#    the probe read (kbuild's .cmd dependency list) and of the Makefiles
#    that give the flags means the same probe.s: it is reused, not prepared
#    again (cell_key).
# The pahole cross-check compiles its objects with DWARF in a cell's own
# build dir: the dist cells, both trees on each arch.  A booted cell's
# probe is compiled in the very build that was booted; checking it too
# would cost a configure and prepare of its own (about a minute each).

DIST_LAYOUTS="x86_64-dist i386-dist arm64-dist"
PAHOLE_PAIRS="pristine:x86_64-dist patched:x86_64-dist pristine:i386-dist
	patched:i386-dist pristine:arm64-dist patched:arm64-dist"
# What else decides a probe's flags and generated headers (added to the
# source files of cell_key; a missing one is keyed as absent).
KEY_FILES="Makefile arch/x86/Makefile arch/x86/Makefile_32.cpu
	scripts/Kbuild.include scripts/Makefile.build scripts/Makefile.lib
	scripts/Makefile.compiler scripts/Makefile.extrawarn kernel/bounds.c
	arch/x86/kernel/asm-offsets.c arch/x86/kernel/asm-offsets_32.c
	arch/x86/kernel/asm-offsets_64.c include/asm-generic/Kbuild
	arch/x86/include/asm/Kbuild arch/arm64/Makefile
	arch/arm64/kernel/asm-offsets.c arch/arm64/include/asm/Kbuild"

die() { echo "report.sh: $*" >&2; exit 1; }
say() { echo "report.sh: $*" >&2; }

# step NAME LOG COMMAND...: one long phase through scripts/phase.sh (start,
# a progress line every 30 s, end; the log's tail on failure), on stderr;
# also a "progress:" line for the phase.sh around report.sh.
nstep=0
step()
{
	nstep=$((nstep + 1))
	echo "progress: step $nstep: $1" >&2
	scripts/phase.sh "$@" >&2
}

build_tools()
{
	mkdir -p "$work/bin" "$work/logs"
	cc -O2 -Wall -o "$work/bin/config-check" tools/config-check.c ||
		die "cannot build tools/config-check.c"
	# shellcheck disable=SC2046
	cc -O2 -Wall -Wextra -o "$work/bin/ksr-report" "$here"/src/*.c \
		$(pkg-config --cflags --libs jansson) ||
		die "cannot build $here/src/*.c"
	config_check=$work/bin/config-check
	: > "$work/prepares"
}

# The content of a tree, for the up-to-date stamps: the series' checksum.
tree_sum() { [ "$1" = pristine ] && echo pristine || cat "$work/src/$1.sum"; }

# Where a tree is (set by make_trees).
tree_dir() { eval "echo \$tree_$1"; }

# The patches tree.sh applies for KERNEL, one a line.
series_of()
{
	case $1 in
	baseline) "$here/../scripts/series-list.sh" "$series" baseline ;;
	*) "$here/../scripts/series-list.sh" "$series" patched ;;
	esac || true
}

# pipeline_tree KERNEL: true if SRCROOT/KERNEL holds the series' patches
# for KERNEL (kernel/tree.sh's KERNEL.series) and no patch is newer.
pipeline_tree()
{
	d=$srcroot/$1
	[ -d "$d" ] && [ ! -L "$d" ] && [ -f "$d.series" ] || return 1
	series_of "$1" > "$work/src/$1.want"
	cmp -s "$work/src/$1.want" "$d.series" || return 1
	for p in "$series/series" $(sed "s|^|$series/|" "$d.series"); do
		[ "$p" -nt "$d.series" ] && return 1
	done
	return 0
}

# The pipeline's baseline and patched trees when current, else our own
# (rebuilt only when the series changed).
make_trees()
{
	[ -d "$srcroot/pristine" ] || die "no pristine tree at $srcroot/pristine"
	[ -f "$series/series" ] || die "no series file at $series/series"
	mkdir -p "$work/src"
	# resolved: tree.sh hard-links it (cp -al of a symlink copies the link)
	tree_pristine=$(cd "$srcroot/pristine" && pwd -P)
	sum=$(cat "$series/series" "$series"/*.patch | md5sum | cut -d' ' -f1)
	for k in baseline patched; do
		echo "$sum" > "$work/src/$k.sum.new"
		if pipeline_tree $k; then
			eval "tree_$k=\$srcroot/\$k"
			eval "own_$k=0"
			say "$k: the pipeline's tree $srcroot/$k"
		else
			eval "tree_$k=\$work/src/\$k"
			eval "own_$k=1"
			if [ ! -d "$work/src/$k" ] ||
			   [ "$(cat "$work/src/$k.sum" 2>/dev/null)" != "$sum" ]; then
				step "size tree $k" "$work/logs/tree-$k.log" \
					kernel/tree.sh "$tree_pristine" "$series" "$work/src/$k" "$k" ||
					die "$k tree: the series does not apply (log $work/logs/tree-$k.log)"
			fi
		fi
		mv "$work/src/$k.sum.new" "$work/src/$k.sum"
	done
}

# layout_fragments TREE LAYOUT: the config fragments, one a line, as the
# pipeline gives them to kernel/configure.sh (which adds the arch's own:
# kernel/configs/<arch>.config, debug-x86_64.config): a tier's layout
# ARCH-TIER, the tier's (kernel/fragments.sh TIER); a dist layout, the fast
# tier's, then configs/dist.config and configs/dist-ARCH.config if there
# is one (arm64: EFI and ACPI, as Debian's arm64 kernel).
layout_fragments()
{
	case $2 in
	*-dist) kernel/fragments.sh fast
		echo "$here/configs/dist.config"
		[ ! -f "$here/configs/dist-${2%%-*}.config" ] ||
			echo "$here/configs/dist-${2%%-*}.config" ;;
	*) kernel/fragments.sh "${2#*-}"
		[ "$1" != pristine ] && [ -f "$series/kernel.config" ] &&
			echo "$series/kernel.config" ;;
	esac
	return 0
}

# cell_fact KEY ARG...: KEY's value in scripts/cells.sh ARG... (the table
# of cells: names, paths, arch facts; run from the repository's top)
cell_fact()
{
	k=$1
	shift
	scripts/cells.sh "$@" -v "$k"
}

# layout_arch LAYOUT: kbuild's ARCH of the layout's arch (ARCH=x86 for
# x86_64, as kernel/configure.sh gives it: ARCH=x86_64 would change what
# tinyconfig leaves, e.g. X86_5LEVEL).  configure.sh, probe.sh and
# pahole.sh take it and run make with the arch's CROSS_COMPILE.
layout_arch() { cell_fact KBUILD_ARCH -a "${1%%-*}"; }

# tier_layout CELL: the layout a booted cell's kernels are built in,
# ARCH-TIER (a cell's name: scripts/cells.sh -c; its KVER is the
# report's own, by its -S and -w).
tier_layout()
{
	echo "$(cell_fact ARCH -c "$1")-$(cell_fact TIER -c "$1")"
}

# layout_tier LAYOUT: the booted tier of -t or -x built in LAYOUT, if any.
layout_tier()
{
	for t in $tiers $extra; do
		[ "$(tier_layout "$t")" = "$1" ] && { echo "$t"; return 0; }
	done
	return 0
}

# report_cells: "tree layout" lines (see the top of this file).
report_cells()
{
	for l in $DIST_LAYOUTS; do
		echo "pristine $l"
		echo "patched $l"
	done
	for t in $tiers $extra; do
		l=$(tier_layout "$t")
		case " $tiers " in
		*" $t "*) ;;
		*) [ -n "$(booted_obj baseline "$l")" ] && [ -n "$(booted_obj patched "$l")" ] ||
			continue ;;
		esac
		echo "baseline $l"
		echo "patched $l"
	done
}

# booted_obj TREE LAYOUT: the pipeline's build of that cell, if the layout
# is a tier's, the tree is the pipeline's and the kernel was built from it.
booted_obj()
{
	[ "$1" != pristine ] || return 0
	[ "$(eval "echo \$own_$1")" = 0 ] || return 0
	bt=$(layout_tier "$2")
	[ -n "$bt" ] || return 0
	o=$objs/$bt/$1
	[ -f "$o/.config" ] && [ -f "$o/vmlinux" ] && [ -f "$o/include/generated/autoconf.h" ] &&
		[ ! "$srcroot/$1.series" -nt "$o/vmlinux" ] || return 0
	(cd "$o" && pwd)
}

is_pahole_pair()
{
	for pair in $PAHOLE_PAIRS; do
		[ "$pair" = "$1:$2" ] && return 0
	done
	return 1
}

# cell_key ARCH CONFIG TREE-DIR: what decides the probe's output, as one
# checksum: the CONFIG_ lines, and the content of WORK/deps (every source
# file a probe compiled so far read) and KEY_FILES in the tree.
cell_key()
{
	{
		echo "$1"
		grep '^CONFIG_' "$2" | sort
		(cd "$3" && { cat "$work/deps"; echo "$KEY_FILES" | tr -s ' \t' '\n\n'; } |
			grep . | sort -u | xargs md5sum 2>&1 | sed 's/^md5sum: //')
	} | md5sum | cut -d' ' -f1
}

# configure PREPARE TREE LAYOUT OBJ: configure.sh as one step.
configure()
{
	# shellcheck disable=SC2046
	step "size $(echo "$1" | sed 's/none/configure/') $2 $3" "$work/logs/$2-$3.$1.log" \
		"$here/scripts/configure.sh" -c "$config_check" -p "$1" "$(tree_dir $2)" "$4" \
		"$(layout_arch $3)" $(layout_fragments $2 $3) ||
		die "configure failed: $2 $3 (log $work/logs/$2-$3.$1.log, $4/.ksr.log)"
	[ "$1" = none ] || echo "$2 $3 $1" >> "$work/prepares"
}

# The probe of every cell: booted cells first (their dependency lists key
# the others for free), then the rest, each reused when an earlier cell
# has the same key, else prepared and compiled.
probe_all()
{
	: > "$work/deps"
	: > "$work/probed"
	booted= others=
	report_cells > "$work/cells"
	while read -r t l; do
		if [ -n "$(booted_obj $t $l)" ]; then
			booted="$booted $t:$l"
		else
			others="$others $t:$l"
		fi
	done < "$work/cells"
	cells="$booted $others"
	for cell in $cells; do
		t=${cell%%:*} l=${cell#*:}
		probe_cell "$t" "$l"
	done
}

# probe_cell TREE LAYOUT (sets sout, not out: out is report.sh's -o)
probe_cell()
{
	sout=$work/out/$1/$2.s
	arch=$(layout_arch $2)
	mkdir -p "$work/out/$1"
	booted=$(booted_obj $1 $2)
	# shellcheck disable=SC2046
	if [ -n "$booted" ]; then
		stamp=$({ echo "booted $booted $arch $(tree_sum $1)"; cat "$booted/.config"; } |
			cat - "$here/probe/probe.c" "$here/probe/Kbuild" "$here/scripts/probe.sh" | md5sum)
	else
		stamp=$({ echo "own $arch $(tree_sum $1)"; cat $(layout_fragments $1 $2); } |
			cat - "$here/probe/probe.c" "$here/probe/Kbuild" "$here/scripts/probe.sh" | md5sum)
	fi
	if [ -f "$sout" ] && [ -f "$sout.deps" ] && [ "$(cat "$sout.stamp" 2>/dev/null)" = "$stamp" ]; then
		say "$1 $2: probe up to date ($sout)"
		cat "$sout.deps" >> "$work/deps"
		echo "$1 $2" >> "$work/probed"
		return
	fi
	rm -f "$sout.stamp" "$sout.same"
	obj=$booted
	if [ -z "$obj" ]; then
		obj=$work/obj/$1/$2
		configure none $1 $2 "$obj"
		key=$(cell_key $arch "$obj/.config" "$(tree_dir $1)")
		while read -r t2 l2; do
			[ "$(layout_arch $l2)" = "$arch" ] || continue
			[ "$(cell_key $arch "$work/out/$t2/$l2.s.config" "$(tree_dir $t2)")" = "$key" ] ||
				continue
			say "$1 $2: same ARCH, CONFIG_ lines and sources as $t2 $l2: its probe reused"
			cp "$work/out/$t2/$l2.s" "$sout"
			cp "$work/out/$t2/$l2.s.deps" "$sout.deps"
			cp "$obj/.config" "$sout.config"
			echo "$t2 $l2" > "$sout.same"
			echo "$stamp" > "$sout.stamp"
			echo "$1 $2" >> "$work/probed"
			return
		done < "$work/probed"
		if is_pahole_pair $1 $2; then
			configure prepare $1 $2 "$obj"
		else
			configure prepare0 $1 $2 "$obj"
		fi
	fi
	if ! step "size probe $1 $2" "$work/logs/$1-$2.probe.log" \
		"$here/scripts/probe.sh" "$(tree_dir $1)" "$obj" "$work/probe/$1-$2" "$sout" "$arch"; then
		# after prepare0, once more after a full prepare
		grep -qx "$1 $2 prepare0" "$work/prepares" ||
			die "probe failed: $1 $2 (log $work/logs/$1-$2.probe.log)"
		configure prepare $1 $2 "$obj"
		step "size probe $1 $2" "$work/logs/$1-$2.probe.log" \
			"$here/scripts/probe.sh" "$(tree_dir $1)" "$obj" "$work/probe/$1-$2" "$sout" "$arch" ||
			die "probe failed: $1 $2 (log $work/logs/$1-$2.probe.log)"
	fi
	cat "$sout.deps" >> "$work/deps"
	sort -u -o "$work/deps" "$work/deps"
	echo "$stamp" > "$sout.stamp"
	echo "$1 $2" >> "$work/probed"
}

# pahole dumps of PAHOLE_PAIRS, from objects compiled with DWARF in the
# cell's own build dir (configured for a booted cell, whose .config must
# then be the booted one's).
pahole_all()
{
	for pair in $PAHOLE_PAIRS; do
		t=${pair%%:*} l=${pair#*:}
		pout=$work/out/$t/$l.pahole
		obj=$work/obj/$t/$l
		# shellcheck disable=SC2046
		stamp=$({ echo "$(layout_arch $l) $(tree_sum $t)"; cat $(layout_fragments $t $l); } |
			cat - "$here/configs/pahole-objects.txt" "$here/scripts/pahole.sh" | md5sum)
		if [ -f "$pout" ] && [ "$(cat "$pout.stamp" 2>/dev/null)" = "$stamp" ]; then
			say "$t $l: pahole up to date ($pout)"
			continue
		fi
		rm -f "$pout.stamp"
		# prepared for its probe in this run, or not yet
		grep -qx "$t $l prepare" "$work/prepares" || configure prepare $t $l "$obj"
		why=$(config_differs "$obj/.config" "$work/out/$t/$l.s.config")
		[ -z "$why" ] || die "pahole $t $l: $why"
		step "size pahole $t $l" "$work/logs/$t-$l.pahole.log" \
			"$here/scripts/pahole.sh" "$(tree_dir $t)" "$obj" "$pout" "$(layout_arch $l)" \
			"$here/configs/pahole-objects.txt" ||
			die "pahole failed: $t $l (log $work/logs/$t-$l.pahole.log)"
		echo "$stamp" > "$pout.stamp"
	done
}

# The booted kernel's .config must be the one the tier's probe measured:
# prints why not (nothing when it is, or when the kernel is not built).
config_differs()
{
	[ -f "$1" ] || return 0
	[ -f "$2" ] || { echo "$1: its layout was not probed (no $2)"; return 0; }
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
	bz=$objs/$1/$2/$(cell_fact IMAGE -c "$1") d=$3
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
# differs by design (run dir, the kernel image: -kernel's argument, the
# process id in -name, the mktemp directory of the QMP and control sockets).
run_cmd()
{
	[ -f "$1/repro.cmd" ] || { echo "no $1/repro.cmd"; return; }
	tail=$(basename "$(dirname "$1")")/$(basename "$1")
	sed -e "s|[^ :,']*/$tail/|RUN/|g" -e "s|-kernel [^ ']*/$2/[^ ']*|-kernel KERNEL|" \
	    -e 's/krefrun-[0-9]*/krefrun/' \
	    -e "s|[^ :,=']*/krefrun\.[A-Za-z0-9]*/|SOCK/|g" "$1/repro.cmd" | tr ' ' '\n'
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
# the same QEMU command and kernel arguments), or a note (a run simply
# absent is noted for a -t tier only: a -x tier was not asked for).
scenario_args()
{
	for k in baseline patched; do
		d=$runs/$1/$k/$2
		if [ ! -d "$d" ]; then	# noted for a -t tier; a -x one: nothing
			[ "$3" = 0 ] || echo "tier $1: no $2 run of $k ($d)" >> "$work/notes"
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
			[ "$2" = 0 ] || echo "tier $1: no bench run of $k" >> "$work/notes"
			return
		fi
	done
	cat "$work/bench.tmp" >> "$work/runargs"
}

# Per booted tier: the runs the report reads (RUNS/TIER/KERNEL/SCENARIO and
# bench-N), and vmlinux size and bloat-o-meter when both kernels exist.
# -t tiers are strict, -x tiers are read where current (see refuse) and
# only where their layout was probed (both kernels built: report_cells).
runtime_all()
{
	: > "$work/runargs"
	: > "$work/notes"
	[ -z "$note" ] || echo "$note" >> "$work/notes"
	for tier in $tiers $extra; do
		strict=0
		for t in $tiers; do [ "$t" = "$tier" ] && strict=1; done
		# a -x tier whose two kernels are not built (report_cells left
		# its layout out) was not asked for: not mentioned
		[ $strict = 1 ] || grep -qx "baseline $(tier_layout "$tier")" "$work/cells" ||
			continue
		vm=$work/out/run/$tier	# not $d: the helpers set d (sh has no locals)
		rm -rf "$vm"
		mkdir -p "$vm"
		echo --tier "$tier" "$(tier_layout "$tier")" >> "$work/runargs"
		why=
		for k in baseline patched; do
			[ -n "$why" ] || why=$(config_differs "$objs/$tier/$k/.config" \
				"$work/out/$k/$(tier_layout "$tier").s.config")
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
		# a cross-compiled tier's binutils (size, nm: bloat-o-meter -p)
		cross=$(cell_fact CROSS -c "$tier")
		"${cross}size" "$b" "$p" > "$vm/size" || die "${cross}size $b $p failed"
		python3 "$srcroot/pristine/scripts/bloat-o-meter" ${cross:+-p "$cross"} "$b" "$p" \
			> "$vm/bloat" || die "bloat-o-meter $b $p failed"
		echo --size "$tier" "$vm/size" >> "$work/runargs"
		echo --bloat "$tier" "$vm/bloat" >> "$work/runargs"
	done
}

# The report tool's arguments: every input, named.
report_args()
{
	echo --map "$here/ktype-map.txt"
	while read -r t l; do
		echo --probe "$t" "$l" "$work/out/$t/$l.s"
	done < "$work/cells"
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
