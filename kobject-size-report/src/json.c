// SPDX-License-Identifier: GPL-2.0
/*
 * json.c - report.json: every figure, and the input it came from.
 *
 * Compile-time figures carry their probe.s path and expression; pahole
 * checks their object; run-time figures the census/slabinfo/meminfo path;
 * each benchmark repetition its bench file and line.
 */
#include <string.h>
#include "ksr.h"

static void js_str(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		if ((unsigned char)*s >= 0x20)
			fputc(*s, f);
	}
}

static void js(FILE *f, const char *key, const char *s)
{
	fprintf(f, "\"%s\": \"", key);
	js_str(f, s);
	fputc('"', f);
}

static void probes(struct ksr *k, FILE *f)
{
	const struct probe *p;
	int i, j;

	fprintf(f, "  \"probes\": [\n");
	for (i = 0; i < k->nprobe; i++) {
		p = k->probe[i];
		fprintf(f, "    {");
		js(f, "tree", p->tree);
		fprintf(f, ", ");
		js(f, "layout", p->layout);
		fprintf(f, ", ");
		js(f, "source", p->path);
		fprintf(f, ", \"figures\": [\n");
		for (j = 0; j < p->n; j++) {
			fprintf(f, "      {");
			js(f, "name", p->f[j].name);
			fprintf(f, ", \"value\": %ld, ", p->f[j].val);
			js(f, "expr", p->f[j].expr);
			fprintf(f, "}%s\n", j + 1 < p->n ? "," : "");
		}
		fprintf(f, "    ]}%s\n", i + 1 < k->nprobe ? "," : "");
	}
	fprintf(f, "  ],\n");
}

static void pahole(struct ksr *k, FILE *f)
{
	const struct check *c;
	int i;

	fprintf(f, "  \"pahole\": {\"run\": %s, \"mismatches\": %d, \"files\": [",
		k->npahole ? "true" : "false", k->mismatches);
	for (i = 0; i < k->npahole; i++) {
		fprintf(f, "%s{", i ? ", " : "");
		js(f, "tree", k->pahole[i]->tree);
		fprintf(f, ", ");
		js(f, "layout", k->pahole[i]->layout);
		fprintf(f, ", ");
		js(f, "source", k->pahole[i]->path);
		fprintf(f, "}");
	}
	fprintf(f, "],\n    \"checks\": [\n");
	for (i = 0; i < k->ncheck; i++) {
		c = &k->check[i];
		fprintf(f, "      {");
		js(f, "tree", c->tree);
		fprintf(f, ", ");
		js(f, "layout", c->layout);
		fprintf(f, ", ");
		js(f, "figure", c->fig);
		fprintf(f, ", \"probe\": %ld, \"pahole\": %ld, ", c->probe, c->pahole);
		js(f, "object", c->object);
		fprintf(f, "}%s\n", i + 1 < k->ncheck ? "," : "");
	}
	fprintf(f, "  ]},\n");
}

static void side(FILE *f, const char *name, const struct rtcost *c, int i)
{
	fprintf(f, "     \"%s\": {", name);
	js(f, "census", c->r[i]->census.path);
	fprintf(f, ", ");
	js(f, "slabinfo", c->r[i]->slab.path);
	fprintf(f, ", ");
	js(f, "meminfo", c->r[i]->mem.path);
	fprintf(f, ", ");
	js(f, "probe", c->p[i]->path);
	fprintf(f, ", \"live\": %ld, \"slab_pages\": %ld, \"meminfo_slab_kB\": %ld},\n",
		c->r[i]->live, c->slabpages[i], table_get(&c->r[i]->mem, "Slab")->val);
}

static void move_list(FILE *f, const char *name, const struct kmove *mv, int n)
{
	int i;

	fprintf(f, "     \"%s\": [\n", name);
	for (i = 0; i < n; i++) {
		fprintf(f, "       {");
		js(f, "struct", mv[i].st);
		fprintf(f, ", \"size\": [%ld, %ld], ", mv[i].size[0], mv[i].size[1]);
		js(f, "from", mv[i].from);
		fprintf(f, ", ");
		js(f, "to", mv[i].to);
		fprintf(f, "}%s\n", i + 1 < n ? "," : "");
	}
	fprintf(f, "     ]");
}

