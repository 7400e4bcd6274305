#!/usr/bin/env bash
# API fuzzing: Schemathesis generates requests from the server's own OpenAPI document
# (/api/openapi.json) and fails on answers that mean "the server is wrong": a 5xx, a status,
# content type, body or header that the document does not declare. It runs once on SQLite and
# once on PostgreSQL; the server also must not panic or die along the way, and the document must
# be valid OpenAPI (openapi-spec-validator).
#
# Usage: scripts/with-postgres.sh scripts/fuzz-api.sh [target/debug/lifegraph]
#   (`make test-fuzz`). Without LIFEGRAPH_TEST_POSTGRES_URL only SQLite can run, so the
#   script refuses unless FUZZ_DATABASES=sqlite says that is what you want.
# Settings (environment):
#   FUZZ_DATABASES     databases to fuzz, in order        (default: "sqlite postgres")
#   FUZZ_MAX_EXAMPLES  test cases per operation and phase (default: 100)
#   FUZZ_SEED          Hypothesis seed, for reproducible runs (default: 20240501)
#   FUZZ_WORKERS       concurrent Schemathesis workers (default: 2; this is a 2-core machine)
#   FUZZ_TIME_LIMIT    seconds one database's run may take before it is stopped (default: 420)
#   FUZZ_ARGS          more `schemathesis run` options, e.g. "--report har" or "--phases fuzzing"
# Each run leaves its Schemathesis report (JUnit, and the failures as pytest reproductions) and
# the server log under target/fuzz-report/<database>/.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bin=$(realpath "${1:-target/debug/lifegraph}")
[ -x "$bin" ] || { echo "fuzz-api: no server binary at $bin" >&2; exit 2; }

databases=${FUZZ_DATABASES:-sqlite postgres}
max_examples=${FUZZ_MAX_EXAMPLES:-100}
seed=${FUZZ_SEED:-20240501}
workers=${FUZZ_WORKERS:-2}
time_limit=${FUZZ_TIME_LIMIT:-420}
reports=$root/target/fuzz-report

if [[ " $databases " == *" postgres "* && -z "${LIFEGRAPH_TEST_POSTGRES_URL:-}" ]]; then
  echo "fuzz-api: LIFEGRAPH_TEST_POSTGRES_URL is not set; run through scripts/with-postgres.sh" \
    "(or set FUZZ_DATABASES=sqlite)" >&2
  exit 2
fi

## The virtual environment, made once and refreshed when the pinned requirements change ------

venv=$root/target/fuzz-venv
requirements=$root/scripts/fuzz/requirements.txt
if ! cmp -s "$requirements" "$venv/.requirements.txt" || [ ! -x "$venv/bin/schemathesis" ]; then
  echo "fuzz-api: installing $(grep -v '^#' "$requirements" | xargs) into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$venv/.requirements.txt"
fi
schemathesis=$venv/bin/schemathesis

## One run ------------------------------------------------------------------------------------

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

server_pid=
tmp=
cleanup() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=
  fi
  if [ -n "$tmp" ]; then
    rm -rf "$tmp"
    tmp=
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

summaries=()
failed=0

# Prints the HTTP status; the body goes to $tmp/body. Every state-changing request carries the
# same-origin Origin header a browser would send.
api() {
  local method=$1 path=$2 body=${3:-}
  local args=(-sS -o "$tmp/body" -w '%{http_code}' -X "$method" -H "Origin: $base"
    -H "Cookie: lifegraph_session=$token")
  [ -n "$body" ] && args+=(-H 'Content-Type: application/json' --data-binary "$body")
  curl "${args[@]}" "$base$path"
}

