#!/bin/sh
# install-deps.sh - install the Debian packages the project needs, if missing
# (apt-get update once, then apt-get install; as root or through sudo).
set -eu
pkgs="linux-source-6.1 linux-source-6.12 qemu-system-x86 busybox-static sysfsutils dwarves quilt
ccache bc flex bison libelf-dev libssl-dev cpio xz-utils python3 gcc make
gcc-multilib perl kmod python3-ply git libjansson-dev pkg-config coccinelle"
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "install-deps.sh: installing:$missing"
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends $missing
