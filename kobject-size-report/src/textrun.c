// SPDX-License-Identifier: GPL-2.0
/*
 * textrun.c - report.txt, the booted part.
 *
 * Per booted tier and scenario (census: after boot; hotplug: after the
 * stress): live kobjects, slab pages, meminfo Slab (baseline, patched,
 * delta; one sample each), bytes grown per ktype, kmalloc class moves.
 * Hot path per tier: guest instructions per operation (the bench runs
 * under -icount shift=0, where one guest ns is one instruction), the
 * ratio of the medians with the spread and a verdict.  vmlinux: size(1)
 * and bloat-o-meter, the test and debug code summed apart.
 */
#include <stdlib.h>
#include <string.h>
#include "ksr.h"

static int by_bytes(const void *a, const void *b)
{
	const struct ktcost *x = a, *y = b;

	return (y->bytes > x->bytes) - (y->bytes < x->bytes);
}

static int by_pages(const void *a, const void *b)
{
	const struct slabdiff *x = a, *y = b;
	long dx = labs(x->pages[1] - x->pages[0]), dy = labs(y->pages[1] - y->pages[0]);

	return (dy > dx) - (dy < dx);
}

static void slab_lines(struct rtcost *c, FILE *f)
{
	const struct slabdiff *d;
	int i, shown = 0;

	qsort(c->slab, c->nslab, sizeof(c->slab[0]), by_pages);
	fprintf(f, "  slab caches that changed (pages, objsize; 1 sample):");
	for (i = 0; i < c->nslab && shown < 6; i++) {
		d = &c->slab[i];
		if (d->pages[0] == d->pages[1] && d->objsize[0] == d->objsize[1])
			continue;
		fprintf(f, "%s %s %+ld", shown++ ? "," : "", d->name, d->pages[1] - d->pages[0]);
		if (d->objsize[0] != d->objsize[1])
			fprintf(f, " (%ld->%ld B)", d->objsize[0], d->objsize[1]);
	}
	fprintf(f, "%s\n", shown ? "" : " none");
}

static void move_line(FILE *f, const char *head, const struct kmove *mv, int n)
{
	int i;

	fputs(head, f);
	for (i = 0; i < n && i < 6; i++)
		fprintf(f, "%s %s %ld->%ld %s->%s", i ? "," : "", mv[i].st, mv[i].size[0],
			mv[i].size[1], mv[i].from, mv[i].to);
	fprintf(f, "%s\n", n ? (n > 6 ? " ... (all in report.json)" : "") : " none");
}

/* Bytes grown per ktype, largest first, as bars (the census is long). */
static void ktype_bars(const struct rtcost *c, FILE *f)
{
	const struct ktcost *kt;
	long max = c->nkt ? c->kt[0].bytes : 0;
	int i, w;

	fprintf(f, "  bytes grown per ktype     live  delta    bytes  struct\n");
	for (i = 0; i < c->nkt && i < 8; i++) {
		kt = &c->kt[i];
		w = max > 0 && kt->bytes > 0 ? (int)(kt->bytes * 30 / max) : 0;
		fprintf(f, "    %-22.22s %6ld %+6ld %8ld  %-15.15s %.*s\n", kt->ktype,
			kt->live, kt->growth, kt->bytes, kt->mapped ? kt->st : "(unmapped)",
			w ? w : 1, "##############################");
	}
	if (c->nkt > 8)
		fprintf(f, "    ... %d more ktypes in report.json\n", c->nkt - 8);
}

static void row(FILE *f, const char *what, long a, long b, const char *note)
{
	fprintf(f, "  %-34s %10ld %10ld %+10ld%s%s\n", what, a, b, b - a,
		*note ? "  " : "", note);
}

static void runtime(struct ksr *k, const struct run *r, FILE *f)
{
	static struct rtcost c;
	const struct count *m[2];
	char note[96];

	rt_compute(k, r, &c);
	qsort(c.kt, c.nkt, sizeof(c.kt[0]), by_bytes);
	m[0] = table_get(&c.r[0]->mem, "Slab");
	m[1] = table_get(&c.r[1]->mem, "Slab");
	fprintf(f, "Booted: tier %s, %s (scenario %s, layout %s)\n", r->tier,
		!strcmp(r->scenario, "census") ? "after boot" :
		!strcmp(r->scenario, "hotplug") ? "after the hotplug stress" : "run",
		r->scenario, c.layout);
	fprintf(f, "  %-34s %10s %10s %10s\n", "", "baseline", "patched", "delta");
	row(f, "live kobjects (census)", c.r[0]->live, c.r[1]->live, "");
	snprintf(note, sizeof(note), "%+ld KiB; 1 sample: allocator noise, sign may flip",
		 (c.slabpages[1] - c.slabpages[0]) * c.page / 1024);
	row(f, "slab pages (slabinfo, all caches)", c.slabpages[0], c.slabpages[1], note);
	row(f, "Slab (meminfo, kB)", m[0]->val, m[1]->val, "1 sample");
	fprintf(f, "  %-34s %10s %10s %+10ld  = %.1f pages of %ld B (live x growth of the embedding struct)\n",
		"bytes grown", "", "", c.bytes, (double)c.bytes / c.page, c.page);
	if (c.r[1]->kref_releases >= 0)
		fprintf(f, "  distinct release()s stored in the live krefs: %ld, for %ld B grown\n",
			c.r[1]->kref_releases, c.bytes);
	ktype_bars(&c, f);
	slab_lines(&c, f);
	move_line(f, "  kmalloc class moves (if kmalloc'ed alone):", c.move, c.nmove);
	move_line(f, "  same, x86_64-dist layout (this run's classes):", c.dmove, c.ndmove);
}

