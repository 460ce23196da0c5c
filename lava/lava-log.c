// SPDX-License-Identifier: GPL-2.0
/*
 * lava-log - read a LAVA job log, one record a line, as lava-run prints
 * it on stderr ({"dt": ..., "lvl": ..., "msg": ...}) or as a LAVA server
 * stores it in output.yaml (the same, each line after "- ").
 *
 *   lava-log LOG
 *
 * Prints one line per record: DT TAB LVL TAB MSG.  A string MSG is decoded (YAML
 * double-quoted escapes) and, for "target" and "feedback" lines, the
 * backslash LAVA's ShellLogger puts before every '"' of the console is
 * taken off again, so MSG is the console line as the guest wrote it (less
 * \r and ESC, which LAVA drops).  A "results" MSG (a mapping) is printed
 * as DEFINITION TAB CASE TAB RESULT TAB ERROR_TYPE TAB ERROR_MSG.  Other
 * mappings print their "key=value" pairs separated by TABs.  A newline
 * inside a value, and a TAB inside a mapping's value, print as a space.
 *
 * Lines that are not records (no "{" first) are skipped.  Exit 0, 1 when
 * LOG holds no record at all, 2 when a record does not parse (its line
 * number named) or LOG cannot be read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buf {
	char *s;
	size_t len, cap;
};

static void put(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = realloc(b->s, b->cap);
		if (!b->s) {
			perror("lava-log");
			exit(2);
		}
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void putc_utf8(struct buf *b, unsigned long c)
{
	char u[4];

	if (c < 0x80) {
		u[0] = c;
		put(b, u, 1);
	} else if (c < 0x800) {
		u[0] = 0xc0 | (c >> 6);
		u[1] = 0x80 | (c & 0x3f);
		put(b, u, 2);
	} else if (c < 0x10000) {
		u[0] = 0xe0 | (c >> 12);
		u[1] = 0x80 | ((c >> 6) & 0x3f);
		u[2] = 0x80 | (c & 0x3f);
		put(b, u, 3);
	} else {
		u[0] = 0xf0 | (c >> 18);
		u[1] = 0x80 | ((c >> 12) & 0x3f);
		u[2] = 0x80 | ((c >> 6) & 0x3f);
		u[3] = 0x80 | (c & 0x3f);
		put(b, u, 4);
	}
}

static void skip_ws(const char **p)
{
	while (**p == ' ')
		(*p)++;
}

/* A YAML double-quoted scalar at *p (after an optional "!!tag "). */
static int scalar(const char **p, struct buf *out)
{
	const char *s = *p;

	out->len = 0;
	put(out, "", 0);
	if (s[0] == '!') {	/* a tag: "!!int ", "! " */
		while (*s && *s != ' ')
			s++;
		skip_ws(&s);
	}
	if (*s != '"') {
		/* a plain scalar: up to , } ] */
		const char *e = s;

		while (*e && *e != ',' && *e != '}' && *e != ']')
			e++;
		if (e == s)
			return -1;
		put(out, s, e - s);
		*p = e;
		return 0;
	}
	for (s++; *s && *s != '"'; s++) {
		static const char from[] = "0abtnvfre \"/\\N_LP";
		static const char *const to[] = {
			"\0", "\a", "\b", "\t", "\n", "\v", "\f", "\r", "\x1b",
			" ", "\"", "/", "\\", "\xc2\x85", "\xc2\xa0",
			"\xe2\x80\xa8", "\xe2\x80\xa9" };
		const char *k;
		int n;

		if (*s != '\\') {
			put(out, s, 1);
			continue;
		}
		s++;
		n = *s == 'x' ? 2 : *s == 'u' ? 4 : *s == 'U' ? 8 : 0;
		if (n) {
			char hex[9] = "";
			char *end;

			if ((int)strnlen(s + 1, n) < n)
				return -1;
			memcpy(hex, s + 1, n);
			unsigned long c = strtoul(hex, &end, 16);

			if (*end)
				return -1;
			putc_utf8(out, c);	/* a code point */
			s += n;
			continue;
		}
		k = *s ? strchr(from, *s) : NULL;
		if (!k)
			return -1;
		put(out, to[k - from], k == from ? 1 : strlen(to[k - from]));
	}
	if (*s != '"')
		return -1;
	*p = s + 1;
	return 0;
}

/* Skip one value (scalar, mapping or sequence) at *p. */
static int skip_value(const char **p)
{
	struct buf tmp = { 0 };
	char close;
	int rc = 0;

	skip_ws(p);
	if (**p != '{' && **p != '[') {
		rc = scalar(p, &tmp);
		free(tmp.s);
		return rc;
	}
	close = **p == '{' ? '}' : ']';
	(*p)++;
	for (;;) {
		skip_ws(p);
		if (**p == close) {
			(*p)++;
			return 0;
		}
		if (skip_value(p))
			return -1;
		skip_ws(p);
		if (**p == ':') {
			(*p)++;
			if (skip_value(p))
				return -1;
			skip_ws(p);
		}
		if (**p == ',')
			(*p)++;
		else if (**p != close)
			return -1;
	}
}

