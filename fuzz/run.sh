#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer on a stable toolchain and runs one of them.
# cargo-fuzz needs nightly only for the sanitizers (-Zsanitizer); the coverage
# instrumentation libFuzzer steers by is LLVM's SanitizerCoverage, which stable rustc
# runs through -Cpasses and -Cllvm-args. The engine has no unsafe code, so
# AddressSanitizer would find nothing that a panic does not already report.
#
#   fuzz/run.sh record_text 600          # ten minutes
#   fuzz/run.sh record_mutations 600
#   fuzz/run.sh build                    # build only
set -euo pipefail
cd "$(dirname "$0")"
target="$(rustc -vV | sed -n 's/^host: //p')"
export RUSTFLAGS="--cfg fuzzing -Cdebug-assertions -Coverflow-checks \
 -Cpasses=sancov-module \
 -Cllvm-args=-sanitizer-coverage-level=4 \
 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
 -Cllvm-args=-sanitizer-coverage-pc-table \
 -Cllvm-args=-sanitizer-coverage-trace-compares"
# --target keeps the flags off build scripts and proc macros (serde_derive).
cargo build --release --target "$target" --bins
[ "${1:-build}" = build ] && exit 0
name="$1"
seconds="${2:-600}"
mkdir -p "corpus/$name" "artifacts/$name"
exec "target/$target/release/$name" "corpus/$name" \
  -dict=record.dict -max_total_time="$seconds" -print_final_stats=1 \
  -artifact_prefix="artifacts/$name/"
