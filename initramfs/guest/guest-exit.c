// SPDX-License-Identifier: GPL-2.0
/*
 * guest-exit - report a scenario's status to the host and leave.
 *
 *   guest-exit STATUS [TTY...]
 *
 * Drains the serial ports TTY... (default /dev/ttyS1, /dev/ttyS2 and
 * /dev/ttyS0: KTAP, data, console), so the host sees every byte of KTAP
 * and data, then asks QEMU to exit with (EXIT_BASE + STATUS) * 2 + 1
 * (STATUS 0 = passed, 1 = a test failed): 33 or 35, which no error of
 * QEMU's own (exit 1) can fake.
 *   x86: writes EXIT_BASE + STATUS to the isa-debug-exit device at port
 *   0xf4 (QEMU exits with value * 2 + 1).  When the device is absent the
 *   write is a no-op and guest-exit returns 1.
 *   arm64: the semihosting call SYS_EXIT (HLT #0xf000) with
 *   ADP_Stopped_ApplicationExit and that code, which QEMU exits with
 *   (-semihosting-config enable=on,userspace=on).  Without semihosting the
 *   HLT is an undefined instruction and guest-exit dies of SIGILL.
 * Either way /init falls through to poweroff (QEMU exits 0: "the guest
 * never reported").
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <termios.h>
#include <unistd.h>
#if defined(__i386__) || defined(__x86_64__)
#include <sys/io.h>
#endif

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

#if defined(__i386__) || defined(__x86_64__)
static int host_exit(long status)
{
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
#elif defined(__aarch64__)
#define SYS_EXIT			0x18
#define ADP_STOPPED_APPLICATION_EXIT	0x20026

static int host_exit(long status)
{
	unsigned long block[2] = {
		ADP_STOPPED_APPLICATION_EXIT, (EXIT_BASE + status) * 2 + 1
	};
	register unsigned long x0 __asm__("x0") = SYS_EXIT;
	register unsigned long *x1 __asm__("x1") = block;

	__asm__ volatile("hlt #0xf000" : "+r"(x0) : "r"(x1) : "memory");
	/* Still here: QEMU did not exit. */
	fprintf(stderr, "guest-exit: semihosting SYS_EXIT returned\n");
	return 1;
}
#else
static int host_exit(long status)
{
	fprintf(stderr, "guest-exit: no exit device on this arch (status %ld)\n",
		status);
	return 1;
}
#endif

int main(int argc, char **argv)
{
	static char *ports[] = { "/dev/ttyS1", "/dev/ttyS2", "/dev/ttyS0", NULL };
	char **tty = argc > 2 ? argv + 2 : ports;
	char *end;
	long status;

	if (argc < 2) {
		fprintf(stderr, "usage: guest-exit STATUS [TTY...]\n");
		return 2;
	}
	status = strtol(argv[1], &end, 0);
	if (*end || status < 0 || status > 15) {
		fprintf(stderr, "guest-exit: bad status '%s'\n", argv[1]);
		return 2;
	}
	for (; *tty; tty++)
		drain(*tty);
	return host_exit(status);
}
