#!/bin/sh
# Fits the sequence tagger (src/tagger.rs) and the content model (src/model.rs) on the development
# set and the extra sets, and writes data/model/tagger.tsv and data/model/content.tsv; the frozen
# held-out sets and the tuning set are never trained on.
#
#   crates/extract/train.sh
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
cargo run --quiet --release --locked -p lifegraph-extract -- train data/model/content.tsv \
    tests/data/dev.jsonl tests/data/holdout.jsonl tests/data/holdout[0-9]*.jsonl tests/data/train-2026-11-24.jsonl \
    tests/data/train-2026-11-25.jsonl tests/data/train-2026-11-26.jsonl
