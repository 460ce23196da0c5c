#!/bin/sh
# cells.sh - the one table of cells: KVER x ARCH x TIER -> every path and
# arch fact the pipeline uses, as KEY=VALUE lines.
#
# usage: cells.sh [-b BUILD] [-k KVER] [-a ARCH] [-t TIER] [-c CELL] [-m|-v KEY]
#        cells.sh -l tiers|tier-notes|arches|versions
#        cells.sh -t TIER -l fragments
#   -k KVER   kernel version, one per series of this tree: 6.1 (default,
#             series/) or the KVER of a series-KVER/ (6.12);
#             KVER-TAG when the source is a git tree of the user's
#             (make's KSRC=, kernel/ksrc.sh): TAG (git.NAME) is the last
#             word of the cell's name and of every path below, so its
#             trees, objects and runs never mix with those of Debian's
#             tarball
#   -a ARCH   an ARCH of the table below (default x86_64), or its kbuild
#             ARCH (x86 is x86_64)
#   -t TIER   a tier of the tier table below: fast (default), debug,
#             smoke or distro
#   -c CELL   a cell name (TIER[-ARCH][-KVER][-TAG], as CELL below prints
#             it) instead of -k, -a and -t
#   -b BUILD  the build directory the paths are under (default build)
#   -m        make syntax: KEY:=VALUE words, a list as KEY+=WORD each, no
#             word with a space (the Makefile evaluates each word)
#   -v KEY    only KEY's value (e.g. `cells.sh -v IMAGE`)
#   -l LIST   the values a knob accepts, one line, space-separated: the
#             tiers, the arches of the table, the kernel versions (the
#             series of this tree); the one source of each list (the
#             Makefile's knob checks and make help read it); tier-notes:
#             each tier with what it is; fragments: the -t tier's config
#             fragments, one a line (kernel/fragments.sh prints them)
# A value not in its list stops with "KNOB=VALUE: one of ..." on stderr
# and exit 2.
# Default output: KEY='VALUE' lines for `eval "$(scripts/cells.sh ...)"`.
#
# Keys: KVER ARCH TIER; CELL, the cell's name: TIER, then -ARCH unless
# x86_64, then -KVER unless 6.1, then -TAG if any (fast, debug-i386,
# smoke-i386-6.12, smoke-git.linux.1a2b), and its SUFFIX (-ARCH-KVER-TAG,
# the other tiers' cells are TIER$SUFFIX) and KSUFFIX (-KVER-TAG: the
# trees' suffix);
# SERIES (the series dir), SRC (pristine/baseline/patched trees), OBJ
# (OBJ/<kernel>/ is a kernel's O= dir), RUNS (RUNS/<kernel>/<scenario>/),
# REPORT and SIZE (the size report's output and work dirs), CHECK (the
# series check's scratch dir), LOGS, INITRAMFS, BUILT (each kernel's O= dir
# and build log, OBJ:LOG, absolute: series-tools/check.sh's -b BUILT); FRAGMENTS (the tier's
# config fragments then the series', as kernel/configure.sh takes them;
# it adds the arch's own); MODULES (y on the debug tier, whose kernels
# have loadable modules, kernel/configs/debug.config: each kernel's build
# installs them in OBJ/<kernel>/modroot and kernel/modules.sh appends them
# to INITRAMFS as OBJ/<kernel>/initramfs.cpio.gz); and the arch's facts,
# from the table:
#   KBUILD_ARCH  kbuild's ARCH= (x86 for x86_64: see kernel/configure.sh)
#   CONFIG_ARCH  the .config line an ARCH's config must have
#   IMAGE        the boot image in a kernel's O= dir; IMAGE_TARGET, its
#                make target (the file name)
#   QEMU MACHINE CONSOLE  the QEMU binary, its -M, the kernel's console=
#   DEB_ARCH     Debian's name of the arch (the guest's busybox, LAVA's
#                device arch)
#   GUEST_CC     the compiler of the guest's static programs (- : the
#                host's, $CC)
#   CROSS        kbuild's CROSS_COMPILE (- : none, the host's gcc)
#   CPU          QEMU's -cpu (- : the machine's default)
# qemu/run.sh wires the ports and the exit device by MACHINE (pc: four
# 8250 UARTs and isa-debug-exit; virt: a PL011 console, virtio consoles and
# semihosting).
# Adding an arch: one line in the table, and kernel/configs/ARCH.config.
set -eu

