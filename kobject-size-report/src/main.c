// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - ksr-report: the kobject size report from recorded inputs.
 *
 * Usage: ksr-report --out DIR --map KTYPE-MAP  (--help for the options)
 *          [--probe TREE LAYOUT PROBE.S]... [--pahole TREE LAYOUT FILE]...
 *          [--run TIER SCENARIO KERNEL DATADIR]...
 *          [--size TIER SIZE-OUTPUT] [--bloat TIER BLOAT-O-METER-OUTPUT]
 *          [--bench TIER KERNEL BENCH-FILE]...  (one a boot, both kernels)
 *          [--notes FILE]  (lines printed under "Notes", e.g. runs left out)
 *          [--tier TIER LAYOUT]...  (tiers asked for, each with the layout
 *          its kernels were built in; one without a run is named)
 * TREE is pristine, baseline or patched; LAYOUT e.g. x86_64-dist; KERNEL
 * baseline or patched.  Writes DIR/report.txt and DIR/report.json only when
 * every input was read and checked; otherwise exits 1 naming the input and
 * writes nothing.  A pahole mismatch is such a failure.  Bad usage exits 2.
 *        ksr-report compare A.json B.json  (compare.c)
 *        ksr-report table A.json [B.json...]  (table.c)
 *        ksr-report plot [--name NAME] DIR A.json [B.json...]  (plot.c)
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "ksr.h"

static struct vmsize *vm_get(struct ksr *k, const char *tier)
{
	int i;

	for (i = 0; i < k->nvm; i++)
		if (!strcmp(k->vm[i]->tier, tier))
			return k->vm[i];
	if (k->nvm == 4)
		die("too many tiers");
	k->vm[k->nvm] = xcalloc(1, sizeof(struct vmsize));
	copy(k->vm[k->nvm]->tier, tier, sizeof(k->vm[k->nvm]->tier));
	return k->vm[k->nvm++];
}

static const char usage_text[] =
"usage: ksr-report --out DIR --map KTYPE-MAP [OPTION]...\n"
"       ksr-report compare A.json B.json\n"
"       ksr-report table A.json [B.json...]\n"
"       ksr-report plot [--name NAME] DIR A.json [B.json...]\n"
"Writes DIR/report.txt and DIR/report.json from recorded inputs:\n"
"  --out DIR                      where the report goes\n"
"  --map FILE                     ktype -> struct map (ktype-map.txt)\n"
"  --probe TREE LAYOUT PROBE.S    sizes from a probe (repeatable)\n"
"  --pahole TREE LAYOUT FILE      pahole dump to cross-check (repeatable)\n"
"  --run TIER SCENARIO KERNEL DIR census/slabinfo/meminfo of a run\n"
"  --size TIER SIZE-OUTPUT        size(1) of both vmlinux\n"
"  --bloat TIER BLOAT-OUTPUT      bloat-o-meter of both vmlinux\n"
"  --bench TIER KERNEL FILE       one boot's bench file (repeatable)\n"
"  --notes FILE                   lines printed under \"Notes\"\n"
"  --tier TIER LAYOUT             a tier asked for and its kernels' layout\n"
"                                 (repeatable; every --run's tier needs one)\n"
"  --help                         this text\n"
"TREE: pristine|baseline|patched; KERNEL: baseline|patched.\n"
"Exit: 0 report written, 1 an input missing or wrong (nothing written),\n"
"2 bad usage.\n";

static void __attribute__((noreturn)) usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("ksr-report: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'ksr-report --help'.\n", stderr);
	exit(2);
}

/* The option's argument and the n - 1 words after it, in v[0..n-1]. */
static void words(int argc, char **argv, int n, const char *opt, const char *what,
		  const char **v)
{
	int j;

	v[0] = optarg;
	for (j = 1; j < n; j++) {
		if (optind >= argc || !strncmp(argv[optind], "--", 2))
			usage_error("--%s needs %d arguments: %s", opt, n, what);
		v[j] = argv[optind++];
	}
}

