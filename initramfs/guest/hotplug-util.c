// SPDX-License-Identifier: GPL-2.0
/*
 * hotplug-util - guest helpers for scenarios/hotplug.sh (one static binary).
 *
 *   hotplug-util ctl TIMEOUT_S WORD...
 *	Send "SEQ WORD..." on the control port $RIG_CTL, else /dev/ttyS3 (the host's
 *	qemu/hotplug-qmp) and wait for the reply line that starts with SEQ
 *	(SEQ = our pid; replies to older requests are skipped).  Prints the
 *	reply without SEQ; exit 0 if it reads "ok ...", 1 for "err ...",
 *	2 on timeout.
 *   hotplug-util wait PATTERN present|absent TIMEOUT_MS
 *	Poll (1 ms) until the glob PATTERN matches something (present) or
 *	nothing (absent).  Prints the milliseconds waited; exit 2 on timeout.
 *   hotplug-util count PATTERN
 *	Print how many paths the glob PATTERN matches.
 *   hotplug-util uevents LOG
 *	Listen on the kernel's uevent netlink socket and append one line
 *	"SEQNUM ACTION DEVPATH" per event to LOG, without forking (busybox
 *	`uevent PROG` runs PROG per event: under TCG a debug kernel's
 *	thousands of events left it minutes behind).  If the socket buffer
 *	overflows, a line "? overrun -" stands for the lost events.
 *   hotplug-util failnth N FILE STRING
 *	Open FILE, arm /proc/thread-self/fail-nth with N, write STRING to
 *	FILE, read fail-nth back.  Prints "injected 0|1 errno E"; exit 0.
 *   hotplug-util kmsg TEXT...
 *	Write TEXT to /dev/kmsg at KERN_WARNING (a marker in the console).
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/netlink.h>

#define CTL_TTY		"/dev/ttyS3"	/* unless $RIG_CTL names another */
#define REPLY_MAX	512

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000;
}

static int open_ctl(void)
{
	struct termios t;
	const char *tty = getenv("RIG_CTL") ? getenv("RIG_CTL") : CTL_TTY;
	int fd = open(tty, O_RDWR | O_NOCTTY);

	if (fd < 0) {
		fprintf(stderr, "hotplug-util: %s: %s\n", tty, strerror(errno));
		return -1;
	}
	if (!tcgetattr(fd, &t)) {
		cfmakeraw(&t);
		t.c_cflag |= CLOCAL;
		tcsetattr(fd, TCSANOW, &t);
	}
	return fd;
}

/* Read one line from @fd before @deadline; 1 line, 0 timeout, -1 error. */
static int ctl_read_line(int fd, char *line, size_t size, long deadline)
{
	size_t n = 0;

	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		long left = deadline - now_ms();
		char c;

		if (left <= 0)
			return 0;
		if (poll(&p, 1, left) <= 0)
			continue;
		if (read(fd, &c, 1) != 1)
			return -1;
		if (c == '\r')
			continue;
		if (c == '\n') {
			line[n] = '\0';
			return 1;
		}
		if (n + 1 < size)
			line[n++] = c;
	}
}

static int cmd_ctl(int argc, char **argv)
{
	char req[REPLY_MAX], line[REPLY_MAX], seq[32];
	long deadline;
	size_t len;
	int fd, i, r;

	if (argc < 4)
		return 3;
	deadline = now_ms() + atol(argv[2]) * 1000;
	snprintf(seq, sizeof(seq), "%d", (int)getpid());
	len = snprintf(req, sizeof(req), "%s", seq);
	for (i = 3; i < argc && len < sizeof(req); i++)
		len += snprintf(req + len, sizeof(req) - len, " %s", argv[i]);
	if (len + 1 >= sizeof(req))
		return 3;
	req[len++] = '\n';
	fd = open_ctl();
	if (fd < 0)
		return 3;
	if (write(fd, req, len) != (ssize_t)len) {
		perror("hotplug-util: write");
		return 3;
	}
	while ((r = ctl_read_line(fd, line, sizeof(line), deadline)) > 0) {
		size_t sl = strlen(seq);

		if (strncmp(line, seq, sl) || line[sl] != ' ')
			continue;
		printf("%s\n", line + sl + 1);
		close(fd);
		return strncmp(line + sl + 1, "ok", 2) ? 1 : 0;
	}
	printf("timeout\n");
	close(fd);
	return 2;
}

static size_t glob_count(const char *pattern)
{
	glob_t g;
	size_t n = 0;

	if (!glob(pattern, GLOB_NOSORT, NULL, &g))
		n = g.gl_pathc;
	globfree(&g);
	return n;
}

static int cmd_wait(int argc, char **argv)
{
	long start = now_ms(), limit;
	useconds_t nap = 1000;
	int want;

	if (argc != 5)
		return 3;
	want = !strcmp(argv[3], "present");
	limit = atol(argv[4]);
	for (;;) {
		int have = glob_count(argv[2]) > 0;
		long t = now_ms() - start;

		if (have == want) {
			printf("%ld\n", t);
			return 0;
		}
		if (t >= limit) {
			printf("%ld\n", t);
			return 2;
		}
		/* 1 ms at first, backing off to 16 ms: a glob of /sys in a
		 * tight loop takes vCPU time from the work it waits for */
		usleep(nap);
		if (nap < 16000)
			nap *= 2;
	}
}

