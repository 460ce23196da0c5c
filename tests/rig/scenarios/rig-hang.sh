# A scenario that hangs silently: run.sh must time out (exit 4) and leave no
# QEMU behind.
sleep 100000
