// SPDX-License-Identifier: GPL-2.0
/*
 * plot.c - ksr-report plot [--name NAME] DIR A.json [B.json...]: a gnuplot
 * script and its data for NAME.svg (default NAME: report).
 *
 * Top: bytes grown per ktype (the ktypes that grew most in any run point),
 * one bar per run point of every report (the cells of make compare).
 * Bottom: the hot-path change, patched/baseline median - 1 in percent,
 * with the spread as error bar (a bar that crosses 0 is noise).
 * Writes DIR/NAME.gp, DIR/NAME-ktypes.dat, DIR/NAME-hotpath.dat; the
 * script writes NAME.svg when gnuplot runs it in DIR (scripts/plot.sh).
 * Exit 0, 1 when a file cannot be written, 2 on a file that is not a report.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "ksr.h"

#define NKT	8		/* ktypes plotted */

struct cell {
	char label[128];
	json_t *ktypes;
};

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

/* Bytes grown of @ktype in @c, 0 if absent. */
static long long bytes(const struct cell *c, const char *ktype)
{
	json_t *kt;
	size_t i;

	json_array_foreach(c->ktypes, i, kt)
		if (!strcmp(str(kt, "ktype"), ktype))
			return json_integer_value(json_object_get(kt, "bytes"));
	return 0;
}

/* The @n ktypes with the most bytes grown in any cell, into @top. */
static int top_ktypes(const struct cell *c, int nc, const char **top, int n)
{
	long long best[NKT] = { 0 }, b;
	int i, j, k, m = 0;
	json_t *kt;
	size_t x;

	for (i = 0; i < nc; i++) {
		json_array_foreach(c[i].ktypes, x, kt) {
			for (j = 0; j < m && strcmp(top[j], str(kt, "ktype")); j++)
				;
			b = json_integer_value(json_object_get(kt, "bytes"));
			if (j < m) {		/* listed: keep its largest */
				best[j] = b > best[j] ? b : best[j];
				continue;
			}
			for (j = 0; j < m && best[j] >= b; j++)
				;
			if (j == n || b <= 0)
				continue;
			for (k = m < n ? m++ : n - 1; k > j; k--) {
				top[k] = top[k - 1];
				best[k] = best[k - 1];
			}
			top[j] = str(kt, "ktype");
			best[j] = b;
		}
	}
	return m;
}

static FILE *create(const char *dir, const char *name, const char *suffix)
{
	char path[KSR_PATH + 64];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s%s", dir, name, suffix);
	f = fopen(path, "w");
	if (!f)
		die("cannot write %s", path);
	return f;
}

static void ktype_data(FILE *f, const struct cell *c, int nc, const char **top, int nt)
{
	int i, j;

	fprintf(f, "ktype");
	for (i = 0; i < nc; i++)
		fprintf(f, " \"%s\"", c[i].label);
	fputc('\n', f);
	for (j = 0; j < nt; j++) {
		fprintf(f, "\"%s\"", top[j]);
		for (i = 0; i < nc; i++)
			fprintf(f, " %lld", bytes(&c[i], top[j]));
		fputc('\n', f);
	}
}

/* One line a benchmark of every report: label, change %, spread %. */
static int hotpath_data(FILE *f, json_t **reps, char **labels, int n)
{
	int i, rows = 0;
	json_t *b;
	size_t x;

	for (i = 0; i < n; i++) {
		json_array_foreach(json_object_get(reps[i], "bench"), x, b) {
			fprintf(f, "\"%s%s%s %s\" %.2f %.2f\n", labels[i], *labels[i] ? " " : "",
				str(b, "tier"), str(b, "benchmark"),
				json_number_value(json_object_get(b, "change_pct")),
				json_number_value(json_object_get(b, "spread_pct")));
			rows++;
		}
	}
	return rows;
}

