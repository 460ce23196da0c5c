// SPDX-License-Identifier: GPL-2.0
/*
 * calc.c - run-time cost of one tier/scenario, baseline versus patched.
 *
 * Bytes grown = sum over the patched census's ktypes of live kobjects
 * times the growth (patched - baseline sizeof, in the tier's own layout)
 * of the struct that ktype's kobjects are embedded in (ktype-map.txt; an
 * unmapped ktype counts the growth of struct kobject alone).  Slab caches
 * are compared by name; a grown struct "moves" kmalloc size class when the
 * smallest kmalloc-N cache of the run that fits it changes.
 */
#include <stdlib.h>
#include <string.h>
#include "ksr.h"

/* The order of the sizeof tables: the dist layouts first, then the booted. */
const char *const ksr_layouts[] = { "i386-dist", "x86_64-dist", "arm64-dist",
	"x86_64-debug", "x86_64-fast", "i386-debug", "i386-fast", "x86_64-smoke",
	"i386-smoke", "arm64-smoke", "x86_64-distro" };
const unsigned int ksr_nlayouts = ARRAY_SIZE(ksr_layouts);

/* A layout's old side: pristine in a dist layout, else the booted baseline. */
const struct probe *layout_old(struct ksr *k, const char *layout)
{
	return probe_find(k, strstr(layout, "-dist") ? "pristine" : "baseline", layout);
}

/*
 * The layout a tier's kernels were built in, as --tier gave it (report.sh
 * knows the rule), or NULL.
 */
const char *tier_layout(const struct ksr *k, const char *tier)
{
	int i;

	for (i = 0; i < k->ntier; i++)
		if (!strcmp(k->tier[i], tier))
			return k->tier_layout[i];
	return NULL;
}

/* Size of the kmalloc-N cache kmalloc(@size) would use, 0 if none. */
long kmalloc_class(const struct table *slab, long size, char *name, size_t len)
{
	long best = 0, n;
	char *end;
	int i;

	for (i = 0; i < slab->n; i++) {
		if (strncmp(slab->c[i].name, "kmalloc-", 8))
			continue;
		n = strtol(slab->c[i].name + 8, &end, 10);
		if (*end == 'k')
			n *= 1024, end++;
		if (*end || n < size || (best && n >= best))
			continue;
		best = n;
		snprintf(name, len, "%s", slab->c[i].name);
	}
	if (!best)
		snprintf(name, len, "none");
	return best;
}

/*
 * The map line of @ktype: a ktype may be listed once per struct its
 * kobjects were embedded in over kernel versions, and the first whose
 * struct both probes of @c measure wins; else the first listed (the caller
 * then names the struct the probes lack).  NULL if the ktype is not listed.
 */
static const struct kmap *map_find(const struct ksr *k, const struct rtcost *c,
				   const char *ktype)
{
	const struct kmap *first = NULL;
	int i;

	for (i = 0; i < k->nmap; i++) {
		if (strcmp(k->map[i].ktype, ktype))
			continue;
		if (probe_get(c->p[0], "size", k->map[i].st) >= 0 &&
		    probe_get(c->p[1], "size", k->map[i].st) >= 0)
			return &k->map[i];
		if (!first)
			first = &k->map[i];
	}
	return first;
}

static void ktypes(struct ksr *k, struct rtcost *c)
{
	const struct table *cen = &c->r[1]->census;
	const struct kmap *m;
	struct ktcost *kt;
	long b, p;
	int i;

	for (i = 0; i < cen->n; i++) {
		if (!strcmp(cen->c[i].name, "live") || !strcmp(cen->c[i].name, "initialised") ||
		    !strcmp(cen->c[i].name, "released"))
			continue;
		if (c->nkt == (int)ARRAY_SIZE(c->kt))
			die("%s: too many ktypes", cen->path);
		kt = &c->kt[c->nkt++];
		m = map_find(k, c, cen->c[i].name);
		copy(kt->ktype, cen->c[i].name, sizeof(kt->ktype));
		copy(kt->st, m ? m->st : "kobject", sizeof(kt->st));
		kt->mapped = !!m;
		b = probe_get(c->p[0], "size", kt->st);
		p = probe_get(c->p[1], "size", kt->st);
		if (b < 0 || p < 0)
			die("%s: ktype %s maps to struct %s, which the %s probes lack",
			    k->mappath, kt->ktype, kt->st, c->layout);
		kt->live = cen->c[i].val;
		kt->growth = p - b;
		kt->bytes = kt->live * kt->growth;
		c->bytes += kt->bytes;
	}
}

