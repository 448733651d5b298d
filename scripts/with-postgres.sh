#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 cluster (docs/product.md §11.7):
#   bash scripts/with-postgres.sh npx vitest run --project gateway
# Starts the cluster as the `postgres` user (the server refuses to run as root) in a temp dir
# on a free loopback port, exports DATABASE_URL, runs the command, stops the cluster on exit
# and exits with the command's status. PG_OPTIONS adds server settings, e.g. the scale bench's
#   PG_OPTIONS='-c shared_buffers=4GB' bash scripts/with-postgres.sh npm run bench -- --scale --curve
set -euo pipefail

# The project's Node 24 (decision 0060) first on PATH, as under npm, for a command run directly.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$ROOT/node_modules/.bin/node" ] && export PATH="$ROOT/node_modules/.bin:$PATH"

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

PG_BIN=/usr/lib/postgresql/15/bin
if [ ! -x "$PG_BIN/initdb" ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "with-postgres: installing PostgreSQL (Debian's postgresql package)…" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "with-postgres: $PG_BIN not found; install Debian's postgresql package" >&2
    exit 1
  fi
fi

# Run server binaries as `postgres` when we are root; as ourselves otherwise.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

DIR=$(mktemp -d /tmp/with-postgres.XXXXXX)
chmod 755 "$DIR"
[ "$(id -u)" -eq 0 ] && chown postgres: "$DIR"
PGDATA="$DIR/data"

PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT INT TERM

as_pg "$PG_BIN/initdb" -D "$PGDATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
if ! as_pg "$PG_BIN/pg_ctl" -D "$PGDATA" -l "$DIR/postgres.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DIR -c max_connections=300 ${PG_OPTIONS:-}" \
  start >/dev/null; then
  echo "with-postgres: PostgreSQL did not start (PG_OPTIONS='${PG_OPTIONS:-}'); its log:" >&2
  tail -n 5 "$DIR/postgres.log" >&2
  exit 1
fi

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL 15 on 127.0.0.1:$PORT (DATABASE_URL exported), Node $(node -v)" >&2

set +e
"$@"
STATUS=$?
set -e
exit "$STATUS"
