// SPDX-License-Identifier: GPL-2.0
/*
 * run.c - read one guest run (census, slabinfo, meminfo) and the ktype map.
 *
 * census:   "live N", "initialised N", "released N", "ktype SYMBOL N"
 * slabinfo: /proc/slabinfo version 2.1
 * meminfo:  /proc/meminfo ("Key:  N kB")
 * ktype-map.txt: "SYMBOL STRUCT REASON..." ('#' comments)
 * Anything else, a missing required line or file, is an error naming it.
 */
#include <ctype.h>
#include <string.h>
#include "ksr.h"

static struct count *table_add(struct table *t, const char *name, int line)
{
	struct count *c;
	int i;

	for (i = 0; i < t->n; i++)
		if (!strcmp(t->c[i].name, name))
			die("%s:%d: duplicate entry %s", t->path, line, name);
	if (t->n == (int)ARRAY_SIZE(t->c))
		die("%s: too many entries", t->path);
	c = &t->c[t->n++];
	copy(c->name, name, sizeof(c->name));
	c->line = line;
	return c;
}

const struct count *table_get(const struct table *t, const char *name)
{
	int i;

	for (i = 0; i < t->n; i++)
		if (!strcmp(t->c[i].name, name))
			return &t->c[i];
	return NULL;
}

static void need(const struct table *t, const char *name)
{
	if (!table_get(t, name))
		die("%s: no '%s' line (truncated?)", t->path, name);
}

/* "ktype SYMBOL N" where SYMBOL may be "name [module]" (%ps). */
/* "kref_releases N": distinct release()s stored in live kobjects' krefs,
 * then "kref_release SYMBOL N" per function (kernels with kref_rel only). */
static int census_kref_line(struct run *r, const char *a, const char *b,
			    int k, const char *path, int line)
{
	if (!strcmp(a, "kref_releases") && k == 2) {
		r->kref_releases = xnum(b, path, line);
		return 1;
	}
	return !strcmp(a, "kref_release") && k == 3;
}

static void census_line(struct run *r, char *buf, int line)
{
	struct table *t = &r->census;
	char *last, *sym;
	char a[KSR_NAME], b[KSR_NAME], extra[8];
	int k = sscanf(buf, "%63s %63s %7s", a, b, extra);

	if (census_kref_line(r, a, b, k, t->path, line))
		return;
	if (k == 2 && (!strcmp(a, "live") || !strcmp(a, "initialised") ||
		       !strcmp(a, "released"))) {
		table_add(t, a, line)->val = xnum(b, t->path, line);
		return;
	}
	if (k != 3 || strcmp(a, "ktype"))
		die("%s:%d: malformed census line '%s'", t->path, line, buf);
	last = strrchr(buf, ' ');
	*last = '\0';
	sym = buf + 5 + strspn(buf + 5, " ");
	table_add(t, sym, line)->val = xnum(last + 1, t->path, line);
}

static void census_read(struct run *r)
{
	struct table *t = &r->census;
	char buf[512];
	FILE *f = xopen(t->path, "census data section");
	int line = 0;
	size_t n;

	while (xgetline(buf, sizeof(buf), f, t->path, &line)) {
		for (n = strlen(buf); n && isspace((unsigned char)buf[n - 1]); )
			buf[--n] = '\0';
		if (n)
			census_line(r, buf, line);
	}
	fclose(f);
	need(t, "live");
	need(t, "initialised");
	need(t, "released");
}

static void slab_read(struct table *t)
{
	char buf[1024], name[KSR_NAME];
	FILE *f = xopen(t->path, "slabinfo data section");
	long act, num, osz, opers, pps, aslabs, nslabs;
	struct count *c;
	int line = 0;

	if (!xgetline(buf, sizeof(buf), f, t->path, &line) ||
	    strcmp(buf, "slabinfo - version: 2.1"))
		die("%s:1: not /proc/slabinfo version 2.1", t->path);
	while (xgetline(buf, sizeof(buf), f, t->path, &line)) {
		if (buf[0] == '#' || !buf[0])
			continue;
		if (sscanf(buf, "%63s %ld %ld %ld %ld %ld : tunables %*d %*d %*d : slabdata %ld %ld",
			   name, &act, &num, &osz, &opers, &pps, &aslabs, &nslabs) != 8 ||
		    act < 0 || num < act || osz <= 0 || pps <= 0 || nslabs < 0)
			die("%s:%d: malformed slabinfo line", t->path, line);
		c = table_add(t, name, line);
		c->val = act;
		c->objsize = osz;
		c->slabs = nslabs;
		c->pages = nslabs * pps;
	}
	fclose(f);
	if (!t->n)
		die("%s: no slab cache at all", t->path);
}

static void mem_read(struct table *t)
{
	char buf[512], key[KSR_NAME], n[32], unit[8];
	FILE *f = xopen(t->path, "meminfo data section");
	int line = 0, k;

	while (xgetline(buf, sizeof(buf), f, t->path, &line)) {
		k = sscanf(buf, "%63[^:]: %31s %7s", key, n, unit);
		if (k < 2)
			die("%s:%d: malformed meminfo line", t->path, line);
		table_add(t, key, line)->val = xnum(n, t->path, line);
	}
	fclose(f);
	need(t, "MemTotal");
	need(t, "MemFree");
	need(t, "Slab");
	need(t, "SUnreclaim");
}

void run_read(struct run *r)
{
	snprintf(r->census.path, sizeof(r->census.path), "%s/census", r->dir);
	snprintf(r->slab.path, sizeof(r->slab.path), "%s/slabinfo", r->dir);
	snprintf(r->mem.path, sizeof(r->mem.path), "%s/meminfo", r->dir);
	r->kref_releases = -1;
	census_read(r);
	slab_read(&r->slab);
	mem_read(&r->mem);
	r->live = table_get(&r->census, "live")->val;
}

struct run *run_find(struct ksr *k, const char *tier, const char *sc, const char *kernel)
{
	int i;

	for (i = 0; i < k->nrun; i++)
		if (!strcmp(k->run[i]->tier, tier) && !strcmp(k->run[i]->scenario, sc) &&
		    !strcmp(k->run[i]->kernel, kernel))
			return k->run[i];
	return NULL;
}

void map_read(struct ksr *k)
{
	char buf[512], sym[KSR_NAME], st[KSR_NAME];
	FILE *f = xopen(k->mappath, "ktype map");
	struct kmap *m;
	int line = 0, off;

	while (xgetline(buf, sizeof(buf), f, k->mappath, &line)) {
		if (buf[0] == '#' || !buf[strspn(buf, " \t")])
			continue;
		if (sscanf(buf, "%63s %63s %n", sym, st, &off) != 2 || !buf[off])
			die("%s:%d: want 'KTYPE STRUCT REASON'", k->mappath, line);
		if (k->nmap == (int)ARRAY_SIZE(k->map))
			die("%s: too many lines", k->mappath);
		m = &k->map[k->nmap++];
		copy(m->ktype, sym, sizeof(m->ktype));
		copy(m->st, st, sizeof(m->st));
		snprintf(m->why, sizeof(m->why), "%s", buf + off);
	}
	fclose(f);
	if (!k->nmap)
		die("%s: empty", k->mappath);
}
