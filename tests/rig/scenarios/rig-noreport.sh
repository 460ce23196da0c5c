# The guest powers off without reporting: boot failed (exit 2).
poweroff -f
