// SPDX-License-Identifier: GPL-2.0
/*
 * title.c - a kernel report's title in syzbot's form, from its lines
 *
 * A report is the console lines from a detector line (a row of
 * qemu/signatures.txt) on: the header, the WARNING or RIP line, the call
 * trace.  Its title names the kind of report and the function it is about:
 * "KASAN: use-after-free in blk_mq_exit_queue", "WARNING in
 * remove_proc_entry from scsi_proc_host_rm", "WARNING: ODEBUG bug in
 * free_netdev", "general protection fault in blk_mq_exit_hctx", "INFO: task
 * hung in acpi_ex_system_wait_mutex".  Which frames count is data
 * (findings/frames.txt, read by frames_load()).
 */
#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"

struct frame_rule {
	char kind;		/* 's'kip, 'r'eport, 'h'elper */
	char *pattern;
	char *word;
};

static struct frame_rule *rules;
static int nrules;

/**
 * frames_load() - read the frame rules
 * @path: findings/frames.txt
 *
 * Return: 0, or -1 with a message naming the file and line.
 */
int frames_load(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512];
	int lineno = 0;

	if (!f) {
		fprintf(stderr, "findings: cannot read the frame rules %s\n", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *kind, *pat, *word, *save;

		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		kind = strtok_r(line, "\t\n", &save);
		pat = strtok_r(NULL, "\t\n", &save);
		word = strtok_r(NULL, "\t\n", &save);
		if (!kind || !pat || (strcmp(kind, "skip") && strcmp(kind, "report") &&
				      strcmp(kind, "helper")) ||
		    (!strcmp(kind, "report") && !word)) {
			fprintf(stderr, "findings: %s:%d: not \"skip|report|helper<TAB>PATTERN[<TAB>WORD]\"\n",
				path, lineno);
			fclose(f);
			return -1;
		}
		rules = xrealloc(rules, (nrules + 1) * sizeof(*rules));
		rules[nrules].kind = kind[0];
		rules[nrules].pattern = xstrdup(pat);
		rules[nrules].word = word ? xstrdup(word) : NULL;
		nrules++;
	}
	fclose(f);
	return 0;
}

static const struct frame_rule *rule_of(const char *fn)
{
	for (int i = 0; i < nrules; i++)
		if (!fnmatch(rules[i].pattern, fn, 0))
			return &rules[i];
	return NULL;
}

/**
 * frame_skipped() - a frame that never names a title (frames.txt's skip)
 * @fn: the function
 */
int frame_skipped(const char *fn)
{
	const struct frame_rule *r = rule_of(fn);

	/* a reporter is never what a report is about either */
	return r && (r->kind == 's' || r->kind == 'r');
}

/**
 * strip_console() - the text of a console line, without its printk time
 * @line: "[   12.345678] text" or "text"
 *
 * Return: a pointer into @line.
 */
const char *strip_console(const char *line)
{
	const char *p = line;

	while (*p == '[') {
		const char *e = strchr(p, ']');

		if (!e || e - p > 20)
			break;
		for (const char *q = p + 1; q < e; q++)
			if (!isdigit((unsigned char)*q) && *q != '.' && *q != ' ' &&
			    *q != 'T' && *q != 'C')
				return p;
		p = e + 1;
		while (*p == ' ')
			p++;
	}
	return p;
}

/* fn_at: the function name "name+0x..." begins at s, copied to out */
static int fn_at(const char *s, char *out, size_t len)
{
	size_t n = 0;

	while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '.')
		n++;
	if (!n || n >= len || strncmp(s + n, "+0x", 3))
		return 0;
	memcpy(out, s, n);
	out[n] = 0;
	/* a compiler's clone: "foo.isra.0", "foo.cold" */
	char *dot = strchr(out, '.');
	if (dot && dot != out)
		*dot = 0;
	return 1;
}

