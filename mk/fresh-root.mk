# The fresh-machine gate (scripts/fresh-root.sh): a README command run in
# a bare Debian 12 root on a fresh clone of HEAD, so that a package this
# machine has from earlier work cannot hide a missing install step.
.PHONY: fresh-root
## the command fresh-root runs in the bare root (the README's two: make, make check)
FRESH_CMD	?= make
## FRESH_CMD in a bare Debian 12 root (mmdebstrap) on a fresh clone of HEAD; run before closing a change to deps, tools or the report
fresh-root: $(B)/deps-gate.stamp
	@scripts/fresh-root.sh '$(FRESH_CMD)'
