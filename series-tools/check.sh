#!/bin/sh
# check.sh [-s STEPS] [-t TIER] [-B SCOPE] [-b BUILT] PRISTINE SCRATCH - test
# a quilt series (SERIES_DIR: series/ or series-6.12/).
#
#   PRISTINE  the unpacked tree the series is against, e.g. 6.1.192 (never written: patches go to copies)
#   SCRATCH   a work directory (reused between runs: the O= dirs keep objects)
#
# Prints KTAP and exits non-zero if any test failed:
#   apply: quilt push -a         on a hard-linked copy of PRISTINE
#   apply: git am                on a git repository holding PRISTINE's copy of
#                                every file the series touches (git am sees
#                                exactly the bytes it would see in a full tree)
#   checkpatch: <patch>          scripts/checkpatch.pl --strict, one per patch;
#                                remaining messages must be listed, with their
#                                reason, in checkpatch.allow (and the reason
#                                must be in the patch's commit message)
#   bisect: <n> <patch>          after pushing patches 1..n one at a time: lib/,
#                                drivers/base/ and the touched .c files that the
#                                config builds (kbuild descends from the top
#                                into their directory, whose Makefile enables
#                                them) compile, no warning in a touched
#                                file (-B core: lib/kobject.o and
#                                lib/kobject_uevent.o instead of all of lib/),
#                                in one O= dir
#                                configured with the project's config (base +
#                                devices + -t's TIER + kernel.config) from the
#                                full series; a patch that changes nothing this
#                                O= dir compiles (no Kconfig or Makefile, no .c
#                                file the config builds, no header an object
#                                compiled so far includes) passes if the prefix
#                                before it did (allmod-check.sh compiles those);
#                                a prefix whose tree and config are those of
#                                a kernel built whole (-b BUILT) passes on
#                                that build's log instead of compiling again
#   users: kref_rel_read()       the kobject kref users outside lib/ and
#                                drivers/base/ compile with the whole series,
#                                under a small config that enables them
#                                (users.config), compiling only those objects
#
# Options: -t TIER (debug|fast, default debug), -s STEPS (default
# "apply checkpatch bisect users": which groups to run; apply always runs),
# -B SCOPE (full, the default, or core: what each prefix compiles
# besides drivers/base/ and the touched files: all of lib/, or only the
# kobject core in it; make check's is core),
# -b BUILT (OBJ:LOG ...: O= dirs where make built a whole kernel from
# a prefix of this series with the same fragments, and that build's log;
# make check passes its debug kernels: scripts/cells.sh's BUILT).
# Environment: SERIES_DIR (default: series/, beside this directory), JOBS
# (default 2), NICE (a niceness to run at: make check runs this beside its
# boots).
set -u
[ -z "${NICE:-}" ] || renice -n "$NICE" -p $$ > /dev/null

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
series_dir=$(cd "${SERIES_DIR:-$repo/series}" && pwd)
tier=debug bisect_scope=full series_built= steps="apply checkpatch bisect users"
while getopts s:t:B:b: opt; do
	case $opt in
	s) steps=$OPTARG ;; t) tier=$OPTARG ;;
	B) bisect_scope=$OPTARG ;; b) series_built=$OPTARG ;;
	*) echo "usage: $0 [-s STEPS] [-t TIER] [-B SCOPE] [-b BUILT] PRISTINE SCRATCH" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
case $bisect_scope in
full) scope="lib/ drivers/base/" ;;
core) scope="lib/kobject.o lib/kobject_uevent.o drivers/base/" ;;
*) echo "$0: -B SCOPE is full or core, not '$bisect_scope'" >&2; exit 2 ;;
esac
jobs=${JOBS:-2}
steps=" $steps "
want() { case $steps in *" $1 "*) return 0 ;; esac; return 1; }

