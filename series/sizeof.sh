#!/bin/sh
# sizeof.sh SRC OBJ [OVERLAY] - measure struct kobject as the compiler lays it
# out for SRC's headers, with the flags and generated headers of the
# configured, prepared build dir OBJ (taken from its lib/.kobject.o.cmd).
# OVERLAY, if given, is a directory searched before SRC/include (to measure
# another version of kobject.h/kref.h).  Prints one line per variant:
#   <variant> sizeof=<n> kref_offset=<n> kref_size=<n>
# for the config as it is and with CONFIG_DEBUG_KOBJECT_RELEASE undefined.
set -eu
src=$(cd "$1" && pwd) obj=$(cd "$2" && pwd) overlay=${3:-}
cmd=$(sed -n 's/^cmd_lib\/kobject.o := //p' "$obj/lib/.kobject.o.cmd" | sed 's/ *; .*//')
# the tree OBJ was configured against
tree=$(echo "$cmd" | sed -n 's/.* -I\([^ ]*\)\/arch\/x86\/include .*/\1/p')
flags=$(echo "$cmd" | sed -e 's/^gcc //' -e 's/-Wp,-MMD,[^ ]* //' \
	-e 's/ -c -o lib\/kobject.o .*//' -e "s|$tree|$src|g" \
	-e "s/-DKBUILD_[A-Z]*='[^']*'//g")
[ -z "$overlay" ] || flags="-I$(cd "$overlay" && pwd) $flags"
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
for variant in as-configured no-DEBUG_KOBJECT_RELEASE; do
	{
		[ "$variant" = as-configured ] || echo '#undef CONFIG_DEBUG_KOBJECT_RELEASE'
		echo '#include <linux/kobject.h>'
		echo '#include <linux/stddef.h>'
		echo 'int probe_sizeof = sizeof(struct kobject);'
		echo 'int probe_kref_offset = offsetof(struct kobject, kref);'
		echo 'int probe_kref_size = sizeof(((struct kobject *)0)->kref);'
	} > "$probe/p.c"
	(cd "$obj" && eval "gcc $flags -S -o $probe/p.s $probe/p.c")
	val() { awk -v s="$1:" '$1 == s { getline; print $2 }' "$probe/p.s"; }
	echo "$variant sizeof=$(val probe_sizeof) kref_offset=$(val probe_kref_offset) kref_size=$(val probe_kref_size)"
done
