// SPDX-License-Identifier: GPL-2.0
/*
 * compare.c - ksr-report compare A.json B.json: what changed, by how much.
 *
 * Walks both reports together.  Arrays of objects are matched by their
 * identity fields (tier, scenario, benchmark, layout, struct, ...), not by
 * position, so a run present in one report only is named as added or
 * removed.  Prints one line per changed number or flag (A -> B, the
 * difference and the ratio) and per changed string other than input
 * paths; per-repetition benchmark lines are left out (their statistics
 * are compared).  Exit 0 if nothing changed, 1 if something did, 2 on a
 * file that cannot be read as a report.
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "ksr.h"

/* Fields that name an element of an array, in the order they print. */
static const char *const ident[] = {
	"tier", "scenario", "benchmark", "claim", "tree", "layout", "ktype",
	"struct", "cache", "figure", "name",
};

/* Input paths differ between any two runs: not a change of the kernel. */
static int is_path(const char *key)
{
	static const char *const paths[] = {
		"source", "census", "slabinfo", "meminfo", "probe", "object",
		"ktype_map", "notes_source", "bloat_source", "source_old",
		"source_new", "source_pristine", "source_patched",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(paths); i++)
		if (!strcmp(key, paths[i]))
			return 1;
	return 0;
}

static int nchanged, nadded, nremoved;

/* "[v1/v2/...]" of the identity fields of @o, or "" if it has none. */
static void elem_key(json_t *o, char *buf, size_t size)
{
	const char *v;
	size_t len = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(ident) && len < size; i++) {
		v = json_string_value(json_object_get(o, ident[i]));
		if (v)
			len += snprintf(buf + len, size - len, "%s%s", len ? "/" : "[", v);
	}
	if (len && len < size - 1)
		strcat(buf, "]");
}

static void walk(const char *path, const char *key, json_t *a, json_t *b);

static void arrays(const char *path, json_t *a, json_t *b)
{
	char ka[512], kb[512], sub[1024];
	size_t i, j;
	json_t *x, *y;

	x = json_array_get(a, 0);
	y = json_array_get(b, 0);
	if ((x && !json_is_object(x)) || (y && !json_is_object(y)) ||
	    (x && (elem_key(x, ka, sizeof(ka)), !ka[0]))) {
		/* numbers, strings or objects without identity: by position */
		for (i = 0; i < json_array_size(a) || i < json_array_size(b); i++) {
			snprintf(sub, sizeof(sub), "%s[%zu]", path, i);
			walk(sub, "", json_array_get(a, i), json_array_get(b, i));
		}
		return;
	}
	json_array_foreach(a, i, x) {
		elem_key(x, ka, sizeof(ka));
		snprintf(sub, sizeof(sub), "%s%s", path, ka);
		json_array_foreach(b, j, y) {
			elem_key(y, kb, sizeof(kb));
			if (!strcmp(ka, kb))
				break;
		}
		walk(sub, "", x, j < json_array_size(b) ? y : NULL);
	}
	json_array_foreach(b, j, y) {
		elem_key(y, kb, sizeof(kb));
		json_array_foreach(a, i, x) {
			elem_key(x, ka, sizeof(ka));
			if (!strcmp(ka, kb))
				break;
		}
		if (i == json_array_size(a)) {
			snprintf(sub, sizeof(sub), "%s%s", path, kb);
			walk(sub, "", NULL, y);
		}
	}
}

static void number(const char *path, double x, double y)
{
	printf("%s: %g -> %g (%+g", path, x, y, y - x);
	if (x != 0)
		printf(", x%.4f", y / x);
	printf(")\n");
}

static void walk(const char *path, const char *key, json_t *a, json_t *b)
{
	char sub[1024];
	const char *k;
	json_t *v;

	if (!a || !b) {
		if (!a && !b)
			return;
		printf("%s: %s\n", path, a ? "only in A" : "only in B");
		a ? nremoved++ : nadded++;
		return;
	}
	if (json_is_number(a) && json_is_number(b)) {
		if (json_number_value(a) != json_number_value(b)) {
			number(path, json_number_value(a), json_number_value(b));
			nchanged++;
		}
	} else if (json_is_object(a) && json_is_object(b)) {
		json_object_foreach(a, k, v) {
			if (!strcmp(k, "repetitions"))
				continue;
			snprintf(sub, sizeof(sub), "%s%s%s", path, *path ? "." : "", k);
			walk(sub, k, v, json_object_get(b, k));
		}
		json_object_foreach(b, k, v) {
			if (strcmp(k, "repetitions") && !json_object_get(a, k)) {
				snprintf(sub, sizeof(sub), "%s%s%s", path, *path ? "." : "", k);
				walk(sub, k, NULL, v);
			}
		}
	} else if (json_is_array(a) && json_is_array(b)) {
		arrays(path, a, b);
	} else if (json_is_string(a) && json_is_string(b)) {
		if (strcmp(json_string_value(a), json_string_value(b)) && !is_path(key)) {
			printf("%s: \"%s\" -> \"%s\"\n", path, json_string_value(a),
			       json_string_value(b));
			nchanged++;
		}
	} else if (!json_equal(a, b)) {
		printf("%s: %s -> %s\n", path, json_is_true(a) ? "true" :
		       json_is_false(a) ? "false" : "(other type)",
		       json_is_true(b) ? "true" : json_is_false(b) ? "false" : "(other type)");
		nchanged++;
	}
}

static json_t *load(const char *path)
{
	json_error_t err;
	json_t *j = json_load_file(path, 0, &err);

	if (!j) {
		fprintf(stderr, "ksr-report compare: %s:%d: %s\n", path, err.line, err.text);
		return NULL;
	}
	if (!json_is_object(j) || !json_object_get(j, "claims")) {
		fprintf(stderr, "ksr-report compare: %s: not a report.json (no \"claims\")\n", path);
		json_decref(j);
		return NULL;
	}
	return j;
}

int compare_main(int argc, char **argv)
{
	json_t *a, *b;

	if (argc != 3 || argv[1][0] == '-') {
		fprintf(stderr, "usage: ksr-report compare A.json B.json\n");
		return 2;
	}
	a = load(argv[1]);
	b = a ? load(argv[2]) : NULL;
	if (!b) {
		json_decref(a);
		return 2;
	}
	printf("A: %s\nB: %s\n", argv[1], argv[2]);
	walk("", "", a, b);
	printf("%d changed, %d only in B, %d only in A\n", nchanged, nadded, nremoved);
	json_decref(a);
	json_decref(b);
	return nchanged || nadded || nremoved;
}