table() {
	cat <<'EOF'
# ARCH  KBUILD_ARCH CONFIG_ARCH   IMAGE                 QEMU                MACHINE CONSOLE DEB_ARCH GUEST_CC              CROSS              CPU
x86_64  x86         CONFIG_X86_64 arch/x86/boot/bzImage qemu-system-x86_64  pc      ttyS0   amd64    -                     -                  -
i386    i386        CONFIG_X86_32 arch/x86/boot/bzImage qemu-system-i386    pc      ttyS0   i386     i686-linux-gnu-gcc    -                  -
arm64   arm64       CONFIG_ARM64  arch/arm64/boot/Image qemu-system-aarch64 virt    ttyAMA0 arm64    aarch64-linux-gnu-gcc aarch64-linux-gnu- cortex-a57
EOF
}
# The tiers: a kernel configuration each, its fragments
# (kernel/configs/NAME.config, in the order kernel/configure.sh takes
# them: base.config, what every rig guest needs; devices.config, the
# walk's and the stress's devices) and what it is for.
tier_table() {
	cat <<'EOF'
# TIER  FRAGMENTS               WHAT
debug   base,devices,debug      every detector on: make check's
fast    base,devices,fast       no debug-build detectors: make's
smoke   base,smoke              no devices: KUnit, census, walk
distro  base,devices,fast,distro fast + CPU mitigations
EOF
}
tiers=$(tier_table | awk '$1 !~ /^#/ { printf "%s%s", s, $1; s = " " }')
top=$(cd "$(dirname "$0")/.." && pwd)

# the kernel versions: one per series of this tree (series/ is 6.1, a
# series-KVER/ with a series file is KVER)
versions() {
	v=
	[ ! -f "$top/series/series" ] || v=6.1
	for d in "$top"/series-*/series; do
		[ -f "$d" ] || continue
		d=${d%/series}
		d=${d##*/series-}
		case $d in *[!0-9.]* | '') ;; *) v="${v:+$v }$d" ;; esac
	done
	echo "$v"
}
arches() { table | awk '$1 !~ /^#/ { printf "%s%s", s, $1; s = " " } END { print "" }'; }

usage() { sed -n '2,/^set -eu/p' "$0" | sed '$d' >&2; exit 2; }
build=build kver=6.1 arch=x86_64 tier=fast cell= make= key= tag= list=
while getopts b:k:a:t:c:mv:l: opt; do
	case $opt in
	b) build=$OPTARG ;; k) kver=$OPTARG ;; a) arch=$OPTARG ;;
	t) tier=$OPTARG ;; c) cell=$OPTARG ;; m) make=1 ;; v) key=$OPTARG ;;
	l) list=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 0 ] || usage
case $list in
'') ;;
tiers) echo "$tiers"; exit 0 ;;
tier-notes)
	tier_table | awk '$1 !~ /^#/ { n = $0; sub(/^[^ ]+ +[^ ]+ +/, "", n)
		printf "%s%s (%s)", s, $1, n; s = ", " } END { print "" }'
	exit 0 ;;
fragments) ;;
arches) arches; exit 0 ;;
versions) versions; exit 0 ;;
*) echo "cells.sh: -l $list: tiers, tier-notes, arches, versions or fragments" >&2; exit 2 ;;
esac
case $kver in *-*) tag=${kver#*-} kver=${kver%%-*} ;; esac

# -c CELL: TIER, then words that name an ARCH of the table, a KVER or a TAG
if [ -n "$cell" ]; then
	tier=${cell%%-*} kver=6.1 arch=x86_64 tag=
	rest=${cell#"$tier"}
	for w in $(echo "$rest" | tr '-' ' '); do
		if [ "${w#git.}" != "$w" ]; then
			tag=$w
		elif table | awk -v a="$w" '$1 == a { f = 1 } END { exit !f }'; then
			arch=$w
		else
			kver=$w
		fi
	done
fi
case " $tiers " in
*" $tier "*) ;;
*) echo "TIER=$tier: one of $tiers (scripts/cells.sh)" >&2; exit 2 ;;
esac
fragments=$(tier_table | awk -v t="$tier" '$1 == t { n = split($2, f, ",")
	for (i = 1; i <= n; i++) print "kernel/configs/" f[i] ".config" }')
