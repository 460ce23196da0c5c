# mk/peerload.mk - the hotplug stress beside the load a real system puts
# there (issue 42): stress-ng's sysfs, dev and procfs readers for the whole
# stress, a udev-like uevent consumer (initramfs/guest/uevent-reader.c),
# the kernel's own selftests (cpu-hotplug, memory-hotplug; uevent by hand)
# from the tree of the kernel's version; initramfs/lib/peer.sh runs them,
# the boot plan's runs hotplug-peer and peerload boot them
# (qemu/plan.txt).  Figures: results/peerload.md.
#
#   make peerload [CYCLES=200]      both kernels of $(TIER), the plan's run
#	peerload: $(RUNS)/<kernel>/peerload/, a summary of both at the end
#   make hotplug-peer-<kernel> [CYCLES=50]
#	one kernel, the plan's run hotplug with the peers of its run
#	hotplug-peer (plan.sh -v readers=... consumer=... selftests=...),
#	recorded as the run hotplug: make check's hotplug steps
#	(CYCLES=20), whose runs the size report reads after them
#   make peerload-planted [CYCLES=3]
#	the planted bug only a reader sees (tests/hotplug/planted/*.patch
#	with "Readers: needed"), built on the patched kernel and stressed
#	twice: without the readers (must pass) and with them (KASAN must
#	report): tests/hotplug/planted.sh -C

PEER_DEPS	= $(INITRAMFS) $(TOOLS)/hotplug-qmp $(PLAN_DEPS) | $(HOST_TOOLS)
PEER_PLANTED	= $(shell grep -l '^Readers: *needed' tests/hotplug/planted/*.patch)
# the peers of the plan's run hotplug-peer, as plan.sh -v words
PEER_VARS	= $(addprefix -v ,$(filter readers=% consumer=% selftests=%,\
		  $(shell $(PLAN) -f kargs baseline/hotplug-peer)))

.PHONY: peerload $(addprefix peerload-,$(KERNELS)) \
	$(addprefix hotplug-peer-,$(KERNELS)) peerload-planted
## hotplug stress with stress-ng readers, a uevent consumer and the kernel's selftests, both kernels (CYCLES: 200)
peerload: $(foreach k,$(KERNELS),$(OBJ)/$(k)/built.stamp) $(PEER_DEPS)
	@rc=0; for k in $(KERNELS); do \
		$(call boot,$$k,peerload) || rc=1; \
	done; \
	tests/hotplug/summary.sh $(foreach k,$(KERNELS),$(RUNS)/$(k)/peerload); \
	exit $$rc

## make peerload on one kernel
$(addprefix peerload-,$(KERNELS)): peerload-%: $(OBJ)/%/built.stamp $(PEER_DEPS)
	@$(call boot,$*,peerload); rc=$$?; \
	tests/hotplug/summary.sh $(RUNS)/$*/peerload; exit $$rc

## hotplug stress with the readers, the consumer and the selftests, one kernel (CYCLES: 50; make check: 20)
$(addprefix hotplug-peer-,$(KERNELS)): hotplug-peer-%: $(OBJ)/%/built.stamp $(PEER_DEPS)
	@$(PHASE) "boot $(CELL)/$* hotplug, with peers" $(LOGS)/$(CELL)-$*-hotplug.log \
		$(PLAN) $(PEER_VARS) -x qemu/run.sh $*/hotplug; rc=$$?; \
	tests/hotplug/summary.sh $(RUNS)/$*/hotplug; exit $$rc

## the planted bug only a reader sees: caught with the readers, silent without (CYCLES: 3)
peerload-planted: $(OBJ)/patched/built.stamp $(SRC)/patched.stamp $(PEER_DEPS)
	@TIER=$(TIER) CYCLES=$(or $(CYCLES),3) INITRAMFS=$(INITRAMFS) \
		tests/hotplug/planted.sh -C $(if $(filter 1,$(KEEP)),-K )$(SRC)/patched \
		$(OBJ)/patched $(B)/planted-peer/$(CELL) $(PEER_PLANTED)
