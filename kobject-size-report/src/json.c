// SPDX-License-Identifier: GPL-2.0
/*
 * json.c - report.json: every figure, and the input it came from.
 *
 * Compile-time figures carry their probe.s path and expression; pahole
 * checks their object; run-time figures the census/slabinfo/meminfo path;
 * each benchmark repetition its bench file and line.  The document is a
 * jansson tree (keys in insertion order); reals are rounded to the
 * decimals the text report prints.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "ksr.h"

#define I(x)	((json_int_t)(x))

/* json_pack() or die naming the format: a NULL or non-UTF-8 string. */
static json_t *pk(const char *fmt, ...)
{
	json_error_t err;
	json_t *j;
	va_list ap;

	va_start(ap, fmt);
	j = json_vpack_ex(&err, 0, fmt, ap);
	va_end(ap);
	if (!j)
		die("report.json: %s (building '%s')", err.text, fmt);
	return j;
}

static void add(json_t *arr, json_t *v)
{
	if (json_array_append_new(arr, v))
		die("report.json: out of memory");
}

static void set(json_t *obj, const char *key, json_t *v)
{
	if (json_object_set_new(obj, key, v))
		die("report.json: cannot set '%s'", key);
}

/* @v rounded to @dec decimals, as printf("%.*f") writes it. */
static json_t *real(double v, int dec)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.*f", dec, v);
	return json_real(strtod(buf, NULL));
}

static json_t *probes(struct ksr *k)
{
	json_t *all = json_array(), *figs;
	const struct probe *p;
	int i, j;

	for (i = 0; i < k->nprobe; i++) {
		p = k->probe[i];
		figs = json_array();
		for (j = 0; j < p->n; j++)
			add(figs, pk("{s:s, s:I, s:s}", "name", p->f[j].name,
				     "value", I(p->f[j].val), "expr", p->f[j].expr));
		add(all, pk("{s:s, s:s, s:s, s:o}", "tree", p->tree, "layout", p->layout,
			    "source", p->path, "figures", figs));
	}
	return all;
}

/* pahole's text of struct kobject and its kref, per tree and layout. */
static json_t *layouts(struct ksr *k)
{
	static const char *const st[] = { "kobject", "kref", "kref_rel" };
	const struct pstruct *ps;
	json_t *all = json_array(), *text;
	unsigned int j;
	int i, l;

	for (i = 0; i < k->npahole; i++) {
		for (j = 0; j < ARRAY_SIZE(st); j++) {
			ps = find_struct(k->pahole[i], st[j]);
			if (!ps)
				continue;
			text = json_array();
			for (l = 0; l < ps->ntext; l++)
				add(text, json_string(ps->text[l]));
			add(all, pk("{s:s, s:s, s:s, s:s, s:o}", "tree", k->pahole[i]->tree,
				    "layout", k->pahole[i]->layout, "struct", st[j],
				    "object", ps->object, "text", text));
		}
	}
	return all;
}

static json_t *pahole(struct ksr *k)
{
	json_t *files = json_array(), *checks = json_array();
	const struct check *c;
	int i;

	for (i = 0; i < k->npahole; i++)
		add(files, pk("{s:s, s:s, s:s}", "tree", k->pahole[i]->tree,
			      "layout", k->pahole[i]->layout, "source", k->pahole[i]->path));
	for (i = 0; i < k->ncheck; i++) {
		c = &k->check[i];
		add(checks, pk("{s:s, s:s, s:s, s:I, s:I, s:s}", "tree", c->tree,
			       "layout", c->layout, "figure", c->fig, "probe", I(c->probe),
			       "pahole", I(c->pahole), "object", c->object));
	}
	return pk("{s:b, s:i, s:o, s:o, s:o}", "run", k->npahole > 0,
		  "mismatches", k->mismatches, "files", files, "checks", checks,
		  "layouts", layouts(k));
}

static json_t *side(const struct rtcost *c, int i)
{
	json_t *o = pk("{s:s, s:s, s:s, s:s, s:I, s:I, s:I}",
		  "census", c->r[i]->census.path, "slabinfo", c->r[i]->slab.path,
		  "meminfo", c->r[i]->mem.path, "probe", c->p[i]->path,
		  "live", I(c->r[i]->live), "slab_pages", I(c->slabpages[i]),
		  "meminfo_slab_kB", I(table_get(&c->r[i]->mem, "Slab")->val));

	/* the census of a kernel whose kobjects store their release() */
	if (c->r[i]->kref_releases >= 0)
		json_object_set_new(o, "kref_releases", json_integer(c->r[i]->kref_releases));
	return o;
}

