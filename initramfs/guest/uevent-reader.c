// SPDX-License-Identifier: GPL-2.0
/*
 * uevent-reader - a uevent consumer that does what udev does with a
 * device, beside the hotplug stress (scenarios/hotplug.sh, consumer=1).
 *
 *   uevent-reader COUNTS
 *
 * Listens on the kernel's uevent netlink socket (as hotplug-util uevents
 * does, beside it) and, for every event:
 *   remove   races one read of the removed path: its uevent attribute,
 *            /sys$DEVPATH/uevent (most often gone already; a read that
 *            still finds it counts as "raced")
 *   others   (add, change, bind, unbind, move, online, offline) as udev's
 *            rules see a device: on add, opens its node /dev/$DEVNAME if
 *            it has one (a block device: one 4 KiB read, as blkid probes
 *            it), then reads every attribute (regular file) of the device
 *            and of each parent up to /sys/devices
 * The rig's own serial ports and consoles (tty*, hvc*, console, kmsg) are
 * never opened: a read there would take the host's replies.
 * On SIGTERM or SIGINT it writes one line of counts to COUNTS and exits 0:
 *   events N add N remove N other N nodes N node_errors N attrs N
 *   attr_errors N dirs N dirs_gone N raced N overruns N
 * (attr_errors: opens or reads that failed while the directory was still
 * there; dirs_gone: a device or parent gone before it was read).
 * Exit 1 when the socket cannot be set up or COUNTS written.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <linux/netlink.h>

/**
 * struct counts - what the consumer did, written to COUNTS at the end
 */
static struct counts {
	unsigned long events, add, remove, other;
	unsigned long nodes, node_errors;
	unsigned long attrs, attr_errors, dirs, dirs_gone;
	unsigned long raced, overruns;
} c;

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* the value of KEY in a uevent message (NUL-separated KEY=value), or NULL */
static const char *ue_get(const char *msg, size_t len, const char *key)
{
	size_t klen = strlen(key);
	const char *p = msg, *end = msg + len;

	for (; p < end; p += strlen(p) + 1)
		if (!strncmp(p, key, klen) && p[klen] == '=')
			return p + klen + 1;
	return NULL;
}

/**
 * read_file() - open and read one file to its end, as a reader does
 * @dirfd: the directory, or AT_FDCWD
 * @name: the file
 *
 * Return: 0 when read, else the errno of the open or the read.
 */
