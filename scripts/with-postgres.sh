#!/usr/bin/env bash
# Run a command with a throwaway PostgreSQL cluster on loopback, exported to it as
# LIFEGRAPH_TEST_POSTGRES_URL; the cluster is removed afterwards, whatever happens.
set -euo pipefail

initdb=$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$initdb" ]; then
  echo "PostgreSQL is not installed; installing Debian's postgresql package..." >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  initdb=$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)
fi
bin=$(dirname "$initdb")

dir=$(mktemp -d /tmp/lifegraph-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

# initdb refuses to run as root: run the cluster as the postgres user then.
as_owner=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir "$dir" postgres
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi

cleanup() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >/dev/null
# Throwaway data: durability off makes the tests fast; the product's own settings are unchanged.
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o \
  "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
  start >/dev/null

export LIFEGRAPH_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port"
echo "PostgreSQL test cluster on port $port" >&2
"$@"
