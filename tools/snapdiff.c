// SPDX-License-Identifier: GPL-2.0
/*
 * snapdiff - compare two sysfs snapshots (initramfs/guest/sysfs-snapshot.c)
 * and accept only the differences listed as expected.
 *
 *   snapdiff BASELINE_SNAPSHOT PATCHED_SNAPSHOT EXPECTED_FILE
 *
 * Prints, as KTAP diagnostics, the counts of each side (dirs, attrs, links,
 * devices per bus) and every difference: "- LINE" only in the baseline,
 * "+ LINE" only in the patched snapshot, each marked expected (with the
 * reason) or UNEXPECTED. Ends with one KTAP result line.
 *
 * EXPECTED_FILE: blank lines and lines starting with '#' are comments; every
 * other line is "SIGN TEXT  # reason" (two spaces, '#', a non-empty reason):
 *   + LINE       exactly this line, only in the patched snapshot
 *   - LINE       exactly this line, only in the baseline snapshot
 *   +glob PAT    any patched-only line matching the fnmatch(3) pattern PAT
 *   -glob PAT    the same for baseline-only lines
 *   *glob PAT    the same for either side
 * ('*' in PAT also matches '/').
 *
 * Exit: 0 every difference is expected, 1 some is not, 2 bad input.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BUSES	256
#define HEADER		"# sysfs-snapshot 1"

struct bus {
	char *name;
	long devices[2];	/* baseline, patched; -1 when absent */
};

struct side {
	const char *file;
	char **line;
	size_t n;
	unsigned long dirs, attrs, links;
};

struct rule {
	char sign;		/* '+', '-' or '*' */
	int glob;
	char *text, *reason;
	unsigned long hits;
};

static struct bus buses[MAX_BUSES];
static int nbuses;
static struct rule *rules;
static size_t nrules;

static void __attribute__((noreturn)) bad_input(const char *file, size_t lineno,
						const char *why)
{
	if (lineno)
		fprintf(stderr, "snapdiff: %s:%zu: %s\n", file, lineno, why);
	else
		fprintf(stderr, "snapdiff: %s: %s\n", file, why);
	printf("not ok 1 snapdiff # bad input: %s\n", file);
	exit(2);
}

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p) {
		perror("snapdiff");
		exit(2);
	}
	return p;
}

/* Read FILE into an array of lines without their newlines. */
static char **read_lines(const char *file, size_t *count)
{
	FILE *f = fopen(file, "r");
	char **lines = NULL, *buf = NULL;
	size_t n = 0, cap = 0;
	ssize_t len;

	if (!f)
		bad_input(file, 0, "cannot open (missing file?)");
	while ((len = getline(&buf, &cap, f)) >= 0) {
		if (len && buf[len - 1] == '\n')
			buf[len - 1] = 0;
		lines = xrealloc(lines, (n + 1) * sizeof(*lines));
		lines[n++] = strdup(buf);
	}
	free(buf);
	fclose(f);
	*count = n;
	return lines;
}

static struct bus *find_bus(const char *name, size_t len)
{
	int i;

	for (i = 0; i < nbuses; i++)
		if (strlen(buses[i].name) == len &&
		    !strncmp(buses[i].name, name, len))
			return &buses[i];
	if (nbuses == MAX_BUSES)
		return NULL;
	buses[nbuses].name = strndup(name, len);
	buses[nbuses].devices[0] = buses[nbuses].devices[1] = -1;
	return &buses[nbuses++];
}

/* "d ROOT/bus/B/devices" registers bus B, "l ROOT/bus/B/devices/X" counts. */
static void count_device(const char *root, const char *line, int which)
{
	const char *p = line + 2, *bus, *rest;
	size_t blen = strlen(root);
	struct bus *b;

	if (strncmp(p, root, blen) || strncmp(p + blen, "/bus/", 5))
		return;
	bus = p + blen + 5;
	blen = strcspn(bus, "/ ");
	rest = bus + blen;
	if (strncmp(rest, "/devices", 8))
		return;
	rest += 8;
	if (line[0] == 'd' && *rest == ' ') {
		b = find_bus(bus, blen);
		if (b && b->devices[which] < 0)
			b->devices[which] = 0;
	} else if (line[0] == 'l' && *rest == '/' &&
		   strcspn(rest + 1, "/ ") == strcspn(rest + 1, " ")) {
		b = find_bus(bus, blen);
		if (b)
			b->devices[which] += b->devices[which] < 0 ? 2 : 1;
	}
}

/* "T PATH MODE[ REST]": T in d/f/l, PATH absolute, MODE four octal digits. */
static int well_formed(const char *line)
{
	const char *mode;

	if (!strchr("dfl", line[0]) || !line[0] || line[1] != ' ' ||
	    line[2] != '/')
		return 0;
	mode = strchr(line + 2, ' ');
	if (!mode || strspn(mode + 1, "01234567") != 4)
		return 0;
	if (line[0] == 'l')
		return mode[5] == ' ' && mode[6];
	if (line[0] == 'd')
		return !mode[5];
	return !mode[5] || (mode[5] == ' ' && strchr("=!", mode[6]));
}

