#!/bin/sh
# Host-side tests of the rig's own tools on recorded inputs: the config
# check, tree.sh on a patch that does not apply, and run.sh on bad input
# (the console scanner: scan.sh).  KTAP on stdout.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/lib/ktap.sh"
data=$top/tests/host/data
tools=$top/build/tools
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

t_plan 118

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
# a symlinked pristine tree is refused: quilt would patch through it
ln -s pristine "$tmp/pristine-link"
expect 2 "tree.sh: a symlinked pristine tree is refused" \
	"$top/kernel/tree.sh" "$tmp/pristine-link" "$tmp/series" "$tmp/linked" patched
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

# phase.sh: a start line with the log, a progress line every -e
# seconds (objects built from kbuild lines, or the command's own
# "progress:" line), the end line.
phase() { "$top/scripts/phase.sh" -e 1 "build x" "$tmp/phase.log" "$@"; }
expect 0 "phase.sh: a kbuild-like phase" phase sh -c \
	'for i in 1 2 3; do echo "  CC      a$i.o"; sleep 1; done'
has "build x                      start         $tmp/phase.log" "  ... prints a start line with its log"
has "objects built, last: a" "  ... and how many objects are built while it runs"
has "build x                      ok" "  ... and the end line"
case $t_out in
*"objects, ~"*) t_fail "  ... with no total and no time left on a first build" "$t_out" ;;
*) t_ok "  ... with no total and no time left on a first build" ;;
esac
# a second build of the same step: the total and the time left come from
# the first one's count and seconds (its LOG.last)
expect 0 "phase.sh: the same phase again" phase sh -c \
	'for i in 1 2 3; do echo "  CC      b$i.o"; sleep 2; done'
has "of 3 objects, ~" "  ... counts against the last build's total, with the time left"
expect 1 "phase.sh: a failing phase with its own progress" phase sh -c \
	'echo "progress: run 30s, cycle 7 of 50"; sleep 2; exit 1'
has "cycle 7 of 50" "  ... relays it"
# the end line's CPU seconds count the command's children (a grandchild
# burning >= 1 s of CPU); a `times` in a subshell would print 0
expect 0 "phase.sh: the CPU time of a phase's processes" phase sh -c \
	'sh -c "awk \"BEGIN { for (i = 0; i < 4e7; i++) s += i }\""'
cpu=$(printf '%s\n' "$t_out" | sed -n 's/^build x  *ok  *[0-9]*s  cpu  *\([0-9]*\)s .*/\1/p')
[ "${cpu:-0}" -ge 1 ] && t_ok "  ... on its end line (cpu ${cpu}s)" ||
	t_fail "  ... on its end line" "cpu '${cpu}' in: $t_out"

# tests/steps.sh (what check.sh runs its steps with): one KTAP document
# that kunit.py parse reads as one tree, each step's own KTAP nested; a
# step whose script is missing is a failed test, not a skipped one.
kunit=${KUNIT_PY:-$top/build/src/pristine/tools/testing/kunit/kunit.py}
cat > "$tmp/two.sh" <<'EOS'
#!/bin/sh
echo "noise before"
printf 'KTAP version 1\n1..2\nok 1 - a\n# a note\nnot ok 2 - b\n'
echo "   verdict: 1 test failed"
exit 1
EOS
chmod +x "$tmp/two.sh"
steps() {
	cd "$top" && s_logs=$tmp/steps && . tests/steps.sh &&
	s_step "one" true; s_add a "two"; s_add b "gone"; s_add c "lost"
	{ s_run "$a" "$tmp/two.sh"; s_run "$b" "$tmp/renamed.sh"; } &
	wait; s_print
}
quiet_steps() { steps 2> /dev/null; }
expect 1 "steps: a failing step fails the whole" quiet_steps
has "not ok 3 gone # $tmp/renamed.sh is missing" "  ... a missing script is a failed test"
has "not ok 4 lost # never ran" "  ... a declared step that never ran is a failed test"
has "1 passed, 3 failed" "  ... and both are counted"
has "# log: $tmp/steps/2-two.log
# verdict: 1 test failed
not ok 2 two" "  ... a failed step names its log and why, once"
steps > "$tmp/steps.out" 2> "$tmp/steps.err"
if [ -f "$kunit" ]; then
	python3 "$kunit" parse --json="$tmp/steps.json" "$tmp/steps.out" > "$tmp/steps.txt" 2>&1
	tree=$(python3 -c 'import json, sys
t = json.load(open(sys.argv[1]))
print(" ".join(g["name"] + ":" + ",".join(c["name"] + "=" + c["status"] for c in g["test_cases"]) for g in t["sub_groups"]), " ".join(c["name"] + "=" + c["status"] for c in t["test_cases"]))' "$tmp/steps.json")
	case $tree in
	"two:a=PASS,b=FAIL one=PASS gone=FAIL lost=FAIL") t_ok "steps: kunit.py parse --json reads one tree" ;;
	*) t_fail "steps: kunit.py parse --json reads one tree" "$tree" ;;
	esac
