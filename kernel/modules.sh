#!/bin/sh
# modules.sh MODROOT BASE OUT - the initramfs of one kernel with loadable
# modules (a cell of scripts/cells.sh with MODULES): BASE, the arch's
# initramfs (initramfs/build.sh), then a second cpio.gz archive with
# MODROOT/lib/modules/ (make modules_install INSTALL_MOD_PATH=MODROOT) and
# the filesystem images initramfs/scenarios/modules.sh mounts, in /images:
#   erofs.img     mkfs.erofs (erofs-utils): one file, hello
#   f2fs.img.gz   mkfs.f2fs (f2fs-tools) of 64 MiB, empty (mkfs.f2fs 1.15
#                 refuses 48 MiB); the guest unpacks it to a file it
#                 mounts through loop
#   ubi.img.gz    ubinize (mtd-utils): one UBI volume "vol" holding a
#                 UBIFS (mkfs.ubifs, uncompressed, one file hello) for
#                 mtdram's default geometry, 4 MiB of 128 KiB erase
#                 blocks written a byte at a time (LEB = PEB - 128 bytes of
#                 UBI headers); the guest writes it to /dev/mtd0
# Linux unpacks concatenated archives in turn into one rootfs.  Staging
# tree: OUT.d/.  Fixed mtimes, uid 0, sorted entries, gzip -n; UBIFS
# images carry their creation time.
set -eu
[ $# = 3 ] || { echo "usage: $0 MODROOT BASE OUT" >&2; exit 2; }
modroot=$1 base=$2 out=$3
stage=${out%.cpio.gz}.d
die() { echo "kernel/modules.sh: $*" >&2; exit 1; }

[ -d "$modroot/lib/modules" ] || die "no $modroot/lib/modules (make modules_install INSTALL_MOD_PATH=$modroot)"
[ -r "$base" ] || die "no $base (make initramfs)"
for t in mkfs.erofs mkfs.f2fs mkfs.ubifs ubinize; do
	command -v $t >/dev/null || die "$t not found (scripts/install-deps.sh: erofs-utils f2fs-tools mtd-utils)"
done

rm -rf "$stage"
mkdir -p "$stage/lib" "$stage/images" "$stage/tmp/hello"
cp -a "$modroot/lib/modules" "$stage/lib/"
echo hello >"$stage/tmp/hello/hello"
img=$stage/images tmp=$stage/tmp
mkfs.erofs -T0 -U 6b726566-2d32-2e37-0000-65726f667300 "$img/erofs.img" "$tmp/hello" >"$tmp/log" 2>&1 ||
	{ cat "$tmp/log" >&2; die "mkfs.erofs failed"; }
truncate -s 64M "$tmp/f2fs.img"
mkfs.f2fs -q -t 0 -T 0 -U 6b726566-2d32-2e37-0000-663266730000 "$tmp/f2fs.img" >"$tmp/log" 2>&1 ||
	{ cat "$tmp/log" >&2; die "mkfs.f2fs failed"; }
gzip -n -9 <"$tmp/f2fs.img" >"$img/f2fs.img.gz"
mkfs.ubifs -r "$tmp/hello" -m 1 -e 130944 -c 32 -x none -o "$tmp/ubifs.img"
printf '[vol]\nmode=ubi\nimage=%s\nvol_id=0\nvol_type=dynamic\nvol_name=vol\nvol_flags=autoresize\n' \
	"$tmp/ubifs.img" >"$tmp/ubi.cfg"
ubinize -o "$tmp/ubi.img" -p 128KiB -m 1 "$tmp/ubi.cfg" >"$tmp/log" 2>&1 ||
	{ cat "$tmp/log" >&2; die "ubinize failed"; }
gzip -n -9 <"$tmp/ubi.img" >"$img/ubi.img.gz"
rm -rf "$tmp"

(
	cd "$stage"
	find . -exec touch -h -d @0 {} +
	find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --reproducible --quiet | gzip -n -9
) >"$out.part"
cat "$base" "$out.part" >"$out.tmp"
rm -f "$out.part"
mv "$out.tmp" "$out"
echo "kernel/modules.sh: $out ($(wc -c <"$out") bytes:" \
	"$(find "$stage/lib/modules" -name '*.ko' | wc -l) modules)"