/* the value of KEY in a uevent message (NUL-separated KEY=value) */
static const char *ue_get(const char *msg, size_t len, const char *key)
{
	size_t klen = strlen(key);
	const char *p = msg, *end = msg + len;

	for (; p < end; p += strlen(p) + 1)
		if (!strncmp(p, key, klen) && p[klen] == '=')
			return p + klen + 1;
	return "?";
}

static int ue_socket(void)
{
	struct sockaddr_nl sa = {
		.nl_family = AF_NETLINK,
		.nl_groups = 1,		/* the kernel's events, not udev's */
	};
	int sz = 16 << 20, fd;

	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC,
		    NETLINK_KOBJECT_UEVENT);
	if (fd < 0) {
		perror("hotplug-util: uevent socket");
		return -1;
	}
	/* root may pass rmem_max; a lost event would fail the uevents test */
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &sz, sizeof(sz)))
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &sz, sizeof(sz));
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("hotplug-util: uevent bind");
		close(fd);
		return -1;
	}
	return fd;
}

static int cmd_uevents(int argc, char **argv)
{
	char msg[8192], line[1024];
	int fd, out, n;
	ssize_t len;

	if (argc != 3)
		return 3;
	out = open(argv[2], O_WRONLY | O_APPEND | O_CREAT, 0644);
	fd = ue_socket();
	if (out < 0 || fd < 0)
		return 1;
	for (;;) {
		len = recv(fd, msg, sizeof(msg) - 1, 0);
		if (len < 0 && errno == EINTR)
			continue;
		if (len < 0 && errno == ENOBUFS) {
			n = snprintf(line, sizeof(line), "? overrun -\n");
		} else if (len <= 0) {
			perror("hotplug-util: uevent recv");
			return 1;
		} else {
			msg[len] = '\0';
			n = snprintf(line, sizeof(line), "%s %s %s\n",
				     ue_get(msg, len, "SEQNUM"),
				     ue_get(msg, len, "ACTION"),
				     ue_get(msg, len, "DEVPATH"));
			if (n >= (int)sizeof(line))
				n = sizeof(line) - 1;
		}
		if (write(out, line, n) != n)
			return 1;
	}
}

static int write_str(int fd, const char *s)
{
	ssize_t n = strlen(s);

	return write(fd, s, n) == n ? 0 : -1;
}

static int cmd_failnth(int argc, char **argv)
{
	int fd, nth, err = 0;
	char back[32] = "";
	ssize_t r;

	if (argc != 5)
		return 3;
	fd = open(argv[3], O_WRONLY);
	nth = open("/proc/thread-self/fail-nth", O_RDWR);
	if (fd < 0 || nth < 0) {
		perror("hotplug-util: failnth open");
		return 3;
	}
	if (write_str(nth, argv[2])) {
		perror("hotplug-util: fail-nth");
		return 3;
	}
	if (write_str(fd, argv[4]))
		err = errno;
	/* the fault counter must not run on into our own close/read */
	r = pread(nth, back, sizeof(back) - 1, 0);
	back[r > 0 ? r : 0] = '\0';
	write_str(nth, "0");
	close(fd);
	printf("injected %d errno %d\n", atoi(back) == 0, err);
	return 0;
}

static int cmd_kmsg(int argc, char **argv)
{
	char buf[1024];
	size_t len = snprintf(buf, sizeof(buf), "<4>");
	int fd, i;

	for (i = 2; i < argc && len < sizeof(buf); i++)
		len += snprintf(buf + len, sizeof(buf) - len, "%s%s",
				i > 2 ? " " : "", argv[i]);
	/* without the newline the record stays open (a continuation): it
	 * reaches neither dmesg nor the console until the next printk */
	if (len < sizeof(buf))
		snprintf(buf + len, sizeof(buf) - len, "\n");
	fd = open("/dev/kmsg", O_WRONLY);
	if (fd < 0 || write_str(fd, buf))
		return 1;
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 3;

	if (argc >= 2) {
		if (!strcmp(argv[1], "ctl"))
			rc = cmd_ctl(argc, argv);
		else if (!strcmp(argv[1], "wait"))
			rc = cmd_wait(argc, argv);
		else if (!strcmp(argv[1], "count") && argc == 3) {
			printf("%zu\n", glob_count(argv[2]));
			rc = 0;
		} else if (!strcmp(argv[1], "uevents"))
			rc = cmd_uevents(argc, argv);
		else if (!strcmp(argv[1], "failnth"))
			rc = cmd_failnth(argc, argv);
		else if (!strcmp(argv[1], "kmsg"))
			rc = cmd_kmsg(argc, argv);
	}
	if (rc == 3)
		fprintf(stderr, "usage: hotplug-util ctl|wait|count|uevents|failnth|kmsg ...\n");
	fflush(stdout);
	return rc;
}