static void load_side(struct side *s, int which)
{
	char root[4096] = "";
	size_t i;

	s->line = read_lines(s->file, &s->n);
	if (!s->n || strcmp(s->line[0], HEADER))
		bad_input(s->file, 1, "not a sysfs snapshot (no '" HEADER
			  "' header)");
	for (i = 1; i < s->n; i++) {
		if (!well_formed(s->line[i]))
			bad_input(s->file, i + 1, "malformed snapshot line");
		if (!root[0])
			snprintf(root, sizeof(root), "%.*s",
				 (int)strcspn(s->line[i] + 2, " "),
				 s->line[i] + 2);
		s->dirs += s->line[i][0] == 'd';
		s->attrs += s->line[i][0] == 'f';
		s->links += s->line[i][0] == 'l';
		count_device(root, s->line[i], which);
	}
	if (s->n == 1)
		bad_input(s->file, 0, "empty snapshot");
}

static void load_rules(const char *file)
{
	size_t i, n;
	char **lines = read_lines(file, &n);
	char *l, *hash;
	struct rule *r;

	rules = xrealloc(NULL, (n + 1) * sizeof(*rules));
	for (i = 0; i < n; i++) {
		l = lines[i];
		if (!l[0] || l[0] == '#')
			continue;
		r = &rules[nrules];
		memset(r, 0, sizeof(*r));
		r->sign = l[0];
		if (!strchr("+-*", l[0]) || !l[0])
			bad_input(file, i + 1, "line must start with +, -, +glob, -glob or *glob");
		r->glob = !strncmp(l + 1, "glob", 4);
		l += r->glob ? 5 : 1;
		hash = strstr(l, "  # ");
		if (*l != ' ' || (r->sign == '*' && !r->glob) || !hash ||
		    !hash[4] || hash == l + 1)
			bad_input(file, i + 1, "expected 'SIGN TEXT  # reason'");
		*hash = 0;
		r->text = l + 1;
		r->reason = hash + 4;
		nrules++;
	}
}

static struct rule *expected(char sign, const char *line)
{
	size_t i;

	for (i = 0; i < nrules; i++) {
		struct rule *r = &rules[i];

		if (r->sign != sign && r->sign != '*')
			continue;
		if (r->glob ? !fnmatch(r->text, line, 0) : !strcmp(r->text, line)) {
			r->hits++;
			return r;
		}
	}
	return NULL;
}

static int cmp_line(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

static unsigned long report(char sign, const char *line)
{
	struct rule *r = expected(sign, line);

	if (r) {
		printf("# %c %s  # expected: %s\n", sign, line, r->reason);
		return 0;
	}
	printf("# %c %s  # UNEXPECTED\n", sign, line);
	return 1;
}

/* Merge the sorted sides; return the number of unexpected differences. */
static unsigned long diff(struct side *a, struct side *b, unsigned long *total)
{
	size_t i = 1, j = 1;
	unsigned long bad = 0;
	int c;

	qsort(a->line + 1, a->n - 1, sizeof(char *), cmp_line);
	qsort(b->line + 1, b->n - 1, sizeof(char *), cmp_line);
	while (i < a->n || j < b->n) {
		c = i == a->n ? 1 : j == b->n ? -1 : strcmp(a->line[i], b->line[j]);
		if (c)
			(*total)++;
		if (c < 0)
			bad += report('-', a->line[i++]);
		else if (c > 0)
			bad += report('+', b->line[j++]);
		else
			i++, j++;
	}
	return bad;
}

static void print_counts(struct side *s, const char *label)
{
	printf("# %s %s: dirs %lu attrs %lu links %lu\n", label, s->file,
	       s->dirs, s->attrs, s->links);
}

/* A count of -1 means the bus is absent on that side: print "-". */
static void print_bus(const struct bus *b)
{
	char n[2][24];
	int k;

	for (k = 0; k < 2; k++)
		if (b->devices[k] < 0)
			strcpy(n[k], "-");
		else
			snprintf(n[k], sizeof(n[k]), "%ld", b->devices[k]);
	printf("# devices %s baseline %s patched %s\n", b->name, n[0], n[1]);
}

int main(int argc, char **argv)
{
	struct side s[2] = { { .file = argv[1] }, { .file = argv[2] } };
	unsigned long bad, total = 0;
	size_t i;
	int k;

	if (argc != 4) {
		fprintf(stderr, "usage: snapdiff BASELINE PATCHED EXPECTED\n");
		return 2;
	}
	printf("KTAP version 1\n1..1\n");
	load_side(&s[0], 0);
	load_side(&s[1], 1);
	load_rules(argv[3]);
	print_counts(&s[0], "baseline");
	print_counts(&s[1], "patched");
	for (k = 0; k < nbuses; k++)
		print_bus(&buses[k]);
	bad = diff(&s[0], &s[1], &total);
	for (i = 0; i < nrules; i++)
		if (!rules[i].hits)
			printf("# unused expectation: %c%s %s\n", rules[i].sign,
			       rules[i].glob ? "glob" : "", rules[i].text);
	printf("# %lu differences: %lu expected, %lu unexpected\n",
	       total, total - bad, bad);
	printf("%sok 1 snapdiff\n", bad ? "not " : "");
	return bad ? 1 : 0;
}
