#!/bin/sh
# worktree.sh REPO COMMIT DEST tree|baseline|patched [SERIES_DIR]
#
# Make DEST a git worktree of the kernel git tree REPO (make's KSRC=) at
# COMMIT: "tree" detached there, no patch (the tree as it is; with
# SERIES_DIR, DEST.config gets the lines of SERIES_DIR/kernel.config whose
# option the tree's Kconfig has, the fragment of make's KSRC=alone:); "baseline"
# and "patched" on the branch kref-2.7/TAG/KIND made from COMMIT (TAG: the
# name of DEST's directory less "src-", git.NAME.HASH: one per user's tree,
# so two trees that share a repository never share a branch), with the
# kernel's share of SERIES_DIR/series (scripts/series-list.sh) applied by
# git am, one patch at a time (the user's hooks and am.threeWay off).  A
# branch checked out in another worktree than DEST stops it (exit 2).
#
# A patch that does not apply stops (exit 1) naming the patch file and
# what failed: git am's error (file and line) and the rejected hunks (git
# apply --reject -v, the .rej text); then DEST is put back as it was before this run (or removed
# when it is new), with no am in progress, so a rerun starts clean.  Each
# git command is bounded (timeout).
#
# DEST.series lists the patches applied, as kernel/tree.sh's does.
# DEST is updated in place: git rewrites only the files that change, and
# a file whose content ends up as before keeps its mtime, so a new patch
# or a new HEAD rebuilds only what it changed (kbuild goes by mtimes).
set -eu
[ $# -ge 4 ] || { echo "usage: $0 REPO COMMIT DEST tree|baseline|patched [SERIES_DIR]" >&2; exit 2; }
repo=$1 commit=$2 dest=$3 kind=$4 series_dir=${5:-}
# absolute and physical, as git worktree list prints it
mkdir -p "$(dirname "$dest")"
dest=$(cd "$(dirname "$dest")" && pwd -P)/$(basename "$dest")
here=$(cd "$(dirname "$0")/.." && pwd)
case $kind in
tree) [ -z "$series_dir" ] || series_dir=$(cd "$series_dir" && pwd) ;;
baseline|patched)
	[ -n "$series_dir" ] || { echo "worktree.sh: $kind needs SERIES_DIR" >&2; exit 2; }
	series_dir=$(cd "$series_dir" && pwd) ;;
*) echo "worktree.sh: unknown kernel '$kind' (tree|baseline|patched)" >&2; exit 2 ;;
esac
g() { timeout 600 git -c core.hooksPath=/dev/null -c am.threeWay=false -C "$dest" "$@" < /dev/null; }
# git am commits: a committer if the repository has none configured
git -C "$repo" var GIT_COMMITTER_IDENT > /dev/null 2>&1 ||
	export GIT_COMMITTER_NAME=kref-2.7 GIT_COMMITTER_EMAIL=kref-2.7@localhost
