// SPDX-License-Identifier: GPL-2.0
/*
 * pahole.c - read pahole's struct dumps and check the probe against them.
 *
 * pahole.sh writes "@object PATH" and then pahole's output, e.g.
 *	struct kobject {
 *		struct kref    kref;     /    56     4 /   (comment markers)
 *		/ size: 64, cachelines: 1, members: 10 /
 *	};
 * Every size__S the probe has and pahole describes is compared, and every
 * kobj__S/kref__S offset whose member path pahole can follow.  A mismatch
 * fails the report; so does a cross-check that could not check struct
 * kobject, kref, kset and device.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "ksr.h"

static const char *const must[] = {
	"size__kobject", "kref__kobject", "kobjkref__bytes", "size__kref",
	"size__kset", "size__device", "kobj__device", NULL
};

/* Member line "TYPE NAME;  / OFF[:BIT] SIZE /" of the struct or of an
 * anonymous union or struct in it. */
static int parse_member(char *s, struct pmember *m, const char *path, int line)
{
	char *semi = strrchr(s, ';'), *c = strstr(s, "/*"), *n, *e;

	if (!semi || !c || c < semi)
		return 0;
	*semi = '\0';
	e = strstr(s, " __attribute__");	/* "name __attribute__((...))" */
	if (e)
		*e = '\0';
	n = strstr(s, "(*");
	if (n) {	/* function pointer: name inside "(*name)" */
		n += 2;
		e = strchr(n, ')');
		if (!e)
			die("%s:%d: malformed member", path, line);
		*e = '\0';
		*(n - 2) = '\0';
	} else {
		e = s + strcspn(s, "[:");
		*e = '\0';
		while (e > s && isspace((unsigned char)e[-1]))
			*--e = '\0';
		n = e;
		while (n > s && (isalnum((unsigned char)n[-1]) || n[-1] == '_'))
			n--;
		if (n == e)
			die("%s:%d: member without a name", path, line);
	}
	copy(m->name, n, sizeof(m->name));
	*n = '\0';
	while (isspace((unsigned char)*s))
		s++;
	for (e = s + strlen(s); e > s && isspace((unsigned char)e[-1]); )
		*--e = '\0';
	snprintf(m->type, sizeof(m->type), "%s", s);
	m->off = strtol(c + 2, &e, 10);
	if (e == c + 2)
		die("%s:%d: malformed member offset", path, line);
	if (*e == ':')		/* bitfield: "OFF: BIT SIZE" */
		strtol(e + 1, &e, 10);
	m->size = strtol(e, &n, 10);
	if (n == e)
		die("%s:%d: malformed member size", path, line);
	return 1;
}

static void add_member(struct pstruct *ps, const struct pmember *m)
{
	ps->m = realloc(ps->m, (ps->n + 1) * sizeof(*m));
	if (!ps->m)
		die("out of memory");
	ps->m[ps->n++] = *m;
}

static void add_text(struct pstruct *ps, const char *line)
{
	ps->text = realloc(ps->text, (ps->ntext + 1) * sizeof(*ps->text));
	if (!ps->text)
		die("out of memory");
	ps->text[ps->ntext] = strdup(line);
	if (!ps->text[ps->ntext++])
		die("out of memory");
}

void pahole_read(struct pahole *ph)
{
	char buf[1024], raw[1024], obj[KSR_PATH] = "", name[KSR_NAME];
	FILE *f = xopen(ph->path, "pahole output");
	struct pstruct *ps = NULL;
	struct pmember m;
	int line = 0, depth = 0, in;
	char *c;

	while (xgetline(buf, sizeof(buf), f, ph->path, &line)) {
		in = depth;
		strcpy(raw, buf);	/* the parsers below write into buf */
		c = strstr(buf, "/* size: ");
		if (!depth && !strncmp(buf, "@object ", 8)) {
			copy(obj, buf + 8, sizeof(obj));
		} else if (!depth && sscanf(buf, "struct %63s {", name) == 1) {
			if (ph->n == KSR_MAX)
				die("%s: too many structs", ph->path);
			ps = &ph->s[ph->n++];
			copy(ps->name, name, sizeof(ps->name));
			copy(ps->object, obj, sizeof(ps->object));
			ps->size = -1;
			depth = 1;
		} else if (depth == 1 && c) {
			ps->size = xnum(strtok(c + 9, ","), ph->path, line);
		} else if (depth == 1 && !strcmp(buf, "};")) {
			if (ps->size < 0)
				die("%s:%d: struct %s without a size", ph->path, line, ps->name);
			depth = 0;
		} else if (depth) {
			/*
			 * pahole expands only anonymous unions and structs;
			 * their members are the struct's own (C11), at
			 * offsets from its start.  Their closing lines
			 * ("};  / OFF SIZE /") are not members.
			 */
			if (!strchr(buf, '}') && parse_member(buf, &m, ph->path, line))
				add_member(ps, &m);
			depth += !!strchr(buf, '{') - !!strstr(buf, "}");
		} else if (buf[0]) {
			die("%s:%d: unexpected line outside a struct", ph->path, line);
		}
		if (in || depth)
			add_text(ps, raw);
	}
	fclose(f);
	if (depth)
		die("%s: truncated inside struct %s", ph->path, ps->name);
	if (!ph->n)
		die("%s: no struct at all", ph->path);
}

