#!/usr/bin/env bash
# Run a command with a throwaway S3-compatible object server on loopback and one empty bucket in
# it; the server, its data and its log are removed afterwards, whatever happens.
#
# Usage: scripts/with-s3.sh <command> [args...]
#   e.g. scripts/with-s3.sh bash -c 'lifegraph serve --storage-url "s3://$LIFEGRAPH_TEST_S3_BUCKET/photos"'
#
# Exported to the command (every AWS_* variable inherited from the caller is dropped first, so
# that a developer's own profile, session token or AWS_ENDPOINT_URL_S3 cannot send the tests to a
# real account; object_store's AmazonS3Builder::from_env() reads every AWS_* name it knows):
#   AWS_ENDPOINT=http://127.0.0.1:PORT  the server (object_store; path-style requests, since
#                                        AWS_VIRTUAL_HOSTED_STYLE_REQUEST is not set)
#   AWS_ENDPOINT_URL                    the same, for boto3 and the aws CLI
#   AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY  test credentials
#   AWS_REGION, AWS_DEFAULT_REGION      us-east-1 (other regions need a LocationConstraint)
#   AWS_ALLOW_HTTP=true                 object_store refuses plain HTTP otherwise
#   LIFEGRAPH_TEST_S3_BUCKET            the bucket, e.g. --storage-url s3://$LIFEGRAPH_TEST_S3_BUCKET/photos
#
# The server is moto (https://github.com/getmoto/moto, Apache License 2.0, © Steve Pulec and
# the moto contributors), run as `moto_server`: a Python emulator of the S3 API, objects kept in
# its memory. No real S3 implementation installs from the registries this project can reach:
# MinIO, Garage and versitygw are in neither Debian 12, PyPI nor npm (only clients and unrelated
# names); Debian's radosgw needs a whole Ceph cluster (monitor and OSD) behind it; Zenko
# CloudServer's only npm release (8.0.0-beta) depends on GitHub repositories. moto ranks above
# the npm fake s3rver (last release 2024) as it covers more of the S3 API and is released
# often. Know its limits: it does not check request signatures (any key is accepted), and it is
# not a test of a real server's consistency or performance.
#
# moto and its dependencies live in a virtual environment under target/s3-venv, made on first use
# (about 10 s; wheels only, nothing is compiled) and remade whenever the pinned list below
# changes. Its Python also has boto3, for commands that want to look inside the bucket:
#   target/s3-venv/bin/python -c 'import boto3; print(boto3.client("s3").list_objects_v2(Bucket="...")) '
set -euo pipefail

if [ $# = 0 ]; then
  echo "usage: scripts/with-s3.sh <command> [args...]" >&2
  exit 2
fi

# The caller's AWS_* variables go, for the server as well as for the command.
while IFS= read -r name; do
  unset "$name"
done < <(compgen -e | grep '^AWS_' || true)

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=$root/target/s3-venv
bucket=lifegraph-test

## The virtual environment, made once and remade when the pins change ---------------------------

# Exact versions of the whole tree (`pip freeze` of moto[s3] + Flask + flask-cors, which is what
# moto_server needs to serve S3; moto[server] would add every other service's dependencies).
requirements='moto[s3]==5.2.5
Flask==3.1.3
flask-cors==6.0.5
blinker==1.9.0
boto3==1.44.5
botocore==1.44.5
certifi==2026.10.18
cffi==2.1.1
charset-normalizer==3.5.2
click==8.5.1
cryptography==50.0.2
idna==3.20
itsdangerous==2.2.0
Jinja2==3.1.6
jmespath==1.1.0
MarkupSafe==3.0.4
py-partiql-parser==0.6.3
pycparser==3.12
python-dateutil==2.9.0.post0
PyYAML==6.0.3
requests==2.34.2
responses==0.26.3
s3transfer==0.19.3
six==1.17.0
urllib3==2.8.0
Werkzeug==3.1.9
xmltodict==1.0.4'

venv_ready() {
  [ -x "$venv/bin/moto_server" ] && [ "$(cat "$venv/.requirements.txt" 2>/dev/null)" = "$requirements" ]
}

if ! venv_ready; then
  mkdir -p "$root/target"
  # One installation at a time, should two runs start together.
  (
    flock 9
    if ! venv_ready; then
      echo "with-s3: installing moto into $venv..." >&2
      rm -rf "$venv"
      python3 -m venv "$venv"
      printf '%s\n' "$requirements" >"$venv/requirements.txt"
      "$venv/bin/pip" install --quiet --disable-pip-version-check --only-binary :all: \
        -r "$venv/requirements.txt"
      printf '%s' "$requirements" >"$venv/.requirements.txt"
    fi
  ) 9>"$root/target/s3-venv.lock"
fi

## The server ------------------------------------------------------------------------------------

dir=$(mktemp -d /tmp/lifegraph-s3.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
server_pid=

cleanup() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# TMPDIR: moto spills objects over about 5 MB to temporary files; keep them in the folder above.
TMPDIR=$dir "$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >"$dir/log" 2>&1 &
server_pid=$!

endpoint=http://127.0.0.1:$port
ready=
for _ in $(seq 1 300); do # up to 60 s: the first start on a busy machine is slow
  kill -0 "$server_pid" 2>/dev/null || break
  # GET / is S3's ListBuckets: an XML answer means S3 requests are being served.
  if curl -fsS --max-time 2 -o /dev/null "$endpoint/" 2>/dev/null; then ready=1; break; fi
  sleep 0.2
done
if [ -z "$ready" ]; then
  echo "with-s3: the S3 server did not start on $endpoint; the end of its log:" >&2
  tail -n 40 "$dir/log" >&2
  exit 1
fi

## The environment and the bucket ----------------------------------------------------------------

export AWS_ENDPOINT=$endpoint
export AWS_ENDPOINT_URL=$endpoint
export AWS_ACCESS_KEY_ID=lifegraph-test
export AWS_SECRET_ACCESS_KEY=lifegraph-test-secret
export AWS_REGION=us-east-1
export AWS_DEFAULT_REGION=us-east-1
export AWS_ALLOW_HTTP=true
export LIFEGRAPH_TEST_S3_BUCKET=$bucket

# Through boto3, as any S3 client would (signed, path-style).
"$venv/bin/python" -c 'import sys, boto3; boto3.client("s3").create_bucket(Bucket=sys.argv[1])' "$bucket"

echo "S3 test server (moto) on $endpoint, bucket $bucket" >&2
"$@"
