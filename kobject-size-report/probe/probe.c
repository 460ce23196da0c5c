// SPDX-License-Identifier: GPL-2.0
/*
 * probe.c - sizes and kref offsets of struct kobject and its embedders.
 *
 * Compiled to assembler with the tree's own flags through kbuild (as
 * arch/x86/kernel/asm-offsets.c is); the report tool reads the lines
 *   ->size__NAME VALUE       sizeof(struct NAME)
 *   ->kobj__NAME VALUE       offsetof the first embedded struct kobject
 *   ->kref__NAME VALUE       offsetof that kobject's kref in NAME
 *   ->nkobj__NAME VALUE      struct kobjects embedded directly (by value)
 * from probe.s.  A structure the configuration does not have is left out,
 * never reported as zero.  HAVE_KREF_REL is set by the build script when
 * the tree's include/linux/kref.h declares struct kref_rel, and
 * HAVE_HOTPLUG_PROFILE_KOBJ when include/acpi/acpi_bus.h still embeds a
 * kobject in struct acpi_hotplug_profile (the series' 0005 moves it out),
 * HAVE_GENDISK_QUEUE_KOBJ when the queue/ directory's kobject is struct
 * gendisk's queue_kobj ("block: untangle request_queue refcounting from
 * sysfs", v6.2) rather than struct request_queue's kobj.
 */
#include <linux/kbuild.h>
#include <linux/stddef.h>
#include <linux/cache.h>
#include <linux/kref.h>
#include <linux/kobject.h>
#include <linux/device.h>
#include <linux/module.h>
#include <linux/cdev.h>
#include <linux/pci.h>
#include <linux/virtio.h>
#include <linux/netdevice.h>
#if __has_include(<net/netdev_rx_queue.h>)
#include <net/netdev_rx_queue.h>	/* newer trees declare it there */
#endif
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/slab.h>
#include <linux/cpu.h>
#ifdef CONFIG_SLUB
#include "mm/slab.h"
#endif
#include <scsi/scsi_device.h>
#include <scsi/scsi_host.h>
#ifdef CONFIG_ACPI
#include <linux/acpi.h>
#endif
#include "drivers/base/base.h"
#include "block/blk-mq.h"
#include "block/elevator.h"
#include "drivers/net/netdevsim/netdevsim.h"

#define KREF_IN_KOBJ offsetof(struct kobject, kref)

/* A structure without a kobject: its size only. */
#define SIZE(name) \
	DEFINE(size__##name, sizeof(struct name))

/* A structure embedding n kobjects, the first at member path @m. */
#define EMBED(name, m, n) do {						\
	SIZE(name);							\
	DEFINE(kobj__##name, offsetof(struct name, m));			\
	DEFINE(kref__##name, offsetof(struct name, m) + KREF_IN_KOBJ);	\
	DEFINE(nkobj__##name, n);					\
} while (0)

void probe(void);
void probe(void)
{
	DEFINE(cacheline__bytes, L1_CACHE_BYTES);
	DEFINE(pointer__bytes, sizeof(void *));
	DEFINE(page__bytes, PAGE_SIZE);
	DEFINE(refcount__bytes, sizeof(refcount_t));
	SIZE(kref);
#ifdef HAVE_KREF_REL
	SIZE(kref_rel);
#endif
	DEFINE(kobjkref__bytes, sizeof(((struct kobject *)0)->kref));
	SIZE(kobject);
	DEFINE(kref__kobject, KREF_IN_KOBJ);
	DEFINE(nkobj__kobject, 1);
	EMBED(kset, kobj, 1);
	EMBED(device, kobj, 1);
	EMBED(module_kobject, kobj, 1);
	EMBED(cdev, kobj, 1);
	EMBED(subsys_private, subsys.kobj, 1);
	EMBED(driver_private, kobj, 1);
	EMBED(pci_dev, dev.kobj, 1);
	EMBED(pci_bus, dev.kobj, 1);
	EMBED(pci_slot, kobj, 1);
	EMBED(virtio_device, dev.kobj, 1);
	EMBED(net_device, dev.kobj, 1);
	EMBED(netdev_rx_queue, kobj, 1);
	EMBED(netdev_queue, kobj, 1);
#ifdef HAVE_GENDISK_QUEUE_KOBJ
	EMBED(gendisk, queue_kobj, 1);
	SIZE(request_queue);
#else
	SIZE(gendisk);
	EMBED(request_queue, kobj, 1);
#endif
	EMBED(block_device, bd_device.kobj, 1);
	EMBED(blk_mq_hw_ctx, kobj, 1);
	EMBED(blk_mq_ctx, kobj, 1);
	EMBED(blk_mq_ctxs, kobj, 1);
	EMBED(elevator_queue, kobj, 1);
	EMBED(scsi_device, sdev_gendev.kobj, 2);
	EMBED(scsi_target, dev.kobj, 1);
	EMBED(Scsi_Host, shost_gendev.kobj, 2);
	EMBED(nsim_bus_dev, dev.kobj, 1);
	SIZE(nsim_dev);
	SIZE(netdevsim);
#ifdef CONFIG_ACPI
	EMBED(acpi_device, dev.kobj, 1);
#ifdef HAVE_HOTPLUG_PROFILE_KOBJ
	EMBED(acpi_hotplug_profile, kobj, 1);
#endif
	EMBED(acpi_data_node, kobj, 1);
#endif
	EMBED(cpu, dev.kobj, 1);
#ifdef CONFIG_SPARSE_IRQ
	EMBED(irq_desc, kobj, 1);
#endif
#if defined(CONFIG_SLUB) && defined(CONFIG_SYSFS)
	EMBED(kmem_cache, kobj, 1);
#endif
}