const struct pstruct *find_struct(const struct pahole *ph, const char *name)
{
	int i;

	for (i = 0; i < ph->n; i++)
		if (!strcmp(ph->s[i].name, name))
			return &ph->s[i];
	return NULL;
}

static const struct pmember *find_member(const struct pstruct *ps, const char *name)
{
	int i;

	for (i = 0; ps && i < ps->n; i++)
		if (!strcmp(ps->m[i].name, name))
			return &ps->m[i];
	return NULL;
}

/* Offset of member path "a.b" (from "offsetof(struct S, a.b)") or -1. */
static long path_offset(const struct pahole *ph, const char *st, const char *path)
{
	const struct pstruct *ps = find_struct(ph, st);
	const struct pmember *m;
	char part[KSR_NAME];
	long off = 0;
	size_t len;

	while (ps && *path) {
		len = strcspn(path, ".");
		if (len >= sizeof(part))
			return -1;
		memcpy(part, path, len);
		part[len] = '\0';
		m = find_member(ps, part);
		if (!m)
			return -1;
		off += m->off;
		path += len + (path[len] == '.');
		ps = strncmp(m->type, "struct ", 7) ? NULL : find_struct(ph, m->type + 7);
		if (!*path)
			return off;
	}
	return -1;
}

/* pahole's value for probe figure @fg, -1 if pahole cannot say. */
static long pahole_value(const struct pahole *ph, const struct fig *fg,
			 const char **object)
{
	const struct pstruct *ko = find_struct(ph, "kobject"), *ps;
	const struct pmember *kr = find_member(ko, "kref");
	char st[KSR_NAME], path[KSR_NAME];
	long off;

	*object = ko ? ko->object : "";
	if (!strcmp(fg->name, "kobjkref__bytes"))
		return kr ? kr->size : -1;
	if (!strcmp(fg->name, "kref__kobject"))
		return kr ? kr->off : -1;
	if (!strncmp(fg->name, "size__", 6)) {
		ps = find_struct(ph, fg->name + 6);
		*object = ps ? ps->object : "";
		return ps ? ps->size : -1;
	}
	if (strncmp(fg->name, "kobj__", 6) && strncmp(fg->name, "kref__", 6))
		return -1;
	if (sscanf(fg->expr, "offsetof(struct %63[^,], %63[^)])", st, path) != 2)
		return -1;
	ps = find_struct(ph, st);
	*object = ps ? ps->object : "";
	off = path_offset(ph, st, path);
	if (off < 0 || !strncmp(fg->name, "kobj__", 6))
		return off;
	return kr ? off + kr->off : -1;
}

static void check_one(struct ksr *k, const struct pahole *ph, const struct probe *p)
{
	const char *object;
	struct check *c;
	long v;
	int i;

	for (i = 0; i < p->n; i++) {
		v = pahole_value(ph, &p->f[i], &object);
		if (v < 0)
			continue;
		if (k->ncheck == (int)ARRAY_SIZE(k->check))
			die("too many pahole checks");
		c = &k->check[k->ncheck++];
		copy(c->tree, p->tree, sizeof(c->tree));
		copy(c->layout, p->layout, sizeof(c->layout));
		copy(c->fig, p->f[i].name, sizeof(c->fig));
		copy(c->object, object, sizeof(c->object));
		c->probe = p->f[i].val;
		c->pahole = v;
		k->mismatches += c->probe != c->pahole;
	}
}

static int checked(const struct ksr *k, const struct pahole *ph, const char *fig)
{
	int i;

	for (i = 0; i < k->ncheck; i++)
		if (!strcmp(k->check[i].fig, fig) &&
		    !strcmp(k->check[i].tree, ph->tree) &&
		    !strcmp(k->check[i].layout, ph->layout))
			return 1;
	return 0;
}

/* Compare every probe figure pahole can see; list mismatches on @log. */
void pahole_check(struct ksr *k, FILE *log)
{
	const struct probe *p;
	const struct pahole *ph;
	int i, j, first;

	for (i = 0; i < k->npahole; i++) {
		ph = k->pahole[i];
		p = probe_find(k, ph->tree, ph->layout);
		if (!p)
			die("%s: no probe for %s %s to check against", ph->path,
			    ph->tree, ph->layout);
		first = k->ncheck;
		check_one(k, ph, p);
		for (j = 0; must[j]; j++)
			if (!checked(k, ph, must[j]))
				die("%s: pahole could not check %s (object missing?)",
				    ph->path, must[j]);
		if (probe_fig(p, "size", "kref_rel") && !checked(k, ph, "size__kref_rel"))
			die("%s: pahole could not check size__kref_rel", ph->path);
		for (j = first; j < k->ncheck; j++)
			if (k->check[j].probe != k->check[j].pahole)
				fprintf(log, "ksr-report: MISMATCH %s %s %s: probe %ld (%s), pahole %ld (%s)\n",
					ph->tree, ph->layout, k->check[j].fig,
					k->check[j].probe, p->path,
					k->check[j].pahole, ph->path);
	}
}
