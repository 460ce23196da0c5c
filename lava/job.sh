#!/bin/sh
# job.sh - write the LAVA job for one boot that qemu/run.sh would make
#
# usage: job.sh -k BZIMAGE -i INITRD -s SCENARIO -o JOBDIR
#               [-a "extra kernel args"] [-t TIMEOUT] [-n IDLE]
#               [-d "host driver command"] [-q "extra qemu args"]
#               [-A ARCH]
#
# The options are qemu/run.sh's: `qemu/plan.sh -x lava/job.sh` gives it a
# boot of the boot plan as make's rules give run.sh (lava/jobs.sh).
# Writes JOBDIR/job.yaml (device_type qemu: deploy to tmpfs, boot method
# qemu, a test action whose monitors turn the guest's framed KTAP lines and
# its exit status into LAVA results) and JOBDIR/device.yaml, the device
# dictionary LAVA's qemu.jinja2 renders for the job's context (arch: the
# Debian name of -A's arch, scripts/cells.sh's DEB_ARCH; no_kvm, memory,
# extra_options) minus its -net nic, for lava-run here.
# The guest runs in console mode (results=console, see initramfs/init); the
# kernel command line is run.sh's.  Timeouts: TIMEOUT (default: run.sh's,
# the default run's of qemu/plan.txt) for the boot and for the test, plus
# 120 s for the job (its deploy).
# no_kvm follows run.sh's KVM decision: ACCEL, else the CPU flags and the
# probe kept in build/kvm-probe (KVM_CACHE); without a probe, TCG.
# Artifacts by URL: file://ABSOLUTE-PATH, or with LAVA_URL=BASE the path
# inside the project appended to BASE (publish the project's build/ there).
# A run with a host driver (-d) cannot run on LAVA (the driver needs QMP and
# ttyS3 of the QEMU that LAVA starts): job.sh writes JOBDIR/skipped and
# exits 3.  Exit 0 job written, 2 usage.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
kernel= initrd= scenario= out= extra= driver= qargs=
timeout= idle=
slack=120 arch=x86_64

usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 2; }
while getopts k:i:s:o:a:t:n:d:q:A: opt; do
	case $opt in
	k) kernel=$OPTARG ;; i) initrd=$OPTARG ;; s) scenario=$OPTARG ;;
	o) out=$OPTARG ;; a) extra=$OPTARG ;; t) timeout=$OPTARG ;;
	n) idle=$OPTARG ;; d) driver=$OPTARG ;; q) qargs=$OPTARG ;;
	A) arch=$OPTARG ;;
	*) usage ;;
	esac
done
[ -n "$kernel" ] && [ -n "$initrd" ] && [ -n "$scenario" ] && [ -n "$out" ] || usage
out=${out%/}
[ -n "$timeout" ] || timeout=$("$here/qemu/plan.sh" -D | cut -d' ' -f1)
case $timeout in ''|*[!0-9]*) echo "job.sh: bad timeout '$timeout'" >&2; exit 2 ;; esac
facts=$("$here/scripts/cells.sh" -a "$arch") || exit 2
eval "$(echo "$facts" | grep -E '^(ARCH|DEB_ARCH|QEMU|CONSOLE)=')"
# qemu.jinja2's names of the arch: Debian's, and the kernel's if another
available=$DEB_ARCH
[ "$ARCH" = "$DEB_ARCH" ] || available="$DEB_ARCH, $ARCH"
mkdir -p "$out" || exit 2
rm -f "$out/skipped" "$out/job.yaml" "$out/device.yaml"
if [ -n "$driver" ]; then
	echo "needs the host driver '$driver' (QMP and ttyS3 of its own QEMU)" > "$out/skipped"
	echo "job.sh: $out: skipped, $(cat "$out/skipped")"
	exit 3
fi

