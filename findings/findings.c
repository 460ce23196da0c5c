// SPDX-License-Identifier: GPL-2.0
/*
 * findings - the fault sweeps' findings as data: records, one store, triage
 *
 * Usage:
 *   findings records [-S SIGNATURES] [-F FRAMES] [-m KEY=VALUE]... RUNDIR...
 *	the records of runs (records.c), one JSON object a line on stdout;
 *	each -m pair is a field of every record (cell, kver, kernel, tree,
 *	series, date, boot: the command that boots a window, see repro)
 *   findings merge STORE [FILE...]
 *	add the records of FILEs (stdin without) to STORE, a JSON-lines
 *	file kept sorted, one record per title, kernel, operation and n
 *	(a record seen again is not added twice); prints what it added
 *   findings table [-T TRIAGE] [-s SERIESDIR]... STORE
 *	one row per title: id, title, operations, kernels, first n, records,
 *	outcome (TRIAGE; NEW when no line matches); exit 1 when one is NEW
 *   findings render [-T TRIAGE] [-s SERIESDIR]... [-N NOTES] [-P PROOFS]
 *	    [-A APPENDIX] STORE
 *	the same as markdown (results/findings.md): the table, NOTES'
 *	sections with the titles each covers, every title's first report,
 *	the proofs (PROOFS, JSON lines of findings/prove.sh), APPENDIX as is
 *   findings show [-f FIELD] [-k KVER] STORE TITLE|ID
 *	a finding's first record (of KVER if it has one): JSON, or one field;
 *	-f window: "OP FROM TO KVER KERNEL"
 *   findings title [-F FRAMES] FILE
 *	the title of the report whose first line is FILE's first
 *   findings json FIELD...
 *	one JSON object (a record, a proof) from the shell: KEY=TEXT a
 *	string, KEY#=N a number ("-" or "": null), KEY[]=TEXT a string
 *	appended to the array KEY, KEY?=y|n a boolean
 *
 * The store is JSON lines, not a database file: it is committed and read
 * in review, a line per record diffs well, and a few hundred records need
 * no index (findings/README.md).  Exit: 0 ok, 1 a NEW finding (table,
 * render), 2 usage or bad input (the message names the file).
 */
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "findings.h"
#include "records.h"

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		perror("findings");
		exit(2);
	}
	return p;
}

char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d) {
		perror("findings");
		exit(2);
	}
	return d;
}

static const char *S(json_t *o, const char *k)
{
	const char *v = json_string_value(json_object_get(o, k));

	return v ? v : "";
}

static long N(json_t *o, const char *k)
{
	return json_integer_value(json_object_get(o, k));
}

/* the id of a title: FNV-1a, 8 hex digits (syzbot's extid, shorter) */
static const char *title_id(const char *t)
{
	static char id[9];
	unsigned int h = 2166136261u;

	for (; *t; t++)
		h = (h ^ (unsigned char)*t) * 16777619u;
	snprintf(id, sizeof(id), "%08x", h);
	return id;
}

/* a record's place in the store: its title, then where it was seen */
static char *rec_key(json_t *o)
{
	char buf[2048];

	snprintf(buf, sizeof(buf), "%s\x1f%s\x1f%s\x1f%s\x1f%08ld\x1f%s\x1f%s\x1f%s\x1f%s",
		 S(o, "title"), S(o, "kver"), S(o, "kernel"), S(o, "op"), N(o, "n"),
		 S(o, "kind"), S(o, "cell"), S(o, "tree"), S(o, "series"));
	return xstrdup(buf);
}

