# mk/lava.mk - the rig's boots as LAVA jobs (included by the Makefile).
#
#   make lava        a LAVA job (job.yaml + device.yaml) for every boot the
#                    local pipeline makes on the cell (KVER, ARCH, TIER):
#                    the boot plan's (qemu/plan.txt) of all, hotplug,
#                    hotplug-fault, with the knobs make gives it:
#                    $(LAVA_DIR)/jobs/<cell>/<kernel>/<run>/,
#                    listed in jobs.txt.  LAVA_URL=BASE for a lab (artifacts
#                    at BASE/build/...), default file:// paths.
#   make lava-run    installs lava-dispatcher (scripts/install-deps.sh lava)
#                    and runs here, through lava-run, the LAVA_RUN_SCENARIOS
#                    (census kunit, not a knob) jobs of both kernels of $(TIER) plus a
#                    planted failure (scenario $(LAVA_PLANTED) on
#                    $(LAVA_PLANTED_KERNEL)); each LAVA log is judged by
#                    lava/records.sh + qemu/judge.sh and must give the local
#                    run's verdict (booted first if missing), LAVA's own
#                    results must agree, the planted one must fail (1).
#                    KTAP, "N passed, N failed".
#   make lava-check  the host test: recorded LAVA logs (lava/tests/).

LAVA_DIR	:= $(B)/lava
LAVA_LOG	:= $(LAVA_DIR)/lava-log
## make lava: the artifacts' base URL (BASE/build/...), default file:// paths
LAVA_URL	?=
LAVA_RUN_SCENARIOS := census kunit
LAVA_PLANTED	:= nonexistent
LAVA_PLANTED_KERNEL := patched
LAVA_RUN_BOOTS	:= $(foreach k,$(KERNELS),$(foreach s,$(LAVA_RUN_SCENARIOS),$(k)/$(s))) \
		   $(LAVA_PLANTED_KERNEL)/planted-$(LAVA_PLANTED)
LAVA_RUN_RUNS	:= $(foreach k,$(KERNELS),$(foreach s,$(LAVA_RUN_SCENARIOS),$(RUNS)/$(k)/$(s)/ok))
LAVA_PLANTED_RUN := $(RUNS)/$(LAVA_PLANTED_KERNEL)/planted-$(LAVA_PLANTED)/verdict
# lava/jobs.sh with the cell and the knobs of make's boots (the plan's -v)
LAVA_JOBS	= lava/jobs.sh $(wordlist 2,$(words $(PLAN)),$(PLAN))

.PHONY: lava lava-tools lava-run lava-check
## build the LAVA log converter (build/lava/lava-log)
lava-tools: $(LAVA_LOG)
$(LAVA_LOG): lava/lava-log.c | $(B)/deps.stamp
	@mkdir -p $(LAVA_DIR)
	$(CC) -O2 -Wall -Wextra -o $@ $< $(shell pkg-config --cflags --libs yaml-0.1)

## a LAVA job + device dictionary for every boot of the cell, under build/lava/ (lava/README.md)
lava: $(LAVA_LOG)
	@LAVA_URL="$(LAVA_URL)" $(LAVA_JOBS) $(LAVA_DIR)/jobs

# The planted failure (the plan's planted-%), booted locally: its verdict
# must be 1 (not ok).
$(LAVA_PLANTED_RUN): $(OBJ)/$(LAVA_PLANTED_KERNEL)/built.stamp $(INITRAMFS) $(PLAN_DEPS) | $(HOST_TOOLS)
	-@$(call boot,$(LAVA_PLANTED_KERNEL),planted-$(LAVA_PLANTED))

## install lava-dispatcher, run census+KUnit of both kernels and a planted failure through lava-run
lava-run: $(LAVA_LOG) $(LAVA_RUN_RUNS) $(LAVA_PLANTED_RUN)
	@$(PHASE) "deps lava" $(LOGS)/deps-lava.log scripts/install-deps.sh lava
	@$(LAVA_JOBS) $(LAVA_DIR)/run-jobs $(LAVA_RUN_BOOTS) > $(LOGS)/lava-jobs.log
	@{ grep '^job ' $(LAVA_DIR)/run-jobs/jobs.txt | grep -v '/planted-' | cut -d' ' -f2; \
	   echo "$(CELL)/$(LAVA_PLANTED_KERNEL)/planted-$(LAVA_PLANTED) 1"; } | \
		lava/run-jobs.sh $(LAVA_DIR)/run-jobs $(LAVA_DIR)/runs $(B)/runs

## the LAVA log converter on recorded logs (part of make check)
lava-check: $(LAVA_LOG) | $(HOST_TOOLS) $(KUNIT_TREE).stamp
	@lava/tests/run.sh
