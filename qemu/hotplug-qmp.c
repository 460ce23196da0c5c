// SPDX-License-Identifier: GPL-2.0
/*
 * hotplug-qmp - host side of the hotplug stress: serve the guest's PCI
 * hotplug requests over QMP.
 *
 *   hotplug-qmp [-t TIMEOUT_S]        (QMP_SOCK, CTL_SOCK from qemu/run.sh -d)
 *
 * Connects to QMP_SOCK (QEMU's monitor, retrying while QEMU starts), sends
 * qmp_capabilities and adds one null-co block node "nb0" for virtio-blk.
 * Then it connects to CTL_SOCK (ttyS3 in the guest) and answers one request
 * per line; every request starts with a sequence number the reply repeats:
 *
 *   SEQ hello                       -> SEQ ok hello
 *   SEQ add net|blk ID SLOT         -> device_add virtio-{net,blk}-pci,
 *                                      id=ID,bus=pci.0,addr=0xSLOT
 *                                   -> SEQ ok add ID MS | SEQ err WHY
 *   SEQ del ID                      -> device_del ID, then wait for the
 *                                      DEVICE_DELETED whose data.device is ID
 *                                   -> SEQ ok del ID MS | SEQ err WHY
 *   SEQ bye                         -> SEQ ok bye; exit 0
 *
 * The guest confirms each add and removal in its own /sys; this tool only
 * vouches for QEMU's side.  Every request and its time go to stdout
 * (RUN_DIR/driver.log).  Exit: 0 after "bye" with no error, 1 on any error
 * (a QMP error, a DEVICE_DELETED that never came, the guest gone before
 * "bye"), 2 usage or connection failure.
 */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define LINE_MAX_LEN	65536
#define CONNECT_TRIES	600		/* x 100 ms */
#define MAX_PENDING	64

struct conn {
	int fd;
	const char *name;
	size_t len;
	char buf[LINE_MAX_LEN];
};

static struct conn qmp = { .fd = -1, .name = "qmp" };
static struct conn ctl = { .fd = -1, .name = "ctl" };
static int timeout_ms = 60000;
static int errors;
static unsigned int n_add, n_del;
static long ms_add, ms_del, ms_del_max;

/* ids whose DEVICE_DELETED arrived while we waited for something else */
static char deleted[MAX_PENDING][64];
static int n_deleted;

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000;
}

