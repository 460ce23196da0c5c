# mk/hotplug.mk - the hotplug stress, fault sweeps and soak (included by the Makefile).
#
#   make hotplug [CYCLES=50]
#	both kernels of $(TIER), one qemu/run.sh each with the host QMP
#	driver; results in $(RUNS)/<kernel>/hotplug/ (result.ktap,
#	data/summary.json, verdict), a table of both summaries at the end.
#   make hotplug-fault [HOTPLUG_FAULT_OPS=nsim,pci]
#	both kernels, the scenario faultsweep: the failslab fail-nth sweeps
#	(nsim: one netdevsim new_device, pci: one PCI rescan; sdebug, loop,
#	dummy, veth, cpu, vblk, vscsi, mod: initramfs/scenarios/faultsweep.sh;
#	no host driver needed): $(RUNS)/<kernel>/hotplug-fault/.  make check
#	sweeps pci and cpu, on the patched kernel (the netdevsim sweep takes
#	~15 min a kernel).
#   make hotplug-findings-<kernel> [FINDINGS_OP=pci|nsim|sdebug|...]
#	every fatal fault point of one sweep: the faultsweep scenario booted
#	again from the attempt after each (tests/hotplug/findings.sh), in
#	$(RUNS)/<kernel>/findings-<op>/from-N/.  Exit 1 if any was fatal.
#   make soak [CYCLES=N]
#	both kernels, the stress at soak length: 1000 cycles on the fast
#	tier, 200 on the others, unless CYCLES is given (the plan's run
#	soak, $(RUNS)/<kernel>/soak/), a progress line every CYCLES/20
#	cycles, then tests/hotplug/soak.sh checks each run's end (verdict,
#	cycles, triggers, census and uevent counts, detectors).  Hours on
#	the debug tier (~9 s a cycle).
#   (the rig's self-tests, hotplug-planted and hotplug-seams: mk/selftest.mk)
#
# The boots (their kernel arguments, QEMU devices, timeouts, the host
# driver; the cycles: 50 unless CYCLES is given) are the runs hotplug and
# hotplug-fault of the boot plan, qemu/plan.txt; $(call boot,...) is the
# Makefile's.  The machine boots with virtio-net in slots 2-4 and
# acpi=noirq: see the header of initramfs/scenarios/hotplug.sh for why.

## the fault sweeps of make hotplug-fault, a comma list of initramfs/lib/failnth.sh's operations (unset: fault_ops of qemu/plan.txt)
HOTPLUG_FAULT_OPS ?=
HOTPLUG_TOOLS	:= $(TOOLS)/hotplug-qmp

# The initramfs carries the host's scanner and detector table (the guest's
# detectors); the Makefile's INITRAMFS_DEPS only lists initramfs/.
$(INITRAMFS): tools/scan-console.c qemu/signatures.txt

tools: $(HOTPLUG_TOOLS)
$(TOOLS)/hotplug-qmp: qemu/hotplug-qmp.c | $(B)/deps.stamp
	@mkdir -p $(TOOLS)
	$(CC) -O2 -Wall -Wextra -o $@ $< $(shell pkg-config --cflags --libs jansson)

.PHONY: hotplug $(addprefix hotplug-,$(KERNELS))
## hotplug stress, both kernels (CYCLES: 50), every detector read
hotplug: $(foreach k,$(KERNELS),$(OBJ)/$(k)/built.stamp) $(INITRAMFS) \
	 $(HOTPLUG_TOOLS) | $(HOST_TOOLS)
	@rc=0; for k in $(KERNELS); do \
		$(call boot,$$k,hotplug) || rc=1; \
	done; \
	tests/hotplug/summary.sh $(foreach k,$(KERNELS),$(RUNS)/$(k)/hotplug); \
	exit $$rc

## hotplug stress of one kernel
$(addprefix hotplug-,$(KERNELS)): hotplug-%: $(OBJ)/%/built.stamp \
	$(INITRAMFS) $(HOTPLUG_TOOLS) | $(HOST_TOOLS)
	@$(call boot,$*,hotplug); rc=$$?; \
	tests/hotplug/summary.sh $(RUNS)/$*/hotplug; exit $$rc

