#!/usr/bin/env bash
# Builds the two compiled benchmark runners, outside the repository (nothing built is ever committed):
#   go:   bench/runners/go  -> ~/.cache/node-toolkit/bench/runner-go   (Bee v2.8.1's packages from the Go module proxy)
#   rust: bench/runners/rust -> ~/.cache/node-toolkit/bench/rust-target/release/bench-rust-runner (bee-rs 1.7.0 from crates.io)
# A runner is rebuilt only when its sources changed (a hash of them is kept next to the binary), so a second
# run costs a second. The Go and Cargo caches (~/go/pkg/mod, ~/.cargo/registry, the target dir) live outside too.
# Usage: bash bench/build-runners.sh [go] [rust] [--force]      (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE_ROOT="${NODE_TOOLKIT_CACHE:-$HOME/.cache/node-toolkit}/bench"
mkdir -p "$CACHE_ROOT"

force=0
want=()
for arg in "$@"; do
  case "$arg" in
    --help|-h)
      cat <<'USAGE'
Usage: npm run bench:build-runners [-- go] [rust] [--force]

Builds the benchmark's compiled runners outside the repository: go (Bee v2.8.1's packages, from the Go module
proxy) into ~/.cache/node-toolkit/bench/runner-go, rust (bee-rs 1.7.0, from crates.io) into
~/.cache/node-toolkit/bench/rust-target. Default both; a runner is rebuilt only when its sources changed,
or with --force.
USAGE
      exit 0 ;;
    --force) force=1 ;;
    go|rust) want+=("$arg") ;;
    *) echo "build-runners: unknown argument $arg (expected go, rust, --force)" >&2; exit 1 ;;
  esac
done
[ ${#want[@]} -eq 0 ] && want=(go rust)

src_hash() { (cd "$1" && find . -type f \( -name '*.go' -o -name 'go.mod' -o -name 'go.sum' -o -name '*.rs' -o -name 'Cargo.toml' -o -name 'Cargo.lock' \) -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-64); }

fresh() { # fresh <binary> <hash>: the binary exists and was built from these sources
  [ $force -eq 0 ] && [ -x "$1" ] && [ "$(cat "$1.srchash" 2>/dev/null)" = "$2" ]
}

build_go() {
  local out="$CACHE_ROOT/runner-go" hash
  hash=$(src_hash bench/runners/go)
  if fresh "$out" "$hash"; then echo "build-runners: go runner up to date: $out" >&2; return; fi
  command -v go >/dev/null || { echo "build-runners: 'go' not found on PATH (need Go >= 1.26 for bee v2.8.1's packages)" >&2; exit 1; }
  local start=$(date +%s)
  echo "build-runners: building the go runner (Bee v2.8.1 packages) -> $out" >&2
  # -mod=mod: go.sum is committed; a missing line is filled from the module proxy instead of failing.
  (cd bench/runners/go && CGO_ENABLED=0 GOFLAGS=-mod=mod go build -trimpath -o "$out.tmp.$$" .) >&2
  mv "$out.tmp.$$" "$out"
  echo "$hash" > "$out.srchash"
  echo "build-runners: go runner built in $(( $(date +%s) - start ))s" >&2
}

build_rust() {
  local target="$CACHE_ROOT/rust-target" out hash
  out="$target/release/bench-rust-runner"
  hash=$(src_hash bench/runners/rust)
  if fresh "$out" "$hash"; then echo "build-runners: rust runner up to date: $out" >&2; return; fi
  command -v cargo >/dev/null || { echo "build-runners: 'cargo' not found on PATH (need Rust >= 1.85 for bee-rs 1.7.0)" >&2; exit 1; }
  local start=$(date +%s)
  echo "build-runners: building the rust runner (bee-rs 1.7.0) -> $out" >&2
  CARGO_TARGET_DIR="$target" cargo build --release --locked --manifest-path bench/runners/rust/Cargo.toml >&2
  echo "$hash" > "$out.srchash"
  echo "build-runners: rust runner built in $(( $(date +%s) - start ))s" >&2
}

for w in "${want[@]}"; do "build_$w"; done
echo "$CACHE_ROOT"
