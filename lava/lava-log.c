// SPDX-License-Identifier: GPL-2.0
/*
 * lava-log - read a LAVA job log, one record a line, as lava-run prints
 * it on stderr ({"dt": ..., "lvl": ..., "msg": ...}) or as a LAVA server
 * stores it in output.yaml (the same, each line after "- ").
 *
 *   lava-log LOG
 *
 * Prints one line per record: DT TAB LVL TAB MSG.  Each record is parsed
 * by libyaml (escapes decoded) and, for "target" and "feedback" lines, the
 * backslash LAVA's ShellLogger puts before every '"' of the console is
 * taken off again, so MSG is the console line as the guest wrote it (less
 * \r and ESC, which LAVA drops).  A "results" MSG (a mapping) is printed
 * as DEFINITION TAB CASE TAB RESULT TAB ERROR_TYPE TAB ERROR_MSG.  Other
 * mappings print their scalar "key=value" pairs separated by TABs; a
 * sequence prints nothing.  A newline inside a value, and a TAB inside a
 * mapping's value, print as a space.
 *
 * Lines that are not records (no "{" first) are skipped.  Exit 0, 1 when
 * LOG is empty or holds no record at all, 2 when a record does not parse
 * or lacks "lvl" or "msg" (file, line, column and problem named) or LOG
 * cannot be read.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

static const char *str(const yaml_node_t *n)
{
	return (const char *)n->data.scalar.value;
}

/* The value of scalar key KEY in mapping M (the last if repeated), or NULL. */
static yaml_node_t *get(yaml_document_t *d, yaml_node_t *m, const char *key)
{
	yaml_node_pair_t *p;
	yaml_node_t *k, *v = NULL;

	for (p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++) {
		k = yaml_document_get_node(d, p->key);
		if (k->type == YAML_SCALAR_NODE && !strcmp(str(k), key))
			v = yaml_document_get_node(d, p->value);
	}
	return v;
}

/*
 * Print scalar N (all its bytes: "\0" decodes to a NUL) with newlines as
 * spaces; TABs too if FLAT; the backslash before '"' dropped if UNQUOTE.
 * Anything but a scalar prints nothing.
 */
static void put(const yaml_node_t *n, int flat, int unquote)
{
	const char *s;
	size_t i, len;

	if (!n || n->type != YAML_SCALAR_NODE)
		return;
	s = str(n);
	len = n->data.scalar.length;
	for (i = 0; i < len; i++) {
		if (unquote && s[i] == '\\' && i + 1 < len && s[i + 1] == '"')
			continue;
		putchar(s[i] == '\n' || (flat && s[i] == '\t') ? ' ' : s[i]);
	}
}

/* Print record ROOT; NULL when done, else what is wrong with it. */
static const char *record(yaml_document_t *d, yaml_node_t *root)
{
	static const char *const cols[] = {
		"definition", "case", "result", "error_type", "error_msg" };
	yaml_node_t *lvl, *msg, *k, *v;
	yaml_node_pair_t *p;
	const char *sep = "";
	int i;

	if (!root || root->type != YAML_MAPPING_NODE)
		return "not a mapping";
	lvl = get(d, root, "lvl");
	msg = get(d, root, "msg");
	if (!lvl || lvl->type != YAML_SCALAR_NODE)
		return "no \"lvl\" string";
	if (!msg)
		return "no \"msg\"";
	put(get(d, root, "dt"), 0, 0);
	printf("\t%s\t", str(lvl));
	if (msg->type == YAML_SCALAR_NODE) {
		put(msg, 0, !strcmp(str(lvl), "target") || !strcmp(str(lvl), "feedback"));
	} else if (msg->type == YAML_MAPPING_NODE && !strcmp(str(lvl), "results")) {
		for (i = 0; i < 5; i++) {
			fputs(i ? "\t" : "", stdout);
			put(get(d, msg, cols[i]), 1, 0);
		}
	} else if (msg->type == YAML_MAPPING_NODE) {
		for (p = msg->data.mapping.pairs.start; p < msg->data.mapping.pairs.top; p++) {
			k = yaml_document_get_node(d, p->key);
			v = yaml_document_get_node(d, p->value);
			if (k->type != YAML_SCALAR_NODE || v->type != YAML_SCALAR_NODE)
				continue;
			fputs(sep, stdout);
			sep = "\t";
			put(k, 1, 0);
			putchar('=');
			put(v, 1, 0);
		}
	}
	putchar('\n');
	return NULL;
}

/*
 * Parse and print the record in LINE (LEN bytes); NULL when done, else
 * the problem, and *col its column (from 1).
 */
static const char *parse(const char *line, size_t len, size_t *col)
{
	yaml_parser_t parser;
	yaml_document_t doc, rest;
	const char *problem = NULL;

	*col = 1;
	if (!yaml_parser_initialize(&parser))
		return "out of memory";
	yaml_parser_set_input_string(&parser, (const unsigned char *)line, len);
	if (!yaml_parser_load(&parser, &doc))
		goto err;
	/* Nothing after the record: the next document must be empty. */
	if (!yaml_parser_load(&parser, &rest)) {
		yaml_document_delete(&doc);
		goto err;
	}
	if (yaml_document_get_root_node(&rest))
		problem = "more than one document";
	else
		problem = record(&doc, yaml_document_get_root_node(&doc));
	yaml_document_delete(&rest);
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	return problem;
err:
	problem = parser.problem ? parser.problem : "out of memory";
	*col = parser.problem_mark.column + 1;
	yaml_parser_delete(&parser);
	return problem;
}

int main(int argc, char **argv)
{
	char *line = NULL;
	size_t cap = 0, col, skip, i;
	ssize_t n;
	long lineno = 0, records = 0;
	const char *problem;
	int rc = 0;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: lava-log LOG\n");
		return 2;
	}
	f = fopen(argv[1], "r");
	if (!f) {
		fprintf(stderr, "lava-log: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	while ((n = getline(&line, &cap, f)) >= 0) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		skip = strncmp(line, "- ", 2) ? 0 : 2;	/* output.yaml */
		if (line[skip] != '{')
			continue;
		problem = parse(line + skip, (size_t)n - skip, &col);
		if (problem) {
			fflush(stdout);
			for (i = 0; i < 80 && i < (size_t)n; i++)	/* ASCII */
				if ((unsigned char)line[i] < ' ' || (unsigned char)line[i] > '~')
					line[i] = '?';
			fprintf(stderr, "lava-log: %s:%ld:%zu: not a LAVA log record (%s): %.80s\n",
				argv[1], lineno, col + skip, problem, line);
			rc = 2;
			break;
		}
		records++;
	}
	if (!rc && ferror(f)) {
		fprintf(stderr, "lava-log: %s: %s\n", argv[1], strerror(errno));
		rc = 2;
	} else if (!rc && !records) {
		fprintf(stderr, "lava-log: %s: %s: no LAVA log record ({\"dt\": ..., \"lvl\": ..., \"msg\": ...} a line)\n",
			argv[1], lineno ? "not a LAVA log" : "empty file");
		rc = 1;
	}
	free(line);
	fclose(f);
	return rc;
}
