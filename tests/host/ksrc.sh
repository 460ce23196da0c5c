#!/bin/sh
# Host tests of make's KSRC= (a kernel git tree of the user's) on fake
# trees, nothing compiled (seconds): kernel/ksrc.sh's errors (no git tree,
# a version the configs do not know), the Makefile stopping on them, and
# kernel/worktree.sh (git worktrees on branches, git am of a two-patch
# series; a patch that does not apply named with its file and hunk, the
# worktree put back, a rerun clean; unchanged files keep their mtimes).
# KTAP on stdout.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/lib/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@localhost GIT_COMMITTER_NAME=t \
	GIT_COMMITTER_EMAIL=t@localhost GIT_CONFIG_NOSYSTEM=1 HOME=$tmp

t_plan 38

# fake kernel trees: a Makefile with a version, and a file the series
# patches (git repositories outside any other work tree)
mktree() {	# mktree DIR VERSION PATCHLEVEL
	mkdir -p "$1/lib"
	printf 'VERSION = %s\nPATCHLEVEL = %s\nSUBLEVEL = 7\nEXTRAVERSION =\n' "$2" "$3" > "$1/Makefile"
	printf 'config KOBJECT_FAKE\n\tbool "fake"\n' > "$1/lib/Kconfig"
	seq 1 40 | sed 's/^/line /' > "$1/lib/kobject.c"
	seq 1 40 | sed 's/^/other /' > "$1/lib/kref.c"
}
git_commit() { (cd "$1" && git init -q && git add -A && git commit -qm "$2"); }
mktree "$tmp/k61" 6 1 && git_commit "$tmp/k61" v6.1.7
mktree "$tmp/k510" 5 10 && git_commit "$tmp/k510" v5.10.7
mktree "$tmp/plain" 6 1
mkdir -p "$tmp/empty" && printf 'VERSION = 6\nPATCHLEVEL = 1\n' > "$tmp/empty/Makefile" &&
	(cd "$tmp/empty" && git init -q)

ksrc() { "$top/kernel/ksrc.sh" "$@"; }
expect 0 "ksrc.sh: a 6.1 git tree" ksrc "$tmp/k61"
has "KSRC_KVER='6.1'" "  ... is KVER 6.1"
has "KSRC_MODE='ab'" "  ... baseline and patched"
case $t_out in *"KSRC_TAG='git.k61."????"'"*) t_ok "  ... tagged git.NAME.HASH" ;;
*) t_fail "  ... tagged git.NAME.HASH" "$t_out" ;; esac
expect 0 "ksrc.sh alone:PATH: the tree alone" ksrc "alone:$tmp/k61"
has "KSRC_MODE='alone'" "  ... mode alone"
expect 2 "ksrc.sh: a 5.10 tree stops" ksrc "$tmp/k510"
has "its Makefile says 5.10.7 (VERSION.PATCHLEVEL 5.10); the configs know: 6.1 (series/) 6.12 (series-6.12/)" \
	"  ... naming its version and the versions the configs know"
expect 2 "ksrc.sh: a directory that is no git tree stops" ksrc "$tmp/plain"
has "not a git tree (git init, add and commit it" "  ... saying so"
expect 2 "ksrc.sh: a git tree without a commit stops" ksrc "$tmp/empty"
has "the git tree has no commit" "  ... saying so"
expect 2 "ksrc.sh: a subdirectory of a tree stops" ksrc "$tmp/k61/lib"
expect 2 "ksrc.sh: no such directory" ksrc "$tmp/none"

# the Makefile stops at once (parse time, no target run) on each
mk() { make -s --no-print-directory -C "$top" B="$tmp/b" TIER=smoke "$@"; }
expect 2 "make KSRC=<5.10 tree> census: stops at once" mk KSRC="$tmp/k510" census
has "*** KSRC=$tmp/k510: its Makefile says 5.10.7" "  ... with the version error"
expect 2 "make KSRC=<no git tree> census: stops at once" mk KSRC="$tmp/plain" census
has "not a git tree" "  ... with the git error"
expect 2 "make KSRC=<6.1 tree> KVER=6.12: stops" mk KSRC="$tmp/k61" KVER=6.12 census
has "is 6.1.7: not KVER=6.12" "  ... naming both"

# KSRC=alone: a census boot of a kernel built without the census (a tree
# without the series) passes, naming the option and the patch that adds
# it; one built with it that counted nothing fails
tag=$(ksrc "alone:$tmp/k61" | sed -n "s/^KSRC_TAG='\(.*\)'/\1/p")
cr=$tmp/b/runs/smoke-$tag/tree/census
mkdir -p "$cr/data" "$tmp/b/obj/smoke-$tag/tree" && touch "$cr/ok" && : > "$cr/data/census"
echo '# CONFIG_DEBUG_KOBJECT_CENSUS is not set' > "$tmp/b/obj/smoke-$tag/tree/.config"
expect 0 "make KSRC=alone:<tree> census: a kernel without the census passes" \
	mk KSRC="alone:$tmp/k61" -o "$cr/ok" "$cr/counted"
has "no kobject census in this kernel (CONFIG_DEBUG_KOBJECT_CENSUS, from the series' patch \"kobject: add a census of live kobjects per ktype\")" \
	"  ... naming the option and the patch"
