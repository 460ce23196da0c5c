.ascii "->cacheline__bytes 64 L1_CACHE_BYTES"	//
.ascii "->pointer__bytes 8 sizeof(void *)"	//
.ascii "->page__bytes 4096 PAGE_SIZE"	//
.ascii "->refcount__bytes 4 sizeof(refcount_t)"	//
.ascii "->size__kref 4 sizeof(struct kref)"	//
.ascii "->kobjkref__bytes 4 sizeof(((struct kobject *)0)->kref)"	//
.ascii "->size__kobject 64 sizeof(struct kobject)"	//
.ascii "->kref__kobject 56 KREF_IN_KOBJ"	//
.ascii "->nkobj__kobject 1 1"	//
.ascii "->size__kset 96 sizeof(struct kset)"	//
.ascii "->kobj__kset 24 offsetof(struct kset, kobj)"	//
.ascii "->kref__kset 80 offsetof(struct kset, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__kset 1 1"	//
.ascii "->size__device 472 sizeof(struct device)"	//
.ascii "->kobj__device 0 offsetof(struct device, kobj)"	//
.ascii "->kref__device 56 offsetof(struct device, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__device 1 1"	//
.ascii "->size__module_kobject 96 sizeof(struct module_kobject)"	//
.ascii "->kobj__module_kobject 0 offsetof(struct module_kobject, kobj)"	//
.ascii "->kref__module_kobject 56 offsetof(struct module_kobject, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__module_kobject 1 1"	//
.ascii "->size__cdev 104 sizeof(struct cdev)"	//
.ascii "->kobj__cdev 0 offsetof(struct cdev, kobj)"	//
.ascii "->kref__cdev 56 offsetof(struct cdev, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__cdev 1 1"	//
.ascii "->size__subsys_private 408 sizeof(struct subsys_private)"	//
.ascii "->kobj__subsys_private 24 offsetof(struct subsys_private, subsys.kobj)"	//
.ascii "->kref__subsys_private 80 offsetof(struct subsys_private, subsys.kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__subsys_private 1 1"	//
.ascii "->size__driver_private 152 sizeof(struct driver_private)"	//
.ascii "->kobj__driver_private 0 offsetof(struct driver_private, kobj)"	//
.ascii "->kref__driver_private 56 offsetof(struct driver_private, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__driver_private 1 1"	//
.ascii "->size__pci_dev 1800 sizeof(struct pci_dev)"	//
.ascii "->kobj__pci_dev 176 offsetof(struct pci_dev, dev.kobj)"	//
.ascii "->kref__pci_dev 232 offsetof(struct pci_dev, dev.kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__pci_dev 1 1"	//
.ascii "->size__pci_bus 784 sizeof(struct pci_bus)"	//
.ascii "->kobj__pci_bus 288 offsetof(struct pci_bus, dev.kobj)"	//
.ascii "->kref__pci_bus 344 offsetof(struct pci_bus, dev.kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__pci_bus 1 1"	//
.ascii "->size__pci_slot 104 sizeof(struct pci_slot)"	//
.ascii "->kobj__pci_slot 40 offsetof(struct pci_slot, kobj)"	//
.ascii "->kref__pci_slot 96 offsetof(struct pci_slot, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__pci_slot 1 1"	//
.ascii "->size__virtio_device 544 sizeof(struct virtio_device)"	//
.ascii "->kobj__virtio_device 16 offsetof(struct virtio_device, dev.kobj)"	//
.ascii "->kref__virtio_device 72 offsetof(struct virtio_device, dev.kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__virtio_device 1 1"	//
.ascii "->size__net_device 1856 sizeof(struct net_device)"	//
.ascii "->kobj__net_device 1088 offsetof(struct net_device, dev.kobj)"	//
.ascii "->kref__net_device 1144 offsetof(struct net_device, dev.kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__net_device 1 1"	//
.ascii "->size__netdev_rx_queue 192 sizeof(struct netdev_rx_queue)"	//
.ascii "->kobj__netdev_rx_queue 80 offsetof(struct netdev_rx_queue, kobj)"	//
.ascii "->kref__netdev_rx_queue 136 offsetof(struct netdev_rx_queue, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__netdev_rx_queue 1 1"	//
.ascii "->size__netdev_queue 320 sizeof(struct netdev_queue)"	//
.ascii "->kobj__netdev_queue 24 offsetof(struct netdev_queue, kobj)"	//
.ascii "->kref__netdev_queue 80 offsetof(struct netdev_queue, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__netdev_queue 1 1"	//
.ascii "->size__gendisk 472 sizeof(struct gendisk)"	//
.ascii "->size__request_queue 888 sizeof(struct request_queue)"	//
.ascii "->kobj__request_queue 168 offsetof(struct request_queue, kobj)"	//
.ascii "->kref__request_queue 224 offsetof(struct request_queue, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__request_queue 1 1"	//
.ascii "->size__block_device 648 sizeof(struct block_device)"	//
.ascii "->kobj__block_device 72 offsetof(struct block_device, bd_device.kobj)"	//
.ascii "->kref__block_device 128 offsetof(struct block_device, bd_device.kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__block_device 1 1"	//
.ascii "->size__blk_mq_hw_ctx 512 sizeof(struct blk_mq_hw_ctx)"	//
.ascii "->kobj__blk_mq_hw_ctx 400 offsetof(struct blk_mq_hw_ctx, kobj)"	//
.ascii "->kref__blk_mq_hw_ctx 456 offsetof(struct blk_mq_hw_ctx, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__blk_mq_hw_ctx 1 1"	//
.ascii "->size__blk_mq_ctx 192 sizeof(struct blk_mq_ctx)"	//
.ascii "->kobj__blk_mq_ctx 120 offsetof(struct blk_mq_ctx, kobj)"	//
.ascii "->kref__blk_mq_ctx 176 offsetof(struct blk_mq_ctx, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__blk_mq_ctx 1 1"	//
.ascii "->size__blk_mq_ctxs 72 sizeof(struct blk_mq_ctxs)"	//
.ascii "->kobj__blk_mq_ctxs 0 offsetof(struct blk_mq_ctxs, kobj)"	//
.ascii "->kref__blk_mq_ctxs 56 offsetof(struct blk_mq_ctxs, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__blk_mq_ctxs 1 1"	//
.ascii "->size__elevator_queue 632 sizeof(struct elevator_queue)"	//
.ascii "->kobj__elevator_queue 16 offsetof(struct elevator_queue, kobj)"	//
.ascii "->kref__elevator_queue 72 offsetof(struct elevator_queue, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__elevator_queue 1 1"	//
.ascii "->size__scsi_device 1552 sizeof(struct scsi_device)"	//
.ascii "->kobj__scsi_device 440 offsetof(struct scsi_device, sdev_gendev.kobj)"	//
.ascii "->kref__scsi_device 496 offsetof(struct scsi_device, sdev_gendev.kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__scsi_device 2 2"	//
.ascii "->size__scsi_target 560 sizeof(struct scsi_target)"	//
.ascii "->kobj__scsi_target 40 offsetof(struct scsi_target, dev.kobj)"	//
.ascii "->kref__scsi_target 96 offsetof(struct scsi_target, dev.kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__scsi_target 1 1"	//
.ascii "->size__Scsi_Host 1584 sizeof(struct Scsi_Host)"	//
.ascii "->kobj__Scsi_Host 592 offsetof(struct Scsi_Host, shost_gendev.kobj)"	//
.ascii "->kref__Scsi_Host 648 offsetof(struct Scsi_Host, shost_gendev.kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__Scsi_Host 2 2"	//
.ascii "->size__nsim_bus_dev 520 sizeof(struct nsim_bus_dev)"	//
.ascii "->kobj__nsim_bus_dev 0 offsetof(struct nsim_bus_dev, dev.kobj)"	//
.ascii "->kref__nsim_bus_dev 56 offsetof(struct nsim_bus_dev, dev.kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__nsim_bus_dev 1 1"	//
.ascii "->size__nsim_dev 560 sizeof(struct nsim_dev)"	//
.ascii "->size__netdevsim 1960 sizeof(struct netdevsim)"	//
.ascii "->size__acpi_device 1144 sizeof(struct acpi_device)"	//
.ascii "->kobj__acpi_device 608 offsetof(struct acpi_device, dev.kobj)"	//
.ascii "->kref__acpi_device 664 offsetof(struct acpi_device, dev.kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__acpi_device 1 1"	//
.ascii "->size__acpi_hotplug_profile 88 sizeof(struct acpi_hotplug_profile)"	//
.ascii "->kobj__acpi_hotplug_profile 0 offsetof(struct acpi_hotplug_profile, kobj)"	//
.ascii "->kref__acpi_hotplug_profile 56 offsetof(struct acpi_hotplug_profile, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__acpi_hotplug_profile 1 1"	//
.ascii "->size__acpi_data_node 248 sizeof(struct acpi_data_node)"	//
.ascii "->kobj__acpi_data_node 152 offsetof(struct acpi_data_node, kobj)"	//
.ascii "->kref__acpi_data_node 208 offsetof(struct acpi_data_node, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__acpi_data_node 1 1"	//
.ascii "->size__cpu 480 sizeof(struct cpu)"	//
.ascii "->kobj__cpu 8 offsetof(struct cpu, dev.kobj)"	//
.ascii "->kref__cpu 64 offsetof(struct cpu, dev.kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__cpu 1 1"	//
.ascii "->size__irq_desc 448 sizeof(struct irq_desc)"	//
.ascii "->kobj__irq_desc 272 offsetof(struct irq_desc, kobj)"	//
.ascii "->kref__irq_desc 328 offsetof(struct irq_desc, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__irq_desc 1 1"	//
.ascii "->size__kmem_cache 200 sizeof(struct kmem_cache)"	//
.ascii "->kobj__kmem_cache 120 offsetof(struct kmem_cache, kobj)"	//
.ascii "->kref__kmem_cache 176 offsetof(struct kmem_cache, kobj) + KREF_IN_KOBJ"	//
.ascii "->nkobj__kmem_cache 1 1"	//
