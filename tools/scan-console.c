// SPDX-License-Identifier: GPL-2.0
/*
 * scan-console - find failure signatures in kernel console logs
 *
 * Usage: scan-console [--ktap] SIGNATURES LOG...
 *
 * SIGNATURES is the detector table (qemu/signatures.txt): '#' comments and
 * tab-separated rows "<detector> <substring> [generic]".  Every log line
 * containing a substring is a hit, printed as "LOG:LINE: [SUBSTRING] text",
 * unless it lies in a window a test prints around a warning it provokes on
 * purpose:
 *
 *	EXPECT-WARNING BEGIN: item1|item2
 *	...
 *	EXPECT-WARNING END
 *
 * Inside a window a hit is accepted iff the line contains one of the items.
 * A window fails when no hit was accepted in it (the provoked warning went
 * missing), when it is nested or never closed (or an END has no BEGIN), and
 * when an item would accept every line of a "generic" row (the item is a
 * substring of it): name the warning's own text or function instead.
 * Each log is scanned on its own.
 *
 * --ktap: a KTAP document instead, one test per detector in the order the
 * table first names it ("not ok 4 refcount # 2 hit(s), first: ..."), then
 * "expect_warning" for the windows; every failure as a "# " line before.
 *
 * Exit: 0 no failure, 1 failures, 2 usage, table or I/O error.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BEGIN_MARK	"EXPECT-WARNING BEGIN: "
#define END_MARK	"EXPECT-WARNING END"

static const char *const detector_names[] = {
	"kasan", "kmemleak", "debug_objects", "refcount", "list_debug",
	"hung_task", "stall", "kobject", "oops",
};
#define NDET_NAMES (sizeof(detector_names) / sizeof(detector_names[0]))

struct sig {
	char *text;
	int det;		/* index into dets[] */
	int generic;
};

struct detector {
	const char *name;
	int hits;
	char *first;		/* "LOG:LINE: text" of the first hit */
	int seen;		/* line number of the last hit counted */
};

struct window {
	int open;
	int line;		/* of the BEGIN marker */
	int accepted;
	char *raw;		/* the BEGIN line's items, "a|b" */
	char *list;		/* the same, split at '|' */
	char **items;
	int nitems;
};

static struct sig *sigs;
static int nsigs;
static struct detector dets[NDET_NAMES];
static int ndets;
static int ktap;
static int windows, win_accepted, win_failures;
static char *win_first;

static void chomp(char *s)
{
	s[strcspn(s, "\r\n")] = '\0';
}

static char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d) {
		perror("scan-console");
		exit(2);
	}
	return d;
}

/* A failure: printed at once (as a KTAP diagnostic with --ktap). */
static void failure(char **first, const char *fmt, const char *log, int line,
		    const char *a, const char *b)
{
	char buf[4096];
	int n;

	n = snprintf(buf, sizeof(buf), "%s:%d: ", log, line);
	snprintf(buf + n, sizeof(buf) - n, fmt, a, b);
	printf("%s%s\n", ktap ? "# " : "", buf);
	if (first && !*first)
		*first = xstrdup(buf);
}

static int detector_index(const char *name)
{
	unsigned int i;
	int d;

	for (d = 0; d < ndets; d++)
		if (!strcmp(dets[d].name, name))
			return d;
	for (i = 0; i < NDET_NAMES; i++) {
		if (!strcmp(detector_names[i], name)) {
			dets[ndets].name = detector_names[i];
			dets[ndets].seen = -1;
			return ndets++;
		}
	}
	return -1;
}

static int load_table(const char *path)
{
	char *line = NULL, *det, *text, *flag, *extra;
	size_t cap = 0;
	int lineno = 0, d, bad = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "scan-console: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (getline(&line, &cap, f) >= 0) {
		lineno++;
		chomp(line);
		if (!line[0] || line[0] == '#')
			continue;
		det = strtok(line, "\t");
		text = strtok(NULL, "\t");
		flag = strtok(NULL, "\t");
		extra = strtok(NULL, "\t");
		d = det ? detector_index(det) : -1;
		if (d < 0 || !text || extra || (flag && strcmp(flag, "generic"))) {
			fprintf(stderr, "scan-console: %s:%d: want <detector>\\t<substring>[\\tgeneric], detector one of kasan kmemleak debug_objects refcount list_debug hung_task stall kobject oops\n",
				path, lineno);
			bad = 1;
			continue;
		}
		sigs = realloc(sigs, (nsigs + 1) * sizeof(*sigs));
		if (!sigs) {
			perror("scan-console");
			exit(2);
		}
		sigs[nsigs].text = xstrdup(text);
		sigs[nsigs].det = d;
		sigs[nsigs].generic = flag != NULL;
		nsigs++;
	}
	free(line);
	fclose(f);
	if (!nsigs && !bad)
		fprintf(stderr, "scan-console: %s: no signatures\n", path);
	return bad || !nsigs ? -1 : 0;
}

static void close_list(struct window *w)
{
	free(w->raw);
	free(w->list);
	free(w->items);
	w->raw = NULL;
	w->list = NULL;
	w->items = NULL;
	w->nitems = 0;
	w->open = 0;
}