/* the records of a JSON-lines file (NULL: stdin); exits on a bad line */
static json_t *load(const char *path, int must)
{
	FILE *f = path ? fopen(path, "r") : stdin;
	json_t *a = json_array();
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0;

	if (!f) {
		if (!must && errno == ENOENT)
			return a;
		fprintf(stderr, "findings: cannot read %s: %s\n", path, strerror(errno));
		exit(2);
	}
	while (getline(&line, &cap, f) >= 0) {
		json_error_t err;
		json_t *o;

		lineno++;
		if (line[strspn(line, " \t\n")] == 0)
			continue;
		o = json_loads(line, 0, &err);
		if (!o || !json_is_object(o) || !json_is_string(json_object_get(o, "title"))) {
			fprintf(stderr, "findings: %s:%d: not a record (a JSON object with a title)%s%s\n",
				path ? path : "stdin", lineno, o ? "" : ": ", o ? "" : err.text);
			exit(2);
		}
		json_array_append_new(a, o);
	}
	free(line);
	if (path)
		fclose(f);
	return a;
}

struct keyed {
	char *key;
	json_t *rec;
};

static int keyed_cmp(const void *a, const void *b)
{
	return strcmp(((const struct keyed *)a)->key, ((const struct keyed *)b)->key);
}

static int cmd_merge(int argc, char **argv)
{
	const char *store;
	json_t *all, *titles = json_object();
	struct keyed *v;
	size_t n = 0, added = 0, newt = 0, read = 0, i;
	json_t *o;
	char tmp[4096];
	FILE *f;

	if (argc < 2) {
		fprintf(stderr, "usage: findings merge STORE [FILE...]\n");
		return 2;
	}
	store = argv[1];
	all = load(store, 0);
	v = xrealloc(NULL, (json_array_size(all) + 1) * sizeof(*v));
	json_array_foreach(all, i, o) {
		v[n].key = rec_key(o);
		v[n++].rec = o;
		json_object_set_new(titles, S(o, "title"), json_true());
	}
	qsort(v, n, sizeof(*v), keyed_cmp);
	for (int a = 2; a < argc || (a == 2 && argc == 2); a++) {
		json_t *more = load(a < argc ? argv[a] : NULL, 1);

		json_array_foreach(more, i, o) {
			struct keyed k = { .key = rec_key(o), .rec = o };

			read++;
			if (bsearch(&k, v, n, sizeof(*v), keyed_cmp)) {
				free(k.key);
				continue;
			}
			if (!json_object_get(titles, S(o, "title"))) {
				newt++;
				json_object_set_new(titles, S(o, "title"), json_true());
			}
			json_incref(o);
			v = xrealloc(v, (n + 1) * sizeof(*v));
			v[n++] = k;
			added++;
			qsort(v, n, sizeof(*v), keyed_cmp);
		}
		json_decref(more);
	}
	snprintf(tmp, sizeof(tmp), "%s.new", store);
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "findings: cannot write %s: %s\n", tmp, strerror(errno));
		return 2;
	}
	for (i = 0; i < n; i++) {
		char *s;

		json_object_del(v[i].rec, "id");
		json_object_set_new(v[i].rec, "id", json_string(title_id(S(v[i].rec, "title"))));
		s = json_dumps(v[i].rec, JSON_SORT_KEYS | JSON_COMPACT | JSON_ENSURE_ASCII);
		fprintf(f, "%s\n", s);
		free(s);
	}
	if (fclose(f) || rename(tmp, store)) {
		fprintf(stderr, "findings: cannot write %s: %s\n", store, strerror(errno));
		return 2;
	}
	printf("merge: %zu records read, %zu added (%zu new titles); %s: %zu records, %zu titles\n",
	       read, added, newt, store, n, json_object_size(titles));
	return 0;
}

/* triage: "GLOB<TAB>OUTCOME" lines */
struct triage {
	char *glob, *outcome;
};
static struct triage *tri;
static int ntri;

