// SPDX-License-Identifier: GPL-2.0
/*
 * text.c - report.txt: the table a person takes in within ten seconds.
 *
 * 1. The seed's two claims, on i386 and x86_64 (distribution layout).
 * 2. sizeof per struct, old -> new, growth and 64-byte cache lines, per
 *    layout (dist layouts: pristine -> patched; booted tiers: baseline ->
 *    patched, the two kernels that were run).
 * 3. Per booted tier and scenario (census: after boot; hotplug: after the
 *    stress): live kobjects, bytes grown, slab pages, kmalloc class moves.
 * 4. Hot path per tier: ns per get/put pair and per lifecycle, min /
 *    median / max over every repetition of every boot, the spread of the
 *    boots' medians and within a boot, and patched/baseline.
 * 5. vmlinux sizes, and the notes report.sh passed (runs left out).
 */
#include <stdlib.h>
#include <string.h>
#include "ksr.h"


static long lines_of(const struct probe *p, long size)
{
	long cl = probe_get(p, "cacheline", "bytes");

	return size < 0 ? -1 : (size + cl - 1) / cl;
}

/* "36>40 +4 1>2" for one struct in one layout; "-" parts when absent. */
static void cell(char *buf, size_t len, const struct probe *o, const struct probe *n,
		 const char *st)
{
	long a = probe_get(o, "size", st), b = probe_get(n, "size", st);

	if (!n || b < 0)
		snprintf(buf, len, "-");
	else if (a < 0)
		snprintf(buf, len, "new %ld L%ld", b, lines_of(n, b));
	else
		snprintf(buf, len, "%ld>%ld %+ld L%ld>%ld", a, b, b - a,
			 lines_of(o, a), lines_of(n, b));
}

static void claims(struct ksr *k, FILE *f)
{
	const char *verdict[2] = { "DOES NOT HOLD", "HOLDS" };
	struct claim c[4];

	claims_compute(k, c);
	fprintf(f, "The seed's claims (Greg KH, 2004)          i386 (dist)                x86_64 (dist)\n");
	fprintf(f, "  kref \"only 8 bytes on a 32bit platform\"  %ld B: %-19s %ld B (pointer %ld B)\n",
		c[0].value, verdict[c[0].holds], c[1].value,
		probe_get(c[1].new, "pointer", "bytes"));
	fprintf(f, "  \"4 more bytes (32bit) to every kobject\"  %ld>%ld %+ld: %-13s %ld>%ld %+ld, cache lines %ld>%ld\n",
		c[2].before, c[2].after, c[2].value, verdict[c[2].holds],
		c[3].before, c[3].after, c[3].value,
		lines_of(c[3].old, c[3].before), lines_of(c[3].new, c[3].after));
	fprintf(f, "  (kref: the kobject's kref member, struct kref_rel when patched; pristine: %ld B / %ld B)\n\n",
		c[0].before, c[1].before);
}

