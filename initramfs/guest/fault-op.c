// SPDX-License-Identifier: GPL-2.0
/*
 * fault-op - one registration a task triggers through a system call, with
 * failslab's fail-nth armed around that call only (the faultsweep
 * scenario's loop, netlink and module operations; a write to a sysfs file
 * is `hotplug-util failnth`).
 *
 *   fault-op N loop add|remove IDX
 *	ioctl(LOOP_CTL_ADD or LOOP_CTL_REMOVE, IDX) on /dev/loop-control
 *   fault-op N link add NAME dummy
 *   fault-op N link add NAME veth PEER
 *   fault-op N link del NAME
 *	one RTM_NEWLINK (IFLA_INFO_KIND, for veth the peer's name in
 *	VETH_INFO_PEER) or RTM_DELLINK on a NETLINK_ROUTE socket; the kernel
 *	handles it inside sendmsg(), in this task
 *   fault-op N insmod FILE.ko
 *   fault-op N rmmod NAME
 *	finit_module(FILE, "", 0); delete_module(NAME, O_NONBLOCK)
 *
 * N > 0 arms /proc/thread-self/fail-nth with N right before the call and
 * reads it back right after it (0 there: the Nth fault point was reached
 * and failed); N = 0 runs the call without a fault.  Prints "injected 0|1
 * errno E" (E: the call's errno, 0 if it succeeded) like `hotplug-util
 * failnth`; exit 0, 3 on a usage or setup error.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <linux/if_link.h>
#include <linux/loop.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/veth.h>

static int nth_fd = -1;

static int arm(const char *n)
{
	if (!strcmp(n, "0"))
		return 0;
	nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (nth_fd < 0 || write(nth_fd, n, strlen(n)) != (ssize_t)strlen(n)) {
		perror("fault-op: fail-nth");
		return -1;
	}
	return 0;
}

/* 1 if the armed fault was injected; disarms (the counter must not run on
 * into our own exit) */
static int disarm(void)
{
	char back[32] = "";
	ssize_t r;

	if (nth_fd < 0)
		return 0;
	r = pread(nth_fd, back, sizeof(back) - 1, 0);
	back[r > 0 ? r : 0] = '\0';
	if (write(nth_fd, "0", 1) != 1)
		perror("fault-op: fail-nth reset");
	close(nth_fd);
	nth_fd = -1;
	return atoi(back) == 0;
}

static int report(int injected, int err)
{
	printf("injected %d errno %d\n", injected, err);
	return 0;
}

static int op_loop(const char *n, int argc, char **argv)
{
	int fd, err = 0, inj;
	unsigned long cmd;
	long r;

	if (argc != 2)
		return 3;
	cmd = !strcmp(argv[0], "add") ? LOOP_CTL_ADD :
	      !strcmp(argv[0], "remove") ? LOOP_CTL_REMOVE : 0;
	fd = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (!cmd || fd < 0) {
		perror("fault-op: /dev/loop-control");
		return 3;
	}
	if (arm(n))
		return 3;
	r = ioctl(fd, cmd, atol(argv[1]));
	if (r < 0)
		err = errno;
	inj = disarm();
	close(fd);
	return report(inj, err);
}

/* netlink message building: attributes appended at the message's end */
struct req {
	struct nlmsghdr nh;
	struct ifinfomsg ifi;
	char buf[512];
};

static struct rtattr *put(struct nlmsghdr *nh, int type, const void *data,
			  size_t len)
{
	struct rtattr *rta = (void *)((char *)nh + NLMSG_ALIGN(nh->nlmsg_len));

	rta->rta_type = type;
	rta->rta_len = RTA_LENGTH(len);
	if (len)
		memcpy(RTA_DATA(rta), data, len);
	nh->nlmsg_len = NLMSG_ALIGN(nh->nlmsg_len) + RTA_ALIGN(rta->rta_len);
	return rta;
}

/* close a nest that put() opened with length 0 */
static void end(struct nlmsghdr *nh, struct rtattr *nest)
{
	nest->rta_len = (char *)nh + nh->nlmsg_len - (char *)nest;
}