else
	t_fail "steps: kunit.py parse --json reads one tree" "no $kunit"
fi

# run.sh on bad input: clear error, bounded time, no QEMU left behind.
expect 5 "run.sh: missing kernel is a usage error" \
	"$top/qemu/run.sh" -k "$tmp/nope" -i "$tmp/nope" -s walk -o "$tmp/run0"
printf 'not a kernel\n' > "$tmp/bzImage"
expect 5 "run.sh: a file that is no kernel: QEMU exited before booting" \
	"$top/qemu/run.sh" -k "$tmp/bzImage" -i "$tmp/bzImage" -s walk \
	-o "$tmp/run1" -t 60 -n 30
has "QEMU exited before booting" "  ... says so"
has "too old to load" "  ... with qemu.log's last lines"
[ -z "$(find /tmp -maxdepth 1 -name 'krefrun.*' -newer "$tmp/bzImage")" ] &&
	t_ok "  ... and removes its socket directory" ||
	t_fail "  ... and removes its socket directory" "$(ls -d /tmp/krefrun.*)"

# run.sh's watch, with a QEMU stand-in (no boot): it writes the console
# and KTAP files run.sh gives it, as FAKE says, then exits like the guest.
mkdir -p "$tmp/bin"
cat > "$tmp/bin/qemu-system-x86_64" <<'EOS'
#!/bin/sh
n=0
for a; do
	case $a in
	file:*) n=$((n + 1)); eval "f$n=\${a#file:}" ;;
	file,*path=*) n=$((n + 1)); eval "f$n=\${a##*path=}" ;;
	esac
done
case $FAKE in
stall)	echo '[    9.1] rcu: INFO: rcu_sched detected stalls on CPUs/tasks:' > "$f1"
	while :; do echo '[    9.2] still printing' >> "$f1"; sleep 1; done ;;
cycles)	for i in 1 2 3 4; do echo "[    9.$i] hotplug: qnet: cycle $i at 9.$i s" >> "$f1"; sleep 1; done
	printf 'KTAP version 1\n1..1\nok 1 stress\n' > "$f2"; exit 33 ;;
plan)	echo '[    9.1] init: up' > "$f1"
	printf 'KTAP version 1\n1..19\nok 1 setup\n' > "$f2"; exit 33 ;;