static json_t *move_list(const struct kmove *mv, int n)
{
	json_t *a = json_array();
	int i;

	for (i = 0; i < n; i++)
		add(a, pk("{s:s, s:[II], s:s, s:s}", "struct", mv[i].st,
			  "size", I(mv[i].size[0]), I(mv[i].size[1]),
			  "from", mv[i].from, "to", mv[i].to));
	return a;
}

static json_t *runs(struct ksr *k)
{
	static struct rtcost c;
	json_t *all = json_array(), *kt, *slab;
	const struct slabdiff *s;
	int i, j;

	for (i = 0; i < k->nrun; i++) {
		if (strcmp(k->run[i]->kernel, "baseline"))
			continue;
		rt_compute(k, k->run[i], &c);
		kt = json_array();
		for (j = 0; j < c.nkt; j++)
			add(kt, pk("{s:s, s:s, s:b, s:I, s:I, s:I}", "ktype", c.kt[j].ktype,
				   "struct", c.kt[j].st, "mapped", c.kt[j].mapped,
				   "live", I(c.kt[j].live), "growth", I(c.kt[j].growth),
				   "bytes", I(c.kt[j].bytes)));
		slab = json_array();
		for (j = 0; j < c.nslab; j++) {
			s = &c.slab[j];
			add(slab, pk("{s:s, s:[II], s:[II], s:[II], s:[II]}", "cache", s->name,
				     "active_objs", I(s->objs[0]), I(s->objs[1]),
				     "objsize", I(s->objsize[0]), I(s->objsize[1]),
				     "slabs", I(s->slabs[0]), I(s->slabs[1]),
				     "pages", I(s->pages[0]), I(s->pages[1])));
		}
		add(all, pk("{s:s, s:s, s:s, s:I, s:I, s:o, s:o, s:o, s:o, s:o, s:o}",
			    "tier", k->run[i]->tier, "scenario", k->run[i]->scenario,
			    "layout", c.layout, "bytes_grown", I(c.bytes), "page_bytes", I(c.page),
			    "baseline", side(&c, 0), "patched", side(&c, 1),
			    "ktypes", kt, "slab", slab,
			    "kmalloc_moves", move_list(c.move, c.nmove),
			    "kmalloc_moves_x86_64_dist", move_list(c.dmove, c.ndmove)));
	}
	return all;
}

static json_t *bench_side(const struct bench *b, int w)
{
	json_t *reps = json_array();
	const struct brep *r;
	struct bstat s;
	int i;

	bench_stat(b, w, &s);
	for (i = 0; i < b->n[w]; i++) {
		r = &b->rep[w][i];
		add(reps, pk("{s:s, s:i, s:i, s:I, s:I, s:o}", "source", b->path[r->boot],
			     "line", r->line, "boot", r->boot + 1, "loops", I(r->loops),
			     "ns", I(r->ns), "ns_per_op", real(r->per, 3)));
	}
	return pk("{s:o, s:o, s:o, s:o, s:o, s:o, s:i, s:o}",
		  "min", real(s.min, 3), "median", real(s.med, 3), "max", real(s.max, 3),
		  "boot_median_lo", real(s.boot_lo, 3), "boot_median_hi", real(s.boot_hi, 3),
		  "in_boot_spread", real(s.in_boot, 5), "boots", s.nboot,
		  "repetitions", reps);
}

static json_t *benches(struct ksr *k)
{
	json_t *all = json_array(), *o;
	const struct bench *b, *p;
	struct bstat s[2];
	struct bcmp c;
	int i, w;

	for (i = 0; i < k->nbench; i++) {
		b = k->bench[i];
		if (strcmp(b->kernel, "baseline"))
			continue;
		p = bench_get(k, b->tier, "patched");
		for (w = 0; w < KSR_NBENCH; w++) {
			bench_stat(b, w, &s[0]);
			bench_stat(p, w, &s[1]);
			bench_compare(s, &c);
			o = pk("{s:s, s:s, s:s, s:I, s:o, s:o}", "tier", b->tier,
			       "benchmark", bench_names[w], "unit", "guest ns per operation",
			       "loops", I(s[0].loops), "ratio_median", real(s[1].med / s[0].med, 4),
			       "ratio_min", real(s[1].min / s[0].min, 4));
			/* -icount shift=0: one guest ns is one instruction */
			set(o, "unit_icount", json_string("insns per operation"));
			set(o, "change_pct", real(100 * c.change, 2));
			set(o, "spread_pct", real(100 * c.spread, 2));
			set(o, "verdict", json_string(c.verdict));
			set(o, b->kernel, bench_side(b, w));
			set(o, p->kernel, bench_side(p, w));
			add(all, o);
		}
	}
	return all;
}

