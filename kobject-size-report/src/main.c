// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - ksr-report: the kobject size report from recorded inputs.
 *
 * Usage: ksr-report --out DIR --map KTYPE-MAP
 *          [--probe TREE LAYOUT PROBE.S]... [--pahole TREE LAYOUT FILE]...
 *          [--run TIER SCENARIO KERNEL DATADIR]...
 *          [--size TIER SIZE-OUTPUT] [--bloat TIER BLOAT-O-METER-OUTPUT]
 *          [--bench TIER KERNEL BENCH-FILE]...  (one a boot, both kernels)
 *          [--notes FILE]  (lines printed under "Notes", e.g. runs left out)
 *          [--tier TIER]...  (tiers asked for: one without a run is named)
 * TREE is pristine, baseline or patched; LAYOUT e.g. x86_64-dist; KERNEL
 * baseline or patched.  Writes DIR/report.txt and DIR/report.json only when
 * every input was read and checked; otherwise exits 1 naming the input and
 * writes nothing.  A pahole mismatch is such a failure.
 */
#include <stdlib.h>
#include <string.h>
#include "ksr.h"

static void need_args(int argc, int i, int n, const char *opt)
{
	if (i + n >= argc)
		die("%s needs %d argument(s)", opt, n);
}

static struct vmsize *vm_get(struct ksr *k, const char *tier)
{
	int i;

	for (i = 0; i < k->nvm; i++)
		if (!strcmp(k->vm[i]->tier, tier))
			return k->vm[i];
	if (k->nvm == 4)
		die("too many tiers");
	k->vm[k->nvm] = xcalloc(1, sizeof(struct vmsize));
	copy(k->vm[k->nvm]->tier, tier, 16);
	return k->vm[k->nvm++];
}

static int parse_one(struct ksr *k, int argc, char **argv, int i, const char **out)
{
	const char *o = argv[i];

	if (!strcmp(o, "--out") || !strcmp(o, "--map") || !strcmp(o, "--notes")) {
		need_args(argc, i, 1, o);
		if (o[2] == 'o')
			*out = argv[i + 1];
		else
			copy(o[2] == 'm' ? k->mappath : k->notespath, argv[i + 1], KSR_PATH);
		return 2;
	}
	if (!strcmp(o, "--probe") || !strcmp(o, "--pahole")) {
		need_args(argc, i, 3, o);
		if (o[3] == 'r') {
			struct probe *p = xcalloc(1, sizeof(*p));

			if (k->nprobe == 16)
				die("too many --probe");
			copy(p->tree, argv[i + 1], 16);
			copy(p->layout, argv[i + 2], 32);
			copy(p->path, argv[i + 3], KSR_PATH);
			k->probe[k->nprobe++] = p;
		} else {
			struct pahole *ph = xcalloc(1, sizeof(*ph));

			if (k->npahole == 8)
				die("too many --pahole");
			copy(ph->tree, argv[i + 1], 16);
			copy(ph->layout, argv[i + 2], 32);
			copy(ph->path, argv[i + 3], KSR_PATH);
			k->pahole[k->npahole++] = ph;
		}
		return 4;
	}
	if (!strcmp(o, "--tier")) {
		need_args(argc, i, 1, o);
		if (k->ntier == 4)
			die("too many --tier");
		copy(k->tier[k->ntier++], argv[i + 1], 16);
		return 2;
	}
	if (!strcmp(o, "--run")) {
		struct run *r = xcalloc(1, sizeof(*r));

		need_args(argc, i, 4, o);
		if (k->nrun == 16)
			die("too many --run");
		copy(r->tier, argv[i + 1], 16);
		copy(r->scenario, argv[i + 2], 32);
		copy(r->kernel, argv[i + 3], 16);
		copy(r->dir, argv[i + 4], KSR_PATH);
		if (strcmp(r->kernel, "baseline") && strcmp(r->kernel, "patched"))
			die("--run: kernel '%s' is neither baseline nor patched", r->kernel);
		k->run[k->nrun++] = r;
		return 5;
	}
	if (!strcmp(o, "--bench")) {
		struct bench *b;

		need_args(argc, i, 3, o);
		if (strcmp(argv[i + 2], "baseline") && strcmp(argv[i + 2], "patched"))
			die("--bench: kernel '%s' is neither baseline nor patched", argv[i + 2]);
		b = bench_get(k, argv[i + 1], argv[i + 2]);
		if (b->nboot == KSR_BOOTS)
			die("--bench %s %s: too many boots", b->tier, b->kernel);
		copy(b->path[b->nboot++], argv[i + 3], KSR_PATH);
		return 4;
	}
	if (!strcmp(o, "--size") || !strcmp(o, "--bloat")) {
		need_args(argc, i, 2, o);
		copy(o[2] == 's' ? vm_get(k, argv[i + 1])->path :
		     vm_get(k, argv[i + 1])->bpath, argv[i + 2], KSR_PATH);
		return 3;
	}
	die("unknown argument '%s'", o);
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

	for (i = 1; i < argc; )
		i += parse_one(k, argc, argv, i, &out);
	if (!out || !k->mappath[0])
		die("usage: ksr-report --out DIR --map FILE [--probe|--pahole|--run|--size|--bloat|--bench ...]");
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
