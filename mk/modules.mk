# mk/modules.mk - the modules scenario (included by the Makefile).
#
#   make TIER=debug modules-load [CYCLES=3]
#	both kernels of a cell with MODULES (scripts/cells.sh: the debug
#	tier) boot initramfs/scenarios/modules.sh with the kernel's own
#	initramfs, OBJ/<kernel>/initramfs.cpio.gz: the cell's initramfs,
#	then the kernel's modules and the scenario's filesystem images
#	(kernel/modules.sh).  Records in RUNS/<kernel>/modules/, judged by
#	qemu/judge.sh as every run.  make check runs one round on the patched
#	kernel.
#   make TIER=debug modules-load-<kernel>: one kernel.
# Only this scenario boots a kernel's own initramfs: every other run keeps
# the cell's one initramfs, so a module rebuilt does not make it, nor its
# runs, again, and both kernels boot the same bytes.  The same boot with
# modules built from the unpatched sources: tests/modules/unfixed.sh.

# The boot's kernel arguments, timeout and initramfs (the kernel's own,
# OBJ/<kernel>/initramfs.cpio.gz) are the boot plan's run "modules"
# (qemu/plan.txt), which lava/jobs.sh reads too; CYCLES gives its rounds.

# modules_install KERNEL: the kernel's modules, stripped, under its
# OBJ/KERNEL/modroot (the Makefile's kernel build runs it on MODULES cells)
modules_install	= rm -rf $(OBJ)/$(1)/modroot && \
	$(PHASE) "modules_install $(CELL)/$(1)" $(LOGS)/$(CELL)-$(1)-modules_install.log \
	$(MAKE) -C $(SRC)/$(1) O=$(abspath $(OBJ)/$(1)) modules_install \
	INSTALL_MOD_PATH=$(abspath $(OBJ)/$(1)/modroot) INSTALL_MOD_STRIP=1

ifneq ($(MODULES),)
define modules_rules
$(OBJ)/$(1)/initramfs.cpio.gz: $(OBJ)/$(1)/built.stamp $(INITRAMFS) kernel/modules.sh
	@$(PHASE) "initramfs $(CELL)/$(1)" $(LOGS)/$(CELL)-$(1)-initramfs.log \
		kernel/modules.sh $(OBJ)/$(1)/modroot $(INITRAMFS) $$@
endef
$(foreach k,$(KERNELS),$(eval $(call modules_rules,$(k))))
endif

.PHONY: modules-load $(addprefix modules-load-,$(KERNELS))
## load, mount, unmount, unload each module the series frees sysfs objects of, both kernels (TIER=debug; CYCLES: 3)
modules-load: $(addprefix modules-load-,$(KERNELS))
## the modules scenario on one kernel (TIER=debug)
$(addprefix modules-load-,$(KERNELS)): modules-load-%: $(if $(MODULES),$(OBJ)/%/initramfs.cpio.gz) | $(HOST_TOOLS)
	@$(if $(MODULES),,echo "make $@: TIER=$(TIER) builds no modules (make TIER=debug $@)" >&2; exit 2)
	@$(call boot,$*,modules)
