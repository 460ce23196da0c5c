#!/bin/sh
# Host tests of what a fresh machine gets (seconds, nothing installed):
# every package scripts/needs.txt names for a group is one that
# scripts/install-deps.sh installs for that group (so a package dropped
# from install-deps.sh, or a tool added to a phase without its package,
# fails here, not on a new user's machine ten minutes into `make`), and
# scripts/need.sh names the missing command and its package.  KTAP.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/lib/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

groups=$(awk '!/^#/ && NF > 2 && $1 != "base" { print $1 }' "$top/scripts/needs.txt" | sort -u)
t_plan $(($(echo $groups | wc -w) + 7))

# covered INSTALL_DEPS GROUP: the packages need.sh lists for GROUP that
# INSTALL_DEPS -n GROUP does not install (none: empty output)
covered() {
	"$1" -n $2 > "$tmp/have" || return 2
	"$top/scripts/need.sh" -l $2 | grep -vxF -f "$tmp/have"
}
for g in base $groups; do
	[ "$g" = base ] && arg= || arg=$g
	miss=$(covered "$top/scripts/install-deps.sh" "$arg")
	[ -z "$miss" ]
	t_result $? "install-deps.sh ${arg:-(base)} installs every package needs.txt names for it"
	[ -z "$miss" ] || t_diag "missing from install-deps.sh: $(echo $miss)"
done

# the same check on a copy of install-deps.sh without dwarves: it must fail
sed 's/ dwarves / /' "$top/scripts/install-deps.sh" > "$tmp/install-deps.sh"
chmod +x "$tmp/install-deps.sh"
miss=$(covered "$tmp/install-deps.sh" "")
[ "$miss" = dwarves ]
t_result $? "a copy of install-deps.sh without dwarves is caught, naming dwarves (got: '$miss')"

# need.sh on a table of its own: a missing command and a missing path are
# named with their packages, a present one passes
mkdir -p "$tmp/s"
cp "$top/scripts/need.sh" "$tmp/s/"
cat > "$tmp/s/needs.txt" <<'TABLE'
base   sh                                sh-pkg          present
base   no-such-command-kref27            kref27-tools    test
base   /nonexistent/kref27.tar.xz        linux-source-9.9 test
extra  another-missing-kref27            extra-pkg       test
TABLE
out=$("$tmp/s/need.sh" -c sh 2>&1)
t_result $? "need.sh -c passes a command that is there"
out=$("$tmp/s/need.sh" -c no-such-command-kref27 2>&1)
rc=$?
case "$rc:$out" in
1:*"missing no-such-command-kref27"*"package kref27-tools"*) t_ok "need.sh -c names a missing command and its package" ;;
*) t_fail "need.sh -c names a missing command and its package" "rc $rc: $out" ;;
esac
out=$("$tmp/s/need.sh" 2>&1)
rc=$?
case "$rc:$out" in
1:*"missing /nonexistent/kref27.tar.xz"*"linux-source-9.9"*)
	case $out in *another-missing*) t_fail "need.sh checks base's paths, not other groups'" "$out" ;;
	*) t_ok "need.sh checks base's paths, not other groups'" ;; esac ;;
*) t_fail "need.sh checks base's paths, not other groups'" "rc $rc: $out" ;;
esac
out=$("$tmp/s/need.sh" -c not-in-table 2>&1)
[ $? = 2 ] && case $out in *"no line"*) true ;; *) false ;; esac
t_result $? "need.sh -c refuses a tool needs.txt does not list"
out=$("$top/scripts/need.sh" nogroup 2>&1)
[ $? = 2 ] && case $out in *"unknown group 'nogroup'"*) true ;; *) false ;; esac
t_result $? "need.sh refuses an unknown group, naming it"
t_done
