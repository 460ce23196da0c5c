# kref-2.7: the whole pipeline.  `make help` lists the targets.
#
#   deps -> pristine tree -> baseline/patched trees (quilt) -> .config
#   (checked) -> bzImage -> initramfs -> QEMU runs -> walk diff -> report
#
# One code path serves both kernels: they differ only in which patches of
# series/series they take (baseline: the ones above "# ---- patched only").

TIER	?= debug
JOBS	?= $(shell nproc)
SERIES	?= series
B	:= build
SRC	:= $(B)/src
OBJ	:= $(B)/obj/$(TIER)
RUNS	:= $(B)/runs/$(TIER)
LOGS	:= $(B)/logs
TOOLS	:= $(B)/tools
KERNELS	:= baseline patched
TARBALL	:= /usr/src/linux-source-6.1.tar.xz
PHASE	:= scripts/phase.sh
FRAGMENTS := kernel/configs/common.config kernel/configs/$(TIER).config \
	     $(wildcard $(SERIES)/kernel.config)
INITRAMFS := $(B)/initramfs.cpio.gz

# Patches per kernel, from the series file (parsed once per make).
series_of = $(addprefix $(SERIES)/,$(shell sed -e '$(1)' $(SERIES)/series 2>/dev/null | \
	    grep -v '^[[:space:]]*\(\#\|$$\)'))
