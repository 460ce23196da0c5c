#!/bin/sh
# plan.sh - the boot plan: the boots of make TARGETs on one cell, a record
# each, from qemu/plan.txt and the cell table (scripts/cells.sh)
#
# usage: plan.sh [-b BUILD] [-k KVER] [-a ARCH] [-t TIER] [-v NAME=VALUE]...
#                [-r RUNSDIR] [-f FIELD | -x PROGRAM] TARGET...
#        plan.sh -D
#   TARGET   a target of qemu/plan.txt (all, report-runs, bench), a run
#            (walk, kunit, census, hotplug, soak, hotplug-fault, bench-2,
#            ...: on both kernels), or KERNEL/RUN (one kernel)
#   -b -k -a -t  the cell, as scripts/cells.sh takes them
#   -v NAME=VALUE  a variable of qemu/plan.txt (cycles, fault_ops,
#            bench_boots), instead of the default its line gives
#   -r RUNSDIR  the run directories as RUNSDIR/CELL/KERNEL/RUN instead of
#            the cell's RUNS/KERNEL/RUN (lava/jobs.sh)
#   -f FIELD  print only that field of each record (empty for "-")
#   -x PROGRAM  run PROGRAM, qemu/run.sh or lava/job.sh (both take the same
#            options), once per boot with the boot's options; the exit code
#            is the last failed one's (0 if none failed)
#   -D       print the default run's TIMEOUT and IDLE (run.sh's defaults)
# Output: a line per boot, fields separated by tabs ("-" when empty):
#   cell kernel run scenario arch image initrd dir timeout idle driver
#   kargs qargs
# The initramfs is the cell's INITRAMFS, or the file the run's INITRD
# names in the kernel's O= dir (OBJ/KERNEL/INITRD: a kernel's own).  The
# driver is BUILD/tools/DRIVER, absolute.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
data=$here/qemu/plan.txt
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 2; }
build=build kver=6.1 arch=x86_64 tier=fast vars= runs= field= prog= defaults=
while getopts b:k:a:t:v:r:f:x:D opt; do
	case $opt in
	b) build=$OPTARG ;; k) kver=$OPTARG ;; a) arch=$OPTARG ;;
	t) tier=$OPTARG ;; r) runs=$OPTARG ;; f) field=$OPTARG ;;
	x) prog=$OPTARG ;; D) defaults=1 ;;
	v) case $OPTARG in
	   [a-z]*=*) vars="$vars$OPTARG
" ;;
	   *) usage ;;
	   esac ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
if [ -n "$defaults" ]; then
	awk '$1 == "run" && $2 == "default" { print $4, $5; exit }' "$data"
	exit
