# The postings (series-tools/postings.sh): the series of KVER as mails a
# maintainer can apply, one posting per subsystem, each stable backport
# alone, the RFC alone, under build/postings/KVER/, in the name of your
# git identity (git config user.name/user.email; a placeholder is refused).
# The RFC letter's figures come from the size reports of the fast tier,
# x86_64 and i386: make's own (build/report*/report.json) where there is
# one, else the records results/report-fast*.json.
.PHONY: postings postings-check
POSTINGS	:= $(B)/postings/$(KVER)
postings_kv	:= $(if $(filter 6.1,$(KVER)),,-$(KVER))
postings_report	= $(firstword $(wildcard $(B)/report$(1)$(postings_kv)/report.json \
		  results/report-fast$(1)$(postings_kv).json))
# NAME=FILE for each arch that has a report (a figure of a missing one
# stops the postings, naming it)
POSTINGS_FIGURES = $(foreach a,x86_64: i386:-i386,$(if $(call postings_report,$(word 2,$(subst :, ,$(a)))),$(firstword $(subst :, ,$(a)))=$(call postings_report,$(word 2,$(subst :, ,$(a))))))

## the series as postings, one per subsystem, stable backports apart, the RFC alone (build/postings/KVER/, your git identity)
postings: $(SRC)/pristine.stamp $(TOOLS)/figures
	@FIGURES='$(POSTINGS_FIGURES)' FIGURES_TOOL=$(TOOLS)/figures SERIES_DIR=$(SERIES) \
		series-tools/postings.sh $(SRC)/pristine $(POSTINGS)

## the postings checked: git am in each letter's order, checkpatch --strict, To/Cc and author, git send-email --dry-run
postings-check: postings
	@SERIES_DIR=$(SERIES) series-tools/postings-check.sh $(SRC)/pristine $(POSTINGS)

$(TOOLS)/figures: series-tools/figures.c | $(B)/deps.stamp
	@mkdir -p $(TOOLS)
	$(CC) -O2 -Wall -Wextra -o $@ $< $$(pkg-config --cflags --libs jansson) -lm