# url FILE: the artifact's URL
abs() { case $1 in /*) echo "$1" ;; *) echo "$here/$1" ;; esac; }
url() {
	f=$(abs "$1")
	if [ -n "${LAVA_URL:-}" ]; then
		echo "${LAVA_URL%/}/${f#"$here"/}"
	else
		echo "file://$f"
	fi
}
# q STRING: a YAML single-quoted scalar
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"; }

# no_kvm: run.sh's answer (qemu/run.sh pick_accel), without probing here
cpuinfo=${CPUINFO:-/proc/cpuinfo} kvm=${KVM_DEV:-/dev/kvm}
cache=${KVM_CACHE:-$here/build/kvm-probe}
accel=${ACCEL:-}
if [ -z "$accel" ]; then
	accel=tcg
	if grep -qwE 'vmx|svm' "$cpuinfo" 2> /dev/null && [ -w "$kvm" ]; then
		key="$(stat -L -c '%t:%T %i %Y' "$kvm") $(grep -m1 '^flags' "$cpuinfo" | cksum)"
		[ "$(sed -n 1p "$cache" 2> /dev/null)" = "$key" ] &&
			accel=$(sed -n 2p "$cache")
	fi
fi
no_kvm=true
[ "$accel" = kvm ] && no_kvm=false

[ "$scenario" = kunit ] || extra="kunit.filter_glob=- $extra"
extra=$(echo "$extra" | sed 's/  */ /g; s/ $//')
append="console=$CONSOLE loglevel=5 panic=-1 no_timer_check scenario=$scenario $extra results=console"
append=$(echo "$append" | tr -s ' ')
name=$(echo "$out" | sed "s|^$here/||; s|^build/lava/||")

# extra_options: run.sh's machine (its -serial files become the one console)
extras=$(printf '%s\n' '-smp 2' -nodefaults '-vga none' '-serial stdio' -no-reboot \
	'-device isa-debug-exit,iobase=0xf4,iosize=0x04'
	 # run.sh's -q words, an option and its argument on one line
	 echo "$qargs" | awk '{ for (i = 1; i <= NF; i++)
		printf "%s%s", $i, ($i ~ /^-/ && i < NF && $(i + 1) !~ /^-/) ? " " : "\n" }')

{
	echo "# LAVA job: $scenario on $(abs "$kernel")"
	echo "# written by lava/job.sh from: qemu/run.sh -k $kernel -i $initrd -s $scenario" \
		"${extra:+-a \"$extra\"} -t $timeout${idle:+ -n $idle}${qargs:+ -q \"$qargs\"}"
	echo "job_name: $(q "kref-2.7 $name")"
	echo "device_type: qemu"
	echo "visibility: public"
	echo "priority: medium"
	echo "context:"
	echo "  arch: $DEB_ARCH"
	echo "  no_kvm: $no_kvm"
	echo "  memory: 1024"
	echo "  extra_options:"
	echo "$extras" | while IFS= read -r o; do echo "  - $(q "$o")"; done
	echo "timeouts:"
	echo "  job: {seconds: $((timeout + slack))}"
	echo "  action: {seconds: $timeout}"
	echo "  actions:"
	echo "    lava-test-monitor: {seconds: $timeout}"
	echo "  connections:"
	echo "    lava-test-monitor: {seconds: $timeout}"
	echo "actions:"
	echo "- deploy:"
	echo "    to: tmpfs"
	echo "    timeout: {seconds: $slack}"
	echo "    images:"
	echo "      kernel:"
	echo "        image_arg: $(q "-kernel {kernel} -append \"$append\"")"
	echo "        url: $(q "$(url "$kernel")")"
	echo "      ramdisk:"
	echo "        image_arg: '-initrd {ramdisk}'"
	echo "        url: $(q "$(url "$initrd")")"
	echo "- boot:"
	echo "    method: qemu"
	echo "    media: tmpfs"
	echo "    timeout: {seconds: $timeout}"
	echo "    # the guest's first two lines: with loglevel=5 the kernel prints no"
	echo "    # 'Linux version', and LAVA's kernel message parsing must not see the"
	echo "    # warnings KUnit provokes on purpose during boot"
	echo "    parameters: {kernel-start-message: '<<KREF init>>'}"
	echo "    prompts: ['<<KREF ready>>']"
	echo "- test:"
	echo "    timeout: {seconds: $timeout}"
	echo "    monitors:"
	echo "    - name: kref-ktap"
	echo "      start: '<<KREF ktap 1 [0-9]+>> KTAP version'"
	echo "      end: '<<KREF ktap end [0-9]+>>'"
	printf '%s\n' "      pattern: '<<KREF ktap [0-9]+ [0-9]+>> (?P<result>ok|not ok) [0-9]+ (?P<test_case_id>[^#\\r\\n]+)'"
	echo "      fixupdict: {ok: pass, 'not ok': fail}"
	echo "    - name: kref-exit"
	echo "      start: '<<KREF data end [0-9]+>>'"
	echo "      end: '<<KREF poweroff>>'"
	echo "      pattern: '<<KREF (?P<test_case_id>exit) (?P<result>[0-9]+)>>'"
	echo "      fixupdict: {'0': pass, '1': fail}"
} > "$out/job.yaml"

# The device dictionary qemu.jinja2 renders for that context.
{
	echo "# device dictionary: LAVA's qemu.jinja2 for arch $DEB_ARCH, no_kvm $no_kvm,"
	echo "# memory 1024 and the job's extra_options (its -net nic line left out)"
	echo "device_type: qemu"
	echo "available_architectures: [$available]"
	echo "constants:"
	echo "  kernel-start-message: 'Linux version [0-9]'"
	echo "  shutdown-message: 'reboot: Restarting system'"
	echo "  default-shell-prompt: 'lava-test: # '"
	echo "  interrupt-prompt: 'Hit any key to stop autoboot'"
	echo "  interrupt-character: ' '"
	echo "  interrupt_ctrl_list: []"
	echo "  failure_retry: 1"
	echo "  boot_retry: 0"
	echo "  spawn_maxread: 4092"
	echo "  posix:"
	echo "    lava_test_sh_cmd: /bin/sh"
	echo "    lava_test_results_dir: /lava-%s"
	echo "    lava_test_shell_file: ~/.bashrc"
	echo "actions:"
	echo "  deploy:"
	echo "    connections: {serial: }"
	echo "    methods:"
	echo "      image:"
	echo "        parameters:"
	echo "          guest: {size: 512, interface: ide, driveid: lavatest}"
	echo "  boot:"
	echo "    connections: {serial: }"
	echo "    methods:"
	echo "      qemu:"
	echo "        parameters:"
	echo "          command: $QEMU"
	echo "          boot_options: {root: /dev/sda1, console: '$CONSOLE,115200', boot_order: c}"
	echo "          options:"
	[ "$no_kvm" = false ] && echo "          - -cpu host" && echo "          - -enable-kvm"
	echo "          - -nographic"
	echo "          - -m 1024"
	echo "          - -monitor none"
	echo "          extra:"
	echo "$extras" | while IFS= read -r o; do echo "          - $(q "$o")"; done
} > "$out/device.yaml"
echo "job.sh: $out/job.yaml ($scenario, ${timeout}s, no_kvm $no_kvm)"
