#!/bin/sh
# ksrc.sh [-m] KSRC - the facts of make's KSRC= (a kernel git tree of the
# user's), as KEY=VALUE lines (-m: make's KEY:=VALUE), or a one-line error
# on stderr and exit 2.
#
# KSRC is PATH (the series applied to the tree's HEAD: baseline and
# patched) or alone:PATH (the tree's HEAD as the only kernel, no series).
# PATH must be the top of a git work tree with a commit; its Makefile's
# VERSION.PATCHLEVEL must be a kernel the project has a series for
# (series/ is 6.1, series-X.Y/ is X.Y).
#
# Keys: KSRC_MODE (ab or alone), KSRC_DIR (the tree, absolute),
# KSRC_KVER (6.1, 6.12: the series' KVER), KSRC_VERSION (6.1.192),
# KSRC_HEAD (HEAD's commit), KSRC_TAG (the cells' source tag, git.NAME.HASH:
# the tree's directory name and a hash of its path, so two trees never
# share a build directory; scripts/cells.sh -k KVER-TAG).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
make=
[ "${1:-}" != -m ] || { make=1; shift; }
[ $# = 1 ] || { echo "usage: $0 [-m] PATH|alone:PATH" >&2; exit 2; }
die() { echo "KSRC=$arg: $*" >&2; exit 2; }
arg=$1 mode=ab dir=$1
case $dir in alone:*) mode=alone dir=${dir#alone:} ;; esac
[ -n "$dir" ] || die "no path (KSRC=PATH or KSRC=alone:PATH)"
[ -d "$dir" ] || die "no such directory"
dir=$(cd "$dir" && pwd -P)
case $dir in *[[:space:]]*) die "a path with a space in it (make cannot take it)" ;; esac
[ -f "$dir/Makefile" ] || die "no Makefile: not the top of a kernel tree"
wt=$(git -C "$dir" rev-parse --show-toplevel 2> /dev/null) || wt=
[ "$(cd "${wt:-/nonexistent}" 2> /dev/null && pwd -P)" = "$dir" ] ||
	die "not a git tree${wt:+ of its own (it lies in the work tree of $wt)} (git init, add and commit it: the series goes on with git am)"
head=$(git -C "$dir" rev-parse -q --verify 'HEAD^{commit}') ||
	die "the git tree has no commit"
v=$(awk -F' *= *' '$1 == "VERSION" || $1 == "PATCHLEVEL" || $1 == "SUBLEVEL" { k[$1] = $2 }
	END { printf "%s.%s.%s", k["VERSION"], k["PATCHLEVEL"], k["SUBLEVEL"] }' "$dir/Makefile")
kver=${v%.*}
# the versions the project has a series (and configs) for
known=
for s in "$top"/series "$top"/series-*; do
	[ -f "$s/series" ] || continue
	n=${s##*/}
	case $n in series) k=6.1 ;; *) k=${n#series-} ;; esac
	known="$known $k ($n/)"
	[ "$k" != "$kver" ] || series=$n
done
case $v in
[0-9]*.[0-9]*.[0-9]*) ;;
*) die "its Makefile gives no VERSION/PATCHLEVEL/SUBLEVEL (found '$v'); the configs know:$known" ;;
esac
[ -n "${series:-}" ] ||
	die "its Makefile says $v (VERSION.PATCHLEVEL $kver); the configs know:$known"
name=$(basename "$dir" | tr -c 'A-Za-z0-9_.\n' '_' | cut -c1-24)
hash=$(printf '%s' "$dir" | cksum | awk '{ printf "%04x", $1 % 65536 }')
for kv in KSRC_MODE="$mode" KSRC_DIR="$dir" KSRC_KVER="$kver" KSRC_VERSION="$v" \
	KSRC_HEAD="$head" KSRC_TAG="git.$name.$hash"; do
	if [ -n "$make" ]; then
		echo "${kv%%=*}:=${kv#*=}"
	else
		echo "${kv%%=*}='${kv#*=}'"
	fi
done
