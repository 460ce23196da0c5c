// SPDX-License-Identifier: GPL-2.0
/*
 * table.c - ksr-report table A.json [B.json...]: one table across reports.
 *
 * One row per run point (tier, scenario) of every report, in the order
 * given: the report (its directory), the run's layout, sizeof struct
 * kobject, kset and device in that layout (baseline -> patched), live
 * kobjects, bytes grown, slab pages, and the hot-path ratios (patched /
 * baseline median) of the report's bench in the same tier.  A figure the
 * report does not hold prints "-".  Exit 0, or 2 on a file that cannot be
 * read as a report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "ksr.h"

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

/* "old->new" of struct @name in @layout, from the report's growth list. */
static void sizes(json_t *rep, const char *name, const char *layout,
		  char *buf, size_t size)
{
	json_t *g;
	size_t i;

	snprintf(buf, size, "-");
	json_array_foreach(json_object_get(rep, "growth"), i, g)
		if (!strcmp(str(g, "struct"), name) &&
		    !strcmp(str(g, "layout"), layout))
			snprintf(buf, size, "%lld->%lld",
				 json_integer_value(json_object_get(g, "old")),
				 json_integer_value(json_object_get(g, "new")));
}

/* The ratio_median of @bench in @tier, or "-". */
static void ratio(json_t *rep, const char *tier, const char *bench,
		  char *buf, size_t size)
{
	json_t *b;
	size_t i;

	snprintf(buf, size, "-");
	json_array_foreach(json_object_get(rep, "bench"), i, b)
		if (!strcmp(str(b, "tier"), tier) &&
		    !strcmp(str(b, "benchmark"), bench))
			snprintf(buf, size, "%.4f",
				 json_real_value(json_object_get(b, "ratio_median")));
}

static long long num(json_t *run, const char *kernel, const char *key)
{
	return json_integer_value(json_object_get(json_object_get(run, kernel), key));
}

static void rows(const char *file, json_t *rep)
{
	char label[256], kobj[32], kset[32], dev[32], gp[16], lc[16];
	const char *tier, *layout;
	char *slash;
	json_t *r;
	size_t i;

	copy(label, file, sizeof(label));
	slash = strrchr(label, '/');
	if (slash)
		*slash = '\0';
	else
		copy(label, ".", sizeof(label));
	json_array_foreach(json_object_get(rep, "runs"), i, r) {
		tier = str(r, "tier");
		layout = str(r, "layout");
		sizes(rep, "kobject", layout, kobj, sizeof(kobj));
		sizes(rep, "kset", layout, kset, sizeof(kset));
		sizes(rep, "device", layout, dev, sizeof(dev));
		ratio(rep, tier, "get_put", gp, sizeof(gp));
		ratio(rep, tier, "lifecycle", lc, sizeof(lc));
		printf("| %s | %s | %s | %s | %s | %s | %lld->%lld | %lld | %lld->%lld | %s | %s |\n",
		       label, layout, str(r, "scenario"), kobj, kset, dev,
		       num(r, "baseline", "live"), num(r, "patched", "live"),
		       json_integer_value(json_object_get(r, "bytes_grown")),
		       num(r, "baseline", "slab_pages"), num(r, "patched", "slab_pages"),
		       gp, lc);
	}
}

/**
 * table_main() - ksr-report table: print one table across reports
 * @argc: number of words in @argv
 * @argv: "table" and the report.json files
 *
 * Return: 0, or 2 if a file cannot be read as a report.
 */
int table_main(int argc, char **argv)
{
	json_error_t err;
	json_t **reps;
	int i;

	if (argc < 2) {
		fputs("usage: ksr-report table A.json [B.json...]\n", stderr);
		return 2;
	}
	reps = xcalloc(argc, sizeof(*reps));
	for (i = 1; i < argc; i++) {
		reps[i] = json_load_file(argv[i], 0, &err);
		if (!reps[i] || !json_is_array(json_object_get(reps[i], "runs"))) {
			fprintf(stderr, "ksr-report table: %s: not a report (%s)\n",
				argv[i], reps[i] ? "no runs" : err.text);
			return 2;
		}
	}
	puts("| report | layout | scenario | sizeof kobject | kset | device | live kobjects | bytes grown | slab pages | get+put ratio | lifecycle ratio |");
	puts("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
	for (i = 1; i < argc; i++) {
		rows(argv[i], reps[i]);
		json_decref(reps[i]);
	}
	free(reps);
	return 0;
}
