# mk/selftest.mk - the rig's self-tests (included by the Makefile): the
# detectors and the hotplug scenario must fail where a bug is planted.
#
#   make hotplug-planted [CYCLES=3]
#	each tests/hotplug/planted/*.patch on top of the patched series,
#	built, stressed; passes only if every run fails and names the
#	detector the patch declares (tests/hotplug/planted.sh).  make check
#	runs it.
#   make hotplug-seams
#	three short boots of the baseline kernel, each a failure mode of the
#	hotplug scenario's own (tests/hotplug/seams.sh)
# The scripts are tests/'s; nothing of tests/ is included here.

.PHONY: hotplug-planted
## self-test: planted refcount bugs must be caught (CYCLES: 3)
hotplug-planted: $(OBJ)/patched/built.stamp $(SRC)/patched.stamp \
		 $(INITRAMFS) $(HOTPLUG_TOOLS) | $(HOST_TOOLS)
	@TIER=$(TIER) CYCLES=$(or $(CYCLES),3) INITRAMFS=$(INITRAMFS) \
		tests/hotplug/planted.sh $(if $(filter 1,$(KEEP)),-K )$(SRC)/patched $(OBJ)/patched \
		$(B)/planted/$(CELL)

# The hotplug scenario's own failure modes (its seams), three short boots of one
# kernel: tests/hotplug/seams.sh.
SEAMS_KERNEL	:= baseline
.PHONY: hotplug-seams
## the hotplug scenario's own failure modes: three short boots of the baseline kernel
hotplug-seams: $(OBJ)/$(SEAMS_KERNEL)/built.stamp $(SRC)/$(SEAMS_KERNEL).stamp \
	       $(INITRAMFS) $(HOTPLUG_TOOLS) | $(HOST_TOOLS)
	@KUNIT_PY=$(SRC)/$(SEAMS_KERNEL)/tools/testing/kunit/kunit.py \
		tests/hotplug/seams.sh -d "$(abspath $(HOTPLUG_TOOLS))" \
		$(if $(ONLY),-o "$(ONLY)" )$(OBJ)/$(SEAMS_KERNEL)/$(IMAGE) \
		$(INITRAMFS) $(B)/seams/$(CELL)
