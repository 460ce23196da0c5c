/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ksr.h - kobject size report: shared types.
 *
 * Every figure the report prints is held with the input it came from
 * (path, and the probe symbol or the line), so report.json can name it.
 */
#ifndef KSR_H
#define KSR_H

#include <stdio.h>

#define KSR_NAME	64
#define KSR_PATH	512
#define KSR_MAX		512
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* One "->sym value expr" line of a probe.s. */
struct fig {
	char name[KSR_NAME];
	long val;
	char expr[160];
};

/* One probe.s: a tree (pristine/baseline/patched) in one layout. */
struct probe {
	char tree[16], layout[KSR_NAME], path[KSR_PATH];
	int n;
	struct fig f[KSR_MAX];
};

/* A member of a struct as pahole prints it. */
struct pmember {
	char name[KSR_NAME], type[KSR_NAME];
	long off, size;
};

struct pstruct {
	char name[KSR_NAME], object[KSR_PATH];
	long size;
	int n, ntext;
	struct pmember *m;
	char **text;			/* pahole's lines, "struct S {" to "};" */
};

struct pahole {
	char tree[16], layout[KSR_NAME], path[KSR_PATH];
	int n;
	struct pstruct s[KSR_MAX];
};

/* A named counter from census, slabinfo or meminfo. */
struct count {
	char name[KSR_NAME];
	long val, objsize, slabs, pages;	/* objsize/slabs/pages: slab caches only */
	int line;
};

struct table {
	char path[KSR_PATH + 16];
	int n;
	struct count c[4 * KSR_MAX];
};

/* One guest run (tier, scenario, kernel) and its three data files. */
struct run {
	char tier[KSR_NAME], scenario[32], kernel[16], dir[KSR_PATH];
	struct table census, slab, mem;
	long live;
	long kref_releases;	/* distinct stored release()s, -1: none read */
};

/* Hot-path benchmarks (series 0021), one kernel of one tier: one file per
 * boot, lines "<name> <loops> <ns>", one per repetition. */
#define KSR_NBENCH	2		/* get_put, lifecycle */
#define KSR_BOOTS	16
#define KSR_REPS	256

struct brep {
	long loops, ns;
	int boot, line;
	double per;			/* ns per operation */
};

struct bench {
	char tier[KSR_NAME], kernel[16];
	int nboot;
	char path[KSR_BOOTS][KSR_PATH];
	int n[KSR_NBENCH];
	struct brep rep[KSR_NBENCH][KSR_REPS];
};

/* One benchmark of one bench: ns per operation over every repetition. */
struct bstat {
	long loops;
	int n, nboot;
	double min, med, max;
	double boot_lo, boot_hi;	/* lowest and highest median of a boot */
	double in_boot;			/* largest (max - min) / median in a boot */
};

/* patched against baseline: ratio of medians and the noise around it. */
struct bcmp {
	double ratio, ratio_min;	/* patched / baseline, medians and minima */
	double change;			/* ratio - 1 */
	double spread;			/* largest relative spread of either kernel */
	const char *verdict;
};

/* ktype symbol -> embedding struct, with the reason. */
struct kmap {
	char ktype[KSR_NAME], st[KSR_NAME], why[200];
};

/* A bloat-o-meter symbol: the change's own, test code, or debug aid. */
enum vmclass { VM_OWN, VM_TEST, VM_DEBUG, VM_NCLASS };

struct vmsym {
	char name[KSR_NAME];
	long old, new, val;		/* val = delta; old/new 0 for "-" */
	enum vmclass cls;
	int line;
};

/* vmlinux sizes and bloat-o-meter per tier. */
struct vmsize {
	char tier[KSR_NAME], path[KSR_PATH], bpath[KSR_PATH];
	long text[2], data[2], bss[2];	/* [0] baseline, [1] patched */
	char bsummary[512], btotal[512];
	int nfn;
	struct vmsym fn[KSR_MAX];	/* the largest changes first */
	long sum[VM_NCLASS][3];		/* per class: old, new, delta (all lines) */
	int nsym[VM_NCLASS];
	int have_bloat;
};

/* One pahole cross-check: a probe figure against pahole's. */
struct check {
	char tree[16], layout[KSR_NAME], fig[KSR_NAME], object[KSR_PATH];
	long probe, pahole;
};