fuzz_one() {
  local db=$1 database_url
  tmp=$(mktemp -d /tmp/lifegraph-fuzz.XXXXXX)
  local log=$tmp/server.log out=$reports/$db
  rm -rf "$out"
  mkdir -p "$out"

  case $db in
    sqlite) database_url="sqlite://$tmp/lifegraph.db" ;;
    postgres)
      local name="lifegraph_fuzz_$$_$RANDOM"
      psql -q -v ON_ERROR_STOP=1 "$LIFEGRAPH_TEST_POSTGRES_URL/postgres" -c "CREATE DATABASE $name" >/dev/null || { cleanup; return 1; }
      database_url="$LIFEGRAPH_TEST_POSTGRES_URL/$name"
      ;;
    *) echo "fuzz-api: unknown database '$db' (sqlite or postgres)" >&2; return 2 ;;
  esac

  local port
  port=$(free_port)
  base="http://127.0.0.1:$port"
  echo "== fuzz-api [$db]: server on $base" >&2
  "$bin" serve --listen "127.0.0.1:$port" --database-url "$database_url" \
    --storage-url "file://$tmp/photos" >"$log" 2>&1 &
  server_pid=$!

  local ready=
  for _ in $(seq 1 300); do
    if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
    if curl -fsS -o /dev/null "$base/readyz" 2>/dev/null; then ready=1; break; fi
    sleep 0.2
  done
  if [ -z "$ready" ]; then
    echo "fuzz-api [$db]: the server did not become ready; its log:" >&2
    cat "$log" >&2
    cp "$log" "$out/server.log"
    cleanup
    return 1
  fi

  # Sign in as a browser does through local sign-in: /api/login sends to the form, and posting
  # the form starts a session (cookie) and redirects.
  local login
  login=$(curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' "$base/api/login?redirect=/")
  if [[ $login != "303 $base/auth/local"* ]]; then
    echo "fuzz-api [$db]: GET /api/login answered '$login', not a 303 to /auth/local" >&2
    cleanup
    return 1
  fi
  token=$(curl -sS -o /dev/null -D - -X POST -H "Origin: $base" \
      --data-urlencode email=fuzz@example.com --data-urlencode firstName=Fuzz \
      --data-urlencode lastName=Tester --data-urlencode redirect=/ "$base/auth/local" \
    | tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: lifegraph_session=\([^;]*\).*/\1/p' | head -n 1)
  if [ -z "$token" ]; then
    echo "fuzz-api [$db]: POST /auth/local set no lifegraph_session cookie" >&2
    cleanup
    return 1
  fi

  # A little data, so that reads, updates and deletes have something to act on.
  local status ids=()
  for entity in '{"name":"Claire Martin","type":"person","metadata":{"category":"sister"}}' \
                '{"name":"Lyon","type":"location","aliases":["Lugdunum"]}'; do
    status=$(api POST /api/entities "$entity")
    [[ $status == 2* ]] || { echo "fuzz-api [$db]: seeding an entity answered $status: $(cat "$tmp/body")" >&2; cleanup; return 1; }
    ids+=("$(jq -r .id "$tmp/body")")
  done
  # A real (tiny) PNG, so the memory has a photo and a thumbnail too.
  python3 -c 'import struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
rows = b"".join(b"\0" + b"".join(bytes((x * 16, y * 16, 128)) for x in range(16)) for y in range(16))
sys.stdout.buffer.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))
    + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))' >"$tmp/photo.png"
  status=$(curl -sS -o "$tmp/body" -w '%{http_code}' -X POST -H "Origin: $base" \
    -H "Cookie: lifegraph_session=$token" -F "photo=@$tmp/photo.png;type=image/png" "$base/api/photos/upload")
  [[ $status == 2* ]] || { echo "fuzz-api [$db]: seeding a photo answered $status: $(cat "$tmp/body")" >&2; cleanup; return 1; }
  local photo
  photo=$(jq -r .photoUrl "$tmp/body")
  status=$(api POST /api/memories/with-validation \
    "{\"title\":\"Picnic in Lyon\",\"content\":\"A picnic with Claire Martin by the Saone in Lyon.\",\"eventDate\":\"2024-05-01\",\"location\":\"Lyon\",\"photo\":\"$photo\",\"entities\":[${ids[0]},{\"id\":${ids[1]}}]}")
  [[ $status == 2* ]] || { echo "fuzz-api [$db]: seeding a memory answered $status: $(cat "$tmp/body")" >&2; cleanup; return 1; }

  # The document itself must be valid OpenAPI: a parameter declared in the wrong place, say, is
  # one the fuzzer never sends.
  local spec_status=0
  curl -fsS -o "$tmp/openapi.json" "$base/api/openapi.json" || spec_status=$?
  if [ "$spec_status" = 0 ]; then
    "$venv/bin/openapi-spec-validator" --validation-errors all "$tmp/openapi.json" >"$tmp/spec.txt" 2>&1 \
      || spec_status=$?
    sed "s|$tmp/openapi.json|/api/openapi.json|" "$tmp/spec.txt" | tee "$out/openapi-validation.txt"
  fi

  # Excluded operations, none of them for a fault of the server:
  # - /api/login and /api/auth/callback belong to the identity provider's round trip (with local
  #   sign-in, /api/login only redirects to the form) and start a new sign-in;
  # - /api/logout (GET and POST) ends the fuzzer's session, after which every answer is a 401;
  # - DELETE /api/users/{id} (delete_account) would delete the fuzzer's own account, the same;
  # - /auth/local (not in the document today) would sign in as other users, and its rate limit
  #   (429) is by design.
  # Options: the checks are those whose failure means the server is wrong (no 5xx; status, content
  # type, body and headers as documented). Every phase runs (examples, coverage, fuzzing,
  # stateful), in both positive and negative modes, with NUL characters allowed in strings. The
  # Origin header goes on every request, as a browser sends it: state-changing requests must be
  # same-origin. A fixed seed and no example database make runs comparable; --continue-on-failure
  # keeps looking for other failures of an operation after its first. Hypothesis' health checks
  # are about the generator (inputs too large, too slow to generate), not the server: off.
  local started=$SECONDS st_status=0
  (
    cd "$tmp" # Hypothesis and Schemathesis write nothing into the repository.
    timeout --foreground --kill-after=30 "$time_limit" "$schemathesis" run "$base/api/openapi.json" \
      --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance \
      --exclude-path /api/login --exclude-path /api/logout --exclude-path /api/auth/callback \
      --exclude-path /auth/local --exclude-operation-id delete_account \
      -H "Cookie: lifegraph_session=$token" -H "Origin: $base" \
      --workers "$workers" --max-examples "$max_examples" --seed "$seed" \
      --generation-database none --continue-on-failure \
      --request-timeout 30 --suppress-health-check all \
      --report junit,pytest --report-dir "$out" --no-color ${FUZZ_ARGS:-}
  ) 2>&1 | tee "$out/schemathesis.txt" || st_status=$?
  local elapsed=$((SECONDS - started))
  if [ "$st_status" = 130 ]; then
    echo "fuzz-api [$db]: interrupted" >&2
    exit 130
  fi

  local alive=yes panics
  kill -0 "$server_pid" 2>/dev/null || alive=no
  panics=$(grep -c 'panicked' "$log" || true)
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=
  cp "$log" "$out/server.log"

  local verdict=passed problems=()
  case $st_status in
    0) ;;
    124|137) problems+=("schemathesis ran out of its ${time_limit}s") ;;
    *) problems+=("schemathesis failed (exit $st_status)") ;;
  esac
  [ "$spec_status" = 0 ] || problems+=("/api/openapi.json is not valid OpenAPI")
  [ "$alive" = yes ] || problems+=("the server died")
  [ "$panics" = 0 ] || problems+=("$panics panic(s) in the server log")
  if [ ${#problems[@]} -gt 0 ]; then
    verdict="FAILED: $(IFS=';'; echo "${problems[*]}" | sed 's/;/; /g')"
    failed=1
    if [ "$panics" != 0 ]; then
      echo "fuzz-api [$db]: panics in the server log (count, place, message):" >&2
      sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -A1 'panicked at' | grep -v '^--$' | paste - - \
        | sed -E 's/^thread .* panicked at //' | sort | uniq -c >&2 || true
    fi
  fi
  # Schemathesis' own tally: "1499 generated, 1 found 1 unique failure" and the closing line.
  local cases result
  cases=$(grep -A1 -E '^Test cases:' "$out/schemathesis.txt" | tail -n 1 | sed 's/^ *//' || true)
  result=$(grep -E '^=+ .* in [0-9.]+s =+$' "$out/schemathesis.txt" | tail -n 1 | sed -E 's/^=+ | =+$//g' || true)
  summaries+=("$db: $verdict; ${elapsed}s; test cases: ${cases:-?}; ${result:-no closing line}; reports in ${out#"$root"/}")
  cleanup
}

for db in $databases; do
  fuzz_one "$db" || { summaries+=("$db: FAILED before fuzzing; see above"); failed=1; }
done

echo
echo "API fuzzing summary (schemathesis $("$schemathesis" --version | awk '{print $NF}'), seed $seed, $max_examples examples per operation):"
printf '  %s\n' "${summaries[@]}"
exit "$failed"
