# kref-2.7: the whole pipeline.  `make help` lists the targets.
#
#   deps -> pristine tree -> baseline/patched trees (quilt) -> .config
#   (checked) -> bzImage -> initramfs -> QEMU runs -> walk diff -> report
#
# One code path serves both kernels: they differ only in which patches of
# series/series they take (baseline: the ones above "# ---- patched only",
# scripts/series-list.sh).
# The knobs: `make help` lists them and the targets, from the "## " line
# above each (a knob is "NAME ?= DEFAULT": set it on make's command line).
# The axes of a run: kernel tree x architecture x tier.  Each cell has its
# own trees, objects and runs under build/ (scripts/cells.sh, the one
# table of cells: names, paths and arch facts), so no cell rebuilds when
# another one runs.
# Each knob is checked here: a value it does not accept stops make before
# any work, naming the knob and what it accepts.  The lists are
# scripts/cells.sh's (-l tier-notes|arches|versions): make help prints
# them in place of {tier-notes}, {arches} and {versions}, and cells.sh
# checks KVER, ARCH and TIER below.
## the kernel, one of {versions}: 6.1 is series/, another KVER series-KVER/
KVER	?= 6.1
## the arch, one of {arches} (the table of scripts/cells.sh)
ARCH	?= x86_64
## the kernel configuration, a tier of scripts/cells.sh: {tier-notes}
TIER	?= fast
## compiles and boots side by side (default: the CPUs)
JOBS	?= $(shell nproc)
## hotplug stress cycles (unset: hotplug 50, report and check 20, hotplug-planted 3), modules-load's rounds (3)
CYCLES	?=
# $(call count_knob,NAME,WHAT): stop unless NAME is unset or a whole
# number of 1 or more (WHAT: what it counts)
digits_out = $(subst 0,,$(subst 1,,$(subst 2,,$(subst 3,,$(subst 4,,$(subst \
	5,,$(subst 6,,$(subst 7,,$(subst 8,,$(subst 9,,$(1)))))))))))
count_knob = $(if $(or $(word 2,$($(1))),$(filter 0%,$($(1))),$(call digits_out,$($(1)))),$(error \
	$(1)=$($(1)): not a whole number of 1 or more ($(2))))