tag=$(basename "$(dirname "$dest")")
branch=kref-2.7/${tag#src-}/$kind
keep=$dest.keep
rm -rf "$keep"

# DEST: a worktree of REPO, or made one (a stale directory is removed)
cdir() { (cd "$(git -C "$1" rev-parse --path-format=absolute --git-common-dir)" && pwd -P); }
common=$(cdir "$repo")
old=
if [ -d "$dest" ]; then
	c=$(cdir "$dest" 2> /dev/null) && [ "$c" = "$common" ] &&
		[ "$(git -C "$dest" rev-parse --show-toplevel)" = "$(cd "$dest" && pwd -P)" ] ||
		{ echo "worktree.sh: $dest is no worktree of $repo: made again"; rm -rf "$dest"; }
fi
git -C "$repo" worktree prune
# the branch: in no other worktree (git checkout -B would move it there)
if [ "$kind" != tree ]; then
	other=$(git -C "$repo" worktree list --porcelain | awk -v b="refs/heads/$branch" -v d="$dest" '
		/^worktree / { w = substr($0, 10) } $0 == "branch " b && w != d { print w }')
	[ -z "$other" ] || {
		echo "worktree.sh: $kind: branch $branch is checked out in $other, not $dest (git worktree remove it)" >&2
		exit 2
	}
fi
if [ -d "$dest" ]; then
	# a run cut short left an am in progress, or files changed: undone
	g am --abort > /dev/null 2>&1 || true
	# (a file whose stat is stale but content the same is not rewritten)
	g update-index -q --refresh > /dev/null 2>&1 || true
	g reset -q --hard
	old=$(g rev-parse HEAD)
	# the files git will write: kept with their mtimes, to compare after
	mkdir -p "$keep"
	g diff --name-only --no-renames "$commit" "$old" -- > "$keep.list"
	(cd "$dest" && while IFS= read -r f; do
		[ -f "$f" ] || continue
		mkdir -p "$keep/$(dirname "$f")" && cp -p "$f" "$keep/$f"
	done) < "$keep.list"
	g checkout -q --detach "$commit"
else
	echo "worktree.sh: $kind: git worktree add $dest ($commit)"
	mkdir -p "$(dirname "$dest")"
	timeout 1200 git -C "$repo" worktree add -q --detach "$dest" "$commit" < /dev/null
fi

# put DEST back: as before this run, or no worktree when it is new
restore() {
	g am --abort > /dev/null 2>&1 || true
	g reset -q --hard
	g clean -q -f -- '*.rej' '*.orig' > /dev/null 2>&1 || true
	if [ -n "$old" ]; then
		g checkout -q -B "$branch" "$old" 2> /dev/null || g checkout -q --detach "$old"
		keep_mtimes
	else
		git -C "$repo" worktree remove --force "$dest" || rm -rf "$dest"
		rm -f "$dest.series"
		git -C "$repo" worktree prune
		[ "$kind" = tree ] || git -C "$repo" branch -q -D "$branch" 2> /dev/null || true
	fi
	rm -rf "$keep" "$keep.list"
}
# a file whose content is as before gets its old mtime back
keep_mtimes() {
	[ -f "$keep.list" ] || return 0
	n=0
	while IFS= read -r f; do
		[ -f "$keep/$f" ] && [ -f "$dest/$f" ] && cmp -s "$keep/$f" "$dest/$f" || continue
		touch -r "$keep/$f" "$dest/$f"
		n=$((n + 1))
	done < "$keep.list"
	echo "worktree.sh: $kind: $n file(s) unchanged since the last tree keep their mtime"
}

if [ "$kind" = tree ]; then
	keep_mtimes
	if [ -n "$series_dir" ]; then
		for o in $(sed -n 's/^CONFIG_\([A-Za-z0-9_]*\)=.*/\1/p' "$series_dir/kernel.config"); do
			if g grep -q -E "^[[:space:]]*(menu)?config[[:space:]]+${o}[[:space:]]*\$" -- '*Kconfig*'; then
				grep "^CONFIG_$o=" "$series_dir/kernel.config"
			else
				echo "worktree.sh: tree: no CONFIG_$o in its Kconfig: left out" >&2
			fi
		done > "$dest.config.new"
		mv "$dest.config.new" "$dest.config"
	fi
	rm -rf "$keep" "$keep.list"
	echo "worktree.sh: tree: $dest at $commit, no patch"
	exit 0
fi

g checkout -q -B "$branch" "$commit"
list=$("$here/scripts/series-list.sh" "$series_dir" "$kind")
total=$(echo "$list" | grep -c . || true)
# the files the patches touch are rewritten too: kept to compare
for p in $list; do
	sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$series_dir/$p"
done | sort -u | while IFS= read -r f; do
	grep -qxF "$f" "$keep.list" 2> /dev/null && continue
	[ -f "$dest/$f" ] || continue
	mkdir -p "$keep/$(dirname "$f")" && cp -p "$dest/$f" "$keep/$f"
	echo "$f" >> "$keep.list"
done
echo "worktree.sh: $kind: git am of $total patch(es) from $series_dir on branch $branch"
i=0
for p in $list; do
	i=$((i + 1))
	if ! g am -q "$series_dir/$p" > "$dest.am.log" 2>&1; then
		{
		echo "worktree.sh: $kind: patch $p ($i of $total) does not apply to $repo at $commit"
		# git am's errors (its hints on --continue, --skip, --abort: not
		# for this tree, which is put back)
		grep -v -e '^hint:' -e '^Patch failed at' -e '^When you have resolved' \
			-e '^If you prefer to skip' -e '^To restore the original branch' \
			"$dest.am.log" | sed 's/^/  git am: /'
		g am --abort > /dev/null 2>&1 || true
		# which hunks: git apply --reject, its .rej files
		g apply --reject -v "$series_dir/$p" 2>&1 |
			grep -E '^(Checking patch|Applying patch|Rejected hunk|error:)' | sed 's/^/  /'
		(cd "$dest" && git ls-files -o -- '*.rej' | while IFS= read -r r; do
			echo "  --- $r"; head -n 40 "$r" | sed 's/^/  /'; done)
		echo "worktree.sh: $kind: $dest put back as it was; nothing of $p is left in it"
		} >&2
		restore
		rm -f "$dest.am.log"
		exit 1
	fi
done
rm -f "$dest.am.log"
# the patches, one a line, as kernel/tree.sh's DEST.series (the size
# report takes a tree whose list is the series' as the pipeline's)
echo "$list" > "$dest.series"
keep_mtimes
rm -rf "$keep" "$keep.list"
echo "worktree.sh: $kind: $total patch(es) applied: $(g log -1 --format='%h %s')"
