// SPDX-License-Identifier: GPL-2.0
/*
 * text.c - report.txt, read like bloat-o-meter and pahole print.
 *
 * 1. The seed's two claims, on i386 and x86_64 (distribution layout).
 * 2. sizeof per struct: old, new, delta and 64-byte cache lines, per
 *    layout (dist layouts: pristine -> patched; booted tiers: baseline ->
 *    patched, the two kernels that were run), two layouts a table, the
 *    dist ones and the booted ones in tables of their own.
 * 3. pahole's layout of struct kobject and its kref, before and after.
 * 4. The booted figures, the hot path and vmlinux (textrun.c).
 * 5. The notes report.sh passed (runs left out).
 */
#include <string.h>
#include "ksr.h"

long lines_of(const struct probe *p, long size)
{
	long cl = probe_get(p, "cacheline", "bytes");

	return size < 0 ? -1 : (size + cl - 1) / cl;
}

/* Columns "old new delta lines" of one struct in one layout. */
static void cols(FILE *f, const struct probe *o, const struct probe *n, const char *st)
{
	long a = probe_get(o, "size", st), b = probe_get(n, "size", st);
	char lines[24];

	if (!n || b < 0) {
		fprintf(f, "  %6s %6s %6s %8s", "-", "-", "-", "-");
		return;
	}
	if (a < 0) {
		snprintf(lines, sizeof(lines), "%ld", lines_of(n, b));
		fprintf(f, "  %6s %6ld %+6ld %8s", "-", b, b, lines);
		return;
	}
	snprintf(lines, sizeof(lines), "%ld->%ld", lines_of(o, a), lines_of(n, b));
	fprintf(f, "  %6ld %6ld %+6ld %8s", a, b, b - a, lines);
}

static void claims(struct ksr *k, FILE *f)
{
	const char *verdict[2] = { "DOES NOT HOLD", "HOLDS" };
	char note[64];
	struct claim c[4];
	int i;

	claims_compute(k, c);
	fprintf(f, "The seed's claims (Greg KH, 2004), bytes   layout          old    new  delta  verdict\n");
	for (i = 0; i < 4; i++) {
		if (i == 1)
			snprintf(note, sizeof(note), "(64-bit: pointer %ld B)",
				 probe_get(c[i].new, "pointer", "bytes"));
		else if (i == 3)
			snprintf(note, sizeof(note), "(64-bit; cache lines %ld->%ld)",
				 lines_of(c[i].old, c[i].before),
				 lines_of(c[i].new, c[i].after));
		else
			snprintf(note, sizeof(note), "%s", verdict[c[i].holds]);
		fprintf(f, "  %-40s %-12s %6ld %6ld %+6ld  %s\n",
			i == 0 ? "kref \"only 8 bytes on a 32bit platform\"" :
			i == 2 ? "\"4 more bytes (32bit) to every kobject\"" : "",
			c[i].layout, c[i].before, c[i].after, c[i].after - c[i].before, note);
	}
	fprintf(f, "  (kref: the kobject's kref member: struct kref in pristine, struct kref_rel when patched)\n\n");
}

/* One table: the structs of @ref in the layouts @lay[0..n-1]. */
static void size_table(struct ksr *k, const struct probe *ref, const char **lay, int n,
		       FILE *f)
{
	int i, l;

	fprintf(f, "%-22s", "");
	for (l = 0; l < n; l++)
		fprintf(f, "  %-*s", l < n - 1 ? 30 : 0, lay[l]);
	fprintf(f, "\n%-22s", "");
	for (l = 0; l < n; l++)
		fprintf(f, "  %-*s", l < n - 1 ? 30 : 0, strstr(lay[l], "-dist") ?
			"pristine -> patched" : "baseline -> patched (booted)");
	fprintf(f, "\n%-22s", "struct");
	for (l = 0; l < n; l++)
		fprintf(f, "  %6s %6s %6s %8s", "old", "new", "delta", "lines");
	fputc('\n', f);
	for (i = 0; i < ref->n; i++) {
		if (strncmp(ref->f[i].name, "size__", 6))
			continue;
		fprintf(f, "%-22s", ref->f[i].name + 6);
		for (l = 0; l < n; l++)
			cols(f, layout_old(k, lay[l]), probe_find(k, "patched", lay[l]),
			     ref->f[i].name + 6);
		fputc('\n', f);
	}
	fputc('\n', f);
}

static void sizes(struct ksr *k, FILE *f)
{
	const struct probe *ref = probe_find(k, "patched", "x86_64-dist");
	const char *lay[2];
	unsigned int l;
	int n = 0;

	fprintf(f, "sizeof (bytes; lines: %ld-byte cache lines, old->new)\n",
		probe_get(ref, "cacheline", "bytes"));
	for (l = 0; l < ksr_nlayouts; l++) {
		if (!probe_find(k, "patched", ksr_layouts[l]))
			continue;
		/* a table holds dist layouts or booted ones, not both */
		if (n && !strstr(lay[0], "-dist") != !strstr(ksr_layouts[l], "-dist")) {
			size_table(k, ref, lay, n, f);
			n = 0;
		}
		lay[n++] = ksr_layouts[l];
		if (n == 2) {
			size_table(k, ref, lay, n, f);
			n = 0;
		}
	}
	if (n)
		size_table(k, ref, lay, n, f);
	fprintf(f, "pahole cross-check: %d figures of %d tree/layouts compared, %d mismatches%s\n\n",
		k->ncheck, k->npahole, k->mismatches,
		k->npahole ? "" : " (NOT RUN: -n)");
}

static const struct pahole *pahole_of(const struct ksr *k, const char *tree,
				      const char *layout)
{
	int i;

	for (i = 0; i < k->npahole; i++)
		if (!strcmp(k->pahole[i]->tree, tree) &&
		    !strcmp(k->pahole[i]->layout, layout))
			return k->pahole[i];
	return NULL;
}

static void dump(FILE *f, const struct pahole *ph, const char *st)
{
	const struct pstruct *ps = find_struct(ph, st);
	int i;

	if (!ps)
		return;
	fprintf(f, "$ pahole -C %s %s    # %s\n", st, ps->object, ph->tree);
	for (i = 0; i < ps->ntext; i++)
		fprintf(f, "%s\n", ps->text[i]);
}

/* pahole -C kobject (and its kref) before and after, x86_64-dist. */
static void layouts(struct ksr *k, FILE *f)
{
	const struct pahole *old = pahole_of(k, "pristine", "x86_64-dist");
	const struct pahole *new = pahole_of(k, "patched", "x86_64-dist");

	if (!old || !new) {
		fprintf(f, "pahole layouts: not run%s\n\n", k->npahole ? " for x86_64-dist" : " (-n)");
		return;
	}
	fprintf(f, "pahole layouts, x86_64-dist: before (pristine), after (patched)\n");
	dump(f, old, "kobject");
	dump(f, old, "kref");
	dump(f, new, "kobject");
	dump(f, new, "kref_rel");
	fputc('\n', f);
}

void text_write(struct ksr *k, FILE *f)
{
	int i;

	fprintf(f, "kobject size report: kobject refcount on a kref that stores release() (every figure: report.json)\n\n");
	claims(k, f);
	sizes(k, f);
	layouts(k, f);
	text_runtime(k, f);
	for (i = 0; i < k->nnote; i++)
		fprintf(f, "%s%s\n", i ? "       " : "Notes: ", k->note[i]);
}
