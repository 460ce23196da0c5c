// SPDX-License-Identifier: GPL-2.0
/*
 * util.c - errors, allocation, reading lines and numbers.
 *
 * Every reader goes through xopen()/xgetline()/xnum(), so a missing or
 * malformed input stops the tool with a message naming file and line.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "ksr.h"

void die(const char *fmt, ...)
{
	va_list ap;

	fputs("ksr-report: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (!p)
		die("out of memory");
	return p;
}

FILE *xopen(const char *path, const char *what)
{
	FILE *f = fopen(path, "r");

	if (!f)
		die("missing input: %s (%s): %s", path, what, strerror(errno));
	return f;
}

/* Next line without its newline (and CR); 0 at end of file. */
int xgetline(char *buf, int size, FILE *f, const char *path, int *line)
{
	size_t len;

	if (!fgets(buf, size, f))
		return 0;
	(*line)++;
	len = strlen(buf);
	if (len == (size_t)size - 1 && buf[len - 1] != '\n')
		die("%s:%d: line too long", path, *line);
	buf[strcspn(buf, "\r\n")] = '\0';
	return 1;
}

long xnum(const char *s, const char *path, int line)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end)
		die("%s:%d: malformed number '%s'", path, line, s);
	return v;
}

void copy(char *dst, const char *src, size_t size)
{
	if (strlen(src) >= size)
		die("name too long: %s", src);
	strcpy(dst, src);
}