static void slabs(struct rtcost *c)
{
	const struct table *t[2] = { &c->r[0]->slab, &c->r[1]->slab };
	const struct count *x;
	struct slabdiff *d;
	int i, j, n;

	for (j = 0; j < 2; j++) {
		for (i = 0; i < t[j]->n; i++) {
			c->slabpages[j] += t[j]->c[i].pages;
			if (j && table_get(t[0], t[j]->c[i].name))
				continue;	/* already paired */
			if (c->nslab == (int)ARRAY_SIZE(c->slab))
				die("%s: too many slab caches", t[j]->path);
			d = &c->slab[c->nslab++];
			memset(d, 0, sizeof(*d));
			copy(d->name, t[j]->c[i].name, sizeof(d->name));
			for (n = 0; n < 2; n++) {
				x = table_get(t[n], d->name);
				d->objs[n] = x ? x->val : 0;
				d->objsize[n] = x ? x->objsize : 0;
				d->slabs[n] = x ? x->slabs : 0;
				d->pages[n] = x ? x->pages : 0;
			}
		}
	}
}

/* Grown structs of @p1 (vs @p0) whose kmalloc-N class in the run changes. */
static int moves(const struct rtcost *c, const struct probe *p0,
		 const struct probe *p1, struct kmove *mv, int max)
{
	long b, a;
	int i, n = 0;

	for (i = 0; p0 && p1 && i < p1->n && n < max; i++) {
		if (strncmp(p1->f[i].name, "size__", 6))
			continue;
		b = probe_get(p0, "size", p1->f[i].name + 6);
		a = p1->f[i].val;
		if (b < 0 || a <= b)
			continue;
		kmalloc_class(&c->r[0]->slab, b, mv[n].from, sizeof(mv[n].from));
		kmalloc_class(&c->r[1]->slab, a, mv[n].to, sizeof(mv[n].to));
		if (!strcmp(mv[n].from, mv[n].to))
			continue;
		copy(mv[n].st, p1->f[i].name + 6, sizeof(mv[n].st));
		mv[n].size[0] = b;
		mv[n].size[1] = a;
		n++;
	}
	return n;
}

void rt_compute(struct ksr *k, const struct run *base, struct rtcost *c)
{
	memset(c, 0, sizeof(*c));
	c->r[0] = base;
	c->r[1] = run_find(k, base->tier, base->scenario, "patched");
	copy(c->layout, tier_layout(k, base->tier), sizeof(c->layout));
	c->p[0] = probe_find(k, "baseline", c->layout);
	c->p[1] = probe_find(k, "patched", c->layout);
	if (!c->p[0] || !c->p[1])
		die("run %s/%s: no --probe baseline/patched %s for its growth",
		    base->tier, base->scenario, c->layout);
	c->page = probe_get(c->p[1], "page", "bytes");
	ktypes(k, c);
	slabs(c);
	c->nmove = moves(c, c->p[0], c->p[1], c->move, ARRAY_SIZE(c->move));
	c->ndmove = moves(c, probe_find(k, "pristine", "x86_64-dist"),
			  probe_find(k, "patched", "x86_64-dist"), c->dmove,
			  ARRAY_SIZE(c->dmove));
}

/*
 * The seed's claims: kref "only 8 bytes on a 32bit platform" (its kref had
 * the release pointer: our kobject's kref member in the patched tree) and
 * "4 more bytes (on a 32bit platform) to every kobject" (patched - pristine
 * sizeof(struct kobject)).  c[0..1]: kref i386/x86_64, c[2..3]: kobject.
 */
void claims_compute(struct ksr *k, struct claim c[4])
{
	static const char *const lay[2] = { "i386-dist", "x86_64-dist" };
	int i;

	for (i = 0; i < 4; i++) {
		c[i].what = i < 2 ? "kref" : "kobject";
		c[i].layout = lay[i & 1];
		c[i].old = probe_find(k, "pristine", c[i].layout);
		c[i].new = probe_find(k, "patched", c[i].layout);
		if (i < 2) {
			c[i].before = probe_get(c[i].old, "kobjkref__bytes", NULL);
			c[i].after = probe_get(c[i].new, "kobjkref__bytes", NULL);
			c[i].value = c[i].after;
			c[i].holds = c[i].value == 8;
		} else {
			c[i].before = probe_get(c[i].old, "size", "kobject");
			c[i].after = probe_get(c[i].new, "size", "kobject");
			c[i].value = c[i].after - c[i].before;
			c[i].holds = c[i].value == 4;
		}
	}
}