static int op_link(const char *n, int argc, char **argv)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	struct req req;
	char ack[1024];
	int fd, err = 0, inj;
	ssize_t r;

	memset(&req, 0, sizeof(req));
	req.nh.nlmsg_len = NLMSG_LENGTH(sizeof(struct ifinfomsg));
	req.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	req.ifi.ifi_family = AF_UNSPEC;
	if (argc == 2 && !strcmp(argv[0], "del")) {
		req.nh.nlmsg_type = RTM_DELLINK;
		put(&req.nh, IFLA_IFNAME, argv[1], strlen(argv[1]) + 1);
	} else if ((argc == 3 && !strcmp(argv[2], "dummy")) ||
		   (argc == 4 && !strcmp(argv[2], "veth"))) {
		struct rtattr *li, *data, *peer;

		req.nh.nlmsg_type = RTM_NEWLINK;
		req.nh.nlmsg_flags |= NLM_F_CREATE | NLM_F_EXCL;
		put(&req.nh, IFLA_IFNAME, argv[1], strlen(argv[1]) + 1);
		li = put(&req.nh, IFLA_LINKINFO, NULL, 0);
		put(&req.nh, IFLA_INFO_KIND, argv[2], strlen(argv[2]));
		if (argc == 4) {
			struct ifinfomsg pi = { .ifi_family = AF_UNSPEC };

			data = put(&req.nh, IFLA_INFO_DATA, NULL, 0);
			/* VETH_INFO_PEER: a struct ifinfomsg, then the
			 * peer's own attributes */
			peer = put(&req.nh, VETH_INFO_PEER, &pi, sizeof(pi));
			put(&req.nh, IFLA_IFNAME, argv[3], strlen(argv[3]) + 1);
			end(&req.nh, peer);
			end(&req.nh, data);
		}
		end(&req.nh, li);
	} else {
		return 3;
	}
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("fault-op: netlink");
		return 3;
	}
	if (arm(n))
		return 3;
	r = send(fd, &req, req.nh.nlmsg_len, 0);
	if (r < 0)
		err = errno;
	inj = disarm();
	if (!err) {
		/* the ACK: an NLMSG_ERROR whose error is 0 or -errno */
		r = recv(fd, ack, sizeof(ack), 0);
		if (r < 0) {
			err = errno;
		} else {
			struct nlmsghdr *h = (void *)ack;

			if (r >= (ssize_t)NLMSG_LENGTH(sizeof(struct nlmsgerr)) &&
			    h->nlmsg_type == NLMSG_ERROR)
				err = -((struct nlmsgerr *)NLMSG_DATA(h))->error;
			else
				err = EPROTO;
		}
	}
	close(fd);
	return report(inj, err);
}

static int op_module(const char *n, const char *what, const char *arg)
{
	int fd = -1, err = 0, inj;
	long r;

	if (!strcmp(what, "insmod")) {
		fd = open(arg, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			perror(arg);
			return 3;
		}
	}
	if (arm(n))
		return 3;
	if (fd >= 0)
		r = syscall(SYS_finit_module, fd, "", 0);
	else
		r = syscall(SYS_delete_module, arg, O_NONBLOCK);
	if (r < 0)
		err = errno;
	inj = disarm();
	if (fd >= 0)
		close(fd);
	return report(inj, err);
}

int main(int argc, char **argv)
{
	int rc = 3;

	if (argc >= 3) {
		if (!strcmp(argv[2], "loop"))
			rc = op_loop(argv[1], argc - 3, argv + 3);
		else if (!strcmp(argv[2], "link"))
			rc = op_link(argv[1], argc - 3, argv + 3);
		else if ((!strcmp(argv[2], "insmod") || !strcmp(argv[2], "rmmod")) &&
			 argc == 4)
			rc = op_module(argv[1], argv[2], argv[3]);
	}
	if (rc == 3)
		fprintf(stderr, "usage: fault-op N loop add|remove IDX | link add NAME dummy|veth [PEER] | link del NAME | insmod FILE | rmmod NAME\n");
	fflush(stdout);
	return rc;
}
