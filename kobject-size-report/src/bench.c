// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - the hot-path benchmarks: data section "bench" of the bench
 * scenario, one file per boot, one line "<name> <loops> <ns>" per
 * repetition (name get_put or lifecycle, loops and ns > 0).
 *
 * Every file must hold both benchmarks; every repetition of a benchmark in
 * one tier (all boots, both kernels) must have run the same loop count, so
 * the figures compare.  Anything else is an error naming file and line.
 */
#include <stdlib.h>
#include <string.h>
#include "ksr.h"

const char *const bench_names[KSR_NBENCH] = { "get_put", "lifecycle" };

struct bench *bench_get(struct ksr *k, const char *tier, const char *kernel)
{
	struct bench *b;
	int i;

	for (i = 0; i < k->nbench; i++)
		if (!strcmp(k->bench[i]->tier, tier) && !strcmp(k->bench[i]->kernel, kernel))
			return k->bench[i];
	if (k->nbench == (int)ARRAY_SIZE(k->bench))
		die("too many --bench tiers/kernels");
	b = xcalloc(1, sizeof(*b));
	copy(b->tier, tier, sizeof(b->tier));
	copy(b->kernel, kernel, sizeof(b->kernel));
	k->bench[k->nbench++] = b;
	return b;
}

static int bench_index(const char *name)
{
	int i;

	for (i = 0; i < KSR_NBENCH; i++)
		if (!strcmp(name, bench_names[i]))
			return i;
	return -1;
}

static void file_read(struct bench *b, int boot)
{
	const char *path = b->path[boot];
	char buf[256], name[32], ln[32], ns[32], extra[8];
	int line = 0, seen[KSR_NBENCH] = { 0 }, i;
	FILE *f = xopen(path, "bench data section");
	struct brep *r;

	while (xgetline(buf, sizeof(buf), f, path, &line)) {
		if (sscanf(buf, "%31s %31s %31s %7s", name, ln, ns, extra) != 3)
			die("%s:%d: malformed bench line '%s' (want '<name> <loops> <ns>')",
			    path, line, buf);
		i = bench_index(name);
		if (i < 0)
			die("%s:%d: unknown benchmark '%s'", path, line, name);
		if (b->n[i] == KSR_REPS)
			die("%s:%d: too many repetitions", path, line);
		r = &b->rep[i][b->n[i]++];
		r->loops = xnum(ln, path, line);
		r->ns = xnum(ns, path, line);
		if (r->loops <= 0 || r->ns <= 0)
			die("%s:%d: loops and ns must be > 0: '%s'", path, line, buf);
		r->boot = boot;
		r->line = line;
		r->per = (double)r->ns / r->loops;
		seen[i]++;
	}
	fclose(f);
	for (i = 0; i < KSR_NBENCH; i++)
		if (!seen[i])
			die("%s: no %s line (truncated, or the benchmark failed?)",
			    path, bench_names[i]);
}

void bench_read(struct bench *b)
{
	int i;

	for (i = 0; i < b->nboot; i++)
		file_read(b, i);
}

/* Same loop count for each benchmark across boots and kernels of a tier. */
void bench_check(struct ksr *k)
{
	const struct bench *b, *o;
	const struct brep *r, *r0;
	int i, j, n, w;

	for (i = 0; i < k->nbench; i++) {
		b = k->bench[i];
		o = NULL;
		for (j = 0; j < k->nbench; j++)
			if (!strcmp(k->bench[j]->tier, b->tier) &&
			    strcmp(k->bench[j]->kernel, b->kernel))
				o = k->bench[j];
		if (!o)
			die("bench %s: %s given but not the other kernel (%s)",
			    b->tier, b->kernel, b->path[0]);
		for (w = 0; w < KSR_NBENCH; w++) {
			r0 = &o->rep[w][0];
			for (n = 0; n < b->n[w]; n++) {
				r = &b->rep[w][n];
				if (r->loops != r0->loops)
					die("%s:%d: %s ran %ld loops, %s:%d %ld: not comparable",
					    b->path[r->boot], r->line, bench_names[w], r->loops,
					    o->path[r0->boot], r0->line, r0->loops);
			}
		}
	}
}

static int by_per(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), by_per);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void bench_stat(const struct bench *b, int which, struct bstat *s)
{
	static double all[KSR_REPS], one[KSR_REPS];
	const struct brep *r = b->rep[which];
	double m;
	int i, boot, n;

	memset(s, 0, sizeof(*s));
	s->n = b->n[which];
	s->nboot = b->nboot;
	s->loops = r[0].loops;
	for (i = 0; i < s->n; i++)
		all[i] = r[i].per;
	s->med = median(all, s->n);
	s->min = all[0];
	s->max = all[s->n - 1];
	for (boot = 0; boot < b->nboot; boot++) {
		for (i = n = 0; i < s->n; i++)
			if (r[i].boot == boot)
				one[n++] = r[i].per;
		m = median(one, n);
		if (!boot || m < s->boot_lo)
			s->boot_lo = m;
		if (!boot || m > s->boot_hi)
			s->boot_hi = m;
		if ((one[n - 1] - one[0]) / m > s->in_boot)
			s->in_boot = (one[n - 1] - one[0]) / m;
	}
}

/*
 * The change is noise when it is no larger than the spread of either
 * kernel: the largest (max - min) / median within a boot, or the range of
 * the boots' medians over their median.
 */
void bench_compare(const struct bstat s[2], struct bcmp *c)
{
	double sp, mag;
	int i;

	c->ratio = s[1].med / s[0].med;
	c->ratio_min = s[1].min / s[0].min;
	c->change = c->ratio - 1;
	c->spread = 0;
	for (i = 0; i < 2; i++) {
		sp = (s[i].boot_hi - s[i].boot_lo) / s[i].med;
		if (s[i].in_boot > sp)
			sp = s[i].in_boot;
		if (sp > c->spread)
			c->spread = sp;
	}
	mag = c->change < 0 ? -c->change : c->change;
	if (mag <= c->spread)
		c->verdict = "within noise";
	else
		c->verdict = c->change < 0 ? "fewer insns, outside the noise" :
			     "more insns, outside the noise";
}
