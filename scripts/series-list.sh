#!/bin/sh
# series-list.sh SERIES_DIR KIND - the patches of SERIES_DIR/series of one
# kind, their file names one a line, in stack order.  The one reader of the
# series file's two dividing lines:
#   patched   every patch (the patched kernel's)
#   baseline  the patches above the line "# ---- patched only" (the
#             baseline kernel's)
#   fixes     the patches above the line "# ---- posting 2" (the first
#             posting: "[PATCH n/K]")
#   rfc       the patches below it (the second posting: "[RFC PATCH n/M]")
# Lines that are blank or start with # are no patches.  Exit 2 on usage or
# when there is no series file.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 SERIES_DIR baseline|patched|fixes|rfc" >&2; exit 2; }
case $2 in
baseline|patched|fixes|rfc) ;;
*) echo "series-list.sh: unknown kind '$2' (baseline|patched|fixes|rfc)" >&2; exit 2 ;;
esac
[ -f "$1/series" ] || { echo "series-list.sh: no series file in $1" >&2; exit 2; }
awk -v kind="$2" '
/^# *-* *patched only/ && kind == "baseline" { exit }
/^# *-* *posting 2/ { if (kind == "fixes") exit; second = 1 }
/^[[:space:]]*(#|$)/ { next }
kind == "rfc" && !second { next }
{ print $1 }' "$1/series"
