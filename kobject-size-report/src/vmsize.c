// SPDX-License-Identifier: GPL-2.0
/*
 * vmsize.c - vmlinux text/data/bss ("size BASELINE PATCHED") and the
 * tree's scripts/bloat-o-meter output for one tier.
 */
#include <string.h>
#include "ksr.h"

void vmsize_read(struct vmsize *v)
{
	static const char *const kernel[2] = { "/baseline/", "/patched/" };
	char buf[1024], name[KSR_PATH];
	FILE *f = xopen(v->path, "size output");
	int line = 0, i;
	long dec, hex;

	if (!xgetline(buf, sizeof(buf), f, v->path, &line) || !strstr(buf, "text") ||
	    !strstr(buf, "bss"))
		die("%s:1: not the output of size(1)", v->path);
	for (i = 0; i < 2; i++) {
		if (!xgetline(buf, sizeof(buf), f, v->path, &line))
			die("%s: %s line missing", v->path, kernel[i]);
		if (sscanf(buf, "%ld %ld %ld %ld %lx %511s", &v->text[i], &v->data[i],
			   &v->bss[i], &dec, &hex, name) != 6)
			die("%s:%d: malformed size line", v->path, line);
		if (!strstr(name, kernel[i]))
			die("%s:%d: expected the %.*s vmlinux, got %s", v->path, line,
			    (int)strlen(kernel[i]) - 2, kernel[i] + 1, name);
		if (dec != v->text[i] + v->data[i] + v->bss[i])
			die("%s:%d: text+data+bss != dec", v->path, line);
	}
	fclose(f);
}

/*
 * Test and benchmark code of the series, and the census (a debug aid):
 * symbols by prefix.  __loc and __text are the statics every KUnit
 * assertion (KUNIT_EXPECT_*) defines; the suites are their only growth.
 */
static const char *const test_prefix[] = {
	"kref_rel_test_", "kref_test_", "kobj_test_", "kobject_test_",
	"kobj_bench", "kobject_bench", "__loc", "__text", NULL
};
static const char *const debug_prefix[] = {
	"kobj_census", "kobject_census", NULL
};

const char *const vm_class_names[VM_NCLASS] = {
	"the change itself", "KUnit tests and benchmark", "census (debug aid)"
};

static int has_prefix(const char *name, const char *const *pre)
{
	for (; *pre; pre++)
		if (!strncmp(name, *pre, strlen(*pre)))
			return 1;
	return 0;
}

static enum vmclass vm_class(const char *name)
{
	if (has_prefix(name, test_prefix) || strstr(name, "kunit"))
		return VM_TEST;
	return has_prefix(name, debug_prefix) ? VM_DEBUG : VM_OWN;
}

/* bloat-o-meter's "old new delta" of a symbol; "-" is 0. */
static long bloat_num(const char *s, const char *path, int line)
{
	if (!strcmp(s, "-"))
		return 0;
	return xnum(s[0] == '+' ? s + 1 : s, path, line);
}

static void bloat_sym(struct vmsize *v, const char *buf, int line)
{
	char name[KSR_NAME], o[32], n[32], d[32];
	struct vmsym s;

	if (sscanf(buf, "%63s %31s %31s %31s", name, o, n, d) != 4)
		die("%s:%d: malformed bloat-o-meter line", v->bpath, line);
	copy(s.name, name, sizeof(s.name));
	s.old = bloat_num(o, v->bpath, line);
	s.new = bloat_num(n, v->bpath, line);
	s.val = bloat_num(d, v->bpath, line);
	s.cls = vm_class(name);
	s.line = line;
	v->sum[s.cls][0] += s.old;
	v->sum[s.cls][1] += s.new;
	v->sum[s.cls][2] += s.val;
	v->nsym[s.cls]++;
	if (v->nfn < KSR_MAX)	/* the largest come first */
		v->fn[v->nfn++] = s;
}

void bloat_read(struct vmsize *v)
{
	char buf[1024];
	FILE *f = xopen(v->bpath, "bloat-o-meter output");
	long sum = 0, total;
	int line = 0, i, have_total = 0;
	char *p;

	if (!xgetline(buf, sizeof(buf), f, v->bpath, &line) ||
	    strncmp(buf, "add/remove:", 11))
		die("%s:1: not bloat-o-meter output", v->bpath);
	copy(v->bsummary, buf, sizeof(v->bsummary));
	while (xgetline(buf, sizeof(buf), f, v->bpath, &line)) {
		if (!strncmp(buf, "Function", 8) || !buf[0])
			continue;
		if (!strncmp(buf, "Total:", 6)) {
			copy(v->btotal, buf, sizeof(v->btotal));
			have_total = 1;
			continue;
		}
		bloat_sym(v, buf, line);
	}
	fclose(f);
	if (!have_total)
		die("%s: no Total: line (truncated?)", v->bpath);
	/* the summary's "(N)" is the sum of every symbol's delta */
	p = strrchr(v->bsummary, '(');
	if (!p || sscanf(p, "(%ld)", &total) != 1)
		die("%s:1: no (total) in the summary", v->bpath);
	for (i = 0; i < VM_NCLASS; i++)
		sum += v->sum[i][2];
	if (sum != total)
		die("%s: symbols sum to %+ld, the summary says %+ld", v->bpath, sum, total);
	v->have_bloat = 1;
}
