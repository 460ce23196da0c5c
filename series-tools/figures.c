// SPDX-License-Identifier: GPL-2.0
/*
 * figures.c - fill the figures of a cover letter from size reports.
 *
 * Usage: figures [-l] NAME=REPORT.json... < TEXT > FILLED
 *
 * TEXT holds tokens "@{NAME:PATH}" or "@{NAME:PATH|OP|OP...}"; each is
 * replaced by the number PATH reaches in the report.json given as NAME
 * (kobject-size-report's report.json: "fast" is the x86_64 fast tier,
 * "fast-i386" the i386 one, and so on).  PATH is a dotted walk:
 *
 *   key             the member "key" of an object
 *   key[N]          element N of the array "key"
 *   key[k=v,k2=v2]  the one element of the array "key" whose members k
 *                   and k2 are the strings (or numbers) v and v2
 *
 * e.g. "vmlinux[tier=fast].data", "growth[struct=kobject,layout=i386-dist].new",
 * "bench[benchmark=get_put].baseline.median".  OPs, applied left to right:
 *
 *   delta   an array [old, new] becomes new - old
 *   ratio   an array [old, new] becomes new / old
 *   +       a sign also before a positive number ("+9296")
 *   rN      rounded to N decimals (r0..r6)
 *   kib     divided by 1024
 *   abs     without its sign
 *   minus=PATH  less the number PATH reaches in the same report
 *   plus=PATH   plus that number
 *   mul=N   multiplied by the integer N
 *
 * -l prints "TOKEN VALUE" a line for every token instead of the text.
 * Exit 0: every token filled; 1: a token names no report, a path that is
 * not in its report, or not a number (the message names the token, its
 * line and the report); 2: usage or a report that is not JSON.
 */
#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REPORTS 16

struct report {
	const char *name;	/* the NAME of NAME=FILE */
	const char *path;	/* FILE */
	json_t *doc;
};

static struct report reports[MAX_REPORTS];
static int nreports;

/**
 * fail() - report a token that cannot be filled and exit 1.
 * @line: the line of the text the token is on
 * @tok: the token, without "@{" and "}"
 * @why: what is wrong
 * @r: the report the token names, or NULL
 */
static void fail(int line, const char *tok, const char *why, const struct report *r)
{
	fprintf(stderr, "figures: line %d: @{%s}: %s%s%s\n", line, tok, why,
		r ? " in " : "", r ? r->path : "");
	exit(1);
}

/* The member of @obj named by @name[0..len-1], or NULL. */
static json_t *member(json_t *obj, const char *name, size_t len)
{
	char key[128];

	if (!json_is_object(obj) || len == 0 || len >= sizeof(key))
		return NULL;
	memcpy(key, name, len);
	key[len] = '\0';
	return json_object_get(obj, key);
}