[ "$list" != fragments ] || { echo "$fragments"; exit 0; }
case " $(versions) " in
*" $kver "*) ;;
*) echo "KVER=$kver: one of $(versions) (a series of this tree: series/ is 6.1, series-KVER/ is KVER)" >&2
	exit 2 ;;
esac
case $tag in
'') ;;
git.*[!A-Za-z0-9_.]*|git.) echo "cells.sh: TAG=$tag: git.NAME, NAME of letters, digits, _ and ." >&2; exit 2 ;;
git.*) tag=-$tag ;;
*) echo "cells.sh: TAG=$tag: git.NAME, NAME of letters, digits, _ and ." >&2; exit 2 ;;
esac
row=$(table | awk -v a="$arch" '$1 == a { print; exit }')
[ -n "$row" ] || row=$(table | awk -v a="$arch" '$1 !~ /^#/ && $2 == a { print; exit }')
[ -n "$row" ] || {
	echo "ARCH=$arch: one of $(arches) (the table of scripts/cells.sh)" >&2
	exit 2
}
# shellcheck disable=SC2086
set -- $row
arch=$1
ks= as=
[ "$kver" = 6.1 ] || ks=-$kver
[ "$arch" = x86_64 ] || as=-$arch
series=series$ks

out() {
	if [ -n "$key" ]; then
		[ "$1" != "$key" ] || { shift; echo "$*"; }
	elif [ -n "$make" ]; then
		k=$1
		shift
		if [ $# -le 1 ]; then
			printf '%s:=%s\n' "$k" "${1:-}"
		else
			printf '%s:=\n' "$k"
			for w; do printf '%s+=%s\n' "$k" "$w"; done
		fi
	else
		k=$1
		shift
		printf "%s='%s'\n" "$k" "$*"
	fi
}
out KVER "$kver"
out ARCH "$arch"
out TIER "$tier"
out CELL "$tier$as$ks$tag"
out SUFFIX "$as$ks$tag"
out KSUFFIX "$ks$tag"
out SERIES "$series"
out SRC "$build/src$ks$tag"
out OBJ "$build/obj/$tier$as$ks$tag"
out RUNS "$build/runs/$tier$as$ks$tag"
out REPORT "$build/report$as$ks$tag"
out SIZE "$build/size$as$ks$tag"
out CHECK "$build/check$ks$tag"
out LOGS "$build/logs"
out INITRAMFS "$build/initramfs$as.cpio.gz"
modules=
[ "$tier" != debug ] || modules=y
out MODULES "$modules"
# each kernel's O= dir and the log of its build (the Makefile's
# LOGS/CELL-KERNEL-build.log), as absolute OBJ:LOG words
case $build in /*) abs=$build ;; *) abs=$(pwd)/$build ;; esac
c=$tier$as$ks$tag
out BUILT "$abs/obj/$c/baseline:$abs/logs/$c-baseline-build.log" \
	"$abs/obj/$c/patched:$abs/logs/$c-patched-build.log"
# shellcheck disable=SC2046
out FRAGMENTS $fragments \
	$([ ! -f "$top/$series/kernel.config" ] || echo "$series/kernel.config")
out KBUILD_ARCH "$2"
out CONFIG_ARCH "$3=y"
out IMAGE "$4"
out IMAGE_TARGET "${4##*/}"
out QEMU "$5"
out MACHINE "$6"
out CONSOLE "$7"
out DEB_ARCH "$8"
out GUEST_CC "$(echo "$9" | sed 's/^-$//')"
shift 9
out CROSS "$(echo "$1" | sed 's/^-$//')"
out CPU "$(echo "$2" | sed 's/^-$//')"
