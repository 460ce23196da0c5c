// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs-snapshot - print one line per entry of the sysfs tree.
 *
 *   sysfs-snapshot [ROOT]          (ROOT defaults to /sys)
 *
 * stdout, after the header line "# sysfs-snapshot 1":
 *   d PATH MODE                    directory
 *   l PATH MODE TARGET             symlink, target as readlink() gives it
 *   f PATH MODE                    attribute, value not recorded
 *   f PATH MODE =VALUE             attribute on the stable-value allowlist
 *   f PATH MODE !E<errno>          ... whose read failed
 * PATH and TARGET escape bytes <= ' ', >= 0x7f and '\' as \xHH; VALUE keeps
 * spaces, escapes '\n' '\t' '\' as \n \t \\ and other controls as \xHH, and
 * drops one trailing newline. MODE is octal permission bits. Children are
 * sorted by strcmp(); symlinks are never followed and directories of other
 * file systems (debugfs, tracefs) are listed but not entered.
 *
 * Values are read only from regular files with an owner-read bit whose name
 * is on the allowlist below (identity attributes: never counters, times,
 * addresses or binary attributes), at most 4 KiB, with O_NONBLOCK.
 *
 * stderr: KTAP diagnostics "# dirs N", "# attrs N", "# links N" and
 * "# devices BUS N" (entries of ROOT/bus/BUS/devices), the same counts
 * tools/snapdiff.c derives from the snapshot.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define VALUE_MAX	4096
#define MAX_BUSES	256

static const char * const stable_attrs[] = {
	"uevent", "modalias", "vendor", "device", "subsystem_vendor",
	"subsystem_device", "class", "revision", "dev", "name", "type",
	NULL
};

static struct {
	unsigned long dirs, attrs, links;
	int nbuses;
	char *bus[MAX_BUSES];
	unsigned long devices[MAX_BUSES];
} count;

static dev_t root_dev;
static char bus_prefix[PATH_MAX];	/* "ROOT/bus/" */

static void put_escaped(const char *s, size_t len, int is_value)
{
	for (; len; s++, len--) {
		unsigned char c = *s;

		if (is_value && c == '\n')
			fputs("\\n", stdout);
		else if (is_value && c == '\t')
			fputs("\\t", stdout);
		else if (is_value && c == '\\')
			fputs("\\\\", stdout);
		else if (c < ' ' || c >= 0x7f || c == '\\' ||
			 (!is_value && c == ' '))
			printf("\\x%02x", c);
		else
			putchar(c);
	}
}

static void put_head(char type, const char *path, mode_t mode)
{
	printf("%c ", type);
	put_escaped(path, strlen(path), 0);
	printf(" %04o", (unsigned int)(mode & 07777));
}

static int is_stable_attr(const char *name)
{
	const char * const *a;

	for (a = stable_attrs; *a; a++)
		if (!strcmp(*a, name))
			return 1;
	return 0;
}

static void put_value(const char *path)
{
	char buf[VALUE_MAX];
	size_t len = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW);

	if (fd < 0) {
		printf(" !E%d", errno);
		return;
	}
	while (len < sizeof(buf)) {
		n = read(fd, buf + len, sizeof(buf) - len);
		if (n < 0) {
			printf(" !E%d", errno);
			close(fd);
			return;
		}
		if (n == 0)
			break;
		len += n;
	}
	close(fd);
	if (len && buf[len - 1] == '\n')
		len--;
	fputs(" =", stdout);
	put_escaped(buf, len, 1);
}

/* A directory ROOT/bus/BUS/devices starts a per-bus device count. */
static void note_dir(const char *path)
{
	const char *rest;
	size_t n;

	if (strncmp(path, bus_prefix, strlen(bus_prefix)))
		return;
	rest = path + strlen(bus_prefix);
	n = strcspn(rest, "/");
	if (strcmp(rest + n, "/devices") || count.nbuses == MAX_BUSES)
		return;
	count.bus[count.nbuses++] = strndup(rest, n);
}

/* A link directly in the last bus's devices/ directory is a device. */
static void note_link(const char *dir)
{
	const char *bus;
	size_t n;

	if (!count.nbuses)
		return;
	bus = count.bus[count.nbuses - 1];
	n = strlen(bus_prefix);
	if (!strncmp(dir, bus_prefix, n) &&
	    !strncmp(dir + n, bus, strlen(bus)) &&
	    !strcmp(dir + n + strlen(bus), "/devices"))
		count.devices[count.nbuses - 1]++;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int skip_dots(const struct dirent *d)
{
	return strcmp(d->d_name, ".") && strcmp(d->d_name, "..");
}

static void walk(const char *dir);

static void visit(const char *dir, const char *path, const char *name)
{
	char target[PATH_MAX];
	struct stat st;
	ssize_t n;

	if (lstat(path, &st)) {
		fprintf(stderr, "sysfs-snapshot: %s: %m\n", path);
		return;
	}
	if (S_ISLNK(st.st_mode)) {
		n = readlink(path, target, sizeof(target));
		if (n < 0)
			n = 0;
		put_head('l', path, st.st_mode);
		putchar(' ');
		put_escaped(target, n, 0);
		putchar('\n');
		count.links++;
		note_link(dir);
	} else if (S_ISDIR(st.st_mode)) {
		if (st.st_dev == root_dev) {
			walk(path);
			return;
		}
		put_head('d', path, st.st_mode);	/* a mount point */
		putchar('\n');
		count.dirs++;
	} else if (S_ISREG(st.st_mode)) {
		put_head('f', path, st.st_mode);
		if ((st.st_mode & S_IRUSR) && is_stable_attr(name))
			put_value(path);
		putchar('\n');
		count.attrs++;
	}
}

static void walk(const char *dir)
{
	char path[PATH_MAX];
	struct dirent **ents;
	struct stat st;
	int i, n;

	if (lstat(dir, &st)) {
		fprintf(stderr, "sysfs-snapshot: %s: %m\n", dir);
		return;
	}
	put_head('d', dir, st.st_mode);
	putchar('\n');
	count.dirs++;
	note_dir(dir);
	n = scandir(dir, &ents, skip_dots, by_name);
	if (n < 0) {
		fprintf(stderr, "sysfs-snapshot: %s: %m\n", dir);
		return;
	}
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, ents[i]->d_name);
		visit(dir, path, ents[i]->d_name);
		free(ents[i]);
	}
	free(ents);
}

int main(int argc, char **argv)
{
	const char *root = argc > 1 ? argv[1] : "/sys";
	struct stat st;
	int i;

	if (argc > 2 || lstat(root, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "usage: sysfs-snapshot [ROOT-DIRECTORY]\n");
		return 2;
	}
	root_dev = st.st_dev;
	snprintf(bus_prefix, sizeof(bus_prefix), "%s/bus/", root);
	puts("# sysfs-snapshot 1");
	walk(root);
	if (fflush(stdout) || ferror(stdout)) {
		perror("sysfs-snapshot: stdout");
		return 1;
	}
	fprintf(stderr, "# dirs %lu\n# attrs %lu\n# links %lu\n",
		count.dirs, count.attrs, count.links);
	for (i = 0; i < count.nbuses; i++)
		fprintf(stderr, "# devices %s %lu\n", count.bus[i],
			count.devices[i]);
	return 0;
}