esac
EOS
chmod +x "$tmp/bin/qemu-system-x86_64"
fake() {
	FAKE=$1 PATH=$tmp/bin:$PATH ACCEL=tcg \
		"$top/qemu/run.sh" -G 2 -P 1 -k "$tmp/bzImage" -i "$tmp/bzImage" -s fake \
		-o "$tmp/fake-$1" -t 20 -n 15
}
expect 3 "run.sh: a stall row of the table in the console ends the run (fake QEMU)" fake stall
grep -v '^stall	' "$top/qemu/signatures.txt" > "$tmp/no-stall.txt"
fake_nostall() { SIGNATURES=$tmp/no-stall.txt fake stall; }
expect 4 "  ... the same run with the table's stall rows removed times out" fake_nostall
expect 0 "run.sh: a guest that reports pass (fake QEMU)" fake cycles
has "progress: fake" "  ... prints progress lines while it runs"
has "; hotplug: qnet: cycle " "  ... with the last cycle line of the console"
expect 1 "run.sh: a guest that reports pass with a KTAP plan it did not make" fake plan
has "missing expected subtest" "  ... is a failed test (kunit.py parse)"

# -A i386: the same run on qemu-system-i386 (faked the same way).
cp "$tmp/bin/qemu-system-x86_64" "$tmp/bin/qemu-system-i386"
fakearch() {	# fakearch ARCH: a passing run of run.sh -A ARCH
	FAKE=cycles PATH=$tmp/bin:$PATH ACCEL=tcg \
		"$top/qemu/run.sh" -P 1 -A "$1" -k "$tmp/bzImage" -i "$tmp/bzImage" \
		-s fake -o "$tmp/fake-$1" -t 20 -n 15
}
expect 0 "run.sh -A i386: a guest that reports pass (fake QEMU)" fakearch i386
has "reproduce: qemu-system-i386 " "  ... runs qemu-system-i386"
has " no_timer_check " "  ... and boots with no_timer_check (a starved vCPU fails the IO-APIC timer check)"
grep -qx 'arch=i386' "$tmp/fake-i386/status" &&
	t_ok "  ... and records arch=i386 in its status" ||
	t_fail "  ... and records arch=i386 in its status" "$(cat "$tmp/fake-i386/status")"
# -A arm64: -M virt, the console on its UART, KTAP and data on virtio
# consoles (chardev files) that the kernel command line names, the exit
# through semihosting (faked the same way).
cp "$tmp/bin/qemu-system-x86_64" "$tmp/bin/qemu-system-aarch64"
expect 0 "run.sh -A arm64: a guest that reports pass (fake QEMU)" fakearch arm64
has "reproduce: qemu-system-aarch64 -name krefrun-" "  ... runs qemu-system-aarch64"
has " -M virt -cpu cortex-a57 " "  ... on -M virt with the table's CPU"
has " -semihosting-config enable=on,userspace=on " "  ... with semihosting for the guest's exit"
has "console=ttyAMA0 " "  ... its console on the PL011 UART"
has " ports=hvc0,hvc1,hvc2 " "  ... and the KTAP, data and control ports named for the guest"
expect 5 "run.sh -A arm: an unknown arch is a usage error" \
	"$top/qemu/run.sh" -A arm -k "$tmp/bzImage" -i "$tmp/bzImage" -s walk -o "$tmp/run-arm"
has "unknown arch 'arm'" "  ... named"

# A run directory deeper than a UNIX socket path may be (107 bytes): QEMU
# (real, no kernel to boot) must get past creating its QMP socket.
deep=$tmp/$(printf '%0100d' 0)/run
expect 5 "run.sh: a run directory of more than 100 bytes" \
	"$top/qemu/run.sh" -k "$tmp/bzImage" -i "$tmp/bzImage" -s walk -o "$deep" -t 60 -n 30
has "too old to load" "  ... QEMU gets past its sockets to the kernel"

# The boot plan (qemu/plan.sh, qemu/plan.txt): make's boots and LAVA's
# jobs from the same records, for any cell, no make -n.
plan() { "$top/qemu/plan.sh" "$@"; }
expect 0 "plan.sh: the boots of make (all) on 6.12 i386" plan -k 6.12 -a i386 all
[ "$(printf '%s\n' "$t_out" | wc -l)" = 14 ] &&
	t_ok "  ... 14: walk, kunit, census, hotplug, bench-1..3 of both kernels" ||
	t_fail "  ... 14: walk, kunit, census, hotplug, bench-1..3 of both kernels" "$t_out"
