#!/bin/sh
# sizeof.sh SRC OBJ [OVERLAY] - measure struct kobject as the compiler lays it
# out for SRC's headers, with the flags and generated headers of the
# configured, prepared build dir OBJ (taken from its lib/.kobject.o.cmd).
# OVERLAY, if given, is a directory searched before SRC/include (to measure
# another version of kobject.h/kref.h).  Prints one line per variant:
#   <variant> sizeof=<n> kref_offset=<n> kref_size=<n>
# for the config as it is and with CONFIG_DEBUG_KOBJECT_RELEASE undefined.
#
# sizeof.sh --layouts [--overlay GLOB] PRISTINE OBJ... - the table of both layouts: applies
# the series (SERIES_DIR, default series/) with git am to
# PRISTINE's copies of the files it touches, and measures three header sets
# with each OBJ (configured and prepared against a tree with the series, so
# that its options exist; lib/kobject.o built once):
#   pristine   PRISTINE's kobject.h and kref.h
#   plain      the series without the overlay patch (its last patch whose
#              file name matches --overlay's GLOB, default *overlay*)
#   overlay    the whole series
# One line per OBJ, header set and variant:
#   <obj> <bits> <variant> <set> sizeof=<n> kref_offset=<n> kref_size=<n>
set -eu

if [ "${1:-}" = --layouts ]; then
	shift
	overlay='*overlay*'
	if [ "${1:-}" = --overlay ] && [ $# -ge 2 ]; then overlay=$2; shift 2; fi
	[ $# -ge 2 ] || { echo "usage: $0 --layouts [--overlay GLOB] PRISTINE OBJ..." >&2; exit 2; }
	here=$(cd "$(dirname "$0")" && pwd)
	series_dir=$(cd "${SERIES_DIR:-$here/../series}" && pwd)
	pristine=$(cd "$1" && pwd)
	shift
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	patches=$("$here/../scripts/series-list.sh" "$series_dir" patched)
	ov=$(for p in $patches; do
		case $p in $overlay) echo "$p" ;; esac
	done | tail -n 1)
	[ -n "$ov" ] || { echo "sizeof.sh: no overlay patch in the series" >&2; exit 1; }
	g() { git -C "$work/tree" -c user.name=s -c user.email=s@example.org "$@"; }
	mkdir -p "$work/tree/include/linux"
	cp "$pristine/include/linux/kobject.h" "$pristine/include/linux/kref.h" \
		"$work/tree/include/linux/"
	for p in $patches; do
		sed -n 's|^diff --git a/[^ ]* b/\(.*\)$|\1|p' "$series_dir/$p"
	done | sort -u | while read -r f; do
		[ ! -f "$pristine/$f" ] || { mkdir -p "$work/tree/$(dirname "$f")"; cp "$pristine/$f" "$work/tree/$f"; }
	done
	g init -q; g add -f -A; g commit -q -m pristine
	pset() {	# pset NAME: copy the current headers to $work/NAME
		mkdir -p "$work/$1/linux"
		cp "$work/tree/include/linux/kobject.h" "$work/tree/include/linux/kref.h" "$work/$1/linux/"
	}
	pset pristine
	for p in $patches; do
		[ "$p" != "$ov" ] || pset plain
		g am -q "$series_dir/$p" || { echo "sizeof.sh: $p does not apply" >&2; exit 1; }
	done
	pset overlay
	for obj in "$@"; do
		o=$(basename "$obj")
		if grep -q '^CONFIG_64BIT=y' "$obj/.config"; then bits=64; else bits=32; fi
		for set in pristine plain overlay; do
			"$0" "$pristine" "$obj" "$work/$set" | while read -r variant rest; do
				echo "$o $bits-bit $variant $set $rest"
			done
		done
	done
	exit 0
fi

src=$(cd "$1" && pwd) obj=$(cd "$2" && pwd) overlay=${3:-}
cmd=$(sed -n 's/^\(saved\)\{0,1\}cmd_lib\/kobject.o := //p' "$obj/lib/.kobject.o.cmd" | sed 's/ *; .*//')
# the tree OBJ was configured against
tree=$(echo "$cmd" | sed -n 's/.* -I\([^ ]*\)\/arch\/x86\/include .*/\1/p')
flags=$(echo "$cmd" | sed -e 's/^gcc //' -e 's/-Wp,-MMD,[^ ]* //' \
	-e 's/ -c -o lib\/kobject.o .*//' -e "s|$tree|$src|g" \
	-e "s/-DKBUILD_[A-Z]*='[^']*'//g")
[ -z "$overlay" ] || flags="-I$(cd "$overlay" && pwd) $flags"
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
for variant in as-configured no-DEBUG_KOBJECT_RELEASE; do
	{
		[ "$variant" = as-configured ] || echo '#undef CONFIG_DEBUG_KOBJECT_RELEASE'
		echo '#include <linux/kobject.h>'
		echo '#include <linux/stddef.h>'
		echo 'int probe_sizeof = sizeof(struct kobject);'
		echo 'int probe_kref_offset = offsetof(struct kobject, kref);'
		echo 'int probe_kref_size = sizeof(((struct kobject *)0)->kref);'
	} > "$probe/p.c"
	(cd "$obj" && eval "gcc $flags -S -o $probe/p.s $probe/p.c")
	val() { awk -v s="$1:" '$1 == s { getline; print $2 }' "$probe/p.s"; }
	echo "$variant sizeof=$(val probe_sizeof) kref_offset=$(val probe_kref_offset) kref_size=$(val probe_kref_size)"
done