rm -f "$cr/counted"
echo 'CONFIG_DEBUG_KOBJECT_CENSUS=y' > "$tmp/b/obj/smoke-$tag/tree/.config"
expect 2 "make KSRC=alone:<tree> census: a kernel with the census that counted nothing fails" \
	mk KSRC="alone:$tmp/k61" -o "$cr/ok" "$cr/counted"
has "no live kobject counted in" "  ... naming the census file"

# worktree.sh on a series of two patches (made by git format-patch on
# a branch of the fake tree): baseline takes the first, patched both
(cd "$tmp/k61" && git checkout -q -b work &&
	sed -i 's/^line 10$/line ten/' lib/kobject.c && git commit -qam 'kobject: ten' &&
	sed -i 's/^other 20$/other twenty/' lib/kref.c && git commit -qam 'kref: twenty' &&
	mkdir -p "$tmp/series" && git format-patch -q -o "$tmp/series" master &&
	git checkout -q master && git branch -q -D work)
(cd "$tmp/series" && { ls 0001-*; echo '# ---- patched only ----'; ls 0002-*; } > series)
head=$(git -C "$tmp/k61" rev-parse HEAD)
wt() { "$top/kernel/worktree.sh" "$tmp/k61" "$head" "$tmp/src-git.k61.0000/$1" "$1" "$tmp/series"; }
expect 0 "worktree.sh patched: git am of the series on a branch" wt patched
[ "$(git -C "$tmp/src-git.k61.0000/patched" log --format=%s "$head".. | tr '\n' ,)" = "kref: twenty,kobject: ten," ] &&
	[ "$(git -C "$tmp/src-git.k61.0000/patched" symbolic-ref --short HEAD)" = kref-2.7/git.k61.0000/patched ] &&
	t_ok "  ... both patches, on branch kref-2.7/git.k61.0000/patched" ||
	t_fail "  ... both patches, on branch kref-2.7/git.k61.0000/patched" "$(git -C "$tmp/src-git.k61.0000/patched" log --oneline -3)"
# the same branch from another directory of that name: stopped, not moved
wto() { "$top/kernel/worktree.sh" "$tmp/k61" "$head" "$tmp/o/src-git.k61.0000/patched" patched "$tmp/series"; }
expect 2 "worktree.sh: a branch checked out in another worktree stops" wto
has "branch kref-2.7/git.k61.0000/patched is checked out in $tmp/src-git.k61.0000/patched" "  ... naming it"
expect 0 "worktree.sh baseline: the patches above the line" wt baseline
[ "$(git -C "$tmp/src-git.k61.0000/baseline" log --format=%s "$head"..)" = "kobject: ten" ] &&
	t_ok "  ... one patch" || t_fail "  ... one patch" "$(git -C "$tmp/src-git.k61.0000/baseline" log --oneline -3)"
# again, nothing changed: every file keeps its mtime
touch -d 2001-01-01 "$tmp/src-git.k61.0000/patched/lib/kobject.c" "$tmp/src-git.k61.0000/patched/lib/kref.c"
wt patched > /dev/null 2>&1
[ -z "$(find "$tmp/src-git.k61.0000/patched/lib" -newermt 2002-01-01 -name '*.c')" ] &&
	t_ok "worktree.sh again: the files the series touches keep their mtimes" ||
	t_fail "worktree.sh again: the files the series touches keep their mtimes" \
		"$(ls -l --time-style=+%Y "$tmp/src-git.k61.0000/patched/lib")"
# the user's tree moves on: line 10 edited and committed, patch 1 fails
sed -i 's/^line 10$/line 10 (mine)/' "$tmp/k61/lib/kobject.c"
git -C "$tmp/k61" commit -qam 'my edit'
head2=$(git -C "$tmp/k61" rev-parse HEAD)
wt2() { "$top/kernel/worktree.sh" "$tmp/k61" "$head2" "$tmp/src-git.k61.0000/patched" patched "$tmp/series"; }
expect 1 "worktree.sh: a patch that does not apply stops" wt2
has "patch 0001-kobject-ten.patch (1 of 2) does not apply" "  ... naming the patch file"
has "error: patch failed: lib/kobject.c:7" "  ... the file and line git am gives"
has "Rejected hunk #1." "  ... and the rejected hunk"
st=$(git -C "$tmp/src-git.k61.0000/patched" status --porcelain; ls -d "$tmp/src-git.k61.0000/patched/.git/rebase-apply" \
	"$(git -C "$tmp/src-git.k61.0000/patched" rev-parse --git-dir)/rebase-apply" 2> /dev/null)
[ -z "$st" ] && [ "$(git -C "$tmp/src-git.k61.0000/patched" rev-parse HEAD)" != "$head2" ] &&
	[ "$(git -C "$tmp/src-git.k61.0000/patched" log --format=%s -1)" = "kref: twenty" ] &&
	t_ok "  ... the worktree put back as it was: no am in progress, nothing half-applied" ||
	t_fail "  ... the worktree put back as it was: no am in progress, nothing half-applied" "$st"
expect 1 "worktree.sh: the rerun fails the same way, not on leftovers" wt2
has "patch 0001-kobject-ten.patch (1 of 2) does not apply" "  ... naming the same patch"
t_done
