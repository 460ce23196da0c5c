// SPDX-License-Identifier: GPL-2.0
/*
 * records.c - a fault-sweep run's findings as records (JSON objects)
 *
 * A run is what qemu/run.sh (or lava/records.sh, from a LAVA job's log)
 * recorded in RUNDIR: console.log, status, data/.  The console carries the
 * guest's attempt markers (initramfs/lib/failnth.sh: "failnth OP n=N",
 * "failnth OP checked n=N", "... checked before n=N") and the kernel's
 * reports.  Each report (from a line of the detector table,
 * qemu/signatures.txt, outside an EXPECT-WARNING window that accepts it)
 * belongs to the attempt whose lines it is in: the attempt's marker up to
 * the next attempt's (a delayed release's report after an attempt's check
 * is that attempt's, as the guest counts it).  One record per attempt that
 * has a report, titled by its first (report_title()); the other titles of
 * that attempt are its "also".  The attempt a boot ended in is "fatal".
 * The end checks give records of their own, kind "end": each ktype the
 * census counts more of after the sweep ("census: +N KTYPE"), each
 * function kmemleak's unreferenced objects were allocated from
 * ("kmemleak: leak from F"), each /sys directory the snapshot differs in
 * ("sysfs: entries differ under D").
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "findings.h"
#include "records.h"

struct sig {
	char *det, *text;
};
static struct sig *sigs;
static int nsigs;

int sigs_load(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024];

	if (!f) {
		fprintf(stderr, "findings: cannot read the detector table %s\n", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *det, *text, *save;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		det = strtok_r(line, "\t\n", &save);
		text = strtok_r(NULL, "\t\n", &save);
		if (!det || !text)
			continue;
		sigs = xrealloc(sigs, (nsigs + 1) * sizeof(*sigs));
		sigs[nsigs].det = xstrdup(det);
		sigs[nsigs].text = xstrdup(text);
		nsigs++;
	}
	fclose(f);
	if (!nsigs) {
		fprintf(stderr, "findings: no detector in %s\n", path);
		return -1;
	}
	return 0;
}

/* read a file's lines (without \r\n); NULL if it cannot be read */
static char **read_lines(const char *path, int *n)
{
	FILE *f = fopen(path, "r");
	char **v = NULL, *line = NULL;
	size_t cap = 0;
	ssize_t len;

	*n = 0;
	if (!f)
		return NULL;
	while ((len = getline(&line, &cap, f)) >= 0) {
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = 0;
		v = xrealloc(v, (*n + 1) * sizeof(*v));
		v[(*n)++] = xstrdup(line);
	}
	free(line);
	fclose(f);
	return v ? v : xrealloc(NULL, sizeof(char *));
}

