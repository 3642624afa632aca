#!/bin/sh
# The production image's entry (decisions 043, 044, 048). `scripts/prod-install-test.mjs` runs
# this same file, so what it proves holds for the image.
#
# 1. The server never runs as root. The image's `USER node` starts this script as `node`
#    (uid 1000); started as root (e.g. `docker run --user root`) it refuses. The folder of the
#    database file must be writable by that user: the image creates /data owned by `node`
#    (a new Docker volume copies that ownership); a Fly.io volume is mounted root-owned, so
#    it is handed over once per new volume (README "Deploying": `fly ssh console -C
#    "chown -R 1000:1000 /data"`). This script says so and stops if it is not writable.
# 2. Backups: with LITESTREAM_REPLICA_URL set (s3://… or file://…), Litestream restores the
#    newest backup when the database file does not exist yet (a new volume), then replicates
#    the database continuously and runs the server as its child (SIGTERM reaches the server
#    through it). Without it, the server alone. See litestream.yml and README "Backups and
#    restore".
set -eu

if [ "$(id -u)" = "0" ]; then
  echo "operon: refusing to run as root; the image runs as its user \`node\` (drop --user root)" >&2
  exit 1
fi

url="${DATABASE_URL:-file:./data/operon.db}"
path=""
case "$url" in
  file:*)
    path="${url#file:}"
    path="${path#//}"
    path="${path%%\?*}"
    case "$path" in /*) ;; *) path="$(pwd)/$path" ;; esac
    dir="$(dirname "$path")"
    # The nearest existing folder on the way to the database file must be writable.
    probe="$dir"
    while [ ! -d "$probe" ]; do probe="$(dirname "$probe")"; done
    if [ ! -w "$probe" ]; then
      echo "operon: $probe is not writable by uid $(id -u) ($(id -un 2>/dev/null || echo '?')); the database $path cannot be created." >&2
      echo "operon: hand the volume to the image's user once, e.g. on Fly.io: fly ssh console -C \"chown -R $(id -u):$(id -g) $probe\"" >&2
      exit 1
    fi
    mkdir -p "$dir"
    ;;
esac

if [ -n "${LITESTREAM_REPLICA_URL:-}" ]; then
  if [ -z "$path" ]; then
    echo "LITESTREAM_REPLICA_URL is set but DATABASE_URL is not a file: URL; Litestream backs up a local SQLite file only" >&2
    exit 1
  fi
  export LITESTREAM_DB_PATH="$path"
  config="${LITESTREAM_CONFIG:-$(pwd)/litestream.yml}"
  # The binary shipped by the @flydotio/litestream package first: a `litestream` on PATH may be
  # its npm wrapper (node_modules/.bin, when started through npm), a Node process that would
  # stand between this one and Litestream and drop exit codes and signals.
  litestream=""
  for candidate in node_modules/@flydotio/litestream-linux-*/litestream; do
    [ -x "$candidate" ] && litestream="$(pwd)/$candidate"
  done
  if [ -z "$litestream" ]; then
    litestream="$(command -v litestream || true)"
  fi
  if [ -z "$litestream" ]; then
    echo "LITESTREAM_REPLICA_URL is set but no litestream binary was found (npm package @flydotio/litestream)" >&2
    exit 1
  fi
  "$litestream" restore -config "$config" -if-db-not-exists -if-replica-exists "$path"
  exec "$litestream" replicate -config "$config" -exec "$*"
fi

exec "$@"