/**
 * frame_of() - the function of one call-trace line
 * @text: a console line's text (" func+0x1a/0x2b [mod]", "? func+...",
 *	  "[<ffffffff...>] func+0x..." as kmemleak prints them)
 * @out: the name
 * @len: its size
 *
 * Return: 1 for a reliable frame, 0 for anything else ("?" frames too).
 */
int frame_of(const char *text, char *out, size_t len)
{
	const char *p = text;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!strncmp(p, "[<", 2)) {
		p = strchr(p, ']');
		if (!p)
			return 0;
		p++;
		while (*p == ' ')
			p++;
	}
	if (*p == '?')
		return 0;
	return fn_at(p, out, len);
}

/* the call trace's frames after line `from`, up to `max` */
static int trace(char **lines, int n, int from, char fns[][FN_LEN], int max)
{
	int k = 0, in = 0;

	for (int i = from; i < n && k < max; i++) {
		const char *t = strip_console(lines[i]);

		if (strstr(t, "Call Trace:") || strstr(t, "backtrace"))
			in = 1;
		else if (in && (strstr(t, "</TASK>") || strstr(t, "</IRQ>") ||
				strstr(t, "Allocated by task") || strstr(t, "---[ end trace")))
			break;
		else if (in && frame_of(t, fns[k], FN_LEN))
			k++;
	}
	return k;
}

/* the first frame of the trace that is not skipped and not `not` */
static const char *first_frame(char fns[][FN_LEN], int k, const char *not)
{
	for (int i = 0; i < k; i++)
		if (!frame_skipped(fns[i]) && (!not || strcmp(fns[i], not)))
			return fns[i];
	return NULL;
}

/* the function of the first "RIP: 0010:fn+0x" line in the block */
static int rip_of(char **lines, int n, char *out)
{
	for (int i = 0; i < n; i++) {
		const char *t = strip_console(lines[i]), *r = strstr(t, "RIP: ");

		if (!r)
			continue;
		r += 5;
		if (strchr(r, ':') && strchr(r, ':') - r < 8)
			r = strchr(r, ':') + 1;
		if (fn_at(r, out, FN_LEN))
			return 1;
	}
	return 0;
}

/* "func" for a block: RIP's unless skipped, else the trace's first */
static const char *about(char **lines, int n, char fns[][FN_LEN], int k,
			 char *rip)
{
	if (rip_of(lines, n, rip) && !frame_skipped(rip))
		return rip;
	return first_frame(fns, k, NULL);
}

/* normalise a free-text title: numbers and addresses become N */
static void normalise(const char *in, char *out, size_t len)
{
	size_t o = 0;

	for (const char *p = in; *p && o + 2 < len; ) {
		int word = p > in && (isalnum((unsigned char)p[-1]) || p[-1] == '_');

		if (!word && isdigit((unsigned char)*p)) {
			if (p[0] == '0' && p[1] == 'x')
				p += 2;
			while (isxdigit((unsigned char)*p) || *p == '.')
				p++;
			out[o++] = 'N';
			continue;
		}
		out[o++] = *p++;
	}
	while (o && (out[o - 1] == ' ' || out[o - 1] == '.' || out[o - 1] == '\n'))
		o--;
	out[o] = 0;
}

/* the WARNING line's function: "WARNING: CPU: 0 PID: 1 at f.c:1 fn+0x" */
static int warning_fn(const char *t, char *out)
{
	const char *at = strstr(t, " at ");

	if (!at)
		return 0;
	at = strchr(at + 4, ' ');
	return at && fn_at(at + 1, out, FN_LEN);
}

/**
 * report_title() - the title of the report whose first line is lines[0]
 * @lines: the report's console lines (its detector line first)
 * @n: how many (the trace within them)
 * @out: the title
 * @len: its size
 */
