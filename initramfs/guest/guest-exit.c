// SPDX-License-Identifier: GPL-2.0
/*
 * guest-exit - report a scenario's status to the host and leave.
 *
 *   guest-exit STATUS
 *
 * Drains the serial ports (so the host sees every byte of KTAP and data),
 * then writes EXIT_BASE + STATUS (0 = passed, 1 = a test failed) to QEMU's
 * isa-debug-exit device at port 0xf4; QEMU exits with (0x10+STATUS)*2+1,
 * 33 or 35, which no error of QEMU's own (exit 1) can fake. When the
 * device is absent the write is a no-op and guest-exit returns 1, so /init
 * falls through to poweroff (QEMU exits 0: "the guest never reported").
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/io.h>
#include <termios.h>
#include <unistd.h>

#define EXIT_PORT	0xf4
#define EXIT_BASE	0x10

static void drain(const char *tty)
{
	int fd = open(tty, O_WRONLY | O_NOCTTY | O_NONBLOCK);

	if (fd < 0)
		return;
	tcdrain(fd);
	close(fd);
}

int main(int argc, char **argv)
{
	char *end;
	long status;

	if (argc != 2) {
		fprintf(stderr, "usage: guest-exit STATUS\n");
		return 2;
	}
	status = strtol(argv[1], &end, 0);
	if (*end || status < 0 || status > 15) {
		fprintf(stderr, "guest-exit: bad status '%s'\n", argv[1]);
		return 2;
	}
	drain("/dev/ttyS1");
	drain("/dev/ttyS2");
	drain("/dev/ttyS0");
	if (ioperm(EXIT_PORT, 4, 1)) {
		perror("guest-exit: ioperm");
		return 1;
	}
	outb((unsigned char)(EXIT_BASE + status), EXIT_PORT);
	/* Still here: no isa-debug-exit device. */
	fprintf(stderr, "guest-exit: no isa-debug-exit device at 0x%x\n",
		EXIT_PORT);
	return 1;
}