static void free_lines(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* the detector a line hits, NULL if none */
static const char *detector(const char *t)
{
	for (int i = 0; i < nsigs; i++)
		if (strstr(t, sigs[i].text))
			return sigs[i].det;
	return NULL;
}

/* a kernel argument's value from the console's command line */
static long karg(char **lines, int n, const char *key, long dflt, char *sval, size_t len)
{
	char pat[64];

	snprintf(pat, sizeof(pat), " %s=", key);
	for (int i = 0; i < n; i++) {
		const char *p;

		if (!strstr(lines[i], "Kernel command line:"))
			continue;
		p = strstr(lines[i], pat);
		if (!p)
			return dflt;
		p += strlen(pat);
		if (sval)
			snprintf(sval, len, "%.*s", (int)strcspn(p, " "), p);
		return atol(p);
	}
	return dflt;
}

struct attempt {
	char op[32];
	long n;
	int checked;
	json_t *rec;		/* NULL until a report lands in it */
};

struct run {
	const char *dir;
	json_t *meta;		/* -m KEY=VALUE pairs */
	long from;		/* fault_from */
	struct attempt *at;
	int nat;
};

/* a new record with the run's metadata */
static json_t *record(struct run *r, const char *title, const char *kind,
		      const char *op, long n)
{
	json_t *o = json_deep_copy(r->meta);

	json_object_set_new(o, "title", json_string(title));
	json_object_set_new(o, "kind", json_string(kind));
	json_object_set_new(o, "op", json_string(op));
	json_object_set_new(o, "n", n > 0 ? json_integer(n) : json_null());
	return o;
}

/* "boot prefix -O OP -f FROM -l TO": the command that boots the window */
static void repro(struct run *r, json_t *o, const char *op, long from, long to)
{
	const char *boot = json_string_value(json_object_get(r->meta, "boot"));
	char buf[1024];

	if (from < 1)
		from = 1;
	json_object_set_new(o, "from", json_integer(from));
	json_object_set_new(o, "to", json_integer(to));
	if (!boot)
		return;
	snprintf(buf, sizeof(buf), "%s -O %s -f %ld -l %ld", boot, op, from, to);
	json_object_set_new(o, "repro", json_string(buf));
	json_object_del(o, "boot");
}

/* the attempt a report landed in, made on first use */
static struct attempt *attempt_of(struct run *r, const char *op, long n)
{
	for (int i = 0; i < r->nat; i++)
		if (r->at[i].n == n && !strcmp(r->at[i].op, op))
			return &r->at[i];
	r->at = xrealloc(r->at, (r->nat + 1) * sizeof(*r->at));
	memset(&r->at[r->nat], 0, sizeof(*r->at));
	snprintf(r->at[r->nat].op, sizeof(r->at[0].op), "%s", op);
	r->at[r->nat].n = n;
	return &r->at[r->nat++];
}

/* the end of the report that starts at line i: its last line + 1 */
static int report_end(char **lines, int n, int i)
{
	int eqs = 0, j;

	for (j = i + 1; j < n && j < i + 150; j++) {
		const char *t = strip_console(lines[j]);

		if (strstr(t, "failnth ") || strstr(t, "EXPECT-WARNING"))
			break;
		if (strstr(t, "---[ end trace") || strstr(t, "---[ end Kernel panic"))
			return j + 1;
		if (!strncmp(t, "=======", 7) && ++eqs == 1)
			return j + 1;	/* KASAN's closing rule */
	}
	return j;
}

/* a line of a report that says nothing of the bug: registers, hardware */
static int noise(const char *t)
{
	static const char *const pre[] = {
		"Modules linked in", "CPU: ", "Hardware name", "Code: ", "RSP: ", "RAX: ",
		"RDX: ", "RBP: ", "R8: ", "R10: ", "R13: ", "FS: ", "CS: ", "CR2: ", "DR0: ",
		"DR3: ", "Workqueue: ", "irq event stamp", "hardirqs ", "softirqs ",
		"------------[ cut here", "Call Trace", "PKRU: ", "<TASK>",
	};

	for (size_t i = 0; i < sizeof(pre) / sizeof(pre[0]); i++)
		if (!strncmp(t, pre[i], strlen(pre[i])))
			return 1;
	return 0;
}

/* the report's first lines (header and message, no frames) and its stack top */
static void report_lines(json_t *o, char **lines, int n)
{
	json_t *head = json_array(), *stack = json_array();
	char fn[FN_LEN];
	int in = 0;

	for (int i = 0; i < n; i++) {
		const char *t = strip_console(lines[i]);

		if (strstr(t, "Call Trace:")) {
			in = 1;
			continue;
		}
		if (in && (strstr(t, "</TASK>") || strstr(t, "Allocated by")))
			break;
		if (in && frame_of(t, fn, sizeof(fn))) {
			if (json_array_size(stack) < 8 && !frame_skipped(fn))
				json_array_append_new(stack, json_string(fn));
		} else if (!in && json_array_size(head) < 4 && *t && !noise(t)) {
			json_array_append_new(head, json_string(t));
		}
	}
	json_object_set_new(o, "lines", head);
	json_object_set_new(o, "stack", stack);
}

/* the console's reports, attributed to attempts */
static int console_records(struct run *r, json_t *out)
{
	char path[4096], scen[64], watch[256] = "";
	char items[16][256];
	int n, nitems = 0, qemu = -1;
	char **lines, **st;
	int nst;
	int cur = -1, last = -1;
	char prefix[80];

	snprintf(path, sizeof(path), "%s/console.log", r->dir);
	lines = read_lines(path, &n);
	if (!lines) {
		fprintf(stderr, "findings: no console.log in %s (a run of qemu/run.sh or lava/records.sh?)\n",
			r->dir);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/status", r->dir);
	st = read_lines(path, &nst);
	snprintf(scen, sizeof(scen), "faultsweep");
	for (int i = 0; st && i < nst; i++) {
		if (!strncmp(st[i], "scenario=", 9))
			snprintf(scen, sizeof(scen), "%s", st[i] + 9);
		else if (!strncmp(st[i], "watch=", 6))
			snprintf(watch, sizeof(watch), "%s", st[i] + 6);
		else if (!strncmp(st[i], "qemu=", 5))
			qemu = atoi(st[i] + 5);
	}
	if (st)
		free_lines(st, nst);
	snprintf(prefix, sizeof(prefix), "%s: ", scen);
	r->from = karg(lines, n, "fault_from", 1, NULL, 0);

	for (int i = 0; i < n; i++) {
		const char *t = strip_console(lines[i]), *p, *det;
		char op[32], title[512];
		long an;

		if ((p = strstr(t, "EXPECT-WARNING BEGIN: "))) {
			nitems = 0;
			for (char *s = (char *)p + 22, *e; *s && nitems < 16; s = e + 1) {
				e = strchrnul(s, '|');
				snprintf(items[nitems++], sizeof(items[0]), "%.*s", (int)(e - s), s);
				if (!*e)
					break;
			}
			continue;
		}
		if (strstr(t, "EXPECT-WARNING END")) {
			nitems = 0;
			continue;
		}
		if ((p = strstr(t, "failnth ")) && !strstr(t, "not survived")) {
			if (sscanf(p, "failnth %31s checked before n=%ld", op, &an) == 2) {
				cur = -1;
			} else if (sscanf(p, "failnth %31s checked n=%ld", op, &an) == 2) {
				if (cur >= 0 && r->at[cur].n == an)
					r->at[cur].checked = 1;
			} else if (sscanf(p, "failnth %31s n=%ld", op, &an) == 2) {
				cur = last = attempt_of(r, op, an) - r->at;
			}
			continue;
		}
		if (!strncmp(t, prefix, strlen(prefix)) || strstr(t, "failnth "))
			continue;	/* the guest's own lines quote reports */
		det = detector(t);
		if (!det)
			continue;
		for (int k = 0; k < nitems; k++)
			if (strstr(t, items[k]))
				det = NULL;
		if (!det)
			continue;
		int end = report_end(lines, n, i);

		report_title(lines + i, end - i, title, sizeof(title));
		struct attempt *a = cur >= 0 ? &r->at[cur] : attempt_of(r, "boot", 0);

		if (!a->rec) {
			a->rec = record(r, title, a->n ? "attempt" : "boot", a->op, a->n);
			json_object_set_new(a->rec, "detector", json_string(det));
			report_lines(a->rec, lines + i, end - i);
			json_object_set_new(a->rec, "also", json_array());
		} else if (strcmp(json_string_value(json_object_get(a->rec, "title")), title)) {
			json_t *also = json_object_get(a->rec, "also");
			size_t k;
			json_t *v;
			int seen = 0;

			json_array_foreach(also, k, v)
				seen |= !strcmp(json_string_value(v), title);
			if (!seen && json_array_size(also) < 4)
				json_array_append_new(also, json_string(title));
		}
		i = end - 1;
	}
	/* the boot ended inside its last attempt: not checked, no exit */
	if (last >= 0 && !r->at[last].checked && qemu != 33 && qemu != 35) {
		struct attempt *l = &r->at[last];

		if (!l->rec && !strncmp(watch, "idle", 4)) {
			char title[128];

			snprintf(title, sizeof(title), "hang: no console output in %s", l->op);
			l->rec = record(r, title, "attempt", l->op, l->n);
			json_object_set_new(l->rec, "detector", json_string("watch"));
			json_object_set_new(l->rec, "lines", json_pack("[s]", watch));
			json_object_set_new(l->rec, "stack", json_array());
			json_object_set_new(l->rec, "also", json_array());
		}
		if (l->rec)
			json_object_set_new(l->rec, "fatal", json_true());
		else
			fprintf(stderr, "findings: %s: cut in %s n=%ld (%s): no record\n",
				r->dir, l->op, l->n, *watch ? watch : "no exit");
	}
	for (int i = 0; i < r->nat; i++) {
		struct attempt *a = &r->at[i];

		if (!a->rec)
			continue;
		if (!json_object_get(a->rec, "fatal"))
			json_object_set_new(a->rec, "fatal", json_false());
		if (a->n)
			repro(r, a->rec, a->op, a->n - 8 < r->from ? r->from : a->n - 8, a->n);
		json_array_append_new(out, a->rec);
	}
	free_lines(lines, n);
	return 0;
}

/* census.before/after: "ktype NAME N" lines; +N per ktype */
static void census_records(struct run *r, json_t *out, const char *op, long last)
{
	char path[4096];
	char **b, **a;
	int nb, na;

	snprintf(path, sizeof(path), "%s/data/census.before", r->dir);
	b = read_lines(path, &nb);
	snprintf(path, sizeof(path), "%s/data/census.after", r->dir);
	a = read_lines(path, &na);
	for (int i = 0; a && b && i < na; i++) {
		char name[256], title[300];
		long after, before = 0;

		if (sscanf(a[i], "ktype %255s %ld", name, &after) != 2)
			continue;
		for (int j = 0; j < nb; j++) {
			char nm[256];
			long v;

			if (sscanf(b[j], "ktype %255s %ld", nm, &v) == 2 && !strcmp(nm, name))
				before = v;
		}
		if (after <= before)
			continue;
		snprintf(title, sizeof(title), "census: +N %s", name);
		json_t *o = record(r, title, "end", op, 0);

		json_object_set_new(o, "detector", json_string("census"));
		json_object_set_new(o, "count", json_integer(after - before));
		json_object_set_new(o, "lines", json_pack("[s]", a[i]));
		json_object_set_new(o, "stack", json_array());
		json_object_set_new(o, "also", json_array());
		json_object_set_new(o, "fatal", json_false());
		repro(r, o, op, r->from, last);
		json_array_append_new(out, o);
	}
	if (a)
		free_lines(a, na);
	if (b)
		free_lines(b, nb);
}

/* data/kmemleak: one record per allocating function */
static void kmemleak_records(struct run *r, json_t *out, const char *op, long last)
{
	char path[4096], fn[FN_LEN], fns[64][FN_LEN];

	char **l;
	int n;
	json_t *by = json_object();

	snprintf(path, sizeof(path), "%s/data/kmemleak", r->dir);
	l = read_lines(path, &n);
	for (int i = 0; l && i < n; i++) {
		int k = 0, j;

		if (strncmp(l[i], "unreferenced object", 19))
			continue;
		for (j = i + 1; j < n && strncmp(l[j], "unreferenced object", 19); j++)
			if (k < 64 && frame_of(l[j], fns[k], FN_LEN))
				k++;
		const char *f = NULL;

		for (int q = 0; q < k && !f; q++)
			if (!frame_skipped(fns[q]))
				f = fns[q];
		snprintf(fn, sizeof(fn), "%.*s", FN_LEN - 1, f ? f : "?");
		json_t *o = json_object_get(by, fn);

		if (!o) {
			char t[300];

			snprintf(t, sizeof(t), "kmemleak: leak from %s", fn);
			o = record(r, t, "end", op, 0);
			json_object_set_new(o, "detector", json_string("kmemleak"));
			json_object_set_new(o, "count", json_integer(0));
			json_t *head = json_array(), *stack = json_array();

			json_array_append_new(head, json_string(l[i]));
			for (int q = 0; q < k && json_array_size(stack) < 8; q++)
				if (!frame_skipped(fns[q]))
					json_array_append_new(stack, json_string(fns[q]));
			json_object_set_new(o, "lines", head);
			json_object_set_new(o, "stack", stack);
			json_object_set_new(o, "also", json_array());
			json_object_set_new(o, "fatal", json_false());
			repro(r, o, op, r->from, last);
			json_object_set_new(by, fn, o);
		}
		json_object_set_new(o, "count",
				    json_integer(json_integer_value(json_object_get(o, "count")) + 1));
		i = j - 1;
	}
	const char *key;
	json_t *v;

	json_object_foreach(by, key, v)
		json_array_append(out, v);
	json_decref(by);
	if (l)
		free_lines(l, n);
}

/* data/snapshot.diff: one record per /sys/A/B directory that differs */
static void snapshot_records(struct run *r, json_t *out, const char *op, long last)
{
	char path[4096];
	char **l;
	int n;
	json_t *by = json_object();

	snprintf(path, sizeof(path), "%s/data/snapshot.diff", r->dir);
	l = read_lines(path, &n);
	for (int i = 0; l && i < n; i++) {
		const char *s = strstr(l[i], "/sys/");
		char dir[256], title[300];
		int slashes = 0, k;

		if (!s || (l[i][0] != '<' && l[i][0] != '>' && l[i][0] != '-' && l[i][0] != '+'))
			continue;
		for (k = 0; s[k] && s[k] != ' ' && s[k] != '\t' && k < 255; k++)
			if (s[k] == '/' && ++slashes == 4)
				break;
		snprintf(dir, sizeof(dir), "%.*s", k, s);
		snprintf(title, sizeof(title), "sysfs: entries differ under %s", dir);
		json_t *o = json_object_get(by, title);

		if (!o) {
			o = record(r, title, "end", op, 0);
			json_object_set_new(o, "detector", json_string("sysfs"));
			json_object_set_new(o, "count", json_integer(0));
			json_object_set_new(o, "lines", json_pack("[s]", l[i]));
			json_object_set_new(o, "stack", json_array());
			json_object_set_new(o, "also", json_array());
			json_object_set_new(o, "fatal", json_false());
			repro(r, o, op, r->from, last);
			json_object_set_new(by, title, o);
		}
		json_object_set_new(o, "count",
				    json_integer(json_integer_value(json_object_get(o, "count")) + 1));
	}
	const char *key;
	json_t *v;

	json_object_foreach(by, key, v)
		json_array_append(out, v);
	json_decref(by);
	if (l)
		free_lines(l, n);
}

/* decoded.txt (qemu/judge.sh: the first crash through the kernel's
 * decode_stacktrace.sh): " func (file.c:123)" lines; each record's stack
 * frames it decodes get their source line, "func (file.c:123)" */
static void decode(const char *dir, json_t *out, size_t first)
{
	char path[4096];
	char **l;
	int n;
	json_t *map = json_object(), *o, *v;
	size_t i, k;

	snprintf(path, sizeof(path), "%s/decoded.txt", dir);
	l = read_lines(path, &n);
	for (int j = 0; l && j < n; j++) {
		char fn[FN_LEN], src[256];
		const char *t = l[j] + strspn(l[j], " \t?");

		if (sscanf(t, "%127[A-Za-z0-9_.] (%255[^)])", fn, src) == 2 && strchr(src, ':') &&
		    !json_object_get(map, fn))
			json_object_set_new(map, fn, json_string(src));
	}
	for (i = first; i < json_array_size(out); i++) {
		o = json_array_get(out, i);
		json_array_foreach(json_object_get(o, "stack"), k, v) {
			const char *src = json_string_value(json_object_get(map, json_string_value(v)));
			char buf[512];

			if (!src)
				continue;
			snprintf(buf, sizeof(buf), "%s (%s)", json_string_value(v), src);
			json_array_set_new(json_object_get(o, "stack"), k, json_string(buf));
		}
	}
	json_decref(map);
	if (l)
		free_lines(l, n);
}

/**
 * run_records() - every record of one run
 * @dir: the run's directory
 * @meta: the fields every record gets (cell, kver, kernel, series, ...)
 * @out: the array the records are appended to
 *
 * Return: 0, or -1 when the run has no console.log.
 */
int run_records(const char *dir, json_t *meta, json_t *out)
{
	struct run r = { .dir = dir, .meta = meta };
	char ops[256] = "";
	long last = 0;
	int rc;

	size_t first = json_array_size(out);

	rc = console_records(&r, out);
	if (rc)
		return rc;
	decode(dir, out, first);
	for (int i = 0; i < r.nat; i++) {
		if (strcmp(r.at[i].op, "boot") && r.at[i].n > last)
			last = r.at[i].n;
		if (strcmp(r.at[i].op, "boot") && !strstr(ops, r.at[i].op)) {
			size_t l = strlen(ops);

			snprintf(ops + l, sizeof(ops) - l, "%s%s", l ? "," : "", r.at[i].op);
		}
	}
	/* an end check covers every operation of the boot */
	if (!*ops)
		snprintf(ops, sizeof(ops), "boot");
	census_records(&r, out, ops, last);
	kmemleak_records(&r, out, ops, last);
	snapshot_records(&r, out, ops, last);
	free(r.at);
	return 0;
}