has "$(printf 'fast-i386-6.12\tpatched\tbench-2\tbench\ti386\tbuild/obj/fast-i386-6.12/patched/arch/x86/boot/bzImage\tbuild/initramfs-i386.cpio.gz\tbuild/runs/fast-i386-6.12/patched/bench-2\t300\t120\t-\tmaxcpus=1 ')" \
	"  ... a bench boot with the cell's kernel, initramfs, run dir and the plan's options"
expect 0 "plan.sh -v cycles=3: the hotplug boot's timeout follows" plan -v cycles=3 -f timeout patched/hotplug
has 1380 "  ... 1200 + 60 s a cycle"
expect 0 "plan.sh: a run that boots its kernel's own initramfs (modules)" plan -t debug -f initrd patched/modules
has "build/obj/debug/patched/initramfs.cpio.gz" "  ... the one in the kernel's O= dir"
expect 2 "plan.sh -v: a variable the plan does not have is refused" plan -v cycle=3 walk
has "cycle: no such variable" "  ... named"
mkdir -p "$tmp/pb/obj/fast/patched/arch/x86/boot"
cp "$tmp/bzImage" "$tmp/pb/obj/fast/patched/arch/x86/boot/bzImage"
cp "$tmp/bzImage" "$tmp/pb/initramfs.cpio.gz"
planrun() { FAKE=cycles PATH=$tmp/bin:$PATH ACCEL=tcg plan -b "$tmp/pb" -x "$top/qemu/run.sh" patched/bench-1; }
expect 0 "plan.sh -x qemu/run.sh: the plan's bench boot (fake QEMU)" planrun
has " -icount shift=0 -kernel " "  ... with the plan's QEMU options"
has " scenario=bench kunit.filter_glob=- maxcpus=1 reps=10 " "  ... and kernel arguments"
expect 0 "lava/jobs.sh: jobs of 6.12 arm64 from the plan" "$top/lava/jobs.sh" -k 6.12 -a arm64 \
	"$tmp/lava" bench hotplug
has "6 jobs, 2 runs skipped" "  ... the bench boots, the hotplug boots skipped (host driver)"
t_out=$(cat "$tmp/lava/fast-arm64-6.12/patched/bench-3/job.yaml")
has "build/obj/fast-arm64-6.12/patched/arch/arm64/boot/Image'" "  ... each job with its cell's kernel"
has "build/initramfs-arm64.cpio.gz'" "  ... initramfs"
has "console=ttyAMA0 " "  ... console"
has "seconds: 300}" "  ... and the plan's timeout"

# The KVM probe (a second boot, up to 30 s) runs once per host: its answer
# is cached until /dev/kvm or the CPU flags change.  (Faked: a CPU with
# vmx and a writable "/dev/kvm" file; the probe itself fails, so TCG.)
printf 'flags\t: fpu vmx sse2\n' > "$tmp/cpuinfo"
: > "$tmp/kvm"
kvm() {
	CPUINFO=$tmp/cpuinfo KVM_DEV=$tmp/kvm KVM_CACHE=$tmp/kvm-probe \
		"$top/qemu/run.sh" -k "$tmp/bzImage" -i "$tmp/bzImage" -s walk \
		-o "$tmp/run2" -t 60 -n 30 "$@"
}
expect 5 "run.sh: KVM offered: first run probes" kvm
has "probing KVM" "  ... says so"
expect 5 "run.sh: second run" kvm
has "KVM probe cached" "  ... takes the cached answer"
touch -d 2001-01-01 "$tmp/kvm"
expect 5 "run.sh: /dev/kvm changed" kvm
has "probing KVM" "  ... probes again"
printf 'flags\t: fpu vmx sse2 avx\n' > "$tmp/cpuinfo"
expect 5 "run.sh: CPU flags changed" kvm
has "probing KVM" "  ... probes again"
kvm386() { PATH=$tmp/nokvm:$PATH kvm -A i386; }
mkdir -p "$tmp/nokvm"
printf '#!/bin/sh\necho "$0 $*" >> %s/probed; exec %s "$@"\n' "$tmp" \
	"$(command -v qemu-system-i386)" > "$tmp/nokvm/qemu-system-i386"