baseline_PATCHES := $(call series_of,/^\# *-* *patched only/q)
patched_PATCHES  := $(call series_of,)

HOST_TOOLS := $(TOOLS)/config-check $(TOOLS)/scan-console \
	      $(patsubst tools/%.c,$(TOOLS)/%,$(wildcard tools/snapdiff.c))

.PHONY: all help deps tools trees configs kernels initramfs kunit walk \
	report check clean distclean
all: report

help:
	@echo 'make            A/B run: both kernels built, booted, walked; prints the report'
	@echo 'make check      all tests (host tools, series, boots); ends "N passed, N failed"'
	@echo 'make deps       install missing Debian packages (apt-get, root or sudo)'
	@echo 'make tools      build the host tools in $(TOOLS)/'
	@echo 'make trees      unpack the pristine tree, make baseline and patched trees'
	@echo 'make configs    configure both kernels, check every fragment line survived'
	@echo 'make kernels    build both bzImages (TIER=debug|fast)'
	@echo 'make initramfs  pack $(INITRAMFS)'
	@echo 'make kunit      boot both kernels, run and parse their KUnit suites'
	@echo 'make walk       boot both kernels, walk /sys, diff the snapshots'
	@echo 'make report     the kobject size report (runs what it needs)'
	@echo 'make hotplug    hotplug stress, both kernels (CYCLES=50), every detector read'
	@echo 'make hotplug-fault    failslab fail-nth sweeps over netdevsim and PCI rescan'
	@echo 'make hotplug-planted  self-test: planted refcount bugs must be caught'
	@echo 'make clean      remove runs, objects and trees (keeps the pristine tree)'
	@echo 'make distclean  remove build/ entirely'
	@echo 'Variables: TIER=$(TIER) JOBS=$(JOBS) SERIES=$(SERIES)'

deps: $(B)/deps.stamp
$(B)/deps.stamp: scripts/install-deps.sh
	@mkdir -p $(B)
	@$(PHASE) deps $(LOGS)/deps.log scripts/install-deps.sh
	@touch $@

tools: $(HOST_TOOLS)
$(TOOLS)/%: tools/%.c | $(B)/deps.stamp
	@mkdir -p $(TOOLS)
	$(CC) -O2 -Wall -Wextra -o $@ $<

$(SRC)/pristine.stamp: | $(B)/deps.stamp
	@rm -rf $(SRC)/pristine $(SRC)/linux-source-6.1
	@mkdir -p $(SRC)
	@$(PHASE) unpack $(LOGS)/unpack.log tar -xf $(TARBALL) -C $(SRC)
	@mv $(SRC)/linux-source-6.1 $(SRC)/pristine
	@touch $@

trees: $(foreach k,$(KERNELS),$(SRC)/$(k).stamp)
configs: $(foreach k,$(KERNELS),$(OBJ)/$(k)/.config)
kernels: $(foreach k,$(KERNELS),$(OBJ)/$(k)/built.stamp)

define kernel_rules
$(SRC)/$(1).stamp: $(SRC)/pristine.stamp $(SERIES)/series $($(1)_PATCHES) kernel/tree.sh
	@$(PHASE) "tree $(1)" $(LOGS)/tree-$(1).log \
		kernel/tree.sh $(SRC)/pristine $(SERIES) $(SRC)/$(1) $(1)
	@touch $$@

$(OBJ)/$(1)/.config: $(SRC)/$(1).stamp $(FRAGMENTS) kernel/configure.sh | $(TOOLS)/config-check
	@$(PHASE) "config $(TIER)/$(1)" $(LOGS)/$(TIER)-$(1)-config.log \
		kernel/configure.sh $(SRC)/$(1) $(OBJ)/$(1) $(FRAGMENTS)

$(OBJ)/$(1)/built.stamp: $(OBJ)/$(1)/.config
	@$(PHASE) "build $(TIER)/$(1)" $(LOGS)/$(TIER)-$(1)-build.log \
		$(MAKE) -C $(SRC)/$(1) O=$(abspath $(OBJ)/$(1)) -j$(JOBS) bzImage
	@touch $$@

$(RUNS)/$(1)/%/ok: $(OBJ)/$(1)/built.stamp $(INITRAMFS) qemu/run.sh | $(HOST_TOOLS)
	@rm -f $$@
	@$(PHASE) "boot $(TIER)/$(1) $$*" $(LOGS)/$(TIER)-$(1)-$$*.log \
		qemu/run.sh -k $(OBJ)/$(1)/arch/x86/boot/bzImage -i $(INITRAMFS) \
		-s $$* -o $(RUNS)/$(1)/$$*
	@touch $$@

$(RUNS)/$(1)/kunit/parsed: $(RUNS)/$(1)/kunit/ok
	@$(PHASE) "kunit parse $(TIER)/$(1)" $(RUNS)/$(1)/kunit/kunit.txt \
		python3 $(SRC)/$(1)/tools/testing/kunit/kunit.py parse \
		$(abspath $(RUNS)/$(1)/kunit/data/dmesg)
	@touch $$@
endef
$(foreach k,$(KERNELS),$(eval $(call kernel_rules,$(k))))

INITRAMFS_DEPS := $(shell find initramfs -type f 2>/dev/null)
initramfs: $(INITRAMFS)
$(INITRAMFS): $(INITRAMFS_DEPS) | $(B)/deps.stamp
	@$(PHASE) initramfs $(LOGS)/initramfs.log initramfs/build.sh $@

kunit: $(foreach k,$(KERNELS),$(RUNS)/$(k)/kunit/parsed)

walk: $(RUNS)/walk.diff
$(RUNS)/walk.diff: $(foreach k,$(KERNELS),$(RUNS)/$(k)/walk/ok) qemu/walk-expected.txt
	@$(PHASE) "walk diff $(TIER)" $@.log $(TOOLS)/snapdiff \
		$(RUNS)/baseline/walk/data/snapshot $(RUNS)/patched/walk/data/snapshot \
		qemu/walk-expected.txt
	@cp $@.log $@

# The size report reads the census runs of both kernels and the trees.
REPORT_DEPS := $(shell find kobject-size-report -type f -not -path '*/tests/*' 2>/dev/null) \
	$(baseline_PATCHES) $(patched_PATCHES) $(FRAGMENTS)
report: walk kunit $(B)/report/report.txt
	@cat $(RUNS)/walk.diff
	@cat $(B)/report/report.txt
$(B)/report/report.txt: $(foreach k,$(KERNELS),$(RUNS)/$(k)/census/ok) $(REPORT_DEPS) | $(HOST_TOOLS)
	@$(PHASE) "size report $(TIER)" $(LOGS)/report.log \
		kobject-size-report/report.sh -s $(SERIES) -t $(TIER) \
		-w $(B)/size -o $(B)/report

check: $(B)/deps.stamp $(SRC)/pristine.stamp
	@tests/check.sh

clean:
	rm -rf $(B)/runs $(B)/obj $(SRC)/baseline* $(SRC)/patched* $(INITRAMFS)
distclean:
	rm -rf $(B)

-include tests/hotplug/hotplug.mk

print-tier:
	@echo $(TIER)