static int read_file(int dirfd, const char *name)
{
	char buf[4096];
	ssize_t n;
	int fd = openat(dirfd, name, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	int err = 0;

	if (fd < 0)
		return errno;
	do
		n = read(fd, buf, sizeof(buf));
	while (n > 0);
	if (n < 0)
		err = errno;
	close(fd);
	return err;
}

/**
 * read_attrs() - read every readable regular file of one sysfs directory
 * @dir: the directory, /sys/devices/...
 */
static void read_attrs(const char *dir)
{
	struct dirent *d;
	struct stat st;
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *dp;

	c.dirs++;
	if (dfd < 0 || !(dp = fdopendir(dfd))) {
		c.dirs_gone++;
		if (dfd >= 0)
			close(dfd);
		return;
	}
	while ((d = readdir(dp))) {
		if (d->d_type != DT_REG && d->d_type != DT_UNKNOWN)
			continue;
		if (fstatat(dfd, d->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISREG(st.st_mode) || !(st.st_mode & S_IRUSR))
			continue;
		c.attrs++;
		if (read_file(dfd, d->d_name)) {
			/* the device went away under us: not the attribute's fault */
			if (access(dir, F_OK))
				c.dirs_gone++;
			else
				c.attr_errors++;
		}
	}
	closedir(dp);
}

/* never open the rig's own ports and consoles (see the header) */
static int node_skipped(const char *name)
{
	static const char *const skip[] = { "tty", "hvc", "console", "kmsg", "ttyS" };
	size_t i;

	for (i = 0; i < sizeof(skip) / sizeof(skip[0]); i++)
		if (!strncmp(name, skip[i], strlen(skip[i])))
			return 1;
	return 0;
}

/* on add: open the device's node, read 4 KiB of a block device */
static void open_node(const char *devname)
{
	char path[512], buf[4096];
	struct stat st;
	int fd;

	if (node_skipped(devname))
		return;
	snprintf(path, sizeof(path), "/dev/%s", devname);
	c.nodes++;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		c.node_errors++;
		return;
	}
	if (!fstat(fd, &st) && S_ISBLK(st.st_mode) && read(fd, buf, sizeof(buf)) < 0)
		c.node_errors++;
	close(fd);
}

/* an event other than remove: the node, then the device and its parents */
static void consume(const char *action, const char *devpath, const char *devname)
{
	char dir[4096];
	char *slash;

	if (!strcmp(action, "add") && devname)
		open_node(devname);
	if (snprintf(dir, sizeof(dir), "/sys%s", devpath) >= (int)sizeof(dir))
		return;
	while (strncmp(dir, "/sys/devices/", 13) == 0 || strncmp(dir, "/sys/module/", 12) == 0 ||
	       strncmp(dir, "/sys/bus/", 9) == 0 || strncmp(dir, "/sys/kernel/", 12) == 0) {
		read_attrs(dir);
		slash = strrchr(dir, '/');
		if (!slash || slash - dir <= 4)
			break;
		*slash = '\0';
		/* stop at the subsystem root (/sys/devices, /sys/module, ...) */
		if (!strchr(dir + 5, '/'))
			break;
	}
}

/* remove: one read of the removed path, racing its removal */
static void race_remove(const char *devpath)
{
	char path[4096];

	if (snprintf(path, sizeof(path), "/sys%s/uevent", devpath) >= (int)sizeof(path))
		return;
	if (read_file(AT_FDCWD, path) == 0)
		c.raced++;
}

static int ue_socket(void)
{
	struct sockaddr_nl sa = {
		.nl_family = AF_NETLINK,
		.nl_groups = 1,		/* the kernel's events */
	};
	int sz = 16 << 20, fd;

	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
	if (fd < 0) {
		perror("uevent-reader: socket");
		return -1;
	}
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &sz, sizeof(sz)))
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &sz, sizeof(sz));
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("uevent-reader: bind");
		close(fd);
		return -1;
	}
	return fd;
}

int main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = on_signal };	/* no SA_RESTART */
	char msg[8192];
	FILE *out;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: uevent-reader COUNTS\n");
		return 2;
	}
	fd = ue_socket();
	if (fd < 0)
		return 1;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	while (!stop) {
		const char *action, *devpath;
		ssize_t len = recv(fd, msg, sizeof(msg) - 1, 0);

		if (len < 0 && errno == ENOBUFS) {
			c.overruns++;
			continue;
		}
		if (len <= 0)
			continue;	/* EINTR: stop is set */
		msg[len] = '\0';
		action = ue_get(msg, len, "ACTION");
		devpath = ue_get(msg, len, "DEVPATH");
		if (!action || !devpath)
			continue;
		c.events++;
		if (!strcmp(action, "remove")) {
			c.remove++;
			race_remove(devpath);
			continue;
		}
		if (!strcmp(action, "add"))
			c.add++;
		else
			c.other++;
		consume(action, devpath, ue_get(msg, len, "DEVNAME"));
	}
	out = fopen(argv[1], "w");
	if (!out) {
		perror(argv[1]);
		return 1;
	}
	fprintf(out, "events %lu add %lu remove %lu other %lu nodes %lu node_errors %lu "
		"attrs %lu attr_errors %lu dirs %lu dirs_gone %lu raced %lu overruns %lu\n",
		c.events, c.add, c.remove, c.other, c.nodes, c.node_errors,
		c.attrs, c.attr_errors, c.dirs, c.dirs_gone, c.raced, c.overruns);
	return fclose(out) ? 1 : 0;
}