[ $# -eq 2 ] || { echo "usage: $0 PRISTINE SCRATCH" >&2; exit 2; }
pristine=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" || exit 2
scratch=$(cd "$2" && pwd)
logs=$scratch/logs
mkdir -p "$logs"

patches=$("$repo/scripts/series-list.sh" "$series_dir" patched)
npatches=$(echo "$patches" | grep -c .)

# touched files of a patch (the b/ side of each diff)
touched() {
	sed -n 's|^diff --git a/[^ ]* b/\(.*\)$|\1|p' "$series_dir/$1"
}
# every file the series touches, once each
series_files=$(for q in $patches; do touched "$q"; done | sort -u)

# warned LOG PATCHES: print (and succeed) if LOG has a compiler warning or
# error in a file that one of PATCHES touches
warned() {
	for q in $2; do touched "$q"; done | sort -u | while read -r f; do
		grep -E "(^|/)$f:[0-9]+(:[0-9]+)?: (warning|error):" "$1"
	done | grep .
}

# the results go to a file as they come (KTAP on stdout at the end, when
# the plan is known), each one's line on stderr as progress
. "$repo/lib/ktap.sh"
body=$logs/ktap.body
: > "$body"
result() {	# result OK NAME [DIAG-FILE]
	if [ "$1" -eq 0 ]; then
		t_ok "$2"
	elif [ -n "${3:-}" ] && [ -s "$3" ]; then
		t_fail "$2" "$(tail -n 15 "$3")"
	else
		t_fail "$2"
	fi >> "$body"
	echo "check.sh: $(grep -v "^#" "$body" | tail -n 1)" >&2
}

export QUILT_PATCHES="$series_dir" QUILT_PC=.pc
qrc=--quiltrc=-

# ---- apply: quilt -------------------------------------------------------
qtree=$scratch/quilt-tree
rm -rf "$qtree" "$qtree.series"
echo "$patches" > "$qtree.series"
cp -al "$pristine" "$qtree"
"$repo/kernel/own-copies.sh" "$qtree" "$series_dir" "$qtree.series"
(cd "$qtree" && QUILT_SERIES="$qtree.series" quilt push -a --fuzz=0 $qrc) > "$logs/quilt.log" 2>&1
quilt_ok=$?
result $quilt_ok "apply: quilt push -a --fuzz=0 ($npatches patches)" "$logs/quilt.log"

# ---- apply: git am ------------------------------------------------------
gtree=$scratch/git-tree
rm -rf "$gtree"
mkdir -p "$gtree"
(
	set -e
	echo "$series_files" | while read -r f; do
		if [ -f "$pristine/$f" ]; then
			mkdir -p "$gtree/$(dirname "$f")"
			cp "$pristine/$f" "$gtree/$f"
		fi
	done
	cd "$gtree"
	git init -q
	git add -f -A
	git -c user.name=check -c user.email=check@example.org commit -q -m pristine
	for p in $patches; do
		git -c user.name=check -c user.email=check@example.org am -q "$series_dir/$p"
		echo "applied: $(git log -1 --format=%s)"
	done
) > "$logs/git-am.log" 2>&1
result $? "apply: git am ($npatches patches)" "$logs/git-am.log"

# ---- checkpatch -----------------------------------------------------------
allow=$series_dir/checkpatch.allow
i=0
want checkpatch && for p in $patches; do
	i=$((i + 1))
	log=$logs/checkpatch-$i.log
	perl "$pristine/scripts/checkpatch.pl" --strict --terse --show-types \
		--no-summary "$series_dir/$p" > "$log" 2>&1
	# every message type left must be allowed for this patch, with a reason
	# that the patch's commit message states too
	bad=0
	: > "$log.bad"
	sed -n 's/^[^:]*:[0-9]*: *\(ERROR\|WARNING\|CHECK\):\([A-Z_0-9]*\):.*/\2/p' "$log" |
		sort -u > "$log.types"
	while read -r type; do
		reason=$(awk -v p="$p" -v t="$type" '$1 == p && $2 == t { $1 = $2 = ""; sub(/^ +/, ""); print; exit }' "$allow" 2>/dev/null)
		if [ -z "$reason" ]; then
			echo "not allowed: $type" >> "$log.bad"; bad=1
		elif ! grep -qF "$type" "$series_dir/$p"; then
			echo "allowed $type but the commit message does not justify it" >> "$log.bad"; bad=1
		fi
	done < "$log.types"
	if grep -q '^\(ERROR\|WARNING\|CHECK\)\|: \(ERROR\|WARNING\|CHECK\):' "$log" &&
	   [ ! -s "$log.types" ]; then
		bad=1	# a message without a type we could parse
	fi
	[ "$bad" -eq 0 ] || cat "$log" >> "$log.bad"
	result $bad "checkpatch: $p" "$log.bad"
done

# ---- bisect: every prefix compiles ------------------------------------------
obj=$scratch/obj-$tier
cfg=$scratch/config-$tier
if ! want bisect; then
	:
elif [ "$quilt_ok" -eq 0 ]; then
	# the arch/ directory kbuild builds (its SRCARCH): kbuild's ARCH for
	# ARCH (configure.sh's, from scripts/cells.sh), mapped as the tree's
	# top Makefile maps it (i386 and x86_64 build arch/x86/)
	kbuild_arch=$("$repo/scripts/cells.sh" -a "${ARCH:-x86_64}" -v KBUILD_ARCH) || exit 2
	srcarch=$(awk -v a="$kbuild_arch" '
		/^ifeq \(\$\(ARCH\),/ { m = ($0 == "ifeq ($(ARCH)," a ")"); next }
		m && $1 == "SRCARCH" && $2 == ":=" { s = $3 }
		/^endif/ { m = 0 }
		END { print (s != "" ? s : a) }' "$pristine/Makefile")
	# the config comes from the whole series, so every option exists
	# shellcheck disable=SC2046
	sh "$repo/kernel/configure.sh" "$qtree" "$obj" \
		$(sh "$repo/kernel/fragments.sh" "$tier" "$repo") \
		"$series_dir/kernel.config" > "$logs/configure.log" 2>&1
	cfg_ok=$?
	cp "$obj/.config" "$cfg"
	(cd "$qtree" && QUILT_SERIES="$qtree.series" quilt pop -a -q $qrc) > "$logs/pop.log" 2>&1
else
	cfg_ok=1
fi
# makefile MAKEFILE: its lines, continuation lines joined
makefile() {
	sed -e ':a' -e '/\\$/N; s/\\\n/ /; ta' "$1" 2>/dev/null
}
# enabled MAKEFILE NAME [DEPTH]: MAKEFILE builds NAME.o into this config
# ($obj/.config): a line obj-y or obj-$(CONFIG_X) with X=y names it, or a
# composite object's line (foo-y, foo-objs, foo-$(CONFIG_X) with X=y) names it and
# foo.o is itself enabled there (so a disabled driver's files are not
# compiled outside their config); continuation lines count
enabled() {
	makefile "$1" | grep -qE "^obj-y.*[[:space:]=]$2\.o\b" && return 0
	for sym in $(makefile "$1" | sed -n "s/^obj-\\\$(\(CONFIG_[A-Z0-9_]*\)).*[[:space:]=]$2\.o\b.*/\1/p"); do
		grep -q "^$sym=y" "$obj/.config" && return 0
	done
	[ "${3:-0}" -lt 2 ] || return 1
	makefile "$1" | sed -n "s/^\([a-z0-9_]*\)-\(y\|objs\|\\\$(\(CONFIG_[A-Z0-9_]*\))\).*[[:space:]=]$2\.o\b.*/\1 \3/p" |
	{
		while read -r comp sym; do
			[ "$comp" != obj ] || continue
			[ -z "$sym" ] || grep -q "^$sym=y" "$obj/.config" || continue
			enabled "$1" "$comp" $((${3:-0} + 1)) && exit 0
		done
		exit 1
	}
}
# kbuild_file DIR: the file kbuild reads in DIR: its Kbuild, else its Makefile
kbuild_file() {
	if [ -f "$1/Kbuild" ]; then echo "$1/Kbuild"; else echo "$1/Makefile"; fi
}
# names FILE KEYS PATH: FILE (continuation lines joined, $(SRCARCH) this
# config's) has a goal line KEY-SEL = ... PATH/ ... (KEY one of KEYS, an
# awk regex) whose SEL is y, m, a $(CONFIG_X) (or $(subst m,y,...) of one)
# that this config ($obj/.config) sets to y or m, or a variable it cannot
# tell (kept, as kbuild may descend)
names() {
	[ -f "$1" ] || return 1
	for sel in $(makefile "$1" | sed "s/\$(SRCARCH)/$srcarch/g" |
		awk -v keys="$2" -v p="$3/" '
		match($0, "^[ \t]*(" keys ")-[^ \t:+?=]*[ \t]*[:+?]?=") {
			sel = substr($0, 1, RLENGTH)
			sub(/^[ \t]*[a-z]+-/, "", sel); sub(/[ \t]*[:+?]?=$/, "", sel)
			n = split(substr($0, RLENGTH + 1), w, /[ \t]+/)
			for (i = 1; i <= n; i++)
				if (w[i] == p) { print (sel == "" ? "?" : sel); break }
		}'); do
		case $sel in
		y|m) return 0 ;;
		*CONFIG_*)
			for sym in $(echo "$sel" | grep -o 'CONFIG_[A-Z0-9_]*'); do
				grep -q "^$sym=[ym]$" "$obj/.config" && return 0
			done ;;
		*) return 0 ;;
		esac
	done
	return 1
}
# descends DIR: kbuild descends from the top into DIR (a path from the
# top) for this config: DIR's path below an ancestor that kbuild descends
# into is named in the ancestor's Kbuild or Makefile (obj-, subdir-:
# "sub/" or "sub/dir/"), or DIR's whole path in the top's Makefile or the
# arch's (core-, libs-, drivers-: lib/, arch/x86/pci/; the top's Kbuild
# descends into the arch's as ARCH_CORE, ARCH_LIB, ARCH_DRIVERS).  So
# another arch's arch/ directory and drivers/parisc/ on x86 are not built,
# whatever their own Makefile says.
descends() {
	[ "$1" != . ] || return 0
	up=$1
	while [ "$up" != . ]; do
		case $up in */*) up=${up%/*} ;; *) up=. ;; esac
		if [ "$up" = . ]; then
			names "$(kbuild_file .)" "obj|subdir" "$1" && return 0
			names Makefile "core|libs|drivers" "$1" && return 0
			names "arch/$srcarch/Makefile" "core|libs|drivers" "$1" && return 0
		elif names "$(kbuild_file "$up")" "obj|subdir" "${1#"$up"/}"; then
			(descends "$up") && return 0
		fi
	done
	return 1
}
# built_obj F.c: F's object, if this config builds it: kbuild descends
# into F's directory and that directory's Makefile enables F's object
built_obj() {
	descends "$(dirname "$1")" &&
		enabled "$(kbuild_file "$(dirname "$1")")" "$(basename "$1" .c)" &&
		echo "$(dirname "$1")/$(basename "$1" .c).o"
	return 0
}
# builds_nothing PATCH: nothing that this O= dir compiles can change with
# PATCH, so the prefix ending with it compiles exactly what the one before
# it did: PATCH touches no Kconfig or Makefile, no file under lib/ or
# drivers/base/ but headers, no .c file this config builds, and no header
# that an object compiled so far includes (kbuild's .cmd files list every
# file an object depends on, by absolute path)
builds_nothing() {
	for f in $(touched "$1"); do
		case $f in
		Documentation/*) ;;
		*Kconfig*|*Makefile*|*Kbuild*) return 1 ;;
		*.h)	grep -rqF --include='.*.cmd' -- "$qtree/$f" "$obj" && return 1 ;;
		lib/*|drivers/base/*) return 1 ;;
		*.c) [ -z "$(built_obj "$f")" ] || return 1 ;;
		*) return 1 ;;
		esac
	done
	return 0
}
# built_as OBJ:LOG PREFIX: the kernel built in OBJ (its log LOG) is this
# prefix, compiled whole: it was built (OBJ/built.stamp), with the config
# this prefix has ($obj/.config, olddefconfig done), from a tree holding
# what this prefix's tree holds in every file the series touches (OBJ's
# source link, made by kbuild), and LOG has no warning in a file that
# PREFIX (its patches) touches.  Says which.  Exit: 0 it is, and has no
# warning; 1 it is not; 2 it is, and LOG has a warning (the prefix fails).
built_as() {
	b_obj=${1%%:*} b_log=${1#*:}
	[ -f "$b_obj/built.stamp" ] && [ -f "$b_log" ] || return 1
	[ "$(grep -v '^#' "$b_obj/.config")" = "$(grep -v '^#' "$obj/.config")" ] ||
		return 1
	for f in $series_files; do
		if [ -e "$qtree/$f" ] || [ -e "$b_obj/source/$f" ]; then
			cmp -s "$qtree/$f" "$b_obj/source/$f" || return 1
		fi
	done
	if warned "$b_log" "$2"; then
		echo "this prefix is the kernel built in $b_obj: warnings in touched"
		echo "files in $b_log (above)"
		return 2
	fi
	echo "this prefix is the kernel built in $b_obj (same config, same"
	echo "sources; no warning in a touched file in $b_log): not compiled again"
}
# cpu_s: cpu= the CPU seconds (user + system) this shell's children have
# used so far (`times` in this shell: in $(...) it would be a subshell's)
cpu_s() {
	times > "$logs/times"
	cpu=$("$repo/scripts/times-cpu.sh" "$logs/times")
}
i=0 prev_rc=1
want bisect && for p in $patches; do
	i=$((i + 1))
	log=$logs/bisect-$i.log
	cpu_s
	t0=$(date +%s) c0=$cpu
	if [ "$cfg_ok" -ne 0 ]; then
		echo "no tree or no config (see quilt.log, configure.log)" > "$log"
		result 1 "bisect: $i $p" "$log"
		continue
	fi
	(
		set -e
		cd "$qtree"
		QUILT_SERIES="$qtree.series" quilt push -q $qrc
		if [ "$i" -gt 1 ] && [ "$prev_rc" -eq 0 ] && builds_nothing "$p"; then
			echo "nothing this config builds changed: the objects of"
			echo "prefix $((i - 1)) stand (the x86_64 allmodconfig check,"
			echo "allmod-check.sh, compiles this patch's files)"
			exit 0
		fi
		# the whole series' config, as far as this prefix has its
		# options (olddefconfig): made again only when a Kconfig changed
		if [ "$i" -eq 1 ] || touched "$p" | grep -q Kconfig; then
			cp "$cfg" "$obj/.config"
			make -s -C "$qtree" O="$obj" olddefconfig
		fi
		for b in $series_built; do
			b_rc=0
			built_as "$b" "$(echo "$patches" | head -n "$i")" || b_rc=$?
			if [ "$b_rc" -ne 1 ]; then exit "$b_rc"; fi
		done
		# touched .c files this config builds, outside the scope's dirs
		objs=
		for f in $(for q in $(echo "$patches" | head -n "$i"); do touched "$q"; done | sort -u); do
			case $f in
			drivers/base/*) ;;
			lib/*.c) if [ "$bisect_scope" = core ]; then objs="$objs $(built_obj "$f")"; fi ;;
			*.c) objs="$objs $(built_obj "$f")" ;;
			esac
		done
		echo "compiling $scope$objs"
		rc=0
		# shellcheck disable=SC2086
		make -s -C "$qtree" O="$obj" -j"$jobs" $scope $objs > "$log.make" 2>&1 || rc=$?
		cat "$log.make"
		[ "$rc" -eq 0 ]
		# no -Werror (6.1 has warnings of its own under KASAN, e.g.
		# lib/maple_tree.c frame sizes): fail on a warning in a touched file
		if warned "$log.make" "$(echo "$patches" | head -n "$i")"; then
			echo "warnings in touched files (above)"; exit 1
		fi
	) > "$log" 2>&1
	prev_rc=$?
	cpu_s
	t_diag "bisect $i: $(($(date +%s) - t0)) s, $((cpu - c0)) CPU s" >> "$body"
	result $prev_rc "bisect: $i $p" "$log"
done

# ---- the kobject kref users outside lib/ and drivers/base/ -------------------
log=$logs/users.log
uobj=$scratch/obj-users
if ! want users; then
	:
elif [ "$quilt_ok" -eq 0 ]; then
	(
		set -e
		cd "$qtree"
		QUILT_SERIES="$qtree.series" quilt push -a -q $qrc > /dev/null 2>&1 || true
		[ -z "$(QUILT_SERIES="$qtree.series" quilt unapplied $qrc 2>/dev/null)" ]
		# every file that uses a kobject's kref: in the pristine tree (the
		# variable names it uses for kobjects: kobj*, glue_dir), plus any
		# user in the patched tree (the KUnit tests)
		pat='kref[a-z_]*\(&[^;]*(kobj[a-z_]*\)?|glue_dir)(->|\.)kref\b'
		users=$( { (cd "$pristine" && grep -rlE "$pat" --include='*.c' --include='*.h' .);
			  grep -rlE "$pat" --include='*.c' --include='*.h' --exclude-dir=.pc .; } |
			sed 's|^\./||' | sort -u)
		echo "users:" $users
		# none of them may still use the struct kref API on it
		if grep -nE 'kref_(read|get|put|init|get_unless_zero)\(&[^;]*(kobj[a-z_]*\)?|glue_dir)(->|\.)kref\b' $users; then
			echo "unconverted (above)"; exit 1
		fi
		# shellcheck disable=SC2046
		sh "$repo/kernel/configure.sh" "$qtree" "$uobj" \
			$(sh "$repo/kernel/fragments.sh" fast "$repo") \
			"$series_dir/kernel.config" "$series_dir/users.config" > /dev/null
		objs=$(awk '!/^#/ && NF { print $1 }' "$series_dir/users.objects")
		# each user must be covered by an object in users.objects
		for u in $users; do
			case $u in
			*.c) echo "$objs" | grep -qx "${u%.c}.o" || { echo "not compiled: $u"; exit 1; } ;;
			*.h) grep -q "^[^#]*# *includes $u\$" "$series_dir/users.objects" || { echo "no object including $u"; exit 1; } ;;
			esac
		done
		rc=0
		make -s -C "$qtree" O="$uobj" -j"$jobs" $objs > "$log.make" 2>&1 || rc=$?
		cat "$log.make"
		[ "$rc" -eq 0 ]
		if warned "$log.make" "$patches"; then
			echo "warnings in touched files (above)"; exit 1
		fi
		echo "compiled:" $objs
	) > "$log" 2>&1
	result $? "users: every kobj kref user compiles" "$log"
else
	echo "no tree (see quilt.log)" > "$log"
	result 1 "users: every kobj kref user compiles" "$log"
fi

t_plan "$t_n"
cat "$body"
t_diag "series-tools/check.sh: $t_pass passed, $t_fail failed (logs: $logs)"
[ "$t_fail" -eq 0 ]
