// SPDX-License-Identifier: GPL-2.0
/*
 * qmp-peer - the other end of qemu/hotplug-qmp in host tests: a fake QEMU
 * monitor and/or a fake guest ttyS3, each a listening UNIX socket, driven
 * by a script.
 *
 *   qmp-peer [--qmp PATH] [--ctl PATH] SCRIPT
 *
 * SCRIPT lines, in order (blank and '#' lines skipped):
 *   qmp> TEXT      send TEXT to the QMP client; $ID is the last command's id
 *   qmp< COMMAND   read one JSON object; its "execute" must be COMMAND; its
 *                  "id" becomes $ID
 *   ctl> TEXT      send TEXT on the guest's line
 *   ctl< PATTERN   read a line; it must match PATTERN (fnmatch)
 *   sleep MS
 *   close qmp|ctl
 * Every read and accept waits at most 10 s.  Exit 0 when the script ran to
 * its end, 1 naming the script line that failed, 2 usage.
 */
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <jansson.h>

#define WAIT_MS 10000

struct end {
	const char *name, *path;
	int lfd, fd;
	size_t len;
	char buf[65536];
};

static struct end ends[2] = { { .name = "qmp", .lfd = -1, .fd = -1 },
			      { .name = "ctl", .lfd = -1, .fd = -1 } };
static const char *script;
static int lineno;

static void fail(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "qmp-peer: %s:%d: ", script, lineno);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	exit(1);
}

static void listen_on(struct end *e)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };

	if (strlen(e->path) >= sizeof(sa.sun_path))
		fail("%s socket path too long: %s", e->name, e->path);
	strcpy(sa.sun_path, e->path);
	unlink(e->path);
	e->lfd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (e->lfd < 0 || bind(e->lfd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    listen(e->lfd, 1))
		fail("cannot listen on %s: %s", e->path, strerror(errno));
}

static struct end *get(const char *name)
{
	struct end *e = &ends[strcmp(name, "qmp") ? 1 : 0];
	struct pollfd p = { .events = POLLIN };

	if (!e->path)
		fail("%s: no socket given (--%s)", name, name);
	if (e->fd < 0) {
		p.fd = e->lfd;
		if (poll(&p, 1, WAIT_MS) != 1)
			fail("%s: no client connected within 10 s%s", name, "");
		e->fd = accept(e->lfd, NULL, NULL);
		if (e->fd < 0)
			fail("%s: accept: %s", name, strerror(errno));
	}
	return e;
}

static void get_line(struct end *e, char *line, size_t size)
{
	struct pollfd p = { .fd = e->fd, .events = POLLIN };
	char *nl;
	ssize_t r;

	while (!(nl = memchr(e->buf, '\n', e->len))) {
		if (poll(&p, 1, WAIT_MS) != 1)
			fail("%s: no line within 10 s%s", e->name, "");
		r = read(e->fd, e->buf + e->len, sizeof(e->buf) - e->len);
		if (r <= 0)
			fail("%s: connection closed by the client%s", e->name, "");
		e->len += r;
	}
	*nl = '\0';
	snprintf(line, size, "%s", e->buf);
	e->len -= nl + 1 - e->buf;
	memmove(e->buf, nl + 1, e->len);
}

static void put(struct end *e, const char *text)
{
	if (dprintf(e->fd, "%s\n", text) < 0)
		fail("%s: write: %s", e->name, strerror(errno));
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "qmp", required_argument, NULL, 'q' },
		{ "ctl", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 }
	};
	char buf[4096], line[65536], out[8192], id[256] = "", *arg, *p;
	const char *exec;
	json_t *j;
	FILE *f;
	int o;

	while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (o == '?' || optind > argc)
			return 2;
		ends[o == 'q' ? 0 : 1].path = optarg;
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: qmp-peer [--qmp PATH] [--ctl PATH] SCRIPT\n");
		return 2;
	}
	script = argv[optind];
	f = fopen(script, "r");
	if (!f)
		fail("cannot open: %s%s", strerror(errno), "");
	for (o = 0; o < 2; o++)
		if (ends[o].path)
			listen_on(&ends[o]);
	while (fgets(buf, sizeof(buf), f)) {
		lineno++;
		buf[strcspn(buf, "\n")] = '\0';
		if (!buf[0] || buf[0] == '#')
			continue;
		arg = buf + 5;
		if (!strncmp(buf, "sleep ", 6)) {
			usleep(atoi(buf + 6) * 1000);
		} else if (!strncmp(buf, "close ", 6)) {
			close(get(buf + 6)->fd);
		} else if (strlen(buf) < 5 || buf[3] == '\0' || buf[4] != ' ') {
			fail("bad script line '%s'%s", buf, "");
		} else if (buf[3] == '>') {
			buf[3] = '\0';
			/* $ID: the last command's id */
			out[0] = '\0';
			while ((p = strstr(arg, "$ID"))) {
				strncat(out, arg, p - arg);
				strcat(out, id);
				arg = p + 3;
			}
			strcat(out, arg);
			put(get(buf), out);
		} else if (buf[3] == '<') {
			buf[3] = '\0';
			get_line(get(buf), line, sizeof(line));
			if (!strcmp(buf, "ctl")) {
				if (fnmatch(arg, line, 0))
					fail("ctl: want '%s', got '%s'", arg, line);
				continue;
			}
			j = json_loads(line, 0, NULL);
			exec = json_string_value(json_object_get(j, "execute"));
			if (!exec || strcmp(exec, arg))
				fail("qmp: want command %s, got '%s'", arg, line);
			snprintf(id, sizeof(id), "%s",
				 json_string_value(json_object_get(j, "id")) ?: "");
			json_decref(j);
		} else {
			fail("bad script line '%s'%s", buf, "");
		}
	}
	return 0;
}
