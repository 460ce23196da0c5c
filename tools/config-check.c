// SPDX-License-Identifier: GPL-2.0
/*
 * config-check - did every line of a Kconfig fragment survive olddefconfig?
 *
 * Usage: config-check FRAGMENT... -- DOTCONFIG
 *
 * Each "CONFIG_X=v" or "# CONFIG_X is not set" line of each fragment must
 * appear in DOTCONFIG with the same value ("is not set" is also met by the
 * symbol being absent, as olddefconfig omits symbols whose dependencies are
 * off).  Prints every missing line as "FRAGMENT:LINE: want ..., got ..." and
 * exits 1 if any is missing, 2 on a usage or I/O error, 0 otherwise.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 4096

struct sym {
	char *name;
	char *value;		/* NULL: "is not set" */
};

static struct sym *syms;
static size_t nsyms, cap;

/* Parse one .config line into name/value; returns 0 if it is not a symbol. */
static int parse_line(char *line, char **name, char **value)
{
	char *eq, *end;

	line[strcspn(line, "\n")] = '\0';
	if (!strncmp(line, "# CONFIG_", 9)) {
		end = strstr(line, " is not set");
		if (!end || end[11])
			return 0;
		*end = '\0';
		*name = line + 2;
		*value = NULL;
		return 1;
	}
	if (strncmp(line, "CONFIG_", 7))
		return 0;
	eq = strchr(line, '=');
	if (!eq)
		return 0;
	*eq = '\0';
	*name = line;
	*value = eq + 1;
	return 1;
}

static void die(const char *what, const char *path)
{
	fprintf(stderr, "config-check: %s: %s: %s\n", path, what, strerror(errno));
	exit(2);
}

static void load_dotconfig(const char *path)
{
	char line[MAX_LINE], *name, *value;
	FILE *f = fopen(path, "r");

	if (!f)
		die("cannot open", path);
	while (fgets(line, sizeof(line), f)) {
		if (!parse_line(line, &name, &value))
			continue;
		if (nsyms == cap) {
			cap = cap ? 2 * cap : 4096;
			syms = realloc(syms, cap * sizeof(*syms));
			if (!syms)
				die("out of memory", path);
		}
		syms[nsyms].name = strdup(name);
		syms[nsyms].value = value ? strdup(value) : NULL;
		nsyms++;
	}
	fclose(f);
}

static const struct sym *lookup(const char *name)
{
	size_t i;

	for (i = 0; i < nsyms; i++)
		if (!strcmp(syms[i].name, name))
			return &syms[i];
	return NULL;
}

/* Returns the number of fragment lines of @path missing from .config. */
static int check_fragment(const char *path)
{
	char line[MAX_LINE], *name, *value;
	const struct sym *s;
	int lineno = 0, missing = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		die("cannot open", path);
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (!parse_line(line, &name, &value))
			continue;
		s = lookup(name);
		if (!value ? (!s || !s->value) :
		    (s && s->value && !strcmp(s->value, value)))
			continue;
		missing++;
		printf("%s:%d: want %s%s%s, got %s%s\n", path, lineno,
		       value ? name : "# ", value ? "=" : name,
		       value ? value : " is not set",
		       s ? (s->value ? s->value : "is not set") : "absent",
		       "");
	}
	fclose(f);
	return missing;
}

int main(int argc, char **argv)
{
	int i, sep = 0, missing = 0;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--"))
			sep = i;
	if (!sep || sep != argc - 2 || sep < 2) {
		fprintf(stderr, "usage: config-check FRAGMENT... -- DOTCONFIG\n");
		return 2;
	}
	load_dotconfig(argv[argc - 1]);
	for (i = 1; i < sep; i++)
		missing += check_fragment(argv[i]);
	if (missing)
		printf("config-check: %d fragment line(s) did not survive olddefconfig in %s\n",
		       missing, argv[argc - 1]);
	return missing ? 1 : 0;
}