$(call count_knob,JOBS,compiles and boots at a time)
$(call count_knob,CYCLES,hotplug cycles; unset: each target's own)
B	:= build
TOOLS	:= $(B)/tools
KERNELS	:= baseline patched
PHASE	:= scripts/phase.sh
# KSRC=PATH: a kernel git tree of yours instead of Debian's tarball
# (kernel/ksrc.sh): its Makefile's version picks the series (6.1: series/,
# 6.12: series-6.12/), baseline and patched are git worktrees of it on
# branches kref-2.7/TAG/KERNEL made from its HEAD with the series applied
# by git am (kernel/worktree.sh), then the same pipeline.  KSRC=alone:PATH:
# its HEAD as the one kernel, "tree", no series (walk, census, hotplug,
# hotplug-fault).  KVER becomes VERSION-TAG, so the cell's trees, objects
# and runs have names of their own (scripts/cells.sh).
## a kernel git tree of yours: PATH (the series applied with git am) or alone:PATH (the tree alone, no series)
KSRC	?=
ifneq ($(KSRC),)
ksrc_facts := $(shell kernel/ksrc.sh -m $(KSRC) 2>&1)
ifneq ($(.SHELLSTATUS),0)
$(error $(ksrc_facts))
endif
$(foreach w,$(ksrc_facts),$(eval $(w)))
ifeq ($(origin KVER),command line)
ifneq ($(KVER),$(KSRC_KVER))
$(error KSRC=$(KSRC) is $(KSRC_VERSION): not KVER=$(KVER) (leave KVER out))
endif
endif
override KVER := $(KSRC_KVER)-$(KSRC_TAG)
ksrc_not := check matrix $(if $(filter alone,$(KSRC_MODE)),all report report-runs bench \
	hotplug-planted hotplug-seams series-apply series-check ktype-scan kunit-tool kunit-tool-config)
ifneq ($(filter $(ksrc_not),$(MAKECMDGOALS)),)
$(error KSRC=$(KSRC): no make $(filter $(ksrc_not),$(MAKECMDGOALS)) on it (alone: walk census hotplug hotplug-fault kunit; check and matrix: Debian's trees))
endif
ifeq ($(KSRC_MODE),alone)
KERNELS	:= tree
.DEFAULT_GOAL := alone
endif
endif
# The cell's facts (scripts/cells.sh -m: KEY:=VALUE words): CELL, SUFFIX,
# KSUFFIX, SERIES, SRC, OBJ, RUNS, REPORT, SIZE, CHECK, LOGS, INITRAMFS,
# FRAGMENTS (the tier's, from cells.sh's tier table, + the series' options, in
# order; kernel/configure.sh checks every line and adds the arch's own),
# KBUILD_ARCH, IMAGE, IMAGE_TARGET, QEMU, ...
# (a KVER, ARCH or TIER it does not have stops here, named)
cell_facts := $(shell scripts/cells.sh -m -b $(B) -k $(KVER) -a $(ARCH) -t $(TIER) 2>&1)
ifneq ($(.SHELLSTATUS),0)
$(error $(cell_facts))
endif
$(foreach w,$(cell_facts),$(eval $(w)))
TARBALL	:= /usr/src/linux-source-$(KVER).tar.xz
ARCH_FRAGMENTS := $(wildcard kernel/configs/$(ARCH).config kernel/configs/*-$(ARCH).config)
# The boot plan (qemu/plan.sh from qemu/plan.txt: the boots each target
# needs, a record each: scenario, kernel arguments, QEMU options,
# timeouts), of the cell, with the knobs it takes; lava/jobs.sh reads the
# same plan.  $(call boot,KERNEL,RUN): qemu/run.sh boots the plan's RUN of
# KERNEL, logged to LOGS/CELL-KERNEL-RUN.log.
PLAN	= qemu/plan.sh -b $(B) -k $(KVER) -a $(ARCH) -t $(TIER) \
	  $(if $(CYCLES),-v cycles=$(CYCLES))$(if $(BENCH_BOOTS), -v bench_boots=$(BENCH_BOOTS))$(if \
	  $(HOTPLUG_FAULT_OPS), -v fault_ops=$(HOTPLUG_FAULT_OPS))
# (a run is made again when the tools that boot it change, as before when
# its options lived here: an edit of qemu/plan.txt boots nothing again)
PLAN_DEPS := qemu/plan.sh qemu/run.sh
boot	= $(PHASE) "boot $(CELL)/$(1) $(2)" $(LOGS)/$(CELL)-$(1)-$(2).log \
	  $(PLAN) -x qemu/run.sh $(1)/$(2)
export ARCH	# kbuild and kernel/configure.sh read it
# the kunit.py that parses the KTAP of a run (qemu/judge.sh, make ktap):
# the first kernel's tree of the cell (baseline; KSRC=alone:'s tree), a
# tree every boot of the cell has: Debian's under build/src*, the user's
# worktrees under KSRC=, never another cell's or one not made
KUNIT_TREE := $(SRC)/$(firstword $(KERNELS))
export KUNIT_PY := $(abspath $(KUNIT_TREE)/tools/testing/kunit/kunit.py)
# A cross-compiled arch (CROSS, arm64): kbuild's CROSS_COMPILE, and its
# compiler, QEMU and guest userland from install-deps.sh's group ARCH.
ifneq ($(CROSS),)
export CROSS_COMPILE := $(CROSS)
ARCH_DEPS := $(B)/deps-$(ARCH).stamp
endif

# The phases of a cold `make` and their seconds on 2 idle cores, as
# measured on 2026-12-04 (results/MEASUREMENTS.md; deps: an estimate
# for a fresh Debian 12): scripts/eta.sh prints the first line.
ETA_DEPS	:= 150
ETA_UNPACK	:= 15
ETA_KERNELS	:= 1070
ETA_BOOTS	:= 18
ETA_REPORT	:= 297
ETA	:= $(B)/deps.stamp:$(ETA_DEPS):deps $(SRC)/pristine.stamp:$(ETA_UNPACK):unpack \
	   $(OBJ)/patched/built.stamp:$(ETA_KERNELS):kernels \
	   $(RUNS)/walk.diff:$(ETA_BOOTS):walk+KUnit \
	   $(REPORT)/report.txt:$(ETA_REPORT):census+hotplug+bench+report

# Patches per kernel, from the series file (parsed once per make).
series_of = $(addprefix $(SERIES)/,$(shell scripts/series-list.sh $(SERIES) $(1) 2>/dev/null))
baseline_PATCHES := $(call series_of,baseline)
patched_PATCHES  := $(call series_of,patched)

HOST_TOOLS := $(TOOLS)/config-check $(TOOLS)/scan-console \
	      $(patsubst tools/%.c,$(TOOLS)/%,$(wildcard tools/snapdiff.c))

.PHONY: all help deps compare matrix tools trees configs kernels initramfs kunit census walk \
	bench report check judge clean distclean
# `make`: one tier (fast) for everything, the two kernels built and booted
# side by side (JOBS at a time), then the report.  The debug tier is make
# check's (and `make TIER=debug`'s).
## A/B run on TIER=fast: both kernels built, booted, walked; prints the report
all:
	@scripts/eta.sh $(ETA)
	@$(MAKE) --no-print-directory -j$(JOBS) walk kunit
	@grep -v '  # expected: ' $(RUNS)/walk.diff; echo "(every difference, with why it is expected: $(RUNS)/walk.diff)"
	@$(MAKE) --no-print-directory -j$(JOBS) report

## this list: the targets, then the knobs (from the "## " line above each)
help:
	@awk -v notes="$$(scripts/cells.sh -l tier-notes)" -v arches="$$(scripts/cells.sh -l arches)" \
		-v versions="$$(scripts/cells.sh -l versions)" 'c != "" && /^[A-Z_]+[ \t]*\?=/ { n = $$1; v = $$0; sub(/^[^=]*\?=[ \t]*/, "", v); \
		knobs = knobs sprintf("  %-17s %s%s\n", n, c, v == "" || v ~ /[$$]/ ? "" : " (default: " v ")") } \
	c != "" && /^[^ \t#=][^=]*:/ && !/^[A-Z_]+[ \t]*[:?+]?=/ { t = $$0; sub(/:.*/, "", t); \
		while (match(t, /\$$\(addprefix [^,]*,\$$\(KERNELS\)\)/)) \
			t = substr(t, 1, RSTART - 1) substr(t, RSTART + 12, RLENGTH - 24) "<kernel>" \
			    substr(t, RSTART + RLENGTH); \
		targets = targets sprintf("make %-22s %s\n", t, c) } \
	{ c = "" } /^## / { c = substr($$0, 4); gsub(/[{]tier-notes[}]/, notes, c); \
		gsub(/[{]arches[}]/, arches, c); gsub(/[{]versions[}]/, versions, c) } \
	END { printf "%s\nKnobs (make NAME=VALUE ...):\n%s", targets, knobs }' $(MAKEFILE_LIST)

## install missing Debian packages (apt-get, root or sudo)
deps: $(B)/deps.stamp
$(B)/deps.stamp: scripts/install-deps.sh scripts/needs.txt
	@mkdir -p $(B)
	@$(PHASE) deps $(LOGS)/deps.log scripts/install-deps.sh
	@touch $@
$(B)/deps-%.stamp: scripts/install-deps.sh scripts/needs.txt | $(B)/deps.stamp
	@$(PHASE) "deps $*" $(LOGS)/deps-$*.log scripts/install-deps.sh $*
	@touch $@

## build the host tools in build/tools/
tools: $(HOST_TOOLS)
$(TOOLS)/%: tools/%.c | $(B)/deps.stamp
	@mkdir -p $(TOOLS)
	$(CC) -O2 -Wall -Wextra -o $@ $<

# The trees: from Debian's tarball, pristine unpacked and baseline and
# patched made by kernel/tree.sh (hard links, quilt); with KSRC=, git
# worktrees of the user's tree (kernel/worktree.sh): pristine at its HEAD
# (SRC/head, rewritten when HEAD moves), baseline and patched on branches
# with the series applied by git am; KSRC=alone:'s one kernel, tree, is
# the pristine worktree, configured with the series' options its Kconfig
# has (SRC/pristine.config).
ifeq ($(KSRC),)
$(SRC)/pristine.stamp: | $(B)/deps.stamp
	@rm -rf $(SRC)/pristine $(SRC)/linux-source-$(KVER)
	@mkdir -p $(SRC)
	@test -r $(TARBALL) || scripts/install-deps.sh $(KVER)
	@$(PHASE) "unpack $(KVER)" $(LOGS)/unpack$(KSUFFIX).log tar -xf $(TARBALL) -C $(SRC)
	@mv $(SRC)/linux-source-$(KVER) $(SRC)/pristine
	@touch $@
tree_deps = $(SRC)/pristine.stamp $(SERIES)/series $($(1)_PATCHES) kernel/tree.sh
tree_make = kernel/tree.sh $(SRC)/pristine $(SERIES) $(SRC)/$(1) $(1)
else
ifneq ($(file < $(SRC)/head),$(KSRC_HEAD))
$(shell mkdir -p $(SRC))
$(file > $(SRC)/head,$(KSRC_HEAD))
endif
$(SRC)/pristine.stamp: $(SRC)/head kernel/worktree.sh $(SERIES)/kernel.config | $(B)/deps.stamp
	@$(PHASE) "worktree $(CELL)/pristine" $(LOGS)/tree$(KSUFFIX)-pristine.log \
		kernel/worktree.sh $(KSRC_DIR) $(KSRC_HEAD) $(SRC)/pristine tree $(SERIES)
	@touch $@
$(SRC)/pristine.config: $(SRC)/pristine.stamp ;
ifeq ($(KSRC_MODE),alone)
FRAGMENTS := $(filter-out $(SERIES)/kernel.config,$(FRAGMENTS)) kernel/configs/alone.config $(SRC)/pristine.config
tree_deps = $(SRC)/pristine.stamp
tree_make = ln -sfn pristine $(SRC)/tree
else
tree_deps = $(SRC)/head $(SERIES)/series $($(1)_PATCHES) kernel/worktree.sh
tree_make = kernel/worktree.sh $(KSRC_DIR) $(KSRC_HEAD) $(SRC)/$(1) $(1) $(SERIES)
# the size report reads the pristine tree too (its dist layouts)
$(REPORT)/report.txt: $(SRC)/pristine.stamp
endif
.PHONY: alone
## KSRC=alone:PATH's default: the tree's /sys walk, census and hotplug stress
alone: walk census hotplug
endif

# A git tree of Debian's tarball (kernel/tarball-git.sh), to try the
# KSRC= modes without a tree of one's own; make check takes its 6.12 cell
# through it.
.PHONY: tarball-git
## a git tree of Debian's KVER tarball in build/git/linux-KVER (for KSRC=)
tarball-git: $(SRC)/pristine.stamp
	@$(PHASE) "git tree of linux-source-$(KVER)" $(LOGS)/tarball-git-$(KVER).log \
		kernel/tarball-git.sh $(SRC)/pristine $(B)/git/linux-$(KVER)

## unpack the pristine tree, make the baseline and patched trees
trees: $(foreach k,$(KERNELS),$(SRC)/$(k).stamp)
## configure both kernels, check that every fragment line survived
configs: $(foreach k,$(KERNELS),$(OBJ)/$(k)/.config)
## build both kernels' images
kernels: $(foreach k,$(KERNELS),$(OBJ)/$(k)/built.stamp)

define kernel_rules
$(SRC)/$(1).stamp: $(call tree_deps,$(1))
	@$(PHASE) "tree $(1)$(KSUFFIX)" $(LOGS)/tree$(KSUFFIX)-$(1).log \
		$(call tree_make,$(1))
	@touch $$@

$(OBJ)/$(1)/.config: $(SRC)/$(1).stamp $(FRAGMENTS) $(ARCH_FRAGMENTS) kernel/configure.sh kernel/fragments.sh | $(TOOLS)/config-check $(ARCH_DEPS)
	@$(PHASE) "config $(CELL)/$(1)" $(LOGS)/$(CELL)-$(1)-config.log \
		kernel/configure.sh -a $(ARCH) $(SRC)/$(1) $(OBJ)/$(1) $(FRAGMENTS)

$(OBJ)/$(1)/built.stamp: $(OBJ)/$(1)/.config
	@$(PHASE) "build $(CELL)/$(1)" $(LOGS)/$(CELL)-$(1)-build.log \
		$(MAKE) -C $(SRC)/$(1) O=$(abspath $(OBJ)/$(1)) -j$(JOBS) $(IMAGE_TARGET)$(if $(MODULES), modules)
	$(if $(MODULES),@$$(call modules_install,$(1)))
	@touch $$@

$(RUNS)/$(1)/%/ok: $(OBJ)/$(1)/built.stamp $(INITRAMFS) $(PLAN_DEPS) | $(HOST_TOOLS)
	@rm -f $$@
	@$$(call boot,$(1),$$*)
	@touch $$@

$(RUNS)/$(1)/kunit/parsed: $(RUNS)/$(1)/kunit/ok
	@$(PHASE) "kunit parse $(CELL)/$(1)" $(RUNS)/$(1)/kunit/kunit.txt \
		python3 $(SRC)/$(1)/tools/testing/kunit/kunit.py parse \
		$(abspath $(RUNS)/$(1)/kunit/data/dmesg)
	@touch $$@
endef
$(foreach k,$(KERNELS),$(eval $(call kernel_rules,$(k))))

# what initramfs/build.sh reads (its header lists it)
INITRAMFS_DEPS := $(shell find initramfs -type f 2>/dev/null) lib/ktap.sh \
	tools/scan-console.c qemu/signatures.txt
## pack the cell's initramfs (build/initramfs[-ARCH].cpio.gz)
initramfs: $(INITRAMFS)
$(INITRAMFS): $(INITRAMFS_DEPS) | $(B)/deps.stamp $(ARCH_DEPS)
	@$(PHASE) "initramfs $(ARCH)" $(LOGS)/$(notdir $(INITRAMFS:.cpio.gz=.log)) initramfs/build.sh -a $(ARCH) $@

## boot both kernels, run and parse their KUnit suites
kunit: $(foreach k,$(KERNELS),$(RUNS)/$(k)/kunit/parsed)

# The series' KUnit suites as a kernel engineer runs them: the kernel's
# own kunit.py with kernel/kunit/.kunitconfig on the clean baseline and
# patched trees of KVER, x86_64 under QEMU (TCG), each kernel built by
# kunit.py in $(KUNIT_TOOL)/<kernel> (make O=, the tree is not written).
# kunit-tool-config is its cheap form (make check's): kunit.py config,
# which fails when a line of the file does not survive olddefconfig, and
# config-check of the file against the cell's kernels where configured.
KUNIT_TOOL	:= $(B)/kunit-tool$(KSUFFIX)
KUNITCONFIG	:= $(abspath kernel/kunit/.kunitconfig)
kunit_py = python3 $(SRC)/$(1)/tools/testing/kunit/kunit.py
.PHONY: kunit-tool kunit-tool-config
## kunit.py run --kunitconfig=kernel/kunit --arch=x86_64 on both trees of KVER
kunit-tool: $(foreach k,$(KERNELS),$(KUNIT_TOOL)/$(k).ok)
$(KUNIT_TOOL)/%.ok: $(SRC)/%.stamp kernel/kunit/.kunitconfig
	@rm -f $@; mkdir -p $(KUNIT_TOOL)
	@$(PHASE) "kunit.py run $(KVER)/$*" $(LOGS)/kunit-tool$(KSUFFIX)-$*.log \
		$(call kunit_py,$*) run --kunitconfig=$(KUNITCONFIG) --arch=x86_64 \
		--build_dir=$(abspath $(KUNIT_TOOL)/$*) --jobs=$(JOBS) --timeout=1800
	@grep -a 'Testing complete' $(LOGS)/kunit-tool$(KSUFFIX)-$*.log | sed 's|^|$(KVER)/$*: |'
	@touch $@
## kunit.py config with kernel/kunit/.kunitconfig on both trees, the cell's .configs checked (seconds)
kunit-tool-config: $(foreach k,$(KERNELS),$(SRC)/$(k).stamp) | $(TOOLS)/config-check
	@mkdir -p $(LOGS) $(KUNIT_TOOL)
	@for k in $(KERNELS); do $(call kunit_py,$$k) config --kunitconfig=$(KUNITCONFIG) \
		--arch=x86_64 --build_dir=$(abspath $(KUNIT_TOOL))/$$k > $(LOGS)/kunit-tool$(KSUFFIX)-$$k-config.log 2>&1 && \
		echo "kunit.py config $(KVER)/$$k: ok" || \
		{ echo "kunit.py config $(KVER)/$$k: FAIL"; tail -n 15 $(LOGS)/kunit-tool$(KSUFFIX)-$$k-config.log; exit 1; }; \
		[ ! -f $(OBJ)/$$k/.config ] || { $(TOOLS)/config-check kernel/kunit/.kunitconfig -- $(OBJ)/$$k/.config && \
		echo "kernel/kunit/.kunitconfig in $(OBJ)/$$k/.config: ok"; } || exit 1; done

# The census boot of each kernel (make check boots it on a cell whose full
# kernels are make matrix's: `make TIER=smoke KVER=6.12 ARCH=i386 kunit
# census`): a passed run whose census counts live kobjects, and what it
# counted.
.PHONY: census
## boot both kernels, count their live kobjects (the series census)
census: $(foreach k,$(KERNELS),$(RUNS)/$(k)/census/counted)
$(RUNS)/%/census/counted: $(RUNS)/%/census/ok
	@if [ "$(KSRC_MODE)" = alone ] && ! grep -qs '^CONFIG_DEBUG_KOBJECT_CENSUS=y' $(OBJ)/$*/.config; then \
		echo "census $(CELL)/$*: no kobject census in this kernel (CONFIG_DEBUG_KOBJECT_CENSUS, from the series' patch \"kobject: add a census of live kobjects per ktype\"): its run passed, slabinfo and meminfo recorded in $(RUNS)/$*/census/data/"; \
		touch $@; exit 0; fi; \
	awk '$$1 == "live" && $$2 > 0 { live = $$2 } $$1 == "ktype" { n++ } \
		END { if (!live || !n) exit 1; \
		printf "census $(CELL)/$*: %d live kobjects, %d ktypes\n", live, n }' \
		$(RUNS)/$*/census/data/census > $@.new || \
		{ echo "census $(CELL)/$*: no live kobject counted in $(RUNS)/$*/census/data/census"; exit 1; }
	@[ ! -f $@.new ] || { cat $@.new; mv $@.new $@; }

## boot both kernels, walk /sys, diff the snapshots (KSRC=alone: the one snapshot)
walk: $(if $(filter alone,$(KSRC_MODE)),$(RUNS)/tree/walk/ok,$(RUNS)/walk.diff)
$(RUNS)/walk.diff: $(foreach k,$(KERNELS),$(RUNS)/$(k)/walk/ok) qemu/walk-expected.txt
	@$(PHASE) "walk diff $(CELL)" $@.log $(TOOLS)/snapdiff \
		$(RUNS)/baseline/walk/data/snapshot $(RUNS)/patched/walk/data/snapshot \
		qemu/walk-expected.txt
	@cp $@.log $@

# The size report: compile-time sizes from the trees (the booted layouts
# probed in the kernels built here, the others configured and probed by
# kobject-size-report/ itself), run-time figures from the
# fast tier, the one closest to a distribution kernel (no debug-build
# detectors): census after boot, hotplug after 20 cycles (CYCLES), and the
# hot path (make bench).  Runs of the other tier are read too where
# present and current.  `make report` boots what is missing in a sub-make
# with TIER=fast, then prints the text report.  A machine without ACPI
# hotplug (arm64's -M virt: no devices.config, so no fast tier) reports
# from its smoke tier: census and bench, the hotplug stress noted as not run.
REPORT_TIER := $(if $(filter virt,$(MACHINE)),smoke,fast)
REPORT_SCENARIOS := census $(if $(filter fast,$(REPORT_TIER)),hotplug)
REPORT_NOTE := $(if $(filter fast,$(REPORT_TIER)),,hotplug: not run: no device hotplug on $(ARCH) -M $(MACHINE) in this rig (the smoke tier has no devices.config))
REPORT_DEPS := $(shell find kobject-size-report -type f -not -path '*/tests/*' 2>/dev/null) \
	$(baseline_PATCHES) $(patched_PATCHES) kernel/configure.sh $(wildcard kernel/configs/*.config)

# make bench: kobject_get/put pairs and kobject lifecycles timed in the
# guest (initramfs/scenarios/bench.sh), BENCH_BOOTS boots per kernel under
# "-icount shift=0" (guest ns = instructions), one QEMU at a time:
# $(RUNS)/<kernel>/bench-<i>/data/bench, booted by the rule above (the
# plan's bench-% boots).  One fast-tier boot takes ~18 s on TCG.
## boots per kernel of make bench (unset: bench_boots of qemu/plan.txt)
BENCH_BOOTS	?=
BENCH_RUNS	:= $(addsuffix /ok,$(shell $(PLAN) -f dir bench))

# The report's hotplug point: the stress of mk/hotplug.mk.
define report_hotplug_rule
$(RUNS)/$(1)/hotplug/ok: $(OBJ)/$(1)/built.stamp $(INITRAMFS) $(PLAN_DEPS) $(TOOLS)/hotplug-qmp | $(HOST_TOOLS)
	@rm -f $$@
	@$$(call boot,$(1),hotplug)
	@touch $$@
endef
$(foreach k,$(KERNELS),$(eval $(call report_hotplug_rule,$(k))))

.PHONY: bench report-runs
## hot-path timing: BENCH_BOOTS boots per kernel under -icount shift=0
bench: $(BENCH_RUNS)	# and no boot beyond BENCH_BOOTS left for the report
	@for d in $(foreach k,$(KERNELS),$(wildcard $(RUNS)/$(k)/bench-*)); do \
		case " $(BENCH_RUNS) " in *" $$d/ok "*) ;; *) rm -rf $$d ;; esac; \
	done

REPORT_RUNS := $(foreach k,$(KERNELS),$(foreach s,$(REPORT_SCENARIOS),$(RUNS)/$(k)/$(s)/ok))
## the runs the size report reads (census, hotplug, bench), booted where missing
report-runs: $(REPORT_RUNS) bench

## the kobject size report (boots what it needs on the fast tier; arm64: smoke), prints the text last
report:
	@$(MAKE) --no-print-directory TIER=$(REPORT_TIER) CYCLES=$(or $(CYCLES),20) \
		report-runs $(REPORT)/report.txt
	@cat $(REPORT)/report.txt
# (also remade when a run of the other tier, or a kernel, is newer)
$(REPORT)/report.txt: $(REPORT_RUNS) $(BENCH_RUNS) $(REPORT_DEPS) \
		$(foreach s,$(REPORT_SCENARIOS) bench-*,$(wildcard $(B)/runs/*/*/$(s)/ok)) \
		$(wildcard $(foreach k,$(KERNELS),$(OBJ)/$(k)/built.stamp)) | $(HOST_TOOLS)
	@$(PHASE) "size report $(CELL)" $(LOGS)/report-$(CELL).log \
		kobject-size-report/report.sh -s $(SERIES) -t $(CELL) \
		-x "$(foreach t,$(filter-out $(TIER),debug fast),$(t)$(SUFFIX))" \
		-c "$(REPORT_SCENARIOS)" -S $(SRC) -w $(SIZE) -o $(REPORT) \
		$(if $(REPORT_NOTE),-N "$(REPORT_NOTE)")