static void run_lists(const struct rtcost *c, FILE *f)
{
	int i;

	fprintf(f, "     \"ktypes\": [\n");
	for (i = 0; i < c->nkt; i++) {
		fprintf(f, "       {");
		js(f, "ktype", c->kt[i].ktype);
		fprintf(f, ", ");
		js(f, "struct", c->kt[i].st);
		fprintf(f, ", \"mapped\": %s, \"live\": %ld, \"growth\": %ld, \"bytes\": %ld}%s\n",
			c->kt[i].mapped ? "true" : "false", c->kt[i].live, c->kt[i].growth,
			c->kt[i].bytes, i + 1 < c->nkt ? "," : "");
	}
	fprintf(f, "     ],\n     \"slab\": [\n");
	for (i = 0; i < c->nslab; i++) {
		fprintf(f, "       {");
		js(f, "cache", c->slab[i].name);
		fprintf(f, ", \"active_objs\": [%ld, %ld], \"objsize\": [%ld, %ld], \"slabs\": [%ld, %ld], \"pages\": [%ld, %ld]}%s\n",
			c->slab[i].objs[0], c->slab[i].objs[1], c->slab[i].objsize[0],
			c->slab[i].objsize[1], c->slab[i].slabs[0], c->slab[i].slabs[1],
			c->slab[i].pages[0], c->slab[i].pages[1],
			i + 1 < c->nslab ? "," : "");
	}
	fprintf(f, "     ],\n");
	move_list(f, "kmalloc_moves", c->move, c->nmove);
	fprintf(f, ",\n");
	move_list(f, "kmalloc_moves_x86_64_dist", c->dmove, c->ndmove);
}

static void runs(struct ksr *k, FILE *f)
{
	static struct rtcost c;
	int i, first = 1;

	fprintf(f, "  \"runs\": [\n");
	for (i = 0; i < k->nrun; i++) {
		if (strcmp(k->run[i]->kernel, "baseline"))
			continue;
		rt_compute(k, k->run[i], &c);
		fprintf(f, "%s    {", first ? "" : ",\n");
		first = 0;
		js(f, "tier", k->run[i]->tier);
		fprintf(f, ", ");
		js(f, "scenario", k->run[i]->scenario);
		fprintf(f, ", ");
		js(f, "layout", c.layout);
		fprintf(f, ",\n     \"bytes_grown\": %ld, \"page_bytes\": %ld,\n", c.bytes, c.page);
		side(f, "baseline", &c, 0);
		side(f, "patched", &c, 1);
		run_lists(&c, f);
		fprintf(f, "}");
	}
	fprintf(f, "\n  ],\n");
}

static void bench_side(const struct bench *b, int w, FILE *f)
{
	const struct brep *r;
	struct bstat s;
	int i;

	bench_stat(b, w, &s);
	fprintf(f, "     \"%s\": {\"min\": %.3f, \"median\": %.3f, \"max\": %.3f, "
		"\"boot_median_lo\": %.3f, \"boot_median_hi\": %.3f, \"in_boot_spread\": %.5f, "
		"\"boots\": %d,\n      \"repetitions\": [\n", b->kernel, s.min, s.med, s.max,
		s.boot_lo, s.boot_hi, s.in_boot, s.nboot);
	for (i = 0; i < b->n[w]; i++) {
		r = &b->rep[w][i];
		fprintf(f, "       {");
		js(f, "source", b->path[r->boot]);
		fprintf(f, ", \"line\": %d, \"boot\": %d, \"loops\": %ld, \"ns\": %ld, \"ns_per_op\": %.3f}%s\n",
			r->line, r->boot + 1, r->loops, r->ns, r->per, i + 1 < b->n[w] ? "," : "");
	}
	fprintf(f, "     ]}");
}

static void benches(struct ksr *k, FILE *f)
{
	const struct bench *b, *p;
	struct bstat s[2];
	int i, w, first = 1;

	fprintf(f, "  \"bench\": [\n");
	for (i = 0; i < k->nbench; i++) {
		b = k->bench[i];
		if (strcmp(b->kernel, "baseline"))
			continue;
		p = bench_get(k, b->tier, "patched");
		for (w = 0; w < KSR_NBENCH; w++) {
			bench_stat(b, w, &s[0]);
			bench_stat(p, w, &s[1]);
			fprintf(f, "%s    {", first ? "" : ",\n");
			first = 0;
			js(f, "tier", b->tier);
			fprintf(f, ", ");
			js(f, "benchmark", bench_names[w]);
			fprintf(f, ", \"unit\": \"guest ns per operation\", \"loops\": %ld, "
				"\"ratio_median\": %.4f, \"ratio_min\": %.4f,\n",
				s[0].loops, s[1].med / s[0].med, s[1].min / s[0].min);
			bench_side(b, w, f);
			fprintf(f, ",\n");
			bench_side(p, w, f);
			fprintf(f, "}");
		}
	}
	fprintf(f, "\n  ],\n");
}