static void triage_load(const char *path)
{
	FILE *f;
	char line[2048];
	int lineno = 0;

	if (!path)
		return;
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "findings: cannot read the triage file %s\n", path);
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		char *tab = strchr(line, '\t'), *out;

		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = 0;
		if (!tab) {
			fprintf(stderr, "findings: %s:%d: not \"TITLE<TAB>OUTCOME\"\n", path, lineno);
			exit(2);
		}
		*tab = 0;
		out = tab + 1 + strspn(tab + 1, "\t");
		if (strncmp(out, "fix ", 4) && strncmp(out, "upstream ", 9) &&
		    strncmp(out, "explained ", 10) && strncmp(out, "open ", 5)) {
			fprintf(stderr, "findings: %s:%d: the outcome is \"fix PATCH\", \"upstream ID ...\", \"explained WHY\" or \"open WHY\"\n",
				path, lineno);
			exit(2);
		}
		tri = xrealloc(tri, (ntri + 1) * sizeof(*tri));
		tri[ntri].glob = xstrdup(line);
		tri[ntri++].outcome = xstrdup(out);
	}
	fclose(f);
}

static const char *outcome_of(const char *title)
{
	for (int i = 0; i < ntri; i++)
		if (!fnmatch(tri[i].glob, title, FNM_NOESCAPE))
			return tri[i].outcome;
	return NULL;
}

/* series dirs: a patch slug's number in each, its subject */
static const char *series_dirs[4];
static int nseries;

static void patch_of(const char *dir, const char *slug, char *num, char *subj, size_t len)
{
	char pat[4096];
	glob_t g;

	*num = 0;
	snprintf(pat, sizeof(pat), "%s/[0-9][0-9][0-9][0-9]-%s*.patch", dir, slug);
	if (glob(pat, 0, NULL, &g) || !g.gl_pathc)
		return;
	const char *base = strrchr(g.gl_pathv[0], '/');

	snprintf(num, 5, "%s", base ? base + 1 : g.gl_pathv[0]);
	if (subj && !*subj) {
		FILE *f = fopen(g.gl_pathv[0], "r");
		char line[512];
		int in = 0;

		while (f && fgets(line, sizeof(line), f)) {
			line[strcspn(line, "\n")] = 0;
			if (!in && !strncmp(line, "Subject: ", 9)) {
				char *s = line + 9;

				if (*s == '[')
					s = strchr(s, ']') ? strchr(s, ']') + 2 : s;
				snprintf(subj, len, "%s", s);
				in = 1;
			} else if (in && line[0] == ' ') {
				size_t l = strlen(subj);

				snprintf(subj + l, len - l, "%s", line);
			} else if (in) {
				break;
			}
		}
		if (f)
			fclose(f);
	}
	globfree(&g);
}

/* an outcome as the table shows it: a fix with its subject and the series
 * that have it, with their patch numbers when numbers (not in the rendered
 * file: a renumbered series would make it stale) */
static void outcome_text(const char *o, char *out, size_t len, int numbers)
{
	char slug[256], subj[512] = "", nums[256] = "", num[8], *sp;
	const char *rest;

	if (!o) {
		snprintf(out, len, "NEW");
		return;
	}
	if (strncmp(o, "fix ", 4) && strncmp(o, "upstream ", 9)) {
		snprintf(out, len, "%s", o);
		return;
	}
	/* "fix SLUG [TEXT]", "upstream ID SLUG [TEXT]" */
	rest = o + (o[0] == 'f' ? 4 : 9);
	if (o[0] == 'u') {
		rest += strcspn(rest, " ");
		rest += strspn(rest, " ");
	}
	snprintf(slug, sizeof(slug), "%.*s", (int)strcspn(rest, " "), rest);
	for (int i = 0; i < nseries; i++) {
		patch_of(series_dirs[i], slug, num, subj, sizeof(subj));
		if (!*num)
			continue;
		size_t l = strlen(nums);
		const char *d = strrchr(series_dirs[i], '/');

		if (numbers)
			snprintf(nums + l, sizeof(nums) - l, "%s%s %s", l ? ", " : "",
				 d ? d + 1 : series_dirs[i], num);
		else
			snprintf(nums + l, sizeof(nums) - l, "%s%s", l ? ", " : "",
				 d ? d + 1 : series_dirs[i]);
	}
	sp = (char *)rest + strcspn(rest, " ");
	if (o[0] == 'f')
		snprintf(out, len, "fix: %s (%s)%s", *subj ? subj : slug,
			 *nums ? nums : "not in the series", sp);
	else
		snprintf(out, len, "upstream %.*s, backported: %s (%s)%s", (int)strcspn(o + 9, " "),
			 o + 9, *subj ? subj : slug, *nums ? nums : "not in the series", sp);
}

