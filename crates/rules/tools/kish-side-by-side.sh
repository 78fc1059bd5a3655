#!/usr/bin/env bash
# Bulk-perft speed of the published `kish` crate (Turkish draughts, the same orthogonal 8x8
# geometry as Give and Take) side by side with ours, in one run on one machine, so that
# the ratios mean something even when the machine is busy.
#
#   bash crates/rules/tools/kish-side-by-side.sh [ROUNDS]
#
# kish is fetched by cargo from crates.io into target/kish-bench (a throwaway project this
# script writes; none of kish's code is kept in the repository). Each round runs kish, then
# our examples/perft_nps, back to back; the table keeps each line's best round (the one
# least disturbed by other load) and gives its speed relative to kish's best.
set -euo pipefail

rounds=${1:-3}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
bench="$root/target/kish-bench"
# kish at depth 8 is 123 million nodes: long enough to measure, short enough to repeat.
kish_depth=8
kish_version="=1.1.7"

mkdir -p "$bench/src"
cat >"$bench/Cargo.toml" <<TOML
[package]
name = "kish-bench"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
kish = "$kish_version"

# Not part of the Checkerhall workspace.
[workspace]

# The same optimisation settings as the Checkerhall workspace's release profile.
[profile.release]
lto = "thin"
codegen-units = 1
TOML
cat >"$bench/src/main.rs" <<'RUST'
//! kish's sequential bulk perft from the start, printed like Checkerhall's perft_nps.
use std::time::Instant;

fn main() {
    let depth: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let board = kish::Board::new_default();
    let t = Instant::now();
    let nodes = board.perft(depth);
    let secs = t.elapsed().as_secs_f64().max(1e-9);
    println!(
        "{:<24} depth {depth:>2} nodes {nodes:>12} time {secs:>7.3}s nps {:>6.1}M",
        "kish turkish paths",
        nodes as f64 / secs / 1e6
    );
}
RUST

echo "building kish (crates.io) and checkerhall-rules' perft_nps in release mode..." >&2
cargo build --quiet --release --manifest-path "$bench/Cargo.toml" --target-dir "$bench/target"
cargo build --quiet --release --manifest-path "$root/Cargo.toml" -p checkerhall-rules --example perft_nps
kish="$bench/target/release/kish-bench"
ours="$root/target/release/examples/perft_nps"

out=$(mktemp)
trap 'rm -f "$out"' EXIT
for round in $(seq 1 "$rounds"); do
    echo "round $round of $rounds" >&2
    "$kish" "$kish_depth" >>"$out"
    # Depth offsets so that every line runs for a second or more at today's speeds.
    "$ours" 2 "stockholm" "brazilian" "neva 4 seats" >>"$out"
    "$ours" 1 "giveandtake" >>"$out"
done

# Best round per line, then each line's speed relative to kish.
awk '
    { name = $1; for (i = 2; $i != "depth"; i++) name = name " " $i
      nps = $NF; sub(/M$/, "", nps)
      if (!(name in best) || nps + 0 > best[name]) { best[name] = nps + 0; line[name] = $0 }
      if (!(name in seen)) { seen[name] = 1; order[n++] = name } }
    END {
      k = best["kish turkish paths"]
      printf "%-24s %-50s %s\n", "generator", "best of '"$rounds"' rounds", "x kish"
      for (i = 0; i < n; i++) {
        name = order[i]
        rest = line[name]; sub(/^[^ ]+( [^ ]+)* +depth/, "depth", rest)
        printf "%-24s %-50s %5.2f\n", name, rest, (k > 0 ? best[name] / k : 0)
      }
    }' "$out"