chmod +x "$tmp/nokvm/qemu-system-i386"
expect 5 "run.sh -A i386: the x86_64 answer is not taken for qemu-system-i386" kvm386
has "probing KVM" "  ... probes again"
grep -q 'nokvm/qemu-system-i386 .*-accel kvm' "$tmp/probed" 2> /dev/null &&
	t_ok "  ... with qemu-system-i386" || t_fail "  ... with qemu-system-i386"

# configure.sh's arch, on a stand-in kernel tree: a Makefile whose
# tinyconfig writes an X86_32 or X86_64 .config as ARCH says (or always
# X86_64 with LIAR=1) and records the ARCH make got.
mkdir -p "$tmp/ksrc"
cat > "$tmp/ksrc/Makefile" <<'EOS'
tinyconfig:
	@echo "ARCH=$(ARCH)" > $(O)/make-arch
	@if [ "$(ARCH)" = i386 ] && [ -z "$(LIAR)" ]; then echo CONFIG_X86_32=y; \
	 else echo CONFIG_X86_64=y; fi > $(O)/.config
olddefconfig:
	@grep -v -e '^#' -e GONE $(O)/.config | sort -u -o $(O)/.config
EOS
printf 'CONFIG_A=y\n' > "$tmp/a.config"
unset LIAR
conf() { ARCH= "$top/kernel/configure.sh" "$@"; }
expect 0 "configure.sh -a i386: an i386 config" conf -a i386 "$tmp/ksrc" "$tmp/k1" "$tmp/a.config"
grep -qx 'ARCH=i386' "$tmp/k1/make-arch" && t_ok "  ... made with ARCH=i386" ||
	t_fail "  ... made with ARCH=i386" "$(cat "$tmp/k1/make-arch")"
expect 0 "configure.sh: x86_64 by default" conf "$tmp/ksrc" "$tmp/k2" "$tmp/a.config"
grep -qx 'ARCH=x86' "$tmp/k2/make-arch" && t_ok "  ... made with ARCH=x86 (kbuild's default here)" ||
	t_fail "  ... made with ARCH=x86 (kbuild's default here)" "$(cat "$tmp/k2/make-arch")"
# under `make ARCH=i386` (make matrix's i386 cells, whose size report
# configures x86_64 layouts too) the ARCH of make's command line reaches
# every make below through MAKEFLAGS
under_i386() { MAKEFLAGS=" -- ARCH=i386" conf -a x86_64 "$tmp/ksrc" "$tmp/k8" "$tmp/a.config"; }
expect 0 "configure.sh -a x86_64 under make ARCH=i386: an x86_64 config" under_i386
liar() { LIAR=1 conf -a i386 "$tmp/ksrc" "$tmp/k3" "$tmp/a.config"; }
expect 1 "configure.sh -a i386: a .config that came out 64-bit fails" liar
has "is not an i386 config (no CONFIG_X86_32=y)" "  ... and says so"
printf 'CONFIG_GONE=y\n' > "$tmp/gone.config"
expect 1 "configure.sh: a fragment line that did not survive fails" \
	conf -a i386 "$tmp/ksrc" "$tmp/k4" "$tmp/a.config" "$tmp/gone.config"