# The report from the cell's recorded runs alone, booting nothing: the
# same report.sh with every layout `make` computes (the dist layouts of
# every arch, pahole, bloat-o-meter), on the runs make check made of its
# debug kernels (the hotplug stress: census, slab and meminfo after it),
# so that CI fails where a new user's `make` would fail in its report.
.PHONY: report-recorded
## the size report from the cell's recorded runs, booting nothing (make check's, on the debug cell)
report-recorded: | $(HOST_TOOLS)
	@$(PHASE) "size report $(CELL), recorded runs" $(LOGS)/report-recorded-$(CELL).log \
		kobject-size-report/report.sh -s $(SERIES) -t $(CELL) -x "" \
		-c "$(REPORT_SCENARIOS)" -S $(SRC) -w $(SIZE) -o $(B)/report-recorded-$(CELL)
	@cat $(B)/report-recorded-$(CELL)/report.txt

# One table across every size report under build/ (kernel x arch x tier),
# and build/compare/compare.svg (bytes grown per ktype, hot-path change and
# spread, per cell; gnuplot): `make compare`; two reports, what changed:
# ksr-report compare A B.
.PHONY: compare
$(TOOLS)/ksr-report: $(wildcard kobject-size-report/src/*) | $(B)/deps.stamp
	@mkdir -p $(TOOLS)
	$(CC) -O2 -Wall -Wextra -o $@ kobject-size-report/src/*.c \
		$(shell pkg-config --cflags --libs jansson)
## one table across every size report under build/ (KVER x ARCH x TIER)
compare: $(TOOLS)/ksr-report
	@set -- $(wildcard $(B)/report*/report.json); \
	[ $$# -gt 0 ] || { echo "make compare: no report under $(B)/ (make report)" >&2; exit 1; }; \
	$(TOOLS)/ksr-report table "$$@" && mkdir -p $(B)/compare && \
	$(TOOLS)/ksr-report plot --name compare $(B)/compare "$$@" && \
	kobject-size-report/scripts/plot.sh $(B)/compare compare

# Every cell of the matrix (KVER x ARCH on TIER, or a word's own tier:
# arm64 has the smoke tier only), then the table across their reports.
# Measured time: results/MEASUREMENTS.md.
## the cells of make matrix, KVER/ARCH[/TIER] words
MATRIX	?= 6.1/x86_64 6.1/i386 6.12/x86_64 6.12/i386 6.1/arm64/smoke
.PHONY: matrix
## make (all) on every cell of MATRIX, then make compare
matrix:
	@rc=0; for c in $(MATRIX); do k=$${c%%/*} a=$${c#*/} t=$(TIER); \
		case $$a in */*) t=$${a#*/} a=$${a%%/*} ;; esac; \
		echo "matrix: KVER=$$k ARCH=$$a TIER=$$t"; \
		$(MAKE) --no-print-directory KVER=$$k ARCH=$$a TIER=$$t all || rc=1; \
	done; \
	$(MAKE) --no-print-directory compare; exit $$rc

## 1: make check boots 6.1 on i386 (smoke tier) too, beside 6.12's
CHECK_MATRIX	?= 0
## all tests (host, series, boots) on TIER=debug, and 6.12 on i386 (smoke); ends "N passed, N failed"
check: $(B)/deps.stamp $(SRC)/pristine.stamp
	@CHECK_MATRIX=$(CHECK_MATRIX) tests/check.sh

# The series applied to its tree (quilt push, git am) and checkpatch
# --strict on every patch, nothing compiled (series-tools/check.sh does the
# rest):
# make check runs it on KVER=6.12, whose kernels it does not build.
.PHONY: series-apply
## the series applied (quilt, git am) and checkpatch --strict, nothing compiled
series-apply: $(SRC)/pristine.stamp
	@SERIES_DIR=$(SERIES) \
		series-tools/check.sh -s "apply checkpatch" $(SRC)/pristine $(CHECK)/apply

# The whole series check (series-tools/check.sh): apply, checkpatch, every
# prefix compiling all of lib/, drivers/base/ and its touched files, the kref
# users; ~12 min on 2 cores, KVER=6.12 for series-6.12.  make check's own
# run of it compiles only the kobject core of lib/ at each prefix.
.PHONY: series-check
## series-apply, then every prefix compiles, the kref users compile (~12 min)
series-check: $(SRC)/pristine.stamp
	@SERIES_DIR=$(SERIES) \
		series-tools/check.sh -t $(TIER) -b "$(BUILT)" $(SRC)/pristine $(CHECK)/series

# Every struct kobj_type without a release(), and every ktype swapped after
# init, in the baseline tree (Coccinelle; ~6 min, so not part of check),
# explained ones listed in the series' ktype-scan.allow.
.PHONY: ktype-scan
## every ktype without a release() in the baseline tree (Coccinelle, ~6 min)
ktype-scan: $(SRC)/baseline.stamp
	@SERIES_DIR=$(SERIES) $(PHASE) "ktype scan baseline" $(LOGS)/ktype-scan.log \
		series-tools/ktype-scan.sh $(SRC)/baseline

# The verdict of a run comes from its records alone (qemu/judge.sh).
## judge every recorded run under build/runs again (no boot), changed verdicts marked
judge: $(TOOLS)/scan-console | $(KUNIT_TREE).stamp
	@qemu/judge.sh -r $(B)/runs

# The cell's judged runs as one KTAP document, from the records (no boot):
# a test per run with the guest's, the detectors' and KUnit's results
# nested.  KTAP_RUNS: SCENARIO (both kernels) or KERNEL/SCENARIO words,
# default every judged run of the cell.  make check nests it under each
# boot step (tests/boot-step.sh).
# the runs of make ktap: SCENARIO or KERNEL/SCENARIO words (default: all
# judged); tests/boot-step.sh's, no longer a knob of make help (KSRC took
# its place among the 12)
KTAP_RUNS ?= $(patsubst $(RUNS)/%/verdict,%,$(wildcard $(RUNS)/*/*/verdict))
ktap_dirs = $(foreach r,$(KTAP_RUNS),$(if $(findstring /,$(r)),$(RUNS)/$(r),\
	$(foreach k,$(KERNELS),$(RUNS)/$(k)/$(r))))
