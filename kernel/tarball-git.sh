#!/bin/sh
# tarball-git.sh PRISTINE DEST - a git tree of an unpacked Debian kernel
# tarball, for make's KSRC= modes (a tree of the user's own; make check
# takes one cell through it).
#
# DEST's files are hard links into PRISTINE (nothing in KSRC= mode writes
# the user's tree: baseline and patched are git worktrees elsewhere), and
# one commit holds them all.  Debian's tarball has a top-level .gitignore
# that ignores everything but debian/ ("/*", "!/debian/"), so the files
# are added with -f.  The commit's author, committer and dates are fixed:
# the same tarball gives the same commit id, hence the same cell names
# and build directories (kernel/ksrc.sh's tag) on every run.  DEST is made
# whole or not at all.
set -eu
[ $# = 2 ] || { echo "usage: $0 PRISTINE DEST" >&2; exit 2; }
src=$1 dest=$2
[ -f "$src/Makefile" ] || { echo "tarball-git.sh: $src is not a kernel tree (no Makefile)" >&2; exit 2; }
if [ -d "$dest/.git" ] && git -C "$dest" rev-parse -q --verify HEAD > /dev/null; then
	echo "tarball-git.sh: $dest is there ($(git -C "$dest" log --oneline -1))"
	exit 0
fi
rm -rf "$dest" "$dest.new"
mkdir -p "$(dirname "$dest")"
cp -al "$src" "$dest.new"
v=$(awk -F' *= *' '$1 == "VERSION" || $1 == "PATCHLEVEL" || $1 == "SUBLEVEL" { k[$1] = $2 }
	END { printf "%s.%s.%s", k["VERSION"], k["PATCHLEVEL"], k["SUBLEVEL"] }' "$src/Makefile")
export GIT_AUTHOR_NAME="Debian linux-source" GIT_AUTHOR_EMAIL=debian-kernel@lists.debian.org \
	GIT_COMMITTER_NAME="Debian linux-source" GIT_COMMITTER_EMAIL=debian-kernel@lists.debian.org \
	GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
	GIT_CONFIG_NOSYSTEM=1
cd "$dest.new"
git init -q
git add -A -f
git commit -q -m "Linux $v (Debian's linux-source tarball)"
cd - > /dev/null
mv "$dest.new" "$dest"
echo "tarball-git.sh: $dest: $(git -C "$dest" log --oneline -1), $(git -C "$dest" ls-files | wc -l) files"