/* Does @el match every "k=v" of @sel (comma-separated, @len bytes)? */
static int matches(json_t *el, const char *sel, size_t len)
{
	char buf[256], *save, *kv, *eq, num[64];
	json_t *m;

	if (len >= sizeof(buf))
		return 0;
	memcpy(buf, sel, len);
	buf[len] = '\0';
	for (kv = strtok_r(buf, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
		eq = strchr(kv, '=');
		if (!eq)
			return 0;
		*eq = '\0';
		m = json_object_get(el, kv);
		if (json_is_string(m)) {
			if (strcmp(json_string_value(m), eq + 1))
				return 0;
		} else if (json_is_integer(m)) {
			snprintf(num, sizeof(num), "%" JSON_INTEGER_FORMAT, json_integer_value(m));
			if (strcmp(num, eq + 1))
				return 0;
		} else {
			return 0;
		}
	}
	return 1;
}

/**
 * walk() - the value PATH reaches from @v.
 * @v: the report's document
 * @p: the path, up to the first '|' or the end
 * @end: one past the path's last character
 * @why: set to what went wrong when NULL is returned
 */
static json_t *walk(json_t *v, const char *p, const char *end, const char **why)
{
	const char *seg, *br, *close;
	size_t i, n, hits;
	json_t *el, *found;

	while (p < end) {
		seg = p;
		while (p < end && *p != '.' && *p != '[')
			p++;
		if (p > seg) {
			v = member(v, seg, p - seg);
			if (!v) {
				*why = "no such member";
				return NULL;
			}
		}
		while (p < end && *p == '[') {
			br = p + 1;
			close = memchr(br, ']', end - br);
			if (!close) {
				*why = "'[' without ']'";
				return NULL;
			}
			if (!json_is_array(v)) {
				*why = "'[...]' on something that is not an array";
				return NULL;
			}
			if (close > br && isdigit((unsigned char)*br) && !memchr(br, '=', close - br)) {
				n = strtoul(br, NULL, 10);
				v = json_array_get(v, n);
				if (!v) {
					*why = "array index out of range";
					return NULL;
				}
			} else {
				found = NULL;
				hits = 0;
				json_array_foreach(v, i, el)
					if (matches(el, br, close - br)) {
						found = el;
						hits++;
					}
				if (hits != 1) {
					*why = hits ? "the selector matches more than one element" :
						      "the selector matches no element";
					return NULL;
				}
				v = found;
			}
			p = close + 1;
		}
		if (p < end && *p == '.')
			p++;
	}
	return v;
}

/* The number @v is, as a double; 0 with *ok = 0 when it is none. */
static double number(json_t *v, int *ok)
{
	*ok = json_is_number(v);
	return *ok ? json_number_value(v) : 0;
}

/**
 * fill() - the text of one token's value.
 * @tok: the token without "@{" and "}", NUL-terminated
 * @line: its line, for the messages
 * @out: where the text goes
 * @size: the size of @out
 */
static void fill(const char *tok, int line, char *out, size_t size)
{
	const char *colon = strchr(tok, ':'), *path, *pend, *op, *why = NULL;
	int i, ok, sign = 0, digits = -1, integral;
	struct report *r = NULL;
	json_t *v;
	double x = 0;

	if (!colon)
		fail(line, tok, "no 'NAME:' before the path", NULL);
	for (i = 0; i < nreports; i++)
		if (strlen(reports[i].name) == (size_t)(colon - tok) &&
		    !strncmp(reports[i].name, tok, colon - tok))
			r = &reports[i];
	if (!r)
		fail(line, tok, "no report of that name was given", NULL);
	path = colon + 1;
	pend = strchr(path, '|');
	if (!pend)
		pend = path + strlen(path);
	v = walk(r->doc, path, pend, &why);
	if (!v)
		fail(line, tok, why, r);
	integral = json_is_integer(v);
	if (!json_is_array(v)) {
		x = number(v, &ok);
		if (!ok)
			fail(line, tok, "not a number", r);
	}
	for (op = pend; *op == '|';) {
		char name[256];
		size_t len;

		op++;
		len = strcspn(op, "|");
		if (len >= sizeof(name))
			fail(line, tok, "unknown operation", r);
		memcpy(name, op, len);
		name[len] = '\0';
		op += len;
		if (!strcmp(name, "delta") || !strcmp(name, "ratio")) {
			double a, b;
			int ok2;

			if (!json_is_array(v) || json_array_size(v) != 2)
				fail(line, tok, "delta/ratio needs an array [old, new]", r);
			a = number(json_array_get(v, 0), &ok);
			b = number(json_array_get(v, 1), &ok2);
			if (!ok || !ok2)
				fail(line, tok, "not a number", r);
			if (name[0] == 'r' && a == 0)
				fail(line, tok, "ratio of a zero", r);
			integral = name[0] == 'd' && json_is_integer(json_array_get(v, 0)) &&
				   json_is_integer(json_array_get(v, 1));
			x = name[0] == 'd' ? b - a : b / a;
			v = NULL;
		} else if (json_is_array(v)) {
			fail(line, tok, "an array: give delta or ratio first", r);
		} else if (!strcmp(name, "+")) {
			sign = 1;
		} else if (!strcmp(name, "kib")) {
			x /= 1024;
			integral = 0;
		} else if (!strcmp(name, "abs")) {
			x = fabs(x);
		} else if (!strncmp(name, "minus=", 6) || !strncmp(name, "plus=", 5)) {
			int minus = name[0] == 'm';
			json_t *w = walk(r->doc, name + (minus ? 6 : 5), name + len, &why);
			double y;

			if (!w)
				fail(line, tok, why, r);
			y = number(w, &ok);
			if (!ok)
				fail(line, tok, "minus/plus: not a number", r);
			integral = integral && json_is_integer(w);
			x += minus ? -y : y;
		} else if (!strncmp(name, "mul=", 4) && isdigit((unsigned char)name[4])) {
			x *= strtol(name + 4, NULL, 10);
		} else if (name[0] == 'r' && name[1] >= '0' && name[1] <= '6' && !name[2]) {
			digits = name[1] - '0';
		} else {
			fail(line, tok, "unknown operation", r);
		}
	}
	if (v && json_is_array(v))
		fail(line, tok, "an array: give delta or ratio", r);
	if (digits >= 0)
		snprintf(out, size, sign ? "%+.*f" : "%.*f", digits, x);
	else if (integral)
		snprintf(out, size, sign ? "%+.0f" : "%.0f", x);
	else
		snprintf(out, size, sign ? "%+.15g" : "%.15g", x);
}

int main(int argc, char **argv)
{
	int i, c, line = 1, list = 0;
	char tok[512], val[64];
	json_error_t err;
	size_t n;

	for (i = 1; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (!strcmp(argv[i], "-l")) {
			list = 1;
			continue;
		}
		if (!eq || eq == argv[i] || nreports == MAX_REPORTS) {
			fprintf(stderr, "usage: figures [-l] NAME=REPORT.json... < TEXT\n");
			return 2;
		}
		*eq = '\0';
		reports[nreports].name = argv[i];
		reports[nreports].path = eq + 1;
		reports[nreports].doc = json_load_file(eq + 1, 0, &err);
		if (!reports[nreports].doc) {
			fprintf(stderr, "figures: %s: %s (line %d)\n", eq + 1, err.text, err.line);
			return 2;
		}
		nreports++;
	}
	while ((c = getchar()) != EOF) {
		if (c != '@') {
			if (!list)
				putchar(c);
			line += c == '\n';
			continue;
		}
		c = getchar();
		if (c != '{') {
			if (!list)
				putchar('@');
			if (c == EOF)
				break;
			ungetc(c, stdin);
			continue;
		}
		n = 0;
		while ((c = getchar()) != EOF && c != '}' && c != '\n' && n < sizeof(tok) - 1)
			tok[n++] = (char)c;
		tok[n] = '\0';
		if (c != '}')
			fail(line, tok, "no closing '}' on the line", NULL);
		fill(tok, line, val, sizeof(val));
		if (list)
			printf("@{%s} %s\n", tok, val);
		else
			fputs(val, stdout);
	}
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "figures: write failed: %s\n", strerror(errno));
		return 2;
	}
	return 0;
}
