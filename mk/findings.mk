# mk/findings.mk - the finder as a product (findings/README.md):
#
#   make findings      the campaign: every fault sweep of FINDINGS_OPS (default
#                      every one the kernels' .config supports) on both
#                      kernels of the debug cell, each booted past every
#                      fatal point, every boot's findings merged into
#                      findings/store.jsonl; resumable (run it again: it goes
#                      on); ends with the findings table, exit 1 on a NEW one
#   make findings-table  the table of the store, no boot
#   make findings-render results/findings.md from the store, the triage
#                      file, the notes and the proofs (make check compares)
#   make prove FIX=PATCH FINDING=ID  a fix's proof: the finding's window
#                      booted without the fix and with it
#
# The default tier of make is fast; these targets are the debug cell's:
# without TIER= on the command line they run with TIER=debug.

FINDINGS_TOOL	:= $(TOOLS)/findings
FINDINGS_STORE	:= findings/store.jsonl
FINDINGS_TRIAGE	:= findings/triage.txt
## make findings: the operations to sweep, a comma list (default: every one the kernels' .config supports)
FINDINGS_OPS	?=
## make prove: the fix, a patch of the series (file name, number or slug)
FIX		?=
## make prove: the finding, a title of findings/store.jsonl or its id (make findings-table)
FINDING		?=
## make prove: the attempts to boot, FROM-TO (default: the finding's window)
WINDOW		?=
findings_series_args := -s series -s series-6.12
# make prove without its two knobs stops before building anything
ifneq ($(filter prove,$(MAKECMDGOALS)),)
ifeq ($(and $(FIX),$(FINDING)),)
$(error make prove FIX=PATCH FINDING=TITLE-OR-ID (a patch of $(SERIES)/series; make findings-table lists the findings and their ids))
endif
ifeq ($(KSRC_MODE),alone)
$(error make prove: KSRC=alone: has no series to leave a fix out of)
endif
endif

tools: $(FINDINGS_TOOL)
$(FINDINGS_TOOL): $(wildcard findings/*.c findings/*.h) | $(B)/deps.stamp
	@mkdir -p $(TOOLS)
	$(CC) -O2 -Wall -Wextra -o $@ $(filter %.c,$^) $(shell pkg-config --cflags --libs jansson)

# the sweeps of mod boot each kernel's own initramfs (mk/modules.mk)
findings_mod	= $(and $(MODULES),$(if $(FINDINGS_OPS),$(findstring mod,$(FINDINGS_OPS)),y))
findings_needs	= $(foreach k,$(KERNELS),$(OBJ)/$(k)/built.stamp \
		  $(if $(findings_mod),$(OBJ)/$(k)/initramfs.cpio.gz)) $(INITRAMFS) \
		  $(FINDINGS_TOOL) $(HOST_TOOLS)
findings_git	= $(if $(filter-out alone,$(KSRC_MODE)),$(if $(KSRC),-G "$(KSRC_DIR) $(KSRC_HEAD)"))

.PHONY: findings findings-table findings-render prove
ifeq ($(origin TIER),file)
findings prove:
	@$(MAKE) --no-print-directory TIER=debug $@
else
## the finder's campaign: every sweep of both kernels past every fatal point, findings merged into the store, then the table (TIER=debug)
findings: $(findings_needs)
	@findings/campaign.sh -k $(KVER) -t $(TIER) -a $(ARCH) -b $(B) -K "$(KERNELS)" \
		$(if $(FINDINGS_OPS),-O "$(FINDINGS_OPS)") -s $(FINDINGS_STORE) -T $(FINDINGS_TRIAGE)

## a fix's proof: FINDING's window booted on a kernel without FIX and on one with it, kept in findings/proofs.jsonl
prove: $(foreach k,$(KERNELS),$(OBJ)/$(k)/built.stamp) $(INITRAMFS) $(FINDINGS_TOOL) | $(HOST_TOOLS)
	@findings/prove.sh -k $(KVER) -t $(TIER) -a $(ARCH) -b $(B) -j $(JOBS) $(findings_git) \
		$(if $(WINDOW),-w $(WINDOW)) -s $(FINDINGS_STORE) "$(FIX)" "$(FINDING)"
endif

## the findings table of findings/store.jsonl with its triage, no boot (exit 1: a NEW finding)
findings-table: $(FINDINGS_TOOL)
	@$(FINDINGS_TOOL) table -T $(FINDINGS_TRIAGE) $(findings_series_args) $(FINDINGS_STORE)

## results/findings.md rendered from the store, triage, notes and proofs (findings/)
findings-render: $(FINDINGS_TOOL)
	@$(FINDINGS_TOOL) render -T $(FINDINGS_TRIAGE) -s series -s series-6.12 \
		-N findings/notes.md -P findings/proofs.jsonl -A findings/throughput.md \
		$(FINDINGS_STORE) > results/findings.md.new
	@mv results/findings.md.new results/findings.md
	@echo "results/findings.md rendered from $(FINDINGS_STORE)"
