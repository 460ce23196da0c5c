// SPDX-License-Identifier: GPL-2.0
/*
 * probe.c - read the compile-time figures from a probe.s.
 *
 * The probe (../probe/probe.c) is compiled to assembler by kbuild; each
 * DEFINE() leaves a line
 *	.ascii "->size__kobject $64 sizeof(struct kobject)"
 * Only such .ascii lines are read.  A probe without the figures every
 * report needs, a duplicate or a non-number is an error naming the file.
 */
#include <stdlib.h>
#include <string.h>
#include "ksr.h"

static const char *const required[] = {
	"cacheline__bytes", "pointer__bytes", "page__bytes", "size__kref",
	"kobjkref__bytes", "size__kobject", "kref__kobject", "size__kset",
	"size__device", NULL
};

/* Parse 'NAME $VAL EXPR"' (after the "->") into @fg. */
static void parse_fig(char *s, struct fig *fg, const char *path, int line)
{
	char *name = s, *val, *expr, *q;

	q = strrchr(s, '"');
	if (!q)
		die("%s:%d: malformed probe line", path, line);
	*q = '\0';
	val = strchr(name, ' ');
	if (!val)
		die("%s:%d: probe line without a value", path, line);
	*val++ = '\0';
	if (*val == '$' || *val == '#')
		val++;
	expr = strchr(val, ' ');
	if (!expr)
		die("%s:%d: probe line without an expression", path, line);
	*expr++ = '\0';
	if (strlen(name) >= sizeof(fg->name) || strlen(expr) >= sizeof(fg->expr))
		die("%s:%d: probe line too long", path, line);
	strcpy(fg->name, name);
	strcpy(fg->expr, expr);
	fg->val = xnum(val, path, line);
	if (fg->val < 0)
		die("%s:%d: negative figure %s", path, line, name);
}

void probe_read(struct probe *p)
{
	char buf[1024], *s;
	FILE *f = xopen(p->path, "probe output");
	int line = 0, i;

	while (xgetline(buf, sizeof(buf), f, p->path, &line)) {
		s = strstr(buf, ".ascii \"->");
		if (!s)
			continue;
		if (p->n == KSR_MAX)
			die("%s: too many figures", p->path);
		parse_fig(s + 10, &p->f[p->n], p->path, line);
		for (i = 0; i < p->n; i++)
			if (!strcmp(p->f[i].name, p->f[p->n].name))
				die("%s:%d: duplicate figure %s", p->path, line,
				    p->f[i].name);
		p->n++;
	}
	fclose(f);
	for (i = 0; required[i]; i++)
		if (!probe_fig(p, required[i], NULL))
			die("%s: figure %s missing (truncated or not a probe.s?)",
			    p->path, required[i]);
}

/* The figure KIND__ST (or KIND alone when @st is NULL), or NULL. */
const struct fig *probe_fig(const struct probe *p, const char *kind, const char *st)
{
	char name[KSR_NAME * 2];
	int i;

	snprintf(name, sizeof(name), "%s%s%s", kind, st ? "__" : "", st ? st : "");
	for (i = 0; i < p->n; i++)
		if (!strcmp(p->f[i].name, name))
			return &p->f[i];
	return NULL;
}

/* As probe_fig(), -1 when absent. */
long probe_get(const struct probe *p, const char *kind, const char *st)
{
	const struct fig *fg = p ? probe_fig(p, kind, st) : NULL;

	return fg ? fg->val : -1;
}

struct probe *probe_find(struct ksr *k, const char *tree, const char *layout)
{
	int i;

	for (i = 0; i < k->nprobe; i++)
		if (!strcmp(k->probe[i]->tree, tree) &&
		    !strcmp(k->probe[i]->layout, layout))
			return k->probe[i];
	return NULL;
}
