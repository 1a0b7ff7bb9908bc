#!/usr/bin/env bash
# Builds a real Bee binary from the published Go module, pinned by version, for the
# loopback test cluster. `go install …@v2.8.1` cannot be used: bee's go.mod has a
# replace directive, which `go install pkg@version` refuses. A throwaway wrapper module
# that only requires bee/v2 avoids that, and MVS then picks exactly bee's own deps.
#
# Output: ~/.cache/node-toolkit/bee/<version>/bee (second run: instant, nothing rebuilt).
# The wrapper module lives under ~/.cache too, never in the repository.
set -euo pipefail

if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  cat <<'USAGE'
Usage: npm run bee:build [-- --force]

Builds a real Bee binary (BEE_VERSION, default v2.8.1) from the published Go module into
~/.cache/node-toolkit/bee/<version>/bee (NODE_TOOLKIT_CACHE moves it), through a throwaway wrapper module
under ~/.cache; prints the binary's path. A second run is instant unless --force. Needs Go >= 1.26 and a Go
module proxy.
USAGE
  exit 0
fi

BEE_VERSION="${BEE_VERSION:-v2.8.1}"
# OpenAPI info.version of that release; /health reports it as apiVersion.
BEE_API_VERSION="${BEE_API_VERSION:-8.1.0}"
CACHE_ROOT="${NODE_TOOLKIT_CACHE:-$HOME/.cache/node-toolkit}"
OUT_DIR="$CACHE_ROOT/bee/$BEE_VERSION"
OUT="$OUT_DIR/bee"
WRAPPER="$CACHE_ROOT/bee-build/$BEE_VERSION"

if [[ -x "$OUT" && "${1:-}" != "--force" ]]; then
  echo "$OUT"
  exit 0
fi

command -v go >/dev/null || { echo "build-bee: 'go' not found on PATH (need Go >= 1.26 for bee 2.8.x)" >&2; exit 1; }

mkdir -p "$WRAPPER" "$OUT_DIR"
cd "$WRAPPER"
# The go line must be >= bee's own (1.26 for 2.8.x).
# Two replace lines, both found by running this on the project machine:
# - hdrhistogram: bee's own (inert) replace. A dependency's replace is ignored, and without
#   it module loading chases github.com/codahale/hdrhistogram@v0.0.0-00010101000000-000000000000.
# - batch-archive: the Go proxy reachable here answers 403 "This module version is not
#   available" for github.com/ethersphere/batch-archive (a large embedded mainnet postage
#   snapshot). bee reads it only on mainnet (network id 1) when building its batch store from
#   scratch, and then treats a missing snapshot as non-fatal. A local stub returning no
#   snapshot is therefore exact for any test network.
cat > go.mod <<MOD
module nodetoolkit.local/beebuild

go 1.26

require github.com/ethersphere/bee/v2 $BEE_VERSION

replace github.com/codahale/hdrhistogram => github.com/HdrHistogram/hdrhistogram-go v0.0.0-20200919145931-8dac23c8dac1

replace github.com/ethersphere/batch-archive => ./batch-archive-stub
MOD
rm -f tools.go
mkdir -p batch-archive-stub
cat > batch-archive-stub/go.mod <<'MOD'
module github.com/ethersphere/batch-archive

go 1.20
MOD
cat > batch-archive-stub/stub.go <<'GO'
// Package batcharchive stands in for the mainnet postage snapshot blob (see build-bee.sh).
package batcharchive

// GetBatchSnapshot returns no snapshot; bee then syncs batches from the chain.
func GetBatchSnapshot() []byte { return nil }
GO

start=$(date +%s)
echo "build-bee: resolving modules for bee $BEE_VERSION in $WRAPPER" >&2
go get "github.com/ethersphere/bee/v2/cmd/bee@$BEE_VERSION" >&2

BEE_MOD=github.com/ethersphere/bee/v2
VER="${BEE_VERSION#v}"
LDFLAGS="-s -w"
LDFLAGS+=" -X $BEE_MOD.version=$VER"
# The proxy's .info records the tag's commit and time; use them as a git build would.
INFO=$(go mod download -json "$BEE_MOD@$BEE_VERSION")
COMMIT=$(printf '%s' "$INFO" | sed -n 's/.*"Hash": "\([0-9a-f]\{8\}\).*/\1/p' | head -n1)
INFO_FILE=$(printf '%s' "$INFO" | sed -n 's/.*"Info": "\([^"]*\)".*/\1/p' | head -n1)
TAG_TIME=$(sed -n 's/.*"Time":"\([^"]*\)".*/\1/p' "$INFO_FILE" 2>/dev/null || true)
COMMIT_TIME=$( [[ -n "$TAG_TIME" ]] && date -d "$TAG_TIME" +%s || echo 0)
LDFLAGS+=" -X $BEE_MOD.commitHash=${COMMIT:-gomodule}"
LDFLAGS+=" -X $BEE_MOD.commitTime=$COMMIT_TIME"
LDFLAGS+=" -X $BEE_MOD/pkg/api.Version=$BEE_API_VERSION"
# Makes AutoNAT report "public": kademlia only counts itself as a storage candidate
# when public, which a loopback cluster never is otherwise.
LDFLAGS+=" -X $BEE_MOD/pkg/p2p/libp2p.reachabilityOverridePublic=true"

echo "build-bee: compiling (CGO_ENABLED=0, -trimpath) -> $OUT" >&2
CGO_ENABLED=0 go build -trimpath -ldflags "$LDFLAGS" -o "$OUT.tmp" "$BEE_MOD/cmd/bee" >&2
mv "$OUT.tmp" "$OUT"
echo "build-bee: done in $(( $(date +%s) - start ))s" >&2
echo "$OUT"