# A KUnit boot's console gives its KUnit KTAP as kunit.py extracts it
# (kunit.ktap, passed or failed; made again when the console is newer, and
# put in place whole, so an interrupted parse is not taken for a new one).
.PHONY: ktap
## the cell's judged runs as one KTAP document, no boot
ktap: | $(KUNIT_TREE).stamp
	@for d in $(filter %/kunit,$(ktap_dirs)); do [ ! -s $$d/data/dmesg ] || \
		[ $$d/kunit.ktap -nt $$d/data/dmesg ] || { \
		python3 $(KUNIT_PY) parse --raw_output=kunit \
		$$(cd $$d && pwd)/data/dmesg > $$d/kunit.ktap.new; \
		mv $$d/kunit.ktap.new $$d/kunit.ktap; }; done
	@$(if $(ktap_dirs),qemu/runs-ktap.sh $(ktap_dirs),\
		echo "ktap: no judged run under $(RUNS) (make kunit, walk, hotplug, ... first)" >&2; exit 1)

## remove runs, objects and trees (keeps the pristine trees)
clean:
	rm -rf $(B)/runs $(B)/obj $(SRC)/baseline* $(SRC)/patched* $(INITRAMFS)
## remove build/ entirely
distclean:
	rm -rf $(B)

# user-facing targets of their own concern, one file each (mk/README)
include $(sort $(wildcard mk/*.mk))