fi
[ $# -gt 0 ] || usage
eval "$("$here/scripts/cells.sh" -b "$build" -k "$kver" -a "$arch" -t "$tier")" || exit 2
case $build in /*) tools=$build/tools ;; *) tools=$here/$build/tools ;; esac

# The records: plan.txt's lines for the targets' runs, variables and
# patterns resolved, sums computed.
records=$(printf '%s' "$vars" | awk -v targets="$*" -v cell="$CELL" \
	-v arch="$ARCH" -v obj="$OBJ" -v image="$IMAGE" -v initrd="$INITRAMFS" \
	-v rdir="${runs:+$runs/$CELL}" -v cruns="$RUNS" -v tools="$tools" '
	# defaults(LINE): the {NAME:DEFAULT} of one plan.txt line
	function defaults(line,   d, i) {
		split("", ld)
		while (match(line, /{[a-z_]+:[^}]*}/)) {
			d = substr(line, RSTART + 1, RLENGTH - 2); line = substr(line, RSTART + RLENGTH)
			i = index(d, ":"); ld[substr(d, 1, i - 1)] = substr(d, i + 1)
		}
	}
	# subst(S): each {NAME} or {NAME:DEFAULT} replaced by -v NAME=VALUE,
	# else by the line'"'"'s default
	function subst(s,   out, n) {
		out = ""
		while (match(s, /{[a-z_]+(:[^}]*)?}/)) {
			n = substr(s, RSTART + 1, RLENGTH - 2); sub(/:.*/, "", n)
			out = out substr(s, 1, RSTART - 1)
			if (n in val) out = out val[n]
			else if (n in ld) out = out ld[n]
			else { print "plan.sh: {" n "} has no value" > "/dev/stderr"; bad = 1 }
			s = substr(s, RSTART + RLENGTH)
		}
		return out s
	}
	# calc(S): a sum of products, 1200+60*50
	function calc(s,   t, f, n, m, i, j, p, r) {
		if (s !~ /^[0-9]+([+*][0-9]+)*$/) { print "plan.sh: bad number " s > "/dev/stderr"; bad = 1; return 0 }
		n = split(s, t, "+"); r = 0
		for (i = 1; i <= n; i++) { m = split(t[i], f, "*"); p = 1
			for (j = 1; j <= m; j++) p *= f[j]; r += p }
		return r
	}
	# add(KERNELS, WORD): the runs of a run or target, each once
	function add(ks, w,   n, t, i, a, b) {
		if (w in target) { defaults(target[w]); n = split(subst(target[w]), t, " ")
			for (i = 1; i <= n; i++) add(ks, t[i]); return }
		if (match(w, /1\.\.[0-9]+$/)) { a = substr(w, 1, RSTART - 1)
			b = substr(w, RSTART + 3) + 0
			for (i = 1; i <= b; i++) add(ks, a i); return }
		n = split(ks, t, " ")
		for (i = 1; i <= n; i++) if (!((t[i] "/" w) in seen)) {
			seen[t[i] "/" w]; order[++nb] = t[i] "/" w }
	}
	# redefault(S, NAME, VALUE): S with each {NAME:...} as {NAME:VALUE}
	function redefault(s, name, value,   out) {
		out = ""
		while (match(s, "{" name ":[^}]*}")) {
			out = out substr(s, 1, RSTART - 1) "{" name ":" value "}"
			s = substr(s, RSTART + RLENGTH)
		}
		return out s
	}
	FILENAME == "-" { i = index($0, "="); val[substr($0, 1, i - 1)] = substr($0, i + 1); next }
	/^#/ || NF == 0 { next }
	{ l = $0; while (match(l, /{[a-z_]+[:}]/)) {
		known[substr(l, RSTART + 1, RLENGTH - 2)]; l = substr(l, RSTART + RLENGTH) } }
	$1 == "target" { t = $0; sub(/^target[ \t]+[^ \t]+[ \t]+/, "", t); target[$2] = t; next }
	$1 == "run" && NF >= 8 { a = $0
		for (i = 1; i <= 7; i++) sub(/^[^ \t]+[ \t]+/, "", a)
		if ($2 in isrun) { print "plan.sh: plan.txt:" NR ": run " $2 " again" > "/dev/stderr"; bad = 1 }
		nr++; rn[nr] = $2; rs[nr] = $3; rt[nr] = $4; ri[nr] = $5; rd[nr] = $6
		rf[nr] = $7; ra[nr] = a; isrun[$2] = nr
		if ($2 == "default") { dt = $4; di = $5 }
		next }
	$1 == "like" && NF >= 3 { nl++; liked[$2]; ln[nl] = $2; lb[nl] = $3; lnr[nl] = NR; lw[nl] = ""
		for (i = 4; i <= NF; i++) lw[nl] = lw[nl] " " $i
		next }
	{ print "plan.sh: plan.txt:" NR ": cannot read: " $0 > "/dev/stderr"; bad = 1 }
	END {
		# each like line: a copy of its base run, its words applied
		for (l = 1; l <= nl; l++) {
			where = "plan.sh: plan.txt:" lnr[l] ": like " ln[l] " " lb[l] ": "
			if (ln[l] in isrun) { print where "run " ln[l] " has a line of its own" > "/dev/stderr"; bad = 1; continue }
			if (!(lb[l] in isrun) || lb[l] in liked) { print where "no run line " lb[l] > "/dev/stderr"; bad = 1; continue }
			b = isrun[lb[l]]; nr++; rn[nr] = ln[l]; isrun[ln[l]] = nr
			rs[nr] = rs[b]; rt[nr] = rt[b]; ri[nr] = ri[b]; rd[nr] = rd[b]; rf[nr] = rf[b]; ra[nr] = ra[b]
			n = split(lw[l], w, " ")
			for (i = 1; i <= n; i++) {
				j = index(w[i], "="); f = substr(w[i], 1, j - 1); v = substr(w[i], j + 1)
				if (f == "SCENARIO") rs[nr] = v
				else if (f == "TIMEOUT") rt[nr] = v
				else if (f == "IDLE") ri[nr] = v
				else if (f ~ /^[a-z_]+$/ && index(rt[b] " " ri[b] " " ra[b], "{" f ":")) {
					rt[nr] = redefault(rt[nr], f, v); ri[nr] = redefault(ri[nr], f, v)
					ra[nr] = redefault(ra[nr], f, v) }
				else { print where "cannot take " w[i] " (SCENARIO=, TIMEOUT=, IDLE= or a {NAME:DEFAULT} of run " lb[l] ")" > "/dev/stderr"; bad = 1 }
			}
		}
		for (n in val) if (!(n in known)) { print "plan.sh: -v " n ": no such variable" > "/dev/stderr"; bad = 1 }
		n = split(targets, w, " ")
		for (i = 1; i <= n; i++) {
			if (w[i] ~ /\//) add(substr(w[i], 1, index(w[i], "/") - 1), substr(w[i], index(w[i], "/") + 1))
			else add("baseline patched", w[i])
		}
		for (b = 1; b <= nb; b++) {
			k = substr(order[b], 1, index(order[b], "/") - 1)
			run = substr(order[b], index(order[b], "/") + 1)
			# the run line: its own, else a pattern that matches, else none
			r = 0; stem = ""
			for (i = 1; i <= nr && !r; i++) if (rn[i] == run) r = i
			for (i = 1; i <= nr && !r; i++) if ((p = index(rn[i], "%")) &&
				substr(run, 1, p - 1) == substr(rn[i], 1, p - 1) &&
				length(run) >= length(rn[i]) && substr(rn[i], p + 1) == \
				substr(run, length(run) - length(rn[i]) + p + 1)) {
				r = i; stem = substr(run, p, length(run) - length(rn[i]) + 1) }
			sc = r ? rs[r] : "-"; to = r ? rt[r] : "-"; id = r ? ri[r] : "-"
			dr = r ? rd[r] : "-"; fs = r ? rf[r] : "-"; ar = r ? ra[r] : "-"
			if (sc == "-") sc = run
			gsub(/%/, stem, sc)
			defaults(to " " id " " ar)
			to = calc(subst(to == "-" ? dt : to)); id = calc(subst(id == "-" ? di : id))
			ka = ar; qa = ""
			if (i = index(ar, " | ")) { ka = substr(ar, 1, i - 1); qa = substr(ar, i + 3) }
			ka = subst(ka); qa = subst(qa)
			if (ka == "") ka = "-"
			if (qa == "") qa = "-"
			if (fs == "-") fs = initrd
			else fs = obj "/" k "/" fs
			printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", cell, k, run, sc,
				arch, obj "/" k "/" image, fs, (rdir != "" ? rdir : cruns) "/" k "/" run,
				to, id, dr == "-" ? "-" : tools "/" dr, ka, qa
		}
		exit bad
	}' - "$data") || exit 2

if [ -z "$prog" ]; then
	[ -z "$field" ] && { printf '%s\n' "$records"; exit 0; }
	n=$(echo "cell kernel run scenario arch image initrd dir timeout idle driver kargs qargs" |
		tr ' ' '\n' | grep -nx "$field" | cut -d: -f1)
	[ -n "$n" ] || usage
	printf '%s\n' "$records" | cut -f "$n" | sed 's/^-$//'
	exit 0
fi

# -x: PROGRAM with each boot's options (the one place they are assembled)
tab=$(printf '\t')
rc=0
while IFS=$tab read -r cell kernel run scenario arch image initrd dir timeout idle driver kargs qargs <&3; do
	[ "$kargs" = - ] && kargs=
	[ "$qargs" = - ] && qargs=
	if [ "$driver" = - ]; then
		set --
	else
		set -- -d "$driver"
	fi
	"$prog" -A "$arch" -k "$image" -i "$initrd" -s "$scenario" -o "$dir" \
		-t "$timeout" -n "$idle" ${kargs:+-a "$kargs"} ${qargs:+-q "$qargs"} "$@" || rc=$?
done 3<<EOF
$records
EOF
exit "$rc"