void report_title(char **lines, int n, char *out, size_t len)
{
	char fns[64][FN_LEN], rip[FN_LEN], fn[FN_LEN], buf[512];
	const char *t = strip_console(lines[0]), *f, *p;
	int k = trace(lines, n, 0, fns, 64);

	if ((p = strstr(t, "BUG: KASAN: "))) {
		char kind[64];
		const char *in = strstr(p, " in ");

		snprintf(kind, sizeof(kind), "%.*s", in ? (int)(in - p - 12) : 40, p + 12);
		f = in && fn_at(in + 4, fn, FN_LEN) && !frame_skipped(fn) ? fn :
			first_frame(fns, k, NULL);
		snprintf(out, len, "KASAN: %s in %s", kind, f ? f : "?");
		return;
	}
	if (strstr(t, "general protection fault")) {
		f = about(lines, n, fns, k, rip);
		snprintf(out, len, "general protection fault in %s", f ? f : "?");
		return;
	}
	if (strstr(t, "BUG: kernel NULL pointer dereference") ||
	    strstr(t, "BUG: unable to handle")) {
		f = about(lines, n, fns, k, rip);
		snprintf(out, len, "%s in %s", strstr(t, "NULL") ?
			 "BUG: kernel NULL pointer dereference" :
			 "BUG: unable to handle kernel paging request", f ? f : "?");
		return;
	}
	if (strstr(t, "kernel BUG at")) {
		f = about(lines, n, fns, k, rip);
		snprintf(out, len, "kernel BUG in %s", f ? f : "?");
		return;
	}
	if ((p = strstr(t, "Kernel panic - not syncing: "))) {
		normalise(p + 28, buf, sizeof(buf));
		snprintf(out, len, "kernel panic: %s", buf);
		return;
	}
	if (strstr(t, "blocked for more than")) {
		f = first_frame(fns, k, NULL);
		snprintf(out, len, "INFO: task hung in %s", f ? f : "?");
		return;
	}
	if (strstr(t, "BUG: soft lockup") || strstr(t, "detected stalls")) {
		f = about(lines, n, fns, k, rip);
		snprintf(out, len, "%s in %s", strstr(t, "soft lockup") ?
			 "BUG: soft lockup" : "INFO: rcu detected stall", f ? f : "?");
		return;
	}
	if ((p = strstr(t, "BUG: sleeping function called")) ||
	    (p = strstr(t, "BUG: scheduling while atomic"))) {
		f = first_frame(fns, k, NULL);
		snprintf(out, len, "%s in %s", strstr(p, "sleeping") ?
			 "BUG: sleeping function called from invalid context" :
			 "BUG: scheduling while atomic", f ? f : "?");
		return;
	}
	/* a WARNING, at this line or a few after (the WARN's message first) */
	for (int i = 0; i < n && i < 12; i++) {
		const char *w = strip_console(lines[i]);
		const struct frame_rule *r;

		if (!strstr(w, "WARNING: CPU") || !warning_fn(w, fn))
			continue;
		r = rule_of(fn);
		if (r && r->kind == 'r') {
			f = first_frame(fns, k, fn);
			snprintf(out, len, "WARNING: %s bug in %s", r->word, f ? f : "?");
		} else if (r && r->kind == 'h') {
			f = first_frame(fns, k, fn);
			snprintf(out, len, "WARNING in %s from %s", fn, f ? f : "?");
		} else {
			snprintf(out, len, "WARNING in %s", fn);
		}
		return;
	}
	/* a message with a dump_stack() after it: its kind and the caller */
	f = first_frame(fns, k, NULL);
	if (strstr(t, "ODEBUG:"))
		snprintf(out, len, "ODEBUG bug in %s", f ? f : "?");
	else if (strstr(t, "refcount_t:"))
		snprintf(out, len, "refcount bug in %s", f ? f : "?");
	else if (strstr(t, "kobject"))
		snprintf(out, len, "kobject bug in %s", f ? f : "?");
	else if (f)
		snprintf(out, len, "%s in %s", strstr(t, "cannot create duplicate") ?
			 "sysfs: cannot create duplicate filename" : "bug", f);
	else {
		normalise(t, buf, sizeof(buf));
		snprintf(out, len, "%.120s", buf);
	}
}
