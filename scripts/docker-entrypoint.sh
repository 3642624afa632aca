#!/bin/sh
# The production image's entry (decision 020): the server never runs as root. Started as root
# (the default on Fly.io, whose volumes are mounted root-owned), it hands the data volume to the
# unprivileged `node` user once, then drops to that user; started as any other user, it just runs.
set -eu
if [ "$(id -u)" = "0" ]; then
  if [ -d /data ] && [ "$(stat -c %U /data)" != "node" ]; then
    chown -R node:node /data
  fi
  exec setpriv --reuid=node --regid=node --init-groups env HOME=/home/node "$@"
fi
exec "$@"
