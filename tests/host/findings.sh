#!/bin/sh
# Host tests of the findings store, triage and render (findings/), on
# recorded inputs, nothing booted (seconds): the titles of recorded
# reports (findings/tests/reports/*.log against *.title), the records of a
# recorded sweep (findings/tests/run-sdebug: its attempts, the fatal one,
# the end checks), merging twice, a title no triage line names shown NEW
# with exit 1, results/findings.md rendered from the committed store (and
# a store less one record rendering otherwise: the check can fail), and a
# campaign (findings/campaign.sh) on a stub of qemu/run.sh
# (findings/tests/stub-run.sh): a fatal attempt booted past, a boot the
# per-boot limit cut booted again from its attempt, a planted report NEW
# and the exit 1, the campaign run again skipping what ended; and the
# recorded sweep as a LAVA job's log (its console and data frames, as
# initramfs/init's console mode writes them) rebuilt by lava/records.sh:
# the same records as the local run.  KTAP.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/lib/ktap.sh"
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cd "$top" || exit 1
fx=findings/tests

t_plan 28

# the tool, built here: the test needs nothing of build/
mkdir -p "$tmp/build/tools"
f=$tmp/build/tools/findings
expect 0 "findings.c builds (jansson)" sh -c "${CC:-cc} -O2 -Wall -Wextra -Werror -o $f findings/*.c \$(pkg-config --cflags --libs jansson)"

# the titles of recorded reports
bad=
for r in $fx/reports/*.log; do
	got=$("$f" title -F findings/frames.txt "$r")
	[ "$got" = "$(cat "${r%.log}.title")" ] || bad="$bad
${r##*/}: '$got', want '$(cat "${r%.log}.title")'"
done
if [ -z "$bad" ]; then t_ok "titles of $(ls $fx/reports/*.log | wc -l) recorded reports"
else t_fail "titles of recorded reports" "${bad#?}"; fi

# the records of a recorded sweep
expect 0 "records of a recorded sdebug sweep" "$f" records -S qemu/signatures.txt \
	-F findings/frames.txt -m kver=6.1 -m kernel=patched -m "boot=findings/boot.sh -K patched" \
	$fx/run-sdebug
printf '%s\n' "$t_out" >"$tmp/run.jsonl"
titles=$(sed -n 's/.*"title":"\([^"]*\)".*/\1/p' "$tmp/run.jsonl" | sort | paste -sd '|')
want="WARNING in remove_proc_entry from scsi_proc_host_rm|WARNING: kobject bug in __scsi_remove_device|census: +N ktype_cdev_default|kmemleak: leak from sdebug_device_create|kmemleak: leak from sysfs_slab_add|sysfs: entries differ under /sys/module/crc32c_generic"
[ "$titles" = "$want" ] && t_ok "  ... six titles: two attempts, four end checks" ||
	t_fail "  ... six titles: two attempts, four end checks" "got: $titles"
grep '"n":578' "$tmp/run.jsonl" | grep -q '"fatal":true' && grep '"n":578' "$tmp/run.jsonl" |
	grep -q '"also":\["KASAN: use-after-free in blk_mq_exit_queue"\]' &&
	t_ok "  ... the attempt the boot ended in is fatal, its later report an 'also'" ||
	t_fail "  ... the attempt the boot ended in is fatal, its later report an 'also'" "$(grep '"n":578' "$tmp/run.jsonl")"
grep '"n":577' "$tmp/run.jsonl" | grep -q '"repro":"findings/boot.sh -K patched -O sdebug -f 575 -l 577"' &&
	t_ok "  ... a window to reproduce it (from the boot's first attempt)" ||
	t_fail "  ... a window to reproduce it" "$(grep '"n":577' "$tmp/run.jsonl")"
grep '"n":577' "$tmp/run.jsonl" | grep -q '"stack":\["scsi_proc_host_rm (drivers/scsi/scsi_proc.c:189)"' &&
	t_ok "  ... its stack decoded where the judge decoded it (decoded.txt)" ||
	t_fail "  ... its stack decoded where the judge decoded it (decoded.txt)" "$(grep '"n":577' "$tmp/run.jsonl")"
grep -q 'kobject_add_internal' "$tmp/run.jsonl" && t_fail "  ... the expected warning (its window) is none" ||
	t_ok "  ... the expected warning (its window) is none"

# merge: added once
expect 0 "merge into an empty store" "$f" merge "$tmp/store" "$tmp/run.jsonl"
has "6 added (6 new titles)" "  ... 6 records, 6 titles"
expect 0 "merge the same records again" "$f" merge "$tmp/store" "$tmp/run.jsonl"
has "0 added" "  ... adds none"

# triage: a title no line names is NEW, and the exit says so
expect 0 "table: every title triaged (findings/triage.txt)" "$f" table -T findings/triage.txt "$tmp/store"
grep -v 'kobject bug in __scsi_remove_device' findings/triage.txt >"$tmp/triage"
expect 1 "table: a title the triage file does not name: exit 1" "$f" table -T "$tmp/triage" "$tmp/store"
has "NEW afef9eee  WARNING: kobject bug in __scsi_remove_device" "  ... named NEW, with its id"
printf 'WARNING in remove_proc_entry\tfixed\n' >"$tmp/bad-triage"
expect 2 "a triage line without an outcome: exit 2, the file and line named" "$f" table -T "$tmp/bad-triage" "$tmp/store"
has "bad-triage:1:" "  ... file:line"

