// SPDX-License-Identifier: GPL-2.0
/*
 * hotplug-qmp - host side of the hotplug stress: serve the guest's PCI
 * hotplug requests over QMP.
 *
 *   hotplug-qmp [--timeout S] [--idle S] [--connect S] [--qmp PATH] [--ctl PATH]
 *
 * QMP_SOCK, CTL_SOCK come from qemu/run.sh -d (--qmp, --ctl override them).
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
 * QMP is read as JSON (jansson), one object a line: a reply is the one
 * whose "id" is the id this tool put in its command; events are objects
 * with "event" (a virtio device's removal sends two DEVICE_DELETED, one
 * for its backend with only data.path: only data.device == ID counts);
 * a QMP error is reported with its error.desc.  Every wait is bounded:
 * a QMP reply or DEVICE_DELETED --timeout (60 s), a guest request --idle
 * (86400 s), each connection --connect (60 s); a wait that ends says
 * what it waited for.
 *
 * The guest confirms each add and removal in its own /sys; this tool only
 * vouches for QEMU's side.  Every request and its time go to stdout
 * (RUN_DIR/driver.log).  Exit: 0 after "bye" with no error, 1 on any error
 * (a QMP error, a DEVICE_DELETED that never came, the guest gone before
 * "bye"), 2 usage or connection failure.
 */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include <jansson.h>

#define LINE_MAX_LEN	65536
#define MAX_PENDING	64

struct conn {
	int fd;
	const char *path;
	size_t len;
	char buf[LINE_MAX_LEN];
};

static struct conn qmp = { .fd = -1 };
static struct conn ctl = { .fd = -1 };
static long timeout_ms = 60000, idle_ms = 86400000L, connect_ms = 60000;
static int errors;
static unsigned int n_add, n_del, n_cmd;
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

