#!/bin/sh
# The mojibake evaluation (docs/mojibake.md, "Evaluation"): regenerates set.jsonl from gen.py
# and prints run precision, document recall and false positives per split, kind and chain.
# The tests that print them (crates/textscope/tests/mojibake.rs: eval_set_precision_and_recall,
# and eval_corpus_split on scripts/eval/text)
# also fail when the figures fall below their floors.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
python3 "$here/gen.py" "$here/set.jsonl"
cd "$here/../../.."
cargo test -p textscope --test mojibake eval_ -- --nocapture