static void bench_row(FILE *f, const char *name, const char *loops,
		      const char *kernel, const struct bstat *s)
{
	fprintf(f, "  %-9s %7s  %-8s %5d %4d %9.2f %9.2f %9.2f  %9.2f..%-9.2f %6.2f %%\n",
		name, loops, kernel, s->nboot, s->n, s->min, s->med, s->max,
		s->boot_lo, s->boot_hi, 100 * s->in_boot);
}

static void hotpath(struct ksr *k, const struct bench *base, FILE *f)
{
	const struct bench *pat = bench_get(k, base->tier, "patched");
	struct bstat s[2];
	struct bcmp c;
	char loops[24];
	int w;

	fprintf(f, "Hot path, tier %s: insns per operation (guest instructions: -icount shift=0, one guest ns = one insn)\n",
		base->tier);
	fprintf(f, "  benchmark   loops  kernel   boots reps       min    median       max  boot medians lo..hi  in a boot\n");
	for (w = 0; w < KSR_NBENCH; w++) {
		bench_stat(base, w, &s[0]);
		bench_stat(pat, w, &s[1]);
		bench_compare(s, &c);
		snprintf(loops, sizeof(loops), "%ld", s[0].loops);
		bench_row(f, bench_names[w], loops, "baseline", &s[0]);
		bench_row(f, "", "", "patched", &s[1]);
		fprintf(f, "    patched/baseline %.3f (medians) %+.2f %%, spread %.2f %%: %s; %+.2f insns per %s (minima %.3f)\n",
			c.ratio, 100 * c.change, 100 * c.spread, c.verdict,
			s[1].med - s[0].med, w ? "lifecycle" : "get+put pair", c.ratio_min);
	}
}

static void vm_row(FILE *f, const char *what, long a, long b, long d)
{
	fprintf(f, "  %-40s %10ld %10ld %+8ld\n", what, a, b, d);
}

static void vm_head(FILE *f, const char *what)
{
	fprintf(f, "%-42s %10s %10s %8s\n", what, "old", "new", "delta");
}

static void largest(FILE *f, const struct vmsize *v, enum vmclass cls)
{
	int i, n = 0;

	fprintf(f, "    largest:");
	for (i = 0; i < v->nfn && n < 5; i++)
		if (v->fn[i].cls == cls)
			fprintf(f, "%s %s %+ld", n++ ? "," : "", v->fn[i].name, v->fn[i].val);
	fprintf(f, "%s\n", n ? "" : " none");
}

static void vmlinux(const struct vmsize *v, FILE *f)
{
	char what[KSR_NAME + 32];
	int i;

	snprintf(what, sizeof(what), "vmlinux, tier %s (size, bytes)", v->tier);
	vm_head(f, what);
	vm_row(f, "text", v->text[0], v->text[1], v->text[1] - v->text[0]);
	vm_row(f, "data", v->data[0], v->data[1], v->data[1] - v->data[0]);
	vm_row(f, "bss", v->bss[0], v->bss[1], v->bss[1] - v->bss[0]);
	if (!v->have_bloat)
		return;
	fprintf(f, "  bloat-o-meter: %s\n", v->bsummary);
	vm_head(f, "  symbols (bloat-o-meter, bytes)");
	vm_row(f, "all symbols", v->sum[0][0] + v->sum[1][0] + v->sum[2][0],
	       v->sum[0][1] + v->sum[1][1] + v->sum[2][1],
	       v->sum[0][2] + v->sum[1][2] + v->sum[2][2]);
	for (i = 0; i < VM_NCLASS; i++) {
		if (i && !v->nsym[i])
			continue;	/* e.g. no census in this kernel */
		snprintf(what, sizeof(what), "%s (%d symbols)", vm_class_names[i], v->nsym[i]);
		vm_row(f, what, v->sum[i][0], v->sum[i][1], v->sum[i][2]);
		largest(f, v, i);
	}
}

static int tier_has_run(const struct ksr *k, const char *tier)
{
	int i;

	for (i = 0; i < k->nrun; i++)
		if (!strcmp(k->run[i]->tier, tier))
			return 1;
	return 0;
}

/* A note names @tier: "tier T: ..." or a path with "/T/". */
static int tier_noted(const struct ksr *k, const char *tier)
{
	char a[KSR_NAME + 8], b[KSR_NAME + 8];
	int i;

	snprintf(a, sizeof(a), "tier %s:", tier);
	snprintf(b, sizeof(b), "/%s/", tier);
	for (i = 0; i < k->nnote; i++)
		if (strstr(k->note[i], a) || strstr(k->note[i], b))
			return 1;
	return 0;
}

void text_runtime(struct ksr *k, FILE *f)
{
	int i;

	for (i = 0; i < k->nrun; i++)
		if (!strcmp(k->run[i]->kernel, "baseline"))
			runtime(k, k->run[i], f);
	/* a tier without runs that no note names was not asked for (-x) */
	for (i = 0; i < k->ntier; i++)
		if (!tier_has_run(k, k->tier[i]) && tier_noted(k, k->tier[i]))
			fprintf(f, "Booted: tier %s: no run data read (see Notes)\n", k->tier[i]);
	for (i = 0; i < k->nbench; i++)
		if (!strcmp(k->bench[i]->kernel, "baseline"))
			hotpath(k, k->bench[i], f);
	if (!k->nrun && !k->ntier)
		fprintf(f, "Booted: no run data given\n");
	for (i = 0; i < k->nvm; i++)
		vmlinux(k->vm[i], f);
}