struct ksr {
	int nprobe, npahole, nrun, nmap, nvm, ncheck;
	struct check check[4 * KSR_MAX];
	struct probe *probe[16];
	struct pahole *pahole[8];
	struct run *run[16];
	struct kmap map[128];
	struct vmsize *vm[4];
	struct bench *bench[8];
	int nbench;
	char notespath[KSR_PATH];	/* --notes: lines for the reader */
	int nnote;
	char note[32][256];
	char mappath[KSR_PATH];
	char tier[4][KSR_NAME];		/* tiers asked for (--tier) */
	char tier_layout[4][KSR_NAME];	/* ... and the layout each was built in */
	int ntier;
	int mismatches;
};

/* Derived run-time figures of one tier/scenario (calc.c). */
struct ktcost {
	char ktype[KSR_NAME], st[KSR_NAME];
	long live, growth, bytes;
	int mapped;
};

struct slabdiff {
	char name[KSR_NAME];
	long objs[2], objsize[2], slabs[2], pages[2];	/* [0] baseline, [1] patched */
};

struct kmove {
	char st[KSR_NAME], from[KSR_NAME], to[KSR_NAME];
	long size[2];
};

struct rtcost {
	const struct run *r[2];			/* baseline, patched */
	const struct probe *p[2];		/* the tier's layout */
	char layout[KSR_NAME];
	long bytes, page, slabpages[2];
	int nkt, nslab, nmove, ndmove;
	struct ktcost kt[KSR_MAX];
	struct slabdiff slab[KSR_MAX];
	struct kmove move[64];
	struct kmove dmove[64];			/* x86_64-dist, same classes */
};

/* One of the seed's claims, in one layout (calc.c). */
struct claim {
	const char *what;		/* "kref" or "kobject" */
	const char *layout;
	const struct probe *old, *new;	/* pristine, patched */
	long before, after, value;	/* value: the claimed figure's measure */
	int holds;			/* only meaningful on i386 */
};

/* calc.c */
void claims_compute(struct ksr *k, struct claim c[4]);
void rt_compute(struct ksr *k, const struct run *base, struct rtcost *c);
long kmalloc_class(const struct table *slab, long size, char *name, size_t len);
const char *tier_layout(const struct ksr *k, const char *tier);
/* The size table's layouts, in column order; the probe each compares with. */
extern const char *const ksr_layouts[];
extern const unsigned int ksr_nlayouts;
const struct probe *layout_old(struct ksr *k, const char *layout);

/* util.c */
void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void *xcalloc(size_t n, size_t size);
FILE *xopen(const char *path, const char *what);
int xgetline(char *buf, int size, FILE *f, const char *path, int *line);
long xnum(const char *s, const char *path, int line);
void copy(char *dst, const char *src, size_t size);

/* probe.c */
void probe_read(struct probe *p);
const struct fig *probe_fig(const struct probe *p, const char *kind, const char *st);
long probe_get(const struct probe *p, const char *kind, const char *st);
struct probe *probe_find(struct ksr *k, const char *tree, const char *layout);

/* pahole.c */
void pahole_read(struct pahole *ph);
void pahole_check(struct ksr *k, FILE *log);
const struct pstruct *find_struct(const struct pahole *ph, const char *name);

/* run.c */
void run_read(struct run *r);
void map_read(struct ksr *k);
const struct count *table_get(const struct table *t, const char *name);
struct run *run_find(struct ksr *k, const char *tier, const char *sc, const char *kernel);

/* bench.c */
extern const char *const bench_names[KSR_NBENCH];
struct bench *bench_get(struct ksr *k, const char *tier, const char *kernel);
void bench_read(struct bench *b);
void bench_check(struct ksr *k);
void bench_stat(const struct bench *b, int which, struct bstat *s);
void bench_compare(const struct bstat s[2], struct bcmp *c);

/* vmsize.c */
extern const char *const vm_class_names[VM_NCLASS];
void vmsize_read(struct vmsize *v);
void bloat_read(struct vmsize *v);

/* compare.c */
int compare_main(int argc, char **argv);

/* table.c, plot.c */
int table_main(int argc, char **argv);
int plot_main(int argc, char **argv);

/* text.c, textrun.c, json.c */
long lines_of(const struct probe *p, long size);
void text_write(struct ksr *k, FILE *out);
void text_runtime(struct ksr *k, FILE *out);
void json_write(struct ksr *k, FILE *out);

#endif