/* one row of the table: a title's records summed */
struct row {
	const char *title;
	char ops[256], kernels[512];
	long first;
	int count, end;
	json_t *first_rec;
};

/* add w to the list "a, b, c" unless it is there */
static void add_word(char *list, size_t len, const char *w)
{
	char copy[1024], *t, *save;
	size_t l;

	snprintf(copy, sizeof(copy), "%s", list);
	for (t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
		if (!strcmp(t + strspn(t, " "), w))
			return;
	l = strlen(list);
	snprintf(list + l, len - l, "%s%s", l ? ", " : "", w);
}

static struct row *rows_of(json_t *all, int *nrows)
{
	struct row *r = NULL;
	int n = 0;
	size_t i;
	json_t *o;

	json_array_foreach(all, i, o) {
		const char *t = S(o, "title");
		char k[128];
		int j;

		for (j = 0; j < n && strcmp(r[j].title, t); j++)
			;
		if (j == n) {
			r = xrealloc(r, (n + 1) * sizeof(*r));
			memset(&r[n], 0, sizeof(*r));
			r[n].title = t;
			r[n].first_rec = o;
			n++;
		}
		r[j].count++;
		if (N(o, "n") > 0) {
			if (!r[j].first || N(o, "n") < r[j].first)
				r[j].first = N(o, "n");
			if (json_object_get(r[j].first_rec, "n") == NULL ||
			    N(r[j].first_rec, "n") <= 0)
				r[j].first_rec = o;
		} else if (!strcmp(S(o, "kind"), "end")) {
			r[j].end = 1;
		}
		/* an end check's op is the boot's list */
		char ops[256], *s, *save;

		snprintf(ops, sizeof(ops), "%s", S(o, "op"));
		for (s = strtok_r(ops, ",", &save); s; s = strtok_r(NULL, ",", &save))
			add_word(r[j].ops, sizeof(r[j].ops), s);
		snprintf(k, sizeof(k), "%s %s", S(o, "kver"), S(o, "kernel"));
		add_word(r[j].kernels, sizeof(r[j].kernels), k);
	}
	*nrows = n;
	return r;
}

static void first_n(struct row *r, char *buf, size_t len)
{
	if (r->first)
		snprintf(buf, len, "%ld%s", r->first, r->end ? ", end" : "");
	else
		snprintf(buf, len, "%s", r->end ? "end" : "-");
}

static int opts_common(int argc, char **argv, const char **notes, const char **proofs,
		       const char **appendix, const char **field, const char **kver)
{
	int c;

	optind = 1;
	while ((c = getopt(argc, argv, "T:s:N:P:A:f:k:")) != -1) {
		switch (c) {
		case 'T': triage_load(optarg); break;
		case 's':
			if (nseries < 4)
				series_dirs[nseries++] = optarg;
			break;
		case 'N': if (notes) *notes = optarg; break;
		case 'P': if (proofs) *proofs = optarg; break;
		case 'A': if (appendix) *appendix = optarg; break;
		case 'f': if (field) *field = optarg; break;
		case 'k': if (kver) *kver = optarg; break;
		default: return -1;
		}
	}
	return optind;
}

static int cmd_table(int argc, char **argv)
{
	int i = opts_common(argc, argv, NULL, NULL, NULL, NULL, NULL), n, nnew = 0;
	struct row *r;
	json_t *all;

	if (i < 0 || i != argc - 1) {
		fprintf(stderr, "usage: findings table [-T TRIAGE] [-s SERIESDIR]... STORE\n");
		return 2;
	}
	all = load(argv[i], 1);
	r = rows_of(all, &n);
	printf("%-8s  %-62s  %-14s  %-30s  %-8s  %5s  %s\n", "id", "title", "operations",
	       "kernels", "first n", "count", "outcome");
	/* the NEW ones first */
	for (int pass = 0; pass < 2; pass++)
		for (int j = 0; j < n; j++) {
			char out[1024], fn[32];
			const char *o = outcome_of(r[j].title);

			if (!o != !pass)
				continue;
			outcome_text(o, out, sizeof(out), 1);
			first_n(&r[j], fn, sizeof(fn));
			printf("%-8s  %-62s  %-14s  %-30s  %-8s  %5d  %s\n", title_id(r[j].title),
			       r[j].title, r[j].ops, r[j].kernels, fn, r[j].count, out);
			nnew += !o;
		}
	printf("%d findings (titles), %zu records, %d NEW\n", n, json_array_size(all), nnew);
	if (nnew) {
		fprintf(stderr, "findings: %d NEW (no line of the triage file names them):\n", nnew);
		for (int j = 0; j < n; j++)
			if (!outcome_of(r[j].title))
				fprintf(stderr, "  NEW %s  %s\n", title_id(r[j].title), r[j].title);
	}
	return nnew ? 1 : 0;
}

/* markdown cell: no pipes, no newlines */
static void md(FILE *f, const char *s)
{
	for (; *s; s++)
		fputs(*s == '|' ? "\\|" : *s == '\n' ? " " : (char[2]){ *s, 0 }, f);
}

static void cat_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char buf[4096];
	size_t n;

	if (!f) {
		fprintf(stderr, "findings: cannot read %s\n", path);
		exit(2);
	}
	while ((n = fread(buf, 1, sizeof(buf), f)))
		fwrite(buf, 1, n, stdout);
	fclose(f);
}