static void sizes(struct ksr *k, FILE *f)
{
	const struct probe *ref = probe_find(k, "patched", "x86_64-dist");
	char c[96];
	unsigned int l;
	int i;

	fprintf(f, "sizeof (bytes): old>new growth, L = %ld-byte cache lines   dist: pristine>patched, booted tiers: baseline>patched\n",
		probe_get(ref, "cacheline", "bytes"));
	fprintf(f, "%-22s", "struct");
	for (l = 0; l < ksr_nlayouts; l++)
		if (probe_find(k, "patched", ksr_layouts[l]))
			fprintf(f, " %-22s", ksr_layouts[l]);
	fputc('\n', f);
	for (i = 0; i < ref->n; i++) {
		if (strncmp(ref->f[i].name, "size__", 6))
			continue;
		fprintf(f, "%-22s", ref->f[i].name + 6);
		for (l = 0; l < ksr_nlayouts; l++) {
			if (!probe_find(k, "patched", ksr_layouts[l]))
				continue;
			cell(c, sizeof(c), layout_old(k, ksr_layouts[l]),
			     probe_find(k, "patched", ksr_layouts[l]), ref->f[i].name + 6);
			fprintf(f, " %-22s", c);
		}
		fputc('\n', f);
	}
	fprintf(f, "pahole cross-check: %d figures of %d tree/layouts compared, %d mismatches%s\n\n",
		k->ncheck, k->npahole, k->mismatches,
		k->npahole ? "" : " (NOT RUN: -n)");
}

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
	fprintf(f, "  slab caches that changed (pages, objsize):");
	for (i = 0; i < c->nslab && shown < 6; i++) {
		d = &c->slab[i];
		if (d->pages[0] == d->pages[1] && d->objsize[0] == d->objsize[1])
			continue;
		fprintf(f, "%s %s %+ld", shown++ ? "," : "", d->name, d->pages[1] - d->pages[0]);
		if (d->objsize[0] != d->objsize[1])
			fprintf(f, " (%ld>%ld B)", d->objsize[0], d->objsize[1]);
	}
	fprintf(f, "%s\n", shown ? "" : " none");
}

static void move_line(FILE *f, const char *head, const struct kmove *mv, int n)
{
	int i;

	fputs(head, f);
	for (i = 0; i < n && i < 6; i++)
		fprintf(f, "%s %s %ld>%ld %s>%s", i ? "," : "", mv[i].st, mv[i].size[0],
			mv[i].size[1], mv[i].from, mv[i].to);
	fprintf(f, "%s\n", n ? (n > 6 ? " ... (all in report.json)" : "") : " none");
}

/* Bytes grown per ktype, largest first, as bars (the census is long). */
static void ktype_bars(const struct rtcost *c, FILE *f)
{
	const struct ktcost *kt;
	long max = c->nkt ? c->kt[0].bytes : 0;
	int i, w;

	fprintf(f, "  bytes grown per ktype (live x growth of its struct):\n");
	for (i = 0; i < c->nkt && i < 8; i++) {
		kt = &c->kt[i];
		w = max > 0 && kt->bytes > 0 ? (int)(kt->bytes * 40 / max) : 0;
		fprintf(f, "    %-22.22s %6ld x %+3ld = %7ld B %-15.15s %.*s\n", kt->ktype,
			kt->live, kt->growth, kt->bytes, kt->mapped ? kt->st : "(unmapped)",
			w ? w : 1, "########################################");
	}
	if (c->nkt > 8)
		fprintf(f, "    ... %d more ktypes in report.json\n", c->nkt - 8);
}

static void runtime(struct ksr *k, const struct run *r, FILE *f)
{
	static struct rtcost c;
	const struct count *m[2];

	rt_compute(k, r, &c);
	qsort(c.kt, c.nkt, sizeof(c.kt[0]), by_bytes);
	m[0] = table_get(&c.r[0]->mem, "Slab");
	m[1] = table_get(&c.r[1]->mem, "Slab");
	fprintf(f, "Booted: tier %s, %s (scenario %s, layout %s)    baseline    patched\n",
		r->tier, !strcmp(r->scenario, "census") ? "after boot" :
		!strcmp(r->scenario, "hotplug") ? "after the hotplug stress" : "run",
		r->scenario, c.layout);
	fprintf(f, "  live kobjects (census)            %10ld %10ld\n", c.r[0]->live, c.r[1]->live);
	fprintf(f, "  slab pages (slabinfo, all caches) %10ld %10ld   %+ld pages = %+ld KiB\n",
		c.slabpages[0], c.slabpages[1], c.slabpages[1] - c.slabpages[0],
		(c.slabpages[1] - c.slabpages[0]) * c.page / 1024);
	fprintf(f, "  Slab (meminfo, kB)                %10ld %10ld   %+ld kB\n",
		m[0]->val, m[1]->val, m[1]->val - m[0]->val);
	fprintf(f, "  bytes grown = live x growth of embedding struct: %ld B = %.1f pages of %ld B\n",
		c.bytes, (double)c.bytes / c.page, c.page);
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
	fprintf(f, "  %-9s %7s  %-8s %5d %4d %9.2f %9.2f %9.2f  %9.2f..%-9.2f %5.2f%%\n",
		name, loops, kernel, s->nboot, s->n, s->min, s->med, s->max,
		s->boot_lo, s->boot_hi, 100 * s->in_boot);
}