# The fault sweeps: hundreds of attempts (each new_device fault point), a
# scenario of their own (initramfs/scenarios/faultsweep.sh), the plan's
# run hotplug-fault.  FAULT_ARGS, FAULT_QEMU, FAULT_WATCH: its kernel
# arguments (but fault_ops), QEMU options and watch, for findings.sh's
# boots.
FAULT_ARGS	= $(filter-out fault_ops=%,$(shell $(PLAN) -f kargs patched/hotplug-fault))
FAULT_QEMU	= $(shell $(PLAN) -f qargs patched/hotplug-fault)
FAULT_WATCH	= -t $(shell $(PLAN) -f timeout patched/hotplug-fault) \
		  -n $(shell $(PLAN) -f idle patched/hotplug-fault)

.PHONY: hotplug-fault $(addprefix hotplug-fault-,$(KERNELS))
## the fault sweeps (HOTPLUG_FAULT_OPS) of one kernel
$(addprefix hotplug-fault-,$(KERNELS)): hotplug-fault-%: $(OBJ)/%/built.stamp \
	$(INITRAMFS) | $(HOST_TOOLS)
	@$(call boot,$*,hotplug-fault); rc=$$?; \
	tests/hotplug/summary.sh $(RUNS)/$*/hotplug-fault; exit $$rc

## failslab fail-nth sweeps (HOTPLUG_FAULT_OPS: nsim pci sdebug loop dummy veth cpu vblk vscsi mod), both kernels
hotplug-fault: $(foreach k,$(KERNELS),$(OBJ)/$(k)/built.stamp) $(INITRAMFS) \
	       | $(HOST_TOOLS)
	@rc=0; for k in $(KERNELS); do \
		$(call boot,$$k,hotplug-fault) || rc=1; \
	done; \
	tests/hotplug/summary.sh $(foreach k,$(KERNELS),$(RUNS)/$(k)/hotplug-fault); \
	exit $$rc

# A sweep stops at the first fatal attempt; this one goes on past each.
## the sweep of make hotplug-findings-<kernel>: one of HOTPLUG_FAULT_OPS's
FINDINGS_OP	?= pci
# mod loads a module: it boots the kernel's own initramfs, with its
# /lib/modules (mk/modules.mk; a cell with MODULES)
findings_own	= $(and $(MODULES),$(filter mod,$(FINDINGS_OP)))
.PHONY: $(addprefix hotplug-findings-,$(KERNELS))
## every fatal fault point of one sweep (FINDINGS_OP), a boot past each
$(addprefix hotplug-findings-,$(KERNELS)): hotplug-findings-%: $(OBJ)/%/built.stamp \
	$(INITRAMFS) $(if $(findings_own),$(OBJ)/%/initramfs.cpio.gz) | $(HOST_TOOLS)
	@tests/hotplug/findings.sh -A $(ARCH) -k $(OBJ)/$*/$(IMAGE) \
		-i $(if $(findings_own),$(OBJ)/$*/initramfs.cpio.gz,$(INITRAMFS)) -O $(FINDINGS_OP) -o $(RUNS)/$*/findings-$(FINDINGS_OP) \
		-a "$(FAULT_ARGS)" -q "$(FAULT_QEMU)" $(FAULT_WATCH)

# make soak: the plan's run soak with CYCLES (1000 on the fast tier, 200
# on the others unless given), followed and checked by soak.sh.
soak_cycles	:= $(or $(CYCLES),$(if $(filter fast,$(TIER)),1000,200))
soak_run	= echo "soak $(CELL)/$(1): $(soak_cycles) cycles"; \
	tests/hotplug/soak.sh -c $(soak_cycles) -o $(RUNS)/$(1)/soak -- $(call boot,$(1),soak)
soak $(addprefix soak-,$(KERNELS)): CYCLES = $(soak_cycles)
.PHONY: soak $(addprefix soak-,$(KERNELS))
## hotplug soak, both kernels: 1000 cycles (fast tier), 200 (others), or CYCLES; end counts checked
soak: $(foreach k,$(KERNELS),$(OBJ)/$(k)/built.stamp) $(INITRAMFS) \
      $(HOTPLUG_TOOLS) $(PLAN_DEPS) | $(HOST_TOOLS)
	@rc=0; for k in $(KERNELS); do \
		$(call soak_run,$$k) || rc=1; \
	done; exit $$rc
## hotplug soak of one kernel
$(addprefix soak-,$(KERNELS)): soak-%: $(OBJ)/%/built.stamp $(INITRAMFS) \
	$(HOTPLUG_TOOLS) $(PLAN_DEPS) | $(HOST_TOOLS)
	@$(call soak_run,$*)