/* Connect to @path, retrying every 100 ms for --connect ms. */
static int unix_connect(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	long deadline = now_ms() + connect_ms;
	int fd, err;

	if (strlen(path) >= sizeof(sa.sun_path)) {
		fprintf(stderr, "hotplug-qmp: socket path too long (%zu bytes): %s\n",
			strlen(path), path);
		return -1;
	}
	strcpy(sa.sun_path, path);
	do {
		fd = socket(AF_UNIX, SOCK_STREAM, 0);
		if (fd < 0)
			break;
		if (!connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
			return fd;
		err = errno;
		close(fd);
		errno = err;
		usleep(100000);
	} while (now_ms() < deadline);
	fprintf(stderr, "hotplug-qmp: cannot connect to %s within %ld s: %s\n",
		path, connect_ms / 1000, strerror(errno));
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

/*
 * The next JSON object from QMP, or NULL with @why saying what was awaited
 * (@what) and why it did not come: timeout, connection lost, bad JSON.
 */
static json_t *qmp_read(long deadline, const char *what, char *why, size_t size)
{
	static char line[LINE_MAX_LEN];
	json_error_t err;
	json_t *j;
	int r;

	for (;;) {
		r = read_line(&qmp, line, sizeof(line), deadline);
		if (r == 0) {
			snprintf(why, size, "no %s after %ld ms", what, timeout_ms);
			return NULL;
		}
		if (r < 0) {
			snprintf(why, size, "qmp connection lost waiting for %s", what);
			return NULL;
		}
		if (!line[strspn(line, " \t")])
			continue;
		j = json_loads(line, 0, &err);
		if (j && json_is_object(j))
			return j;
		json_decref(j);
		snprintf(why, size, "qmp sent %s waiting for %s: %.120s",
			 j ? "a non-object" : err.text, what, line);
		return NULL;
	}
}

/* Note a DEVICE_DELETED that names a device; log every other event. */
static void note_event(json_t *ev)
{
	const char *name = json_string_value(json_object_get(ev, "event"));
	json_t *data = json_object_get(ev, "data");
	const char *dev = json_string_value(json_object_get(data, "device"));
	const char *path = json_string_value(json_object_get(data, "path"));

	if (!name || strcmp(name, "DEVICE_DELETED")) {
		logmsg("qmp event %s", name ? name : "(unnamed)");
		return;
	}
	if (!dev || !*dev) {	/* a virtio backend: data.path only */
		logmsg("qmp event DEVICE_DELETED path %s (no device id)", path ? path : "?");
		return;
	}
	if (n_deleted < MAX_PENDING && strlen(dev) < sizeof(deleted[0]))
		strcpy(deleted[n_deleted++], dev);
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
 * Execute @cmd with @args (a new reference, may be NULL) and wait for the
 * reply carrying this command's id.  Events read meanwhile are noted;
 * replies with another id are logged and dropped.  Returns 0 on "return",
 * -1 with @why filled (error.desc for a QMP error).
 */
static int qmp_cmd(const char *cmd, json_t *args, char *why, size_t size)
{
	long deadline = now_ms() + timeout_ms;
	char id[32], what[96];
	json_t *req, *rep, *err;
	const char *rid, *desc;
	char *text;
	int rc;

	snprintf(id, sizeof(id), "hq-%u", ++n_cmd);
	snprintf(what, sizeof(what), "reply to %s (id %s)", cmd, id);
	req = json_pack("{s:s, s:s}", "execute", cmd, "id", id);
	if (!req || (args && json_object_set_new(req, "arguments", args))) {
		snprintf(why, size, "cannot build %s", cmd);
		json_decref(req);
		return -1;
	}
	text = json_dumps(req, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(req);
	rc = !text || send_all(&qmp, text) || send_all(&qmp, "\n");
	free(text);
	if (rc) {
		snprintf(why, size, "qmp write failed (%s)", cmd);
		return -1;
	}
	while ((rep = qmp_read(deadline, what, why, size))) {
		if (json_object_get(rep, "event")) {
			note_event(rep);
		} else if (!json_object_get(rep, "return") && !json_object_get(rep, "error")) {
			logmsg("qmp: neither reply nor event, ignored");
		} else if (!(rid = json_string_value(json_object_get(rep, "id"))) ||
			   strcmp(rid, id)) {
			logmsg("qmp: reply for id %s ignored (waiting for %s)",
			       rid ? rid : "(none)", id);
		} else {
			err = json_object_get(rep, "error");
			if (err) {
				desc = json_string_value(json_object_get(err, "desc"));
				snprintf(why, size, "%s", desc ? desc : "QMP error without desc");
			}
			json_decref(rep);
			return err ? -1 : 0;
		}
		json_decref(rep);
	}
	return -1;
}

static int qmp_setup(void)
{
	char why[256];
	json_t *hello;

	if (!qmp.path) {
		fprintf(stderr, "hotplug-qmp: QMP_SOCK not set (or --qmp)\n");
		return -1;
	}
	qmp.fd = unix_connect(qmp.path);
	if (qmp.fd < 0)
		return -1;
	hello = qmp_read(now_ms() + timeout_ms, "QMP greeting", why, sizeof(why));
	if (!hello || !json_object_get(hello, "QMP")) {
		fprintf(stderr, "hotplug-qmp: %s: %s\n", qmp.path,
			hello ? "first object is not the QMP greeting" : why);
		json_decref(hello);
		return -1;
	}
	json_decref(hello);
	if (qmp_cmd("qmp_capabilities", NULL, why, sizeof(why)) ||
	    qmp_cmd("blockdev-add", json_pack("{s:s, s:s, s:i}", "driver", "null-co",
					      "node-name", "nb0", "size", 16777216),
		    why, sizeof(why))) {
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
	char addr[40];
	json_t *args;
	long t = now_ms();

	if (!valid_token(id) || !valid_token(slot)) {
		snprintf(why, size, "bad id or slot");
		return -1;
	}
	snprintf(addr, sizeof(addr), "0x%s", slot);
	if (!strcmp(kind, "net"))
		args = json_pack("{s:s, s:s, s:s, s:s}", "driver", "virtio-net-pci",
				 "id", id, "bus", "pci.0", "addr", addr);
	else if (!strcmp(kind, "blk"))
		args = json_pack("{s:s, s:s, s:s, s:s, s:s}", "driver", "virtio-blk-pci",
				 "drive", "nb0", "id", id, "bus", "pci.0", "addr", addr);
	else {
		snprintf(why, size, "unknown kind '%s'", kind);
		return -1;
	}
	if (qmp_cmd("device_add", args, why, size))
		return -1;
	t = now_ms() - t;
	n_add++;
	ms_add += t;
	snprintf(why, size, "%ld", t);
	return 0;
}

static int do_del(const char *id, char *why, size_t size)
{
	long t = now_ms(), deadline = t + timeout_ms;
	char what[96];
	json_t *ev;

	if (!valid_token(id)) {
		snprintf(why, size, "bad id");
		return -1;
	}
	take_deleted(id);	/* a stale event must not satisfy this wait */
	if (qmp_cmd("device_del", json_pack("{s:s}", "id", id), why, size))
		return -1;
	snprintf(what, sizeof(what), "DEVICE_DELETED for %s", id);
	while (!take_deleted(id)) {
		ev = qmp_read(deadline, what, why, size);
		if (!ev)
			return -1;
		if (json_object_get(ev, "event"))
			note_event(ev);
		else
			logmsg("qmp: reply for id %s ignored (waiting for %s)",
			       json_string_value(json_object_get(ev, "id")) ?: "(none)", what);
		json_decref(ev);
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
	int r;

	if (!ctl.path) {
		fprintf(stderr, "hotplug-qmp: CTL_SOCK not set (or --ctl)\n");
		return 2;
	}
	ctl.fd = unix_connect(ctl.path);
	if (ctl.fd < 0)
		return 2;
	logmsg("ctl connected");
	/* The guest may take minutes between requests (stress, kmemleak). */
	while ((r = read_line(&ctl, line, sizeof(line), now_ms() + idle_ms)) > 0) {
		r = serve(line);
		if (r)
			break;
	}
	if (r == 0)
		logmsg("no request from the guest on %s for %ld s", ctl.path, idle_ms / 1000);
	else if (r != 1)
		logmsg("guest went away before 'bye'");
	return r == 1 ? !!errors : 1;
}

static long seconds(const char *opt, const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || *end || v <= 0 || v > 30L * 86400) {
		fprintf(stderr, "hotplug-qmp: %s: '%s' is not a number of seconds\n", opt, s);
		exit(2);
	}
	return v * 1000;
}

static const char usage[] =
	"usage: hotplug-qmp [-t|--timeout S] [-i|--idle S] [-c|--connect S]\n"
	"                   [--qmp PATH] [--ctl PATH]\n"
	"  --timeout S  wait for a QMP reply or DEVICE_DELETED (60)\n"
	"  --idle S     wait for the guest's next request (86400)\n"
	"  --connect S  keep retrying each socket (60)\n"
	"  --qmp PATH   QEMU's QMP socket (default $QMP_SOCK)\n"
	"  --ctl PATH   the guest's ttyS3 socket (default $CTL_SOCK)\n";

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "timeout", required_argument, NULL, 't' },
		{ "idle",    required_argument, NULL, 'i' },
		{ "connect", required_argument, NULL, 'c' },
		{ "qmp",     required_argument, NULL, 'q' },
		{ "ctl",     required_argument, NULL, 'C' },
		{ "help",    no_argument,       NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int opt, rc;

	qmp.path = getenv("QMP_SOCK");
	ctl.path = getenv("CTL_SOCK");
	while ((opt = getopt_long(argc, argv, "t:i:c:h", opts, NULL)) != -1) {
		switch (opt) {
		case 't': timeout_ms = seconds("--timeout", optarg); break;
		case 'i': idle_ms = seconds("--idle", optarg); break;
		case 'c': connect_ms = seconds("--connect", optarg); break;
		case 'q': qmp.path = optarg; break;
		case 'C': ctl.path = optarg; break;
		case 'h': fputs(usage, stdout); return 0;
		default:	/* getopt_long named the option */
			fputs(usage, stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "hotplug-qmp: unexpected argument '%s'\n%s", argv[optind], usage);
		return 2;
	}
	if (qmp_setup())
		return 2;
	rc = ctl_loop();
	logmsg("summary: adds %u (avg %ld ms) dels %u (avg %ld ms, max %ld ms) "
	     "errors %d exit %d", n_add, n_add ? ms_add / n_add : 0, n_del,
	     n_del ? ms_del / n_del : 0, ms_del_max, errors, rc);
	return rc;
}