static void hotpath(struct ksr *k, const struct bench *base, FILE *f)
{
	const struct bench *pat = bench_get(k, base->tier, "patched");
	struct bstat s[2];
	char loops[24];
	int w;

	fprintf(f, "Hot path, tier %s: guest ns per operation (under -icount shift=0 one ns is one instruction)\n",
		base->tier);
	fprintf(f, "  benchmark   loops  kernel   boots reps       min    median       max  boot medians lo..hi  in a boot\n");
	for (w = 0; w < KSR_NBENCH; w++) {
		bench_stat(base, w, &s[0]);
		bench_stat(pat, w, &s[1]);
		snprintf(loops, sizeof(loops), "%ld", s[0].loops);
		bench_row(f, bench_names[w], loops, "baseline", &s[0]);
		bench_row(f, "", "", "patched", &s[1]);
		fprintf(f, "  %-17s  patched/baseline %.3f (medians), %.3f (minima): %+.2f ns per %s\n",
			"", s[1].med / s[0].med, s[1].min / s[0].min, s[1].med - s[0].med,
			w ? "lifecycle" : "get+put pair");
	}
}

static void vmlinux(const struct vmsize *v, FILE *f)
{
	int i;

	fprintf(f, "vmlinux, tier %s: text %ld>%ld (%+ld), data %ld>%ld (%+ld), bss %ld>%ld (%+ld)\n",
		v->tier, v->text[0], v->text[1], v->text[1] - v->text[0],
		v->data[0], v->data[1], v->data[1] - v->data[0],
		v->bss[0], v->bss[1], v->bss[1] - v->bss[0]);
	if (!v->have_bloat)
		return;
	fprintf(f, "  bloat-o-meter: %s\n  largest:", v->bsummary);
	for (i = 0; i < v->nfn && i < 5; i++)
		fprintf(f, "%s %s %+ld", i ? "," : "", v->fn[i].name, v->fn[i].val);
	fputc('\n', f);
}

static int tier_has_run(const struct ksr *k, const char *tier)
{
	int i;

	for (i = 0; i < k->nrun; i++)
		if (!strcmp(k->run[i]->tier, tier))
			return 1;
	return 0;
}

void text_write(struct ksr *k, FILE *f)
{
	int i;

	fprintf(f, "kobject size report: kobject refcount on a kref that stores release() (every figure: report.json)\n\n");
	claims(k, f);
	sizes(k, f);
	for (i = 0; i < k->nrun; i++)
		if (!strcmp(k->run[i]->kernel, "baseline"))
			runtime(k, k->run[i], f);
	for (i = 0; i < k->ntier; i++)
		if (!tier_has_run(k, k->tier[i]))
			fprintf(f, "Booted: tier %s: no run data %s\n", k->tier[i],
				k->nnote ? "read (see Notes)" : "(not booted yet)");
	for (i = 0; i < k->nbench; i++)
		if (!strcmp(k->bench[i]->kernel, "baseline"))
			hotpath(k, k->bench[i], f);
	if (!k->nrun && !k->ntier)
		fprintf(f, "Booted: no run data given\n");
	for (i = 0; i < k->nvm; i++)
		vmlinux(k->vm[i], f);
	for (i = 0; i < k->nnote; i++)
		fprintf(f, "%s%s\n", i ? "       " : "Notes: ", k->note[i]);
}
