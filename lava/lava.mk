# lava/lava.mk - the rig's boots as LAVA jobs (included by the Makefile).
#
#   make lava        a LAVA job (job.yaml + device.yaml) for every boot the
#                    local pipeline makes (make -n of all, hotplug,
#                    hotplug-fault): $(LAVA_DIR)/jobs/<tier>/<kernel>/<run>/,
#                    listed in jobs.txt.  LAVA_URL=BASE for a lab (artifacts
#                    at BASE/build/...), default file:// paths.
#   make lava-run    installs lava-dispatcher (scripts/install-deps.sh lava)
#                    and runs here, through lava-run, the LAVA_RUN_SCENARIOS
#                    (census kunit) jobs of both kernels of $(TIER) plus a
#                    planted failure (scenario $(LAVA_PLANTED) on
#                    $(LAVA_PLANTED_KERNEL)); each LAVA log is judged by
#                    lava/records.sh + qemu/judge.sh and must give the local
#                    run's verdict (booted first if missing), LAVA's own
#                    results must agree, the planted one must fail (1).
#                    KTAP, "N passed, N failed".
#   make lava-check  the host test: recorded LAVA logs (lava/tests/).

LAVA_DIR	:= $(B)/lava
LAVA_LOG	:= $(LAVA_DIR)/lava-log
LAVA_URL	?=
LAVA_RUN_SCENARIOS ?= census kunit
LAVA_PLANTED	?= nonexistent
LAVA_PLANTED_KERNEL ?= patched
LAVA_RUN_RUNS	:= $(foreach k,$(KERNELS),$(foreach s,$(LAVA_RUN_SCENARIOS),$(RUNS)/$(k)/$(s)/ok))
LAVA_PLANTED_RUN := $(RUNS)/$(LAVA_PLANTED_KERNEL)/planted-$(LAVA_PLANTED)/verdict

.PHONY: lava lava-tools lava-run lava-check
lava-tools: $(LAVA_LOG)
$(LAVA_LOG): lava/lava-log.c | $(B)/deps.stamp
	@mkdir -p $(LAVA_DIR)
	$(CC) -O2 -Wall -Wextra -o $@ $< $(shell pkg-config --cflags --libs yaml-0.1)

lava: $(LAVA_LOG)
	@LAVA_URL="$(LAVA_URL)" lava/jobs.sh $(LAVA_DIR)/jobs

# The planted failure, booted locally: its verdict must be 1 (not ok).
$(LAVA_PLANTED_RUN): $(OBJ)/$(LAVA_PLANTED_KERNEL)/built.stamp $(INITRAMFS) qemu/run.sh | $(HOST_TOOLS)
	-@$(PHASE) "boot $(TIER)/$(LAVA_PLANTED_KERNEL) $(LAVA_PLANTED) (planted failure)" \
		$(LOGS)/$(TIER)-$(LAVA_PLANTED_KERNEL)-planted-$(LAVA_PLANTED).log \
		qemu/run.sh -k $(OBJ)/$(LAVA_PLANTED_KERNEL)/arch/x86/boot/bzImage -i $(INITRAMFS) \
		-s $(LAVA_PLANTED) -o $(dir $@)

lava-run: $(LAVA_LOG) $(LAVA_RUN_RUNS) $(LAVA_PLANTED_RUN)
	@$(PHASE) "deps lava" $(LOGS)/deps-lava.log scripts/install-deps.sh lava
	@lava/jobs.sh $(LAVA_DIR)/run-jobs $(LAVA_RUN_RUNS) $(LAVA_PLANTED_RUN) \
		> $(LOGS)/lava-jobs.log
	@{ grep '^job ' $(LAVA_DIR)/run-jobs/jobs.txt | grep -v '/planted-' | cut -d' ' -f2; \
	   echo "$(TIER)/$(LAVA_PLANTED_KERNEL)/planted-$(LAVA_PLANTED) 1"; } | \
		lava/run-jobs.sh $(LAVA_DIR)/run-jobs $(LAVA_DIR)/runs $(B)/runs

lava-check: $(LAVA_LOG) | $(HOST_TOOLS) $(SRC)/pristine.stamp
	@lava/tests/run.sh