/* NOTES: a preamble, then "## GLOB[|GLOB...]" sections */
static void render_notes(const char *path, struct row *r, int n, int preamble)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	int in = preamble;

	if (!f) {
		fprintf(stderr, "findings: cannot read the notes %s\n", path);
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "## ", 3)) {
			if (preamble)
				break;
			char globs[4096], *g, *save;
			int any = 0;

			snprintf(globs, sizeof(globs), "%s", line + 3);
			globs[strcspn(globs, "\n")] = 0;
			in = 1;
			for (g = strtok_r(globs, "|", &save); g; g = strtok_r(NULL, "|", &save)) {
				while (*g == ' ')
					g++;
				for (int j = 0; j < n; j++) {
					if (fnmatch(g, r[j].title, FNM_NOESCAPE))
						continue;
					printf("%s`%s` %s", any ? ", " : "\n**", title_id(r[j].title),
					       r[j].title);
					any = 1;
				}
			}
			printf(any ? "**\n" : "\n**(no record of the store)**\n");
			continue;
		}
		if (in && !(preamble && line[0] == '#' && line[1] == ' '))
			fputs(line, stdout);
	}
	fclose(f);
}

static int cmd_render(int argc, char **argv)
{
	const char *notes = NULL, *proofs = NULL, *appendix = NULL;
	int i = opts_common(argc, argv, &notes, &proofs, &appendix, NULL, NULL), n, nnew = 0;
	struct row *r;
	json_t *all;

	if (i < 0 || i != argc - 1) {
		fprintf(stderr, "usage: findings render [-T TRIAGE] [-s SERIESDIR]... [-N NOTES] [-P PROOFS] [-A APPENDIX] STORE\n");
		return 2;
	}
	all = load(argv[i], 1);
	r = rows_of(all, &n);
	printf("# Fault-sweep findings\n\n");
	printf("<!-- rendered by `make findings-render` from findings/store.jsonl, findings/triage.txt,\n"
	       "     findings/notes.md, findings/proofs.jsonl: edit those, not this file -->\n");
	if (notes)
		render_notes(notes, r, n, 1);
	printf("\n| id | title | operations | kernels | first n | records | outcome |\n");
	printf("| --- | --- | --- | --- | --- | --- | --- |\n");
	for (int j = 0; j < n; j++) {
		char out[1024], fn[32];
		const char *o = outcome_of(r[j].title);

		outcome_text(o, out, sizeof(out), 0);
		first_n(&r[j], fn, sizeof(fn));
		printf("| `%s` | ", title_id(r[j].title));
		md(stdout, r[j].title);
		printf(" | %s | %s | %s | %d | ", r[j].ops, r[j].kernels, fn, r[j].count);
		md(stdout, out);
		printf(" |\n");
		nnew += !o;
	}
	printf("\n%d findings, %zu records, %d NEW.\n", n, json_array_size(all), nnew);
	if (notes) {
		printf("\n## Notes\n");
		render_notes(notes, r, n, 0);
	}
	printf("\n## First reports\n\nEach title's first record: where (kernel, operation, n), its first\n"
	       "lines and the top of its stack, and the command that boots its window.\n\n");
	for (int j = 0; j < n; j++) {
		json_t *o = r[j].first_rec, *v;
		size_t k;

		char at[32] = "";

		if (N(o, "n") > 0)
			snprintf(at, sizeof(at), " n=%ld", N(o, "n"));
		else if (!strcmp(S(o, "kind"), "end"))
			snprintf(at, sizeof(at), " (end check)");
		printf("- `%s` %s: %s %s, %s%s, %s", title_id(r[j].title), r[j].title,
		       S(o, "kver"), S(o, "kernel"), S(o, "op"), at,
		       *S(o, "source") ? S(o, "source") : "run");
		if (*S(o, "series"))
			printf(", series of %s", S(o, "series"));
		if (*S(o, "commit"))
			printf(", rig of %s", S(o, "commit"));
		if (*S(o, "date"))
			printf(", %s", S(o, "date"));
		if (*S(o, "machine"))
			printf(", %s", S(o, "machine"));
		printf("\n");
		json_array_foreach(json_object_get(o, "lines"), k, v) {
			printf("  %s `", k ? "   " : "-");
			md(stdout, json_string_value(v));
			printf("`\n");
		}
		if (json_array_size(json_object_get(o, "stack"))) {
			printf("  - stack:");
			json_array_foreach(json_object_get(o, "stack"), k, v)
				printf("%s%s", k ? " < " : " ", json_string_value(v));
			printf("\n");
		}
		if (*S(o, "repro"))
			printf("  - reproduce: `%s`\n", S(o, "repro"));
	}
	if (proofs) {
		json_t *p = load(proofs, 0), *o;
		size_t k;

		printf("\n## Proofs (`make prove`)\n\nEach: the finding's window booted on a kernel without the fix and on\n"
		       "one with it; the verdict of each and the titles it recorded.\n\n");
		printf("| fix | finding | kernels | without | with | result | command | commit, date, machine |\n");
		printf("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
		json_array_foreach(p, k, o) {
			printf("| %s | `%s` ", S(o, "fix"), title_id(S(o, "title")));
			md(stdout, S(o, "title"));
			printf(" | %s | ", S(o, "kernels"));
			md(stdout, S(o, "without"));
			printf(" | ");
			md(stdout, S(o, "with"));
			printf(" | **%s** | `", S(o, "result"));
			md(stdout, S(o, "command"));
			printf("` | %s, %s, %s |\n", S(o, "commit"), S(o, "date"), S(o, "machine"));
		}
		if (!json_array_size(p))
			printf("| | (none recorded) | | | | | | |\n");
	}
	if (appendix) {
		printf("\n");
		cat_file(appendix);
	}
	return 0;
}

static int cmd_show(int argc, char **argv)
{
	const char *field = NULL, *kver = NULL;
	int i = opts_common(argc, argv, NULL, NULL, NULL, &field, &kver);
	json_t *all, *o, *best = NULL;
	size_t k;

	if (i < 0 || i != argc - 2) {
		fprintf(stderr, "usage: findings show [-f FIELD|window] [-k KVER] STORE TITLE|ID\n");
		return 2;
	}
	all = load(argv[i], 1);
	int bscore = -1;

	/* a title, or an id (4 hex digits at least); the best record: of
	 * KVER, of an attempt, with a window */
	json_array_foreach(all, k, o) {
		const char *t = S(o, "title");
		int score;

		if (strcmp(t, argv[i + 1]) && (strlen(argv[i + 1]) < 4 ||
		    strncmp(title_id(t), argv[i + 1], strlen(argv[i + 1]))))
			continue;
		score = (N(o, "n") > 0) * 2 + (kver && !strcmp(S(o, "kver"), kver)) * 4 +
			(json_integer_value(json_object_get(o, "from")) > 0);
		if (score > bscore) {
			best = o;
			bscore = score;
		}
	}
	if (!best) {
		fprintf(stderr, "findings: no finding '%s' in %s\n", argv[i + 1], argv[i]);
		return 2;
	}
	if (!field) {
		char *s = json_dumps(best, JSON_SORT_KEYS | JSON_INDENT(1));

		printf("%s\n", s);
		free(s);
	} else if (!strcmp(field, "window")) {
		printf("%s %ld %ld %s %s\n", S(best, "op"), N(best, "from"), N(best, "to"),
		       S(best, "kver"), S(best, "kernel"));
	} else if (!strcmp(field, "id")) {
		printf("%s\n", title_id(S(best, "title")));
	} else {
		json_t *v = json_object_get(best, field);

		if (json_is_string(v))
			printf("%s\n", json_string_value(v));
		else if (v) {
			char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);

			printf("%s\n", s);
			free(s);
		}
	}
	return 0;
}