static void logmsg(const char *fmt, ...)
{
	va_list ap;

	printf("[%8.3f] ", now_ms() / 1000.0);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static int unix_connect(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int i, fd;

	if (strlen(path) >= sizeof(sa.sun_path))
		return -1;
	strcpy(sa.sun_path, path);
	for (i = 0; i < CONNECT_TRIES; i++) {
		fd = socket(AF_UNIX, SOCK_STREAM, 0);
		if (fd < 0)
			return -1;
		if (!connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
			return fd;
		close(fd);
		usleep(100000);
	}
	return -1;
}

static int send_all(struct conn *c, const char *s)
{
	size_t n = strlen(s);

	while (n) {
		ssize_t w = write(c->fd, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		n -= w;
	}
	return 0;
}

/*
 * Read one line from @c into @line (without the line end), waiting at most
 * until @deadline (ms, CLOCK_MONOTONIC).  Returns 1 for a line, 0 on
 * timeout, -1 on EOF or error.
 */
static int read_line(struct conn *c, char *line, size_t size, long deadline)
{
	for (;;) {
		char *nl = memchr(c->buf, '\n', c->len);
		struct pollfd p = { .fd = c->fd, .events = POLLIN };
		long left;
		ssize_t r;

		if (nl) {
			size_t n = nl - c->buf;

			if (n && c->buf[n - 1] == '\r')
				n--;
			if (n >= size)
				n = size - 1;
			memcpy(line, c->buf, n);
			line[n] = '\0';
			c->len -= nl + 1 - c->buf;
			memmove(c->buf, nl + 1, c->len);
			return 1;
		}
		if (c->len == sizeof(c->buf))
			c->len = 0;	/* overlong line: drop it */
		left = deadline - now_ms();
		if (left <= 0)
			return 0;
		if (poll(&p, 1, left) < 0 && errno != EINTR)
			return -1;
		if (!(p.revents & (POLLIN | POLLHUP)))
			continue;
		r = read(c->fd, c->buf + c->len, sizeof(c->buf) - c->len);
		if (r <= 0)
			return -1;
		c->len += r;
	}
}

/* The id of a DEVICE_DELETED event that names a device, or NULL. */
static const char *deleted_device(const char *line, char *id, size_t size)
{
	const char *p, *q;

	if (!strstr(line, "\"DEVICE_DELETED\""))
		return NULL;
	p = strstr(line, "\"device\": \"");
	if (!p)
		return NULL;
	p += strlen("\"device\": \"");
	q = strchr(p, '"');
	if (!q || (size_t)(q - p) >= size)
		return NULL;
	memcpy(id, p, q - p);
	id[q - p] = '\0';
	return id;
}

static void note_event(const char *line)
{
	char id[64];

	if (deleted_device(line, id, sizeof(id)) && n_deleted < MAX_PENDING)
		strcpy(deleted[n_deleted++], id);
}

/* Forget and report whether DEVICE_DELETED for @id has been seen. */
static int take_deleted(const char *id)
{
	int i;

	for (i = 0; i < n_deleted; i++) {
		if (strcmp(deleted[i], id))
			continue;
		memmove(deleted[i], deleted[i + 1],
			(n_deleted - i - 1) * sizeof(deleted[0]));
		n_deleted--;
		return 1;
	}
	return 0;
}

/*
 * Send one QMP command and wait for its "return" or "error".  Events read
 * meanwhile are noted.  Returns 0 on success, -1 with @why filled.
 */
static int qmp_cmd(const char *cmd, char *why, size_t size)
{
	static char line[LINE_MAX_LEN];
	long deadline = now_ms() + timeout_ms;
	int r;

	if (send_all(&qmp, cmd) || send_all(&qmp, "\n")) {
		snprintf(why, size, "qmp write failed");
		return -1;
	}
	while ((r = read_line(&qmp, line, sizeof(line), deadline)) > 0) {
		if (strstr(line, "\"event\"")) {
			note_event(line);
			continue;
		}
		if (!strncmp(line, "{\"return\"", 9))
			return 0;
		if (strstr(line, "\"error\"")) {
			snprintf(why, size, "%.200s", line);
			return -1;
		}
	}
	snprintf(why, size, r ? "qmp connection lost" : "qmp reply timed out");
	return -1;
}

static int qmp_setup(void)
{
	static char line[LINE_MAX_LEN];
	const char *path = getenv("QMP_SOCK");
	char why[256];

	if (!path) {
		fprintf(stderr, "hotplug-qmp: QMP_SOCK not set\n");
		return -1;
	}
	qmp.fd = unix_connect(path);
	if (qmp.fd < 0) {
		fprintf(stderr, "hotplug-qmp: cannot connect to %s\n", path);
		return -1;
	}
	if (read_line(&qmp, line, sizeof(line), now_ms() + timeout_ms) <= 0 ||
	    !strstr(line, "\"QMP\"")) {
		fprintf(stderr, "hotplug-qmp: no QMP greeting\n");
		return -1;
	}
	if (qmp_cmd("{\"execute\": \"qmp_capabilities\"}", why, sizeof(why)) ||
	    qmp_cmd("{\"execute\": \"blockdev-add\", \"arguments\": "
		    "{\"driver\": \"null-co\", \"node-name\": \"nb0\", "
		    "\"size\": 16777216}}", why, sizeof(why))) {
		fprintf(stderr, "hotplug-qmp: setup: %s\n", why);
		return -1;
	}
	logmsg("qmp ready, block node nb0 added");
	return 0;
}

static int valid_token(const char *s)
{
	if (!*s || strlen(s) > 32)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
			return 0;
	return 1;
}

static int do_add(const char *kind, const char *id, const char *slot,
		  char *why, size_t size)
{
	char cmd[512];
	long t = now_ms();

	if (!valid_token(id) || !valid_token(slot)) {
		snprintf(why, size, "bad id or slot");
		return -1;
	}
	if (!strcmp(kind, "net"))
		snprintf(cmd, sizeof(cmd), "{\"execute\": \"device_add\", "
			 "\"arguments\": {\"driver\": \"virtio-net-pci\", "
			 "\"id\": \"%s\", \"bus\": \"pci.0\", \"addr\": \"0x%s\"}}",
			 id, slot);
	else if (!strcmp(kind, "blk"))
		snprintf(cmd, sizeof(cmd), "{\"execute\": \"device_add\", "
			 "\"arguments\": {\"driver\": \"virtio-blk-pci\", "
			 "\"drive\": \"nb0\", \"id\": \"%s\", \"bus\": \"pci.0\", "
			 "\"addr\": \"0x%s\"}}", id, slot);
	else {
		snprintf(why, size, "unknown kind '%s'", kind);
		return -1;
	}
	if (qmp_cmd(cmd, why, size))
		return -1;
	t = now_ms() - t;
	n_add++;
	ms_add += t;
	snprintf(why, size, "%ld", t);
	return 0;
}

static int do_del(const char *id, char *why, size_t size)
{
	static char line[LINE_MAX_LEN];
	char cmd[256];
	long t = now_ms(), deadline = t + timeout_ms;
	int r;

	if (!valid_token(id)) {
		snprintf(why, size, "bad id");
		return -1;
	}
	take_deleted(id);	/* a stale event must not satisfy this wait */
	snprintf(cmd, sizeof(cmd), "{\"execute\": \"device_del\", "
		 "\"arguments\": {\"id\": \"%s\"}}", id);
	if (qmp_cmd(cmd, why, size))
		return -1;
	while (!take_deleted(id)) {
		r = read_line(&qmp, line, sizeof(line), deadline);
		if (r <= 0) {
			snprintf(why, size, "no DEVICE_DELETED for %s after %d ms%s",
				 id, timeout_ms, r ? " (qmp lost)" : "");
			return -1;
		}
		note_event(line);
	}
	t = now_ms() - t;
	n_del++;
	ms_del += t;
	if (t > ms_del_max)
		ms_del_max = t;
	snprintf(why, size, "%ld", t);
	return 0;
}

/* Handle one guest request; returns 1 after "bye". */
static int serve(char *req)
{
	char *argv[8], reply[512], res[320];
	int argc = 0, rc = -1, bye = 0;

	for (char *tok = strtok(req, " \t"); tok && argc < 8;
	     tok = strtok(NULL, " \t"))
		argv[argc++] = tok;
	if (argc < 2)
		return 0;	/* line noise from the guest's boot */
	snprintf(res, sizeof(res), "bad request");
	if (!strcmp(argv[1], "hello") && argc == 2) {
		rc = 0;
		snprintf(res, sizeof(res), "hello");
	} else if (!strcmp(argv[1], "bye") && argc == 2) {
		rc = 0;
		bye = 1;
		snprintf(res, sizeof(res), "bye");
	} else if (!strcmp(argv[1], "add") && argc == 5) {
		rc = do_add(argv[2], argv[3], argv[4], res, sizeof(res));
	} else if (!strcmp(argv[1], "del") && argc == 3) {
		rc = do_del(argv[2], res, sizeof(res));
	}
	if (rc) {
		errors++;
		snprintf(reply, sizeof(reply), "%s err %s\n", argv[0], res);
	} else if (argc >= 3 && !bye) {
		snprintf(reply, sizeof(reply), "%s ok %s %s %s\n", argv[0],
			 argv[1], argv[argc == 5 ? 3 : 2], res);
	} else {
		snprintf(reply, sizeof(reply), "%s ok %s\n", argv[0], res);
	}
	logmsg("guest: %s %s %s -> %.*s", argv[1], argc > 2 ? argv[2] : "",
	     argc > 3 ? argv[3] : "", (int)strlen(reply) - 1, reply);
	if (send_all(&ctl, reply))
		return -1;
	return bye;
}

static int ctl_loop(void)
{
	static char line[LINE_MAX_LEN];
	const char *path = getenv("CTL_SOCK");
	int r;

	if (!path) {
		fprintf(stderr, "hotplug-qmp: CTL_SOCK not set\n");
		return 2;
	}
	ctl.fd = unix_connect(path);
	if (ctl.fd < 0) {
		fprintf(stderr, "hotplug-qmp: cannot connect to %s\n", path);
		return 2;
	}
	logmsg("ctl connected");
	/* The guest may take minutes between requests (stress, kmemleak). */
	while ((r = read_line(&ctl, line, sizeof(line), now_ms() + 86400000L)) > 0) {
		r = serve(line);
		if (r)
			break;
	}
	if (r != 1) {
		logmsg("guest went away before 'bye'");
		return 1;
	}
	return errors ? 1 : 0;
}

int main(int argc, char **argv)
{
	int opt, rc;

	while ((opt = getopt(argc, argv, "t:")) != -1) {
		if (opt != 't') {
			fprintf(stderr, "usage: hotplug-qmp [-t TIMEOUT_S]\n");
			return 2;
		}
		timeout_ms = atoi(optarg) * 1000;
	}
	if (qmp_setup())
		return 2;
	rc = ctl_loop();
	logmsg("summary: adds %u (avg %ld ms) dels %u (avg %ld ms, max %ld ms) "
	     "errors %d exit %d", n_add, n_add ? ms_add / n_add : 0, n_del,
	     n_del ? ms_del / n_del : 0, ms_del_max, errors, rc);
	return rc;
}
