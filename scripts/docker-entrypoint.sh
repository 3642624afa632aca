#!/bin/sh
# The production image's entry (decisions 020, 043, 044). `scripts/prod-install-test.mjs` runs
# this same file, so what it proves holds for the image.
#
# 1. The server never runs as root. Started as root (the default on Fly.io, whose volumes are
#    mounted root-owned), it hands the data folder to the unprivileged user once, then starts
#    itself again as that user; started as any other user, it just goes on.
#      OPERON_USER      the user to run as (default: node, the image's user)
#      OPERON_DATA_DIR  the folder it must own (default: /data, the volume)
# 2. Backups: with LITESTREAM_REPLICA_URL set (s3://… or file://…), Litestream restores the
#    newest backup when the database file does not exist yet (a new volume), then replicates
#    the database continuously and runs the server as its child (SIGTERM reaches the server
#    through it). Without it, the server alone. See litestream.yml and README "Backups and
#    restore".
set -eu

run_as="${OPERON_USER:-node}"
data_dir="${OPERON_DATA_DIR:-/data}"

if [ "$(id -u)" = "0" ]; then
  if [ -d "$data_dir" ] && [ "$(stat -c %U "$data_dir")" != "$run_as" ]; then
    chown -R "$run_as:$(id -gn "$run_as")" "$data_dir"
  fi
  home="$(getent passwd "$run_as" | cut -d: -f6)"
  [ -d "$home" ] || home="$data_dir"
  exec setpriv --reuid="$run_as" --regid="$(id -g "$run_as")" --init-groups env HOME="$home" "$0" "$@"
fi

if [ -n "${LITESTREAM_REPLICA_URL:-}" ]; then
  url="${DATABASE_URL:-file:./data/operon.db}"
  case "$url" in
    file:*) ;;
    *)
      echo "LITESTREAM_REPLICA_URL is set but DATABASE_URL is not a file: URL; Litestream backs up a local SQLite file only" >&2
      exit 1
      ;;
  esac
  path="${url#file:}"
  path="${path#//}"
  path="${path%%\?*}"
  case "$path" in /*) ;; *) path="$(pwd)/$path" ;; esac
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
  mkdir -p "$(dirname "$path")"
  "$litestream" restore -config "$config" -if-db-not-exists -if-replica-exists "$path"
  exec "$litestream" replicate -config "$config" -exec "$*"
fi

exec "$@"