static void script(FILE *f, const char *name, int nc, int nt, int nb)
{
	fprintf(f, "# %s.gp - written by ksr-report plot; run in this directory\n"
		"set terminal svg size 960,%d noenhanced font 'sans,11'\n"
		"set output '%s.svg'\nset multiplot layout %d,1\nset grid ytics\n",
		name, nt && nb ? 900 : 450, name, !!nt + !!nb);
	if (nt)
		fprintf(f, "set title 'bytes grown per ktype (live kobjects x growth of the embedding struct)'\n"
			"set ylabel 'bytes'\nset style data histogram\n"
			"set style histogram clustered gap 1\nset style fill solid 0.8 border -1\n"
			"set xtics rotate by -30\nset key top right\n"
			"plot for [i=2:%d] '%s-ktypes.dat' using i:xtic(1) title columnheader(i)\n",
			nc + 1, name);
	if (nb)
		fprintf(f, "set title 'hot path: patched/baseline - 1 (median, insns per operation), bar: spread (a bar across 0: within noise)'\n"
			"set ylabel 'change, %%'\nset style data points\nset xtics %s\n"
			"set xrange [-0.5:%d.5]\nset xzeroaxis lt -1\nunset key\n"
			"plot '%s-hotpath.dat' using 0:2:3:xtic(1) with yerrorbars pt 7 ps 1.2\n",
			/* more than four labels overlap on one line (make compare) */
			nb > 4 ? "rotate by -20" : "norotate", nb - 1, name);
	fprintf(f, "unset multiplot\n");
}

/* The name of the directory of report @path ("" for NULL: one report). */
static char *dir_label(const char *path)
{
	char *l = strdup(path ? path : ""), *s;

	if (!l)
		die("out of memory");
	s = strrchr(l, '/');
	if (!s)
		return path ? strcpy(l, ".") : l;
	*s = '\0';
	s = strrchr(l, '/');
	return s ? s + 1 : l;
}

/**
 * plot_main() - ksr-report plot: a gnuplot script across reports
 * @argc: number of words in @argv
 * @argv: "plot", optionally "--name NAME", the directory, the report.json files
 *
 * Return: 0, or 2 if a file cannot be read as a report.
 */
int plot_main(int argc, char **argv)
{
	const char *name = "report", *dir, *top[NKT];
	char gp[KSR_PATH + 64];
	struct cell *c = NULL;
	json_t **reps, *r;
	char **labels;
	int i, a = 1, nc = 0, nt, nb;
	json_error_t err;
	FILE *f;
	size_t x;

	if (argc > 2 && !strcmp(argv[1], "--name"))
		name = argv[2], a = 3;
	if (argc - a < 2) {
		fputs("usage: ksr-report plot [--name NAME] DIR A.json [B.json...]\n", stderr);
		return 2;
	}
	dir = argv[a++];
	reps = xcalloc(argc, sizeof(*reps));
	labels = xcalloc(argc, sizeof(*labels));
	for (i = 0; a + i < argc; i++) {
		reps[i] = json_load_file(argv[a + i], 0, &err);
		if (!reps[i] || !json_is_array(json_object_get(reps[i], "runs"))) {
			fprintf(stderr, "ksr-report plot: %s: not a report (%s)\n",
				argv[a + i], reps[i] ? "no runs" : err.text);
			return 2;
		}
		labels[i] = dir_label(argc - a > 1 ? argv[a + i] : NULL);
		json_array_foreach(json_object_get(reps[i], "runs"), x, r) {
			c = realloc(c, (nc + 1) * sizeof(*c));
			if (!c)
				die("out of memory");
			snprintf(c[nc].label, sizeof(c[nc].label), "%s%s%s %s", labels[i],
				 *labels[i] ? " " : "", str(r, "tier"), str(r, "scenario"));
			c[nc++].ktypes = json_object_get(r, "ktypes");
		}
	}
	nt = top_ktypes(c, nc, top, NKT);
	snprintf(gp, sizeof(gp), "%s/%s.gp", dir, name);
	unlink(gp);	/* no picture of another run's figures */
	nb = 0;
	for (a = 0; a < i; a++)
		nb += json_array_size(json_object_get(reps[a], "bench"));
	if (!nt && !nb) {
		fprintf(stderr, "ksr-report plot: no run or bench figures: nothing to draw\n");
		return 0;
	}
	f = create(dir, name, "-ktypes.dat");
	ktype_data(f, c, nc, top, nt);
	fclose(f);
	f = create(dir, name, "-hotpath.dat");
	nb = hotpath_data(f, reps, labels, i);
	fclose(f);
	f = create(dir, name, ".gp");
	script(f, name, nc, nt, nb);
	if (fclose(f))
		die("cannot write %s", gp);
	return 0;
}
