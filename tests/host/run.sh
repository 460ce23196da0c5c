#!/bin/sh
# Host-side tests of the rig's own tools on recorded inputs: the config
# check, tree.sh on a patch that does not apply, and run.sh on bad input
# (the console scanner: scan.sh).  KTAP on stdout.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/ktap.sh"
data=$top/tests/host/data
tools=$top/build/tools
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

t_plan 12

# The config check: a fragment line olddefconfig dropped is named.
expect 0 "config-check: surviving fragment passes" \
	"$tools/config-check" "$data/fragment.config" -- "$data/dotconfig"
printf 'CONFIG_KASAN=y\n' >> "$tmp/dropped.config"
cat "$data/fragment.config" >> "$tmp/dropped.config"
if expect 1 "config-check: dropped line fails" \
	"$tools/config-check" "$tmp/dropped.config" -- "$data/dotconfig"; then
	case $t_out in
	*"dropped.config:1: want CONFIG_KASAN=y"*) t_ok "config-check: names the dropped line" ;;
	*) t_fail "config-check: names the dropped line" "$t_out" ;;
	esac
else
	t_fail "config-check: names the dropped line"
fi

# tree.sh: an empty series works; a patch that does not apply is named
# with its rejected hunk.
mkdir -p "$tmp/pristine" "$tmp/series"
printf 'one\ntwo\nthree\n' > "$tmp/pristine/file"
printf '# ---- patched only ----\n' > "$tmp/series/series"
expect 0 "tree.sh: empty series" \
	"$top/kernel/tree.sh" "$tmp/pristine" "$tmp/series" "$tmp/empty" patched
cp "$data/bad.patch" "$tmp/series/"
printf 'bad.patch\n' >> "$tmp/series/series"
expect 0 "tree.sh: baseline skips patched-only patches" \
	"$top/kernel/tree.sh" "$tmp/pristine" "$tmp/series" "$tmp/base" baseline
# (relative paths, as the Makefile passes them)
if expect 1 "tree.sh: patch that does not apply fails" \
	sh -c 'cd "$1" && "$2/kernel/tree.sh" pristine series bad patched' \
	- "$tmp" "$top"; then
	case $t_out in
	*"patch bad.patch does not apply"*"-zwei"*) t_ok "tree.sh: names the patch and shows the hunk" ;;
	*) t_fail "tree.sh: names the patch and shows the hunk" "$t_out" ;;
	esac
else
	t_fail "tree.sh: names the patch and shows the hunk"
fi

# tree.sh again: a file whose patched content did not change keeps its
# mtime (no rebuild), a file whose patch changed gets a new one.
mkdir -p "$tmp/s2"
printf 'one\ntwo\nthree\n' > "$tmp/pristine/other"
for f in file other; do
	printf -- '--- a/%s\n+++ b/%s\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n' \
		"$f" "$f" > "$tmp/s2/$f.patch"
done
printf 'file.patch\nother.patch\n' > "$tmp/s2/series"
touch -d 1999-01-01 "$tmp/pristine/file" "$tmp/pristine/other"
"$top/kernel/tree.sh" "$tmp/pristine" "$tmp/s2" "$tmp/mt" patched >/dev/null
touch -d '2000-01-01' "$tmp/mt/file" "$tmp/mt/other"
sed -i 's/^+2$/+zwo/' "$tmp/s2/other.patch"
if expect 0 "tree.sh: re-made tree after one patch changed" \
	"$top/kernel/tree.sh" "$tmp/pristine" "$tmp/s2" "$tmp/mt" patched; then
	old=$(find "$tmp/mt" -maxdepth 1 -name file ! -newermt 2000-01-02)
	new=$(find "$tmp/mt" -maxdepth 1 -name other -newermt 2000-01-02)
	if [ -n "$old" ] && [ -n "$new" ] && grep -q zwo "$tmp/mt/other"; then
		t_ok "tree.sh: unchanged file keeps its mtime, changed file does not"
	else
		t_fail "tree.sh: unchanged file keeps its mtime, changed file does not" \
			"$(ls -l --time-style=+%F "$tmp/mt")"
	fi
else
	t_fail "tree.sh: unchanged file keeps its mtime, changed file does not"
fi
if [ -z "$(find "$tmp/pristine" -type f -newermt 1999-01-02)" ]; then
	t_ok "tree.sh: the pristine tree's mtimes are never changed"
else
	t_fail "tree.sh: the pristine tree's mtimes are never changed" \
		"$(find "$tmp/pristine" -type f -newermt 1999-01-02)"
fi

# run.sh on bad input: clear error, bounded time, no QEMU left behind.
expect 5 "run.sh: missing kernel is a usage error" \
	"$top/qemu/run.sh" -k "$tmp/nope" -i "$tmp/nope" -s walk -o "$tmp/run0"
printf 'not a kernel\n' > "$tmp/bzImage"
expect 2 "run.sh: a file that is no kernel: boot failed" \
	"$top/qemu/run.sh" -k "$tmp/bzImage" -i "$tmp/bzImage" -s walk \
	-o "$tmp/run1" -t 60 -n 30
t_done