/* Print a value without TABs or newlines. */
static void flat(const struct buf *b)
{
	size_t i;

	for (i = 0; i < b->len; i++)
		putchar(b->s[i] == '\t' || b->s[i] == '\n' ? ' ' : b->s[i]);
}

/* The mapping msg at *p: results as columns, others as key=value. */
static int mapping(const char **p, int results)
{
	static const char *const cols[] = {
		"definition", "case", "result", "error_type", "error_msg" };
	struct buf key = { 0 }, val[5] = { { 0 } }, v = { 0 };
	int first = 1, i, rc = -1;

	(*p)++;
	for (;;) {
		skip_ws(p);
		if (**p == '}') {
			(*p)++;
			break;
		}
		if (scalar(p, &key))
			goto out;
		skip_ws(p);
		if (**p != ':')
			goto out;
		(*p)++;
		skip_ws(p);
		if (**p == '{' || **p == '[') {
			if (skip_value(p))
				goto out;
		} else {
			if (scalar(p, &v))
				goto out;
			for (i = 0; results && i < 5; i++)
				if (!strcmp(key.s, cols[i])) {
					val[i].len = 0;
					put(&val[i], v.s, v.len);
				}
			if (!results) {
				if (!first)
					putchar('\t');
				first = 0;
				flat(&key);
				putchar('=');
				flat(&v);
			}
		}
		skip_ws(p);
		if (**p == ',')
			(*p)++;
		else if (**p != '}')
			goto out;
	}
	for (i = 0; results && i < 5; i++) {
		if (i)
			putchar('\t');
		if (val[i].s)
			flat(&val[i]);
	}
	rc = 0;
out:
	free(key.s);
	free(v.s);
	for (i = 0; i < 5; i++)
		free(val[i].s);
	return rc;
}

/* One record line; 0 printed, -1 malformed. */
static int record(const char *p)
{
	struct buf key = { 0 }, dt = { 0 }, lvl = { 0 }, msg = { 0 };
	int rc = -1, have_msg = 0;

	if (*p++ != '{')
		return -1;
	for (;;) {
		skip_ws(&p);
		if (*p == '}')
			break;
		if (scalar(&p, &key))
			goto out;
		skip_ws(&p);
		if (*p++ != ':')
			goto out;
		skip_ws(&p);
		if (!strcmp(key.s, "lvl")) {
			if (scalar(&p, &lvl))
				goto out;
		} else if (!strcmp(key.s, "dt")) {
			if (scalar(&p, &dt))
				goto out;
		} else if (!strcmp(key.s, "msg") && lvl.s) {
			have_msg = 1;
			fputs(dt.s ? dt.s : "", stdout);
			putchar('\t');
			fputs(lvl.s, stdout);
			putchar('\t');
			if (*p == '{') {
				if (mapping(&p, !strcmp(lvl.s, "results")))
					goto out;
			} else if (*p == '[') {
				if (skip_value(&p))
					goto out;
			} else {
				size_t i;
				int unquote = !strcmp(lvl.s, "target") ||
					      !strcmp(lvl.s, "feedback");

				if (scalar(&p, &msg))
					goto out;
				for (i = 0; i < msg.len; i++) {
					char c = msg.s[i];

					if (unquote && c == '\\' && msg.s[i + 1] == '"')
						continue;
					putchar(c == '\n' ? ' ' : c);
				}
			}
			putchar('\n');
		} else if (skip_value(&p)) {
			goto out;
		}
		skip_ws(&p);
		if (*p == ',')
			p++;
		else if (*p != '}')
			goto out;
	}
	rc = have_msg ? 0 : -1;
out:
	free(key.s);
	free(dt.s);
	free(lvl.s);
	free(msg.s);
	return rc;
}

int main(int argc, char **argv)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long lineno = 0, records = 0;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: lava-log LOG\n");
		return 2;
	}
	f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	while ((n = getline(&line, &cap, f)) >= 0) {
		char *p = line;

		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (!strncmp(p, "- ", 2))
			p += 2;
		if (*p != '{')
			continue;
		if (record(p)) {
			fflush(stdout);
			fprintf(stderr, "lava-log: %s:%ld: not a LAVA log record: %.80s\n",
				argv[1], lineno, line);
			return 2;
		}
		records++;
	}
	free(line);
	fclose(f);
	if (!records) {
		fprintf(stderr, "lava-log: %s: no LAVA log record ({\"dt\": ..., \"lvl\": ..., \"msg\": ...})\n",
			argv[1]);
		return 1;
	}
	return 0;
}
