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

void bloat_read(struct vmsize *v)
{
	char buf[1024], name[KSR_NAME], o[32], n[32], d[32];
	FILE *f = xopen(v->bpath, "bloat-o-meter output");
	int line = 0, total = 0;
	struct count *c;

	if (!xgetline(buf, sizeof(buf), f, v->bpath, &line) ||
	    strncmp(buf, "add/remove:", 11))
		die("%s:1: not bloat-o-meter output", v->bpath);
	copy(v->bsummary, buf, sizeof(v->bsummary));
	while (xgetline(buf, sizeof(buf), f, v->bpath, &line)) {
		if (!strncmp(buf, "Function", 8) || !buf[0])
			continue;
		if (!strncmp(buf, "Total:", 6)) {
			copy(v->btotal, buf, sizeof(v->btotal));
			total = 1;
			continue;
		}
		if (sscanf(buf, "%63s %31s %31s %31s", name, o, n, d) != 4)
			die("%s:%d: malformed bloat-o-meter line", v->bpath, line);
		if (v->nfn == KSR_MAX)
			continue;	/* the largest come first */
		c = &v->fn[v->nfn++];
		copy(c->name, name, sizeof(c->name));
		c->val = xnum(d[0] == '+' ? d + 1 : d, v->bpath, line);
		c->line = line;
	}
	fclose(f);
	if (!total)
		die("%s: no Total: line (truncated?)", v->bpath);
	v->have_bloat = 1;
}