has "gone.config:1: want CONFIG_GONE=y" "  ... naming it"
expect 2 "configure.sh -a arm: unknown arch" conf -a arm "$tmp/ksrc" "$tmp/k5" "$tmp/a.config"
# the arch's fragments are added: <arch>.config, and <tier>-<arch>.config
# after a kernel/configs/<tier>.config
conf "$tmp/ksrc" "$tmp/k6" "$top/kernel/configs/debug.config" > /dev/null 2>&1
conf -a i386 "$tmp/ksrc" "$tmp/k7" "$top/kernel/configs/debug.config" > /dev/null 2>&1
k=$(grep -hE '^CONFIG_(64BIT|KASAN|M686|DEBUG_KMEMLEAK)=' "$tmp/k6/.config" | tr '\n' ' ')
[ "$k" = "CONFIG_64BIT=y CONFIG_DEBUG_KMEMLEAK=y CONFIG_KASAN=y " ] &&
	t_ok "configure.sh: x86_64 gets x86_64.config and debug-x86_64.config (KASAN)" ||
	t_fail "configure.sh: x86_64 gets x86_64.config and debug-x86_64.config (KASAN)" "$k"
k=$(grep -hE '^CONFIG_(64BIT|KASAN|M686|DEBUG_KMEMLEAK)=' "$tmp/k7/.config" | tr '\n' ' ')
[ "$k" = "CONFIG_DEBUG_KMEMLEAK=y CONFIG_M686=y " ] &&
	t_ok "configure.sh -a i386: gets i386.config, no KASAN" ||
	t_fail "configure.sh -a i386: gets i386.config, no KASAN" "$k"

# The arch fragments: KASAN only in the x86_64 debug fragment (6.1 has no
# i386 KASAN), 64BIT only in the arch fragments.
c=$top/kernel/configs
k=$(grep -l '^CONFIG_KASAN' "$c"/*.config | sed 's|.*/||' | tr '\n' ' ')
[ "$k" = "debug-x86_64.config " ] && t_ok "configs: KASAN only in debug-x86_64.config" ||
	t_fail "configs: KASAN only in debug-x86_64.config" "in: $k"
k=$(grep -l 'CONFIG_64BIT' "$c"/*.config | sed 's|.*/||' | tr '\n' ' ')
[ "$k" = "i386.config x86_64.config " ] && t_ok "configs: 64BIT only in i386.config and x86_64.config" ||
	t_fail "configs: 64BIT only in i386.config and x86_64.config" "in: $k"

# The tiers' fragments: the smoke tier is base.config alone (no device),
# the others add devices.config; the series' options on every tier.
fr() { "$top/scripts/cells.sh" -t "$1" -v FRAGMENTS | sed 's|kernel/configs/||g'; }
k=$(fr smoke)
[ "$k" = "base.config smoke.config series/kernel.config" ] &&
	t_ok "configs: the smoke tier is base.config without devices.config" ||
	t_fail "configs: the smoke tier is base.config without devices.config" "$k"
k=$(fr fast)
[ "$k" = "base.config devices.config fast.config series/kernel.config" ] &&
	t_ok "configs: the fast tier is base.config + devices.config" ||
	t_fail "configs: the fast tier is base.config + devices.config" "$k"

# make census: a passed census run counts live kobjects and ktypes; a run
# without the series' census (or with none live) fails, naming the file.
cr=$tmp/b/runs/smoke/baseline/census
mkdir -p "$cr/data"
touch "$cr/ok"
census() { make -s --no-print-directory -C "$top" B="$tmp/b" TIER=smoke -o "$cr/ok" "$cr/counted"; }
printf 'live 612\ninitialised 700\nreleased 88\nktype dynamic_kobj_ktype 40\nktype device_ktype 300\n' > "$cr/data/census"
expect 0 "make census: a census with live kobjects" census
case $t_out in
*"census smoke/baseline: 612 live kobjects, 2 ktypes"*) t_ok "  ... prints what it counted" ;;
*) t_fail "  ... prints what it counted" "$t_out" ;;
esac
rm -f "$cr/counted"
: > "$cr/data/census"
expect 2 "make census: an empty census fails" census
has "no live kobject counted in $cr/data/census" "  ... naming the census file"

