// SPDX-License-Identifier: GPL-2.0
/*
 * scan-console - find failure signatures in kernel console logs
 *
 * Usage: scan-console SIGNATURES LOG...
 *
 * SIGNATURES holds one substring per line ('#' starts a comment).  Every log
 * line containing one is a hit, printed as "LOG:LINE: [SIG] text", unless it
 * lies between the markers a test prints around a warning it provokes on
 * purpose:
 *
 *	EXPECT-WARNING BEGIN: sig1|sig2
 *	...
 *	EXPECT-WARNING END
 *
 * Inside such a window a hit is accepted only if every signature it matches
 * is listed in the BEGIN line; at least one accepted hit must occur, or the
 * provoked warning went missing, which is a failure too.  An unterminated or
 * nested window is a failure.
 *
 * Exit: 0 no failure, 1 failures (each printed), 2 usage or I/O error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIGS	128
#define MAX_LINE	8192
#define BEGIN_MARK	"EXPECT-WARNING BEGIN: "
#define END_MARK	"EXPECT-WARNING END"

static char *sigs[MAX_SIGS];
static int nsigs;

struct window {
	int open;
	int line;		/* line of the BEGIN marker */
	int accepted;		/* hits accepted so far */
	char allowed[MAX_LINE];	/* "|sig1|sig2|" */
};

static void chomp(char *s)
{
	s[strcspn(s, "\r\n")] = '\0';
}

static int load_signatures(const char *path)
{
	char line[MAX_LINE];
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "scan-console: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		chomp(line);
		if (!line[0] || line[0] == '#')
			continue;
		if (nsigs == MAX_SIGS) {
			fprintf(stderr, "scan-console: %s: more than %d signatures\n",
				path, MAX_SIGS);
			fclose(f);
			return -1;
		}
		sigs[nsigs++] = strdup(line);
	}
	fclose(f);
	if (!nsigs) {
		fprintf(stderr, "scan-console: %s: no signatures\n", path);
		return -1;
	}
	return 0;
}

static int allowed(const struct window *w, const char *sig)
{
	char key[MAX_LINE + 2];

	snprintf(key, sizeof(key), "|%s|", sig);
	return strstr(w->allowed, key) != NULL;
}

/* Returns 1 if the hit on @text is a failure, 0 if the window accepts it. */
static int judge_hit(struct window *w, const char *text, const char **bad)
{
	int i, ok = w->open;

	*bad = NULL;
	for (i = 0; i < nsigs; i++) {
		if (!strstr(text, sigs[i]))
			continue;
		if (!*bad)
			*bad = sigs[i];
		if (!w->open || !allowed(w, sigs[i])) {
			*bad = sigs[i];
			ok = 0;
			break;
		}
	}
	if (!*bad)
		return 0;
	if (ok)
		w->accepted++;
	return !ok;
}

static int open_window(struct window *w, const char *log, int lineno,
		       const char *list)
{
	if (w->open) {
		printf("%s:%d: EXPECT-WARNING BEGIN inside the window opened at line %d\n",
		       log, lineno, w->line);
		return 1;
	}
	w->open = 1;
	w->line = lineno;
	w->accepted = 0;
	snprintf(w->allowed, sizeof(w->allowed), "|%s|", list);
	return 0;
}

static int close_window(struct window *w, const char *log, int lineno)
{
	int fail = 0;

	if (!w->open) {
		printf("%s:%d: EXPECT-WARNING END without BEGIN\n", log, lineno);
		return 1;
	}
	if (!w->accepted) {
		printf("%s:%d: expected warning (%s) opened at line %d never appeared\n",
		       log, lineno, w->allowed, w->line);
		fail = 1;
	}
	w->open = 0;
	return fail;
}

static int scan_log(const char *log)
{
	char line[MAX_LINE];
	const char *mark, *bad;
	struct window w = { 0 };
	int lineno = 0, failures = 0;
	FILE *f = fopen(log, "r");

	if (!f) {
		fprintf(stderr, "scan-console: %s: %s\n", log, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		chomp(line);
		mark = strstr(line, BEGIN_MARK);
		if (mark) {
			failures += open_window(&w, log, lineno,
						mark + strlen(BEGIN_MARK));
			continue;
		}
		if (strstr(line, END_MARK)) {
			failures += close_window(&w, log, lineno);
			continue;
		}
		if (judge_hit(&w, line, &bad)) {
			printf("%s:%d: [%s] %s\n", log, lineno, bad, line);
			failures++;
		}
	}
	fclose(f);
	if (w.open) {
		printf("%s:%d: EXPECT-WARNING window never closed\n", log, w.line);
		failures++;
	}
	return failures;
}

int main(int argc, char **argv)
{
	int i, n, failures = 0;

	if (argc < 3) {
		fprintf(stderr, "usage: scan-console SIGNATURES LOG...\n");
		return 2;
	}
	if (load_signatures(argv[1]))
		return 2;
	for (i = 2; i < argc; i++) {
		n = scan_log(argv[i]);
		if (n < 0)
			return 2;
		failures += n;
	}
	return failures ? 1 : 0;
}
