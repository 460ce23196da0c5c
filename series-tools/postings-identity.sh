#!/bin/sh
# postings-identity.sh - the sender of the postings: prints "NAME <EMAIL>"
# from `git config user.name` and `git config user.email` (as git reads
# them now: the repository's, the global and the system config, and
# GIT_CONFIG_* in the environment).  Exit 1 with a message that says how to
# set them when either is unset or is a placeholder that no reply can
# reach: the series' own "Kref Twoseven <kref27@example.org>", or an
# address at example.org/.com/.net or under .example, .invalid, .test,
# .localhost or localhost, or a noreply address.  The Signed-off-by of every
# patch written is this identity: the Developer's Certificate of Origin
# needs a real one.
set -u
name=$(git config user.name 2> /dev/null || true)
email=$(git config user.email 2> /dev/null || true)
why=
domain=$(echo "$email" | sed -n 's/^[^@ ]\{1,\}@\([^@ ]\{1,\}\)$/\1/p' | tr 'A-Z' 'a-z')
if [ -z "$name" ] || [ -z "$email" ]; then
	why="git config user.name and user.email are not both set"
elif [ -z "$domain" ]; then
	why="git config user.email '$email' is not an address"
elif [ "$name" = "Kref Twoseven" ] || [ "$email" = kref27@example.org ]; then
	why="the identity is the series' placeholder '$name <$email>'"
else
	case $domain in
	example.org|example.com|example.net|*.example|example|*.invalid|invalid|\
	*.test|test|*.localhost|localhost|localhost.*|*noreply*)
		why="git config user.email '$email' is a placeholder address ($domain)" ;;
	esac
	case $email in
	*noreply*|*no-reply*) why="git config user.email '$email' is a noreply address" ;;
	esac
fi
if [ -n "$why" ]; then
	cat >&2 <<-EOF
	postings: $why; no mail is written.
	The author and the Signed-off-by of every posting are the identity of
	whoever sends them.  Set yours and run again:
	    git config --global user.name 'Your Name'
	    git config --global user.email you@your.domain
	(or, for one run: GIT_CONFIG_GLOBAL=FILE naming a file with a [user] section)
	EOF
	exit 1
fi
echo "$name <$email>"