# initramfs/build.sh -a i386: every ELF in it is i386, systool finds its
# libraries and loader in /lib, and the archive is reproducible.
b386() { "$top/initramfs/build.sh" -a i386 "$1"; }
if expect 0 "build.sh -a i386: builds" b386 "$tmp/i1/initramfs.cpio.gz"; then
	d=$tmp/i1/initramfs.d bad=
	for f in $(find "$d" -type f); do
		readelf -h "$f" > /dev/null 2>&1 || continue
		readelf -h "$f" | grep -q 'Machine:.*80386' || bad="$bad ${f#$d}"
	done
	[ -z "$bad" ] && t_ok "  ... every ELF file in it is i386" || t_fail "  ... every ELF file in it is i386" "not:$bad"
	miss=
	for n in ld-linux.so.2 $(readelf -d "$d/bin/systool" "$d"/lib/*.so* |
			sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u); do
		[ -f "$d/lib/$n" ] || miss="$miss $n"
	done
	[ -z "$miss" ] && t_ok "  ... systool's loader and libraries are in /lib" ||
		t_fail "  ... systool's loader and libraries are in /lib" "missing:$miss"
	b386 "$tmp/i2/initramfs.cpio.gz" > /dev/null 2>&1
	cmp -s "$tmp/i1/initramfs.cpio.gz" "$tmp/i2/initramfs.cpio.gz" &&
		t_ok "  ... twice: byte-identical" || t_fail "  ... twice: byte-identical"
else
	for n in "every ELF file in it is i386" "systool's loader and libraries are in /lib" \
		"twice: byte-identical"; do t_fail "  ... $n"; done
fi
noroot() { I386_ROOT=$tmp/none "$top/initramfs/build.sh" -a i386 "$tmp/i3/x.cpio.gz"; }
expect 1 "build.sh -a i386 without the i386 packages fails" noroot
has "run scripts/install-deps.sh" "  ... and says what to run"
expect 2 "build.sh -a sparc: unknown arch" "$top/initramfs/build.sh" -a sparc "$tmp/i4/x.cpio.gz"
# The hotplug stress's cpu trigger (initramfs/lib/triggers.sh), with the
# guest's sysfs and dmesg stubbed: cpu1 that cannot come back online with
# "smpboot: APIC delivery error" (the emulated APIC) is a SKIP from that
# cycle on; any other failure to come online is a failure.
cpu_trigger() {	# cpu_trigger APIC-ERRORS-PER-FAILED-ONLINE
	(
	log() { :; }
	. "$top/initramfs/lib/triggers.sh"
	state=1 ups=0 apic=0 per=$1
	cat() { echo "$state"; }
	dmesg() { i=0; while [ $i -lt "$apic" ]; do echo "smpboot: APIC delivery error (80)"; i=$((i + 1)); done; }
	cpu_set_online() {
		if [ "$1" = 0 ]; then state=0; return 0; fi
		ups=$((ups + 1))
		[ "$ups" -lt 3 ] && { state=1; return 0; }
		apic=$((apic + per)); return 1
	}
	cycle=1
	while [ $cycle -le 4 ]; do t_cpu; cycle=$((cycle + 1)); done
	echo "err=${err_cpu:-} skip=${skip_cpu:-} done=${done_cpu:-} ups=$ups"
	)
}
t_out=$(cpu_trigger 1)
case $t_out in
"err= skip=cpu1 lost in cycle 3 (after 2 cycles): smpboot: APIC delivery error"*" done=2 ups=3")
	t_ok "hotplug cpu trigger: cpu1 lost to the emulated APIC is a SKIP, once" ;;
*) t_fail "hotplug cpu trigger: cpu1 lost to the emulated APIC is a SKIP, once" "$t_out" ;;
esac
t_out=$(cpu_trigger 0)
case $t_out in
"err=cycle 3: online skip= done=2 ups=4")
	t_ok "hotplug cpu trigger: cpu1 not coming online otherwise is a failure" ;;
*) t_fail "hotplug cpu trigger: cpu1 not coming online otherwise is a failure" "$t_out" ;;
esac
# findings.sh: a boot per fatal fault point, with qemu/run.sh stubbed by a
# kernel whose pci sweep dies at attempts 5 (no summary: a panic) and 9
# (summary -9), survives 12 with a detector hit and ends after 15 points.
cat > "$tmp/fakerun" <<'EOS'
#!/bin/sh
while getopts A:k:i:s:o:a:t:n: o; do
	case $o in o) run=$OPTARG ;; a) args=$OPTARG ;; esac
done
from=${args#*fault_from=}; from=${from%% *}
mkdir -p "$run/data"; : > "$run/signatures.log"
[ "$FAKE" = dead ] && { echo "2 boot failed" > "$run/verdict"; exit 2; }
stop=16; [ "$FAKE" = clean ] || { [ "$from" -le 5 ] && stop=5 || { [ "$from" -le 9 ] && stop=9; }; }
n=$from; while [ $n -le $stop ]; do printf '[ 1.0] faultsweep: failnth pci n=%s\r\n' $n; n=$((n + 1)); done > "$run/console.log"
l=$(wc -l < "$run/console.log")
case $stop in
5) echo "$run/console.log:$((l + 1)): [BUG: KASAN:] BUG: KASAN: use-after-free in x" > "$run/signatures.log"; exit 3 ;;
9) echo "$run/console.log:$((l - 1)): [early] not this one" > "$run/signatures.log"
   echo "$run/console.log:$((l + 1)): [Kernel panic] Kernel panic - not syncing: y" >> "$run/signatures.log"
   echo '{ "fault_points": {"netdevsim_new_device": 0, "pci_rescan": -9} }' > "$run/data/summary.json"; exit 3 ;;
esac
echo '{ "fault_points": {"netdevsim_new_device": 0, "pci_rescan": 15} }' > "$run/data/summary.json"
if [ "$FAKE" = clean ]; then
	printf 'ok 2 failslab_pci_rescan # 0000:00:01.1: fault points 15, all survived\r\n' > "$run/result.ktap"
else
	printf 'not ok 2 failslab_pci_rescan # 0000:00:01.1: fault points 15, 1 not survived, first n=12: ODEBUG: free active\r\n' > "$run/result.ktap"
fi
EOS
chmod +x "$tmp/fakerun"
findings() { "$top/tests/hotplug/findings.sh" -k k -i i -O pci -o "$tmp/find-$1" -r "$tmp/fakerun"; }
if expect 1 "findings.sh: a boot per fatal attempt (stubbed run.sh)" findings bugs; then
	case $t_out in
	*"not ok 1 from_1 # attempt 5 fatal: [BUG: KASAN:]"*"not ok 2 from_6 # attempt 9 fatal: [Kernel panic]"*"not ok 3 from_10 # sweep ended: "*"# findings: n=5 n=9 n=12: ODEBUG: free active"*"0 passed, 3 failed")
		t_ok "  ... names each fatal attempt, its first detector line, and the survived hit" ;;
	*) t_fail "  ... names each fatal attempt, its first detector line, and the survived hit" "$t_out" ;;
	esac
else
	t_fail "  ... names each fatal attempt, its first detector line, and the survived hit"
fi
clean() { FAKE=clean findings clean; }
expect 0 "findings.sh: a kernel that survives every attempt: one boot, passed" clean
past() { "$top/tests/hotplug/findings.sh" -k k -i i -O pci -f 6 -o "$tmp/find-past" -r "$tmp/fakerun"; }
if expect 1 "findings.sh -f 6: the first boot begins at attempt 6" past; then
	case $t_out in
	*"# boot 1: attempts from 6,"*"not ok 1 from_6 # attempt 9 fatal: [Kernel panic]"*"0 passed, 2 failed")
		t_ok "  ... and skips the finding at attempt 5" ;;
	*) t_fail "  ... and skips the finding at attempt 5" "$t_out" ;;
	esac
else
	t_fail "  ... and skips the finding at attempt 5"
fi
dead() { FAKE=dead findings dead; }
expect 5 "findings.sh: a boot that never reaches the sweep is an error naming its log" dead
t_done