static int cmd_records(int argc, char **argv, const char *here)
{
	char sigs[4096], frames[4096];
	json_t *meta = json_object(), *out = json_array(), *o;
	size_t k;
	int c, rc = 0;

	snprintf(sigs, sizeof(sigs), "%s/../qemu/signatures.txt", here);
	snprintf(frames, sizeof(frames), "%s/frames.txt", here);
	optind = 1;
	while ((c = getopt(argc, argv, "S:F:m:")) != -1) {
		char *eq;

		switch (c) {
		case 'S': snprintf(sigs, sizeof(sigs), "%s", optarg); break;
		case 'F': snprintf(frames, sizeof(frames), "%s", optarg); break;
		case 'm':
			eq = strchr(optarg, '=');
			if (!eq) {
				fprintf(stderr, "findings: -m %s: not KEY=VALUE\n", optarg);
				return 2;
			}
			*eq = 0;
			json_object_set_new(meta, optarg, json_string(eq + 1));
			break;
		default:
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: findings records [-S SIGNATURES] [-F FRAMES] [-m KEY=VALUE]... RUNDIR...\n");
		return 2;
	}
	if (sigs_load(sigs) || frames_load(frames))
		return 2;
	for (int i = optind; i < argc; i++)
		if (run_records(argv[i], meta, out))
			rc = 2;
	json_array_foreach(out, k, o) {
		char *s;

		json_object_set_new(o, "id", json_string(title_id(S(o, "title"))));
		s = json_dumps(o, JSON_SORT_KEYS | JSON_COMPACT | JSON_ENSURE_ASCII);
		printf("%s\n", s);
		free(s);
	}
	return rc;
}

static int cmd_title(int argc, char **argv, const char *here)
{
	char frames[4096], **lines = NULL, *line = NULL, title[512];
	size_t cap = 0;
	ssize_t len;
	int n = 0, c;
	FILE *f;

	snprintf(frames, sizeof(frames), "%s/frames.txt", here);
	optind = 1;
	while ((c = getopt(argc, argv, "F:")) != -1)
		if (c == 'F')
			snprintf(frames, sizeof(frames), "%s", optarg);
		else
			return 2;
	if (optind != argc - 1 || frames_load(frames))
		return 2;
	f = fopen(argv[optind], "r");
	if (!f) {
		fprintf(stderr, "findings: cannot read %s\n", argv[optind]);
		return 2;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		line[strcspn(line, "\r\n")] = 0;
		lines = xrealloc(lines, (n + 1) * sizeof(*lines));
		lines[n++] = xstrdup(line);
	}
	fclose(f);
	if (!n)
		return 2;
	report_title(lines, n, title, sizeof(title));
	printf("%s\n", title);
	return 0;
}

static int cmd_json(int argc, char **argv)
{
	json_t *o = json_object();
	char *s;

	for (int i = 1; i < argc; i++) {
		char *eq = strchr(argv[i], '='), key[256], *v;
		size_t kl;

		if (!eq || eq == argv[i] || (size_t)(eq - argv[i]) >= sizeof(key)) {
			fprintf(stderr, "findings json: '%s': not KEY=TEXT, KEY#=N, KEY[]=TEXT or KEY?=y|n\n", argv[i]);
			return 2;
		}
		snprintf(key, sizeof(key), "%.*s", (int)(eq - argv[i]), argv[i]);
		v = eq + 1;
		kl = strlen(key);
		if (kl > 2 && !strcmp(key + kl - 2, "[]")) {
			key[kl - 2] = 0;
			if (!json_is_array(json_object_get(o, key)))
				json_object_set_new(o, key, json_array());
			if (*v)
				json_array_append_new(json_object_get(o, key), json_string(v));
		} else if (kl > 1 && key[kl - 1] == '#') {
			key[kl - 1] = 0;
			json_object_set_new(o, key, *v && strcmp(v, "-") ?
					    json_integer(atol(v)) : json_null());
		} else if (kl > 1 && key[kl - 1] == '?') {
			key[kl - 1] = 0;
			json_object_set_new(o, key, json_boolean(*v == 'y'));
		} else {
			json_object_set_new(o, key, json_string(v));
		}
	}
	s = json_dumps(o, JSON_SORT_KEYS | JSON_COMPACT | JSON_ENSURE_ASCII);
	printf("%s\n", s);
	free(s);
	return 0;
}

int main(int argc, char **argv)
{
	/* the data files (frames.txt) beside the source: FINDINGS_DIR */
	const char *here = getenv("FINDINGS_DIR");

	if (!here)
		here = "findings";
	if (argc < 2)
		goto usage;
	if (!strcmp(argv[1], "records"))
		return cmd_records(argc - 1, argv + 1, here);
	if (!strcmp(argv[1], "merge"))
		return cmd_merge(argc - 1, argv + 1);
	if (!strcmp(argv[1], "table"))
		return cmd_table(argc - 1, argv + 1);
	if (!strcmp(argv[1], "render"))
		return cmd_render(argc - 1, argv + 1);
	if (!strcmp(argv[1], "show"))
		return cmd_show(argc - 1, argv + 1);
	if (!strcmp(argv[1], "json"))
		return cmd_json(argc - 1, argv + 1);
	if (!strcmp(argv[1], "title"))
		return cmd_title(argc - 1, argv + 1, here);
usage:
	fprintf(stderr, "usage: findings records|merge|table|render|show|title|json ... (findings/findings.c's header)\n");
	return 2;
}