# results/findings.md is rendered from the committed store
render() {
	"$f" render -T findings/triage.txt -s series -s series-6.12 -N findings/notes.md \
		-P findings/proofs.jsonl -A findings/throughput.md "$1"
}
render findings/store.jsonl >"$tmp/findings.md"
if cmp -s "$tmp/findings.md" results/findings.md; then
	t_ok "results/findings.md is the render of findings/store.jsonl (make findings-render)"
else
	t_fail "results/findings.md is the render of findings/store.jsonl (make findings-render)" \
		"$(diff results/findings.md "$tmp/findings.md" | head -n 10)"
fi
sed 1d findings/store.jsonl >"$tmp/less.jsonl"
render "$tmp/less.jsonl" >"$tmp/less.md"
cmp -s "$tmp/less.md" results/findings.md && t_fail "  ... a store less one record renders otherwise" ||
	t_ok "  ... a store less one record renders otherwise"

# a campaign on a stub of qemu/run.sh, in a build of its own
b=$tmp/build
eval "$(scripts/cells.sh -b "$b" -k 6.1 -t debug)"
mkdir -p "$OBJ/patched/arch/x86/boot"
printf 'CONFIG_FAILSLAB=y\nCONFIG_FAULT_INJECTION_DEBUG_FS=y\nCONFIG_SCSI_DEBUG=y\n' >"$OBJ/patched/.config"
: >"$OBJ/patched/$IMAGE"
: >"$INITRAMFS"
grep -v 'refcount bug in \*' findings/triage.txt >"$tmp/triage2"
expect 1 "campaign: sdebug on a stub, a planted report: exit 1" findings/campaign.sh -b "$b" \
	-K patched -s "$tmp/cstore" -T "$tmp/triage2" -r "$top/$fx/stub-run.sh" -e 1
has "NEW " "  ... the planted report is NEW"
has "WARNING: refcount bug in planted_put" "  ... by its title"
has "cut by the per-boot limit (-t 5400) in attempt 581: booting again from 581" "  ... a cut boot booted again from its attempt"
[ "$(cat "$b/findings/debug/patched/sdebug/done" 2>/dev/null)" = 582 ] &&
	t_ok "  ... the sweep ended past its fatal point (582 fault points)" ||
	t_fail "  ... the sweep ended past its fatal point" "$(ls "$b/findings/debug/patched/sdebug")"
expect 1 "campaign again: nothing left to sweep" findings/campaign.sh -b "$b" \
	-K patched -s "$tmp/cstore" -T "$tmp/triage2" -r "$top/$fx/stub-run.sh" -e 1
has "swept whole before (582 fault points), skipped" "  ... the ended sweep skipped"

# the same sweep through a LAVA log: lava/records.sh, then the same records
ll=$tmp/lava-log
if cc -O2 -o "$ll" lava/lava-log.c $(pkg-config --cflags --libs yaml-0.1) 2>"$tmp/cc.log"; then
	{
		"$f" json dt=2026-12-08T00:00:00.0 lvl=info "msg=lava-dispatcher, installed at version: 2023.01"
		j() { "$f" json dt=2026-12-08T00:00:01.0 lvl=target "msg=$1"; }
		j "<<KREF init>> results=console scenario=faultsweep"
		j "<<KREF ready>>"
		while IFS= read -r l; do j "$l"; done <$fx/run-sdebug/console.log
		for d in census.before census.after kmemleak snapshot.diff; do
			echo "--- begin $d"; cat "$fx/run-sdebug/data/$d"; echo "--- end $d"
		done | {
			seq=0
			while IFS= read -r l; do
				seq=$((seq + 1))
				j "<<KREF data $seq $(printf '%s' "$l" | wc -c)>> $l"
			done
		}
		j "<<KREF ktap end 0>>"
		j "<<KREF data end $(cat $fx/run-sdebug/data/* | wc -l | awk '{ print $1 + 8 }')>>"
		j "<<KREF exit 1>>"
	} >"$tmp/lava.yaml"
	LAVA_LOG=$ll lava/records.sh -n "$tmp/lava.yaml" "$tmp/lava-run" >"$tmp/lava.out" 2>&1
	# (the judge decodes a crash with the kernel's vmlinux: none here)
	cp $fx/run-sdebug/decoded.txt "$tmp/lava-run/"
	expect 0 "a LAVA log of the sweep: its records (lava/records.sh, findings records)" "$f" records \
		-S qemu/signatures.txt -F findings/frames.txt -m kver=6.1 -m kernel=patched \
		-m "boot=findings/boot.sh -K patched" "$tmp/lava-run"
	# (how the boot ended is not compared: this log ends with the guest's
	# exit, the recorded run in its fatal attempt, a LAVA job's timeout)
	printf '%s\n' "$t_out" | sed 's/"fatal":[a-z]*,//' | sort >"$tmp/lava.jsonl"
	sed 's/"fatal":[a-z]*,//' "$tmp/run.jsonl" | sort >"$tmp/local.jsonl"
	if cmp -s "$tmp/lava.jsonl" "$tmp/local.jsonl"; then
		t_ok "  ... the local run's records, so they merge the same"
	else
		t_fail "  ... the local run's records, so they merge the same" \
			"$(tail -n 3 "$tmp/lava.out"; diff "$tmp/local.jsonl" "$tmp/lava.jsonl" | head -n 6)"
	fi
else
	t_result 0 "a LAVA log of the sweep" "SKIP no libyaml to build lava/lava-log.c: $(head -n 1 "$tmp/cc.log")"
	t_result 0 "  ... the local run's records" "SKIP"
fi
t_done