static const struct option options[] = {
	{ "out",    required_argument, NULL, 'o' },
	{ "map",    required_argument, NULL, 'm' },
	{ "notes",  required_argument, NULL, 'n' },
	{ "probe",  required_argument, NULL, 'p' },
	{ "pahole", required_argument, NULL, 'P' },
	{ "tier",   required_argument, NULL, 't' },
	{ "run",    required_argument, NULL, 'r' },
	{ "bench",  required_argument, NULL, 'b' },
	{ "size",   required_argument, NULL, 's' },
	{ "bloat",  required_argument, NULL, 'B' },
	{ "help",   no_argument,       NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

static void check_kernel(const char *opt, const char *kernel)
{
	if (strcmp(kernel, "baseline") && strcmp(kernel, "patched"))
		usage_error("--%s: kernel '%s' is neither baseline nor patched",
			    opt, kernel);
}

static void parse(struct ksr *k, int argc, char **argv, const char **out)
{
	const char *v[4];
	struct probe *p;
	struct pahole *ph;
	struct run *r;
	struct bench *b;
	int c;

	/* '+': stop at the first word that is not an option (no reordering) */
	while ((c = getopt_long(argc, argv, "+h", options, NULL)) != -1) {
		switch (c) {
		case 'o':
			*out = optarg;
			break;
		case 'm':
			copy(k->mappath, optarg, KSR_PATH);
			break;
		case 'n':
			copy(k->notespath, optarg, KSR_PATH);
			break;
		case 'p':
			words(argc, argv, 3, "probe", "TREE LAYOUT PROBE.S", v);
			if (k->nprobe == 16)
				die("too many --probe");
			p = xcalloc(1, sizeof(*p));
			copy(p->tree, v[0], 16);
			copy(p->layout, v[1], sizeof(p->layout));
			copy(p->path, v[2], KSR_PATH);
			k->probe[k->nprobe++] = p;
			break;
		case 'P':
			words(argc, argv, 3, "pahole", "TREE LAYOUT FILE", v);
			if (k->npahole == 8)
				die("too many --pahole");
			ph = xcalloc(1, sizeof(*ph));
			copy(ph->tree, v[0], 16);
			copy(ph->layout, v[1], sizeof(ph->layout));
			copy(ph->path, v[2], KSR_PATH);
			k->pahole[k->npahole++] = ph;
			break;
		case 't':
			words(argc, argv, 2, "tier", "TIER LAYOUT", v);
			if (k->ntier == 4)
				die("too many --tier");
			copy(k->tier[k->ntier], v[0], sizeof(k->tier[k->ntier]));
			copy(k->tier_layout[k->ntier++], v[1], sizeof(k->tier_layout[0]));
			break;
		case 'r':
			words(argc, argv, 4, "run", "TIER SCENARIO KERNEL DIR", v);
			check_kernel("run", v[2]);
			if (k->nrun == 16)
				die("too many --run");
			r = xcalloc(1, sizeof(*r));
			copy(r->tier, v[0], sizeof(r->tier));
			copy(r->scenario, v[1], 32);
			copy(r->kernel, v[2], 16);
			copy(r->dir, v[3], KSR_PATH);
			k->run[k->nrun++] = r;
			break;
		case 'b':
			words(argc, argv, 3, "bench", "TIER KERNEL FILE", v);
			check_kernel("bench", v[1]);
			b = bench_get(k, v[0], v[1]);
			if (b->nboot == KSR_BOOTS)
				die("--bench %s %s: too many boots", b->tier, b->kernel);
			copy(b->path[b->nboot++], v[2], KSR_PATH);
			break;
		case 's':
		case 'B':
			words(argc, argv, 2, c == 's' ? "size" : "bloat",
			      c == 's' ? "TIER SIZE-OUTPUT" : "TIER BLOAT-OUTPUT", v);
			copy(c == 's' ? vm_get(k, v[0])->path : vm_get(k, v[0])->bpath,
			     v[1], KSR_PATH);
			break;
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		default:	/* getopt_long named the option on stderr */
			fputs("Try 'ksr-report --help'.\n", stderr);
			exit(2);
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	if (!*out || !k->mappath[0])
		usage_error("--out and --map are required");
}

/* Both kernels of each tier/scenario; the probes the claims need. */
static void check_complete(struct ksr *k)
{
	static const char *const need[][2] = {
		{ "pristine", "x86_64-dist" }, { "patched", "x86_64-dist" },
		{ "pristine", "i386-dist" }, { "patched", "i386-dist" },
	};
	const struct run *r;
	unsigned int i;
	int j;

	for (i = 0; i < ARRAY_SIZE(need); i++)
		if (!probe_find(k, need[i][0], need[i][1]))
			die("no --probe %s %s given", need[i][0], need[i][1]);
	for (j = 0; j < k->nrun; j++) {
		r = k->run[j];
		if (!tier_layout(k, r->tier))
			usage_error("--run %s %s: no --tier %s LAYOUT given",
				    r->tier, r->scenario, r->tier);
		if (!run_find(k, r->tier, r->scenario,
			      strcmp(r->kernel, "baseline") ? "baseline" : "patched"))
			die("run %s/%s: %s given but not the other kernel (%s)",
			    r->tier, r->scenario, r->kernel, r->dir);
	}
	for (j = 0; j < k->nvm; j++)
		if (!k->vm[j]->path[0])
			die("--bloat %s given without --size", k->vm[j]->tier);
}

static void notes_read(struct ksr *k)
{
	char buf[256];
	FILE *f;
	int line = 0;

	if (!k->notespath[0])
		return;
	f = xopen(k->notespath, "notes");
	while (xgetline(buf, sizeof(buf), f, k->notespath, &line)) {
		if (k->nnote == (int)ARRAY_SIZE(k->note))
			die("%s: too many notes", k->notespath);
		copy(k->note[k->nnote++], buf, sizeof(k->note[0]));
	}
	fclose(f);
}

static void write_file(struct ksr *k, const char *dir, const char *name,
		       void (*fn)(struct ksr *, FILE *))
{
	char path[KSR_PATH + 32], tmp[KSR_PATH + 40];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		die("cannot write %s", tmp);
	fn(k, f);
	if (fclose(f) || rename(tmp, path))
		die("cannot write %s", path);
}

int main(int argc, char **argv)
{
	static struct rtcost rt;
	struct ksr *k = xcalloc(1, sizeof(*k));
	const char *out = NULL;
	int i;

	if (argc > 1 && !strcmp(argv[1], "compare"))
		return compare_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "table"))
		return table_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "plot"))
		return plot_main(argc - 1, argv + 1);
	parse(k, argc, argv, &out);
	check_complete(k);
	map_read(k);
	notes_read(k);
	for (i = 0; i < k->nprobe; i++)
		probe_read(k->probe[i]);
	for (i = 0; i < k->npahole; i++)
		pahole_read(k->pahole[i]);
	for (i = 0; i < k->nrun; i++)
		run_read(k->run[i]);
	for (i = 0; i < k->nvm; i++) {
		vmsize_read(k->vm[i]);
		if (k->vm[i]->bpath[0])
			bloat_read(k->vm[i]);
	}
	for (i = 0; i < k->nbench; i++)
		bench_read(k->bench[i]);
	bench_check(k);
	for (i = 0; i < k->nrun; i++)	/* every run-time figure computes */
		if (!strcmp(k->run[i]->kernel, "baseline"))
			rt_compute(k, k->run[i], &rt);
	pahole_check(k, stderr);
	if (k->mismatches)
		die("%d pahole mismatch(es): the probe and the debug info disagree",
		    k->mismatches);
	write_file(k, out, "report.json", json_write);
	write_file(k, out, "report.txt", text_write);
	return 0;
}