static json_t *notes(struct ksr *k)
{
	json_t *a = json_array();
	int i;

	for (i = 0; i < k->nnote; i++)
		add(a, pk("s", k->note[i]));
	return a;
}

/* The bloat-o-meter symbols summed per class: the change, tests, debug. */
static json_t *vm_split(const struct vmsize *v)
{
	json_t *a = json_array();
	int i;

	for (i = 0; i < VM_NCLASS; i++)
		add(a, pk("{s:s, s:i, s:I, s:I, s:I}", "class", vm_class_names[i],
			  "symbols", v->nsym[i], "old", I(v->sum[i][0]),
			  "new", I(v->sum[i][1]), "delta", I(v->sum[i][2])));
	return a;
}

static json_t *vm(struct ksr *k)
{
	json_t *all = json_array(), *fns, *o;
	const struct vmsize *v;
	int i, j;

	for (i = 0; i < k->nvm; i++) {
		v = k->vm[i];
		fns = json_array();
		for (j = 0; j < v->nfn; j++)
			add(fns, pk("{s:s, s:I, s:I, s:I, s:s}", "name", v->fn[j].name,
				    "delta", I(v->fn[j].val), "old", I(v->fn[j].old),
				    "new", I(v->fn[j].new), "class", vm_class_names[v->fn[j].cls]));
		o = pk("{s:s, s:s, s:[II], s:[II], s:[II], s:s, s:s, s:s, s:o}",
			    "tier", v->tier, "source", v->path,
			    "text", I(v->text[0]), I(v->text[1]),
			    "data", I(v->data[0]), I(v->data[1]),
			    "bss", I(v->bss[0]), I(v->bss[1]), "bloat_source", v->bpath,
			    "bloat_summary", v->bsummary, "bloat_total", v->btotal,
			    "functions", fns);
		if (v->have_bloat)
			set(o, "bloat_split", vm_split(v));
		add(all, o);
	}
	return all;
}

static json_t *claims(struct ksr *k)
{
	json_t *all = json_array();
	struct claim c[4];
	int i;

	claims_compute(k, c);
	for (i = 0; i < 4; i++)
		add(all, pk("{s:s, s:s, s:[II], s:I, s:b, s:s, s:s}",
			    "claim", i < 2 ? "kref is only 8 bytes on a 32bit platform" :
			    "4 more bytes (on a 32bit platform) to every kobject",
			    "layout", c[i].layout,
			    i < 2 ? "kobjkref__bytes" : "size__kobject",
			    I(c[i].before), I(c[i].after), "value", I(c[i].value),
			    "holds", c[i].holds, "source_pristine", c[i].old->path,
			    "source_patched", c[i].new->path));
	return all;
}

/* The text table's cells: old/new sizeof, growth, cache lines, sources. */
static json_t *growth(struct ksr *k)
{
	const struct probe *ref = probe_find(k, "patched", "x86_64-dist"), *o, *n;
	json_t *all = json_array();
	const char *st;
	long a, b, cl;
	unsigned int l;
	int i;

	for (i = 0; i < ref->n; i++) {
		if (strncmp(ref->f[i].name, "size__", 6))
			continue;
		st = ref->f[i].name + 6;
		for (l = 0; l < ksr_nlayouts; l++) {
			o = layout_old(k, ksr_layouts[l]);
			n = probe_find(k, "patched", ksr_layouts[l]);
			a = probe_get(o, "size", st);
			b = probe_get(n, "size", st);
			if (!o || !n || b < 0)
				continue;
			cl = probe_get(n, "cacheline", "bytes");
			add(all, pk("{s:s, s:s, s:I, s:I, s:I, s:[II], s:s, s:s}",
				    "struct", st, "layout", ksr_layouts[l], "old", I(a), "new", I(b),
				    "growth", I(a < 0 ? b : b - a),
				    "lines", I(a < 0 ? 0 : (a + cl - 1) / cl), I((b + cl - 1) / cl),
				    "source_old", o->path, "source_new", n->path));
		}
	}
	return all;
}

void json_write(struct ksr *k, FILE *f)
{
	json_t *doc;

	doc = pk("{s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:s, s:o, s:o}",
		 "ktype_map", k->mappath, "claims", claims(k), "growth", growth(k),
		 "probes", probes(k), "pahole", pahole(k), "runs", runs(k),
		 "bench", benches(k), "notes_source", k->notespath,
		 "notes", notes(k), "vmlinux", vm(k));
	if (json_dumpf(doc, f, JSON_PRESERVE_ORDER | JSON_INDENT(2) |
		       JSON_REAL_PRECISION(15)) || fputc('\n', f) == EOF)
		die("report.json: write failed");
	json_decref(doc);
}