static void notes(struct ksr *k, FILE *f)
{
	int i;

	fprintf(f, "  ");
	js(f, "notes_source", k->notespath);
	fprintf(f, ",\n  \"notes\": [");
	for (i = 0; i < k->nnote; i++) {
		fprintf(f, "%s\n    \"", i ? "," : "");
		js_str(f, k->note[i]);
		fputc('"', f);
	}
	fprintf(f, "\n  ],\n");
}

static void vm(struct ksr *k, FILE *f)
{
	const struct vmsize *v;
	int i, j;

	fprintf(f, "  \"vmlinux\": [\n");
	for (i = 0; i < k->nvm; i++) {
		v = k->vm[i];
		fprintf(f, "    {");
		js(f, "tier", v->tier);
		fprintf(f, ", ");
		js(f, "source", v->path);
		fprintf(f, ", \"text\": [%ld, %ld], \"data\": [%ld, %ld], \"bss\": [%ld, %ld],\n     ",
			v->text[0], v->text[1], v->data[0], v->data[1], v->bss[0], v->bss[1]);
		js(f, "bloat_source", v->bpath);
		fprintf(f, ", ");
		js(f, "bloat_summary", v->bsummary);
		fprintf(f, ", ");
		js(f, "bloat_total", v->btotal);
		fprintf(f, ", \"functions\": [");
		for (j = 0; j < v->nfn; j++) {
			fprintf(f, "%s{", j ? ", " : "");
			js(f, "name", v->fn[j].name);
			fprintf(f, ", \"delta\": %ld}", v->fn[j].val);
		}
		fprintf(f, "]}%s\n", i + 1 < k->nvm ? "," : "");
	}
	fprintf(f, "  ]\n");
}

static void claims(struct ksr *k, FILE *f)
{
	struct claim c[4];
	int i;

	claims_compute(k, c);
	fprintf(f, "  \"claims\": [\n");
	for (i = 0; i < 4; i++) {
		fprintf(f, "    {");
		js(f, "claim", i < 2 ? "kref is only 8 bytes on a 32bit platform" :
		   "4 more bytes (on a 32bit platform) to every kobject");
		fprintf(f, ", ");
		js(f, "layout", c[i].layout);
		fprintf(f, ", \"%s\": [%ld, %ld], \"value\": %ld, \"holds\": %s, ",
			i < 2 ? "kobjkref__bytes" : "size__kobject",
			c[i].before, c[i].after, c[i].value, c[i].holds ? "true" : "false");
		js(f, "source_pristine", c[i].old->path);
		fprintf(f, ", ");
		js(f, "source_patched", c[i].new->path);
		fprintf(f, "}%s\n", i < 3 ? "," : "");
	}
	fprintf(f, "  ],\n");
}

/* The text table's cells: old/new sizeof, growth, cache lines, sources. */
static void growth(struct ksr *k, FILE *f)
{
	static const char *const lay[] = { "i386-dist", "x86_64-dist", "x86_64-debug", "x86_64-fast" };
	const struct probe *ref = probe_find(k, "patched", "x86_64-dist"), *o, *n;
	const char *st;
	long a, b, cl;
	int i, l, first = 1;

	fprintf(f, "  \"growth\": [\n");
	for (i = 0; i < ref->n; i++) {
		if (strncmp(ref->f[i].name, "size__", 6))
			continue;
		st = ref->f[i].name + 6;
		for (l = 0; l < 4; l++) {
			o = probe_find(k, strstr(lay[l], "-dist") ? "pristine" : "baseline", lay[l]);
			n = probe_find(k, "patched", lay[l]);
			a = probe_get(o, "size", st);
			b = probe_get(n, "size", st);
			if (!o || !n || b < 0)
				continue;
			cl = probe_get(n, "cacheline", "bytes");
			fprintf(f, "%s    {", first ? "" : ",\n");
			first = 0;
			js(f, "struct", st);
			fprintf(f, ", ");
			js(f, "layout", lay[l]);
			fprintf(f, ", \"old\": %ld, \"new\": %ld, \"growth\": %ld, \"lines\": [%ld, %ld], ",
				a, b, a < 0 ? b : b - a, a < 0 ? 0 : (a + cl - 1) / cl, (b + cl - 1) / cl);
			js(f, "source_old", o->path);
			fprintf(f, ", ");
			js(f, "source_new", n->path);
			fprintf(f, "}");
		}
	}
	fprintf(f, "\n  ],\n");
}

void json_write(struct ksr *k, FILE *f)
{
	fprintf(f, "{\n  ");
	js(f, "ktype_map", k->mappath);
	fprintf(f, ",\n");
	claims(k, f);
	growth(k, f);
	probes(k, f);
	pahole(k, f);
	runs(k, f);
	benches(k, f);
	notes(k, f);
	vm(k, f);
	fprintf(f, "}\n");
}