static int open_window(struct window *w, const char *log, int lineno,
		       const char *list)
{
	char *p;
	int i, j, fail = 0;

	windows++;
	if (w->open) {
		char at[32];

		snprintf(at, sizeof(at), "%d", w->line);
		failure(&win_first, "EXPECT-WARNING BEGIN inside the window opened at line %s%s",
			log, lineno, at, "");
		close_list(w);
		fail = 1;
	}
	w->open = 1;
	w->line = lineno;
	w->accepted = 0;
	w->raw = xstrdup(list);
	w->list = xstrdup(list);
	w->nitems = 1;
	for (p = w->list; *p; p++)
		w->nitems += *p == '|';
	w->items = calloc(w->nitems, sizeof(*w->items));
	if (!w->items) {
		perror("scan-console");
		exit(2);
	}
	for (i = 0, p = w->list; i < w->nitems; i++) {
		w->items[i] = p;
		p += strcspn(p, "|");
		if (*p)
			*p++ = '\0';
	}
	for (i = 0; i < w->nitems; i++) {
		for (j = 0; j < nsigs; j++) {
			if (!sigs[j].generic || !strstr(sigs[j].text, w->items[i]))
				continue;
			failure(&win_first, "EXPECT-WARNING item '%s' would accept every '%s' line: name the warning's own text or function instead (e.g. \"kobject_put+\")",
				log, lineno, w->items[i], sigs[j].text);
			fail = 1;
			break;
		}
	}
	win_failures += fail;
	return fail;
}

static int close_window(struct window *w, const char *log, int lineno)
{
	char at[32];
	int fail = 0;

	if (!w->open) {
		failure(&win_first, "EXPECT-WARNING END without BEGIN%s%s",
			log, lineno, "", "");
		win_failures++;
		return 1;
	}
	if (!w->accepted) {
		snprintf(at, sizeof(at), "%d", w->line);
		failure(&win_first, "expected warning (%s) of the window opened at line %s never appeared",
			log, lineno, w->raw, at);
		fail = 1;
	}
	win_accepted += w->accepted;
	win_failures += fail;
	close_list(w);
	return fail;
}

static int in_window(const struct window *w, const char *text)
{
	int i;

	if (!w->open)
		return 0;
	for (i = 0; i < w->nitems; i++)
		if (strstr(text, w->items[i]))
			return 1;
	return 0;
}

/* Returns 1 if @text is a failure. */
static int judge_line(struct window *w, const char *log, int lineno,
		      const char *text)
{
	const char *bad = NULL;
	char *first;
	int i, d;

	for (i = 0; i < nsigs && !bad; i++)
		if (strstr(text, sigs[i].text))
			bad = sigs[i].text;
	if (!bad)
		return 0;
	if (in_window(w, text)) {
		w->accepted++;
		return 0;
	}
	first = NULL;
	failure(&first, "[%s] %s", log, lineno, bad, text);
	for (i = 0; i < nsigs; i++) {
		d = sigs[i].det;
		if (!strstr(text, sigs[i].text) || dets[d].seen == lineno)
			continue;
		dets[d].seen = lineno;
		dets[d].hits++;
		if (!dets[d].first)
			dets[d].first = xstrdup(first);
	}
	free(first);
	return 1;
}

static int scan_log(const char *log)
{
	char *line = NULL;
	size_t cap = 0;
	const char *mark;
	struct window w = { 0 };
	int d, lineno = 0, failures = 0;
	FILE *f = fopen(log, "r");

	if (!f) {
		fprintf(stderr, "scan-console: %s: %s\n", log, strerror(errno));
		return -1;
	}
	for (d = 0; d < ndets; d++)
		dets[d].seen = -1;
	while (getline(&line, &cap, f) >= 0) {
		lineno++;
		chomp(line);
		mark = strstr(line, BEGIN_MARK);
		if (mark)
			failures += open_window(&w, log, lineno,
						mark + strlen(BEGIN_MARK));
		else if (strstr(line, END_MARK))
			failures += close_window(&w, log, lineno);
		else
			failures += judge_line(&w, log, lineno, line);
	}
	free(line);
	fclose(f);
	if (w.open) {
		failure(&win_first, "EXPECT-WARNING window opened here never closed%s%s",
			log, w.line, "", "");
		win_accepted += w.accepted;
		close_list(&w);
		win_failures++;
		failures++;
	}
	return failures;
}

static void ktap_report(void)
{
	int d;

	printf("KTAP version 1\n1..%d\n", ndets + 1);
	for (d = 0; d < ndets; d++) {
		if (!dets[d].hits)
			printf("ok %d %s\n", d + 1, dets[d].name);
		else
			printf("not ok %d %s # %d hit(s), first: %s\n", d + 1,
			       dets[d].name, dets[d].hits, dets[d].first);
	}
	if (win_failures)
		printf("not ok %d expect_warning # %d failure(s), first: %s\n",
		       ndets + 1, win_failures, win_first ? win_first : "?");
	else
		printf("ok %d expect_warning # %d window(s), %d hit(s) accepted\n",
		       ndets + 1, windows, win_accepted);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "ktap", no_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int i, n, opt, failures = 0;

	while ((opt = getopt_long(argc, argv, "kh", longopts, NULL)) != -1) {
		if (opt != 'k')
			goto usage;
		ktap = 1;
	}
	if (argc - optind < 2)
		goto usage;
	if (load_table(argv[optind]))
		return 2;
	for (i = optind + 1; i < argc; i++) {
		n = scan_log(argv[i]);
		if (n < 0)
			return 2;
		failures += n;
	}
	if (ktap)
		ktap_report();
	return failures ? 1 : 0;
usage:
	fprintf(stderr, "usage: scan-console [--ktap] SIGNATURES LOG...\n");
	return 2;
}
