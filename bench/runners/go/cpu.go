package main

// CPU cases on Bee's own packages: crypto.LegacyKeccak256, bmt (Bee's default, non-SIMD hasher pool as the node
// runs without --use-simd), the file pipeline (splitter + hash trie), crypto's secp256k1 signer, mantaray.

import (
	"context"
	"encoding/hex"
	"fmt"
	"math"
	"runtime"
	"sync"

	"bytes"
	"github.com/ethersphere/bee/v2/pkg/bmt"
	"github.com/ethersphere/bee/v2/pkg/cac"
	"github.com/ethersphere/bee/v2/pkg/crypto"
	"github.com/ethersphere/bee/v2/pkg/file/pipeline/builder"
	"github.com/ethersphere/bee/v2/pkg/file/redundancy"
	"github.com/ethersphere/bee/v2/pkg/manifest/mantaray"
	"github.com/ethersphere/bee/v2/pkg/swarm"
)

const chunkSize = swarm.ChunkSize

func keccak(data []byte) []byte {
	h, _ := crypto.LegacyKeccak256(data)
	return h
}

// Deterministic inputs shared with bench/lib/case-inputs.ts.
func messages(n int) [][]byte {
	out := make([][]byte, n)
	for i := range out {
		out[i] = keccak([]byte(fmt.Sprintf("msg-%d", i)))
	}
	return out
}

type manifestFile struct {
	path, name string
	reference  []byte
}

func manifestFiles(n int) []manifestFile {
	out := make([]manifestFile, n)
	for i := range out {
		out[i] = manifestFile{path: fmt.Sprintf("site/dir-%d/file-%d.bin", i%16, i), name: fmt.Sprintf("file-%d.bin", i), reference: keccak([]byte(fmt.Sprintf("ref-%d", i)))}
	}
	return out
}

func lookupPaths(files []manifestFile, finds int, hitRatio float64) []string {
	hitBelow := int(math.Round(hitRatio * 100))
	out := make([]string, finds)
	for j := range out {
		if j%100 < hitBelow {
			out[j] = files[(j*7919)%len(files)].path
		} else {
			out[j] = fmt.Sprintf("site/dir-%d/missing-%d.bin", j%16, j)
		}
	}
	return out
}

// fileRoot computes the /bytes reference with Bee's own pipeline; put receives every chunk (nil: discard).
func fileRoot(ctx context.Context, data []byte, put func(swarm.Chunk) error) (swarm.Address, error) {
	putter := putterFunc(func(_ context.Context, ch swarm.Chunk) error {
		if put == nil {
			return nil
		}
		return put(ch)
	})
	p := builder.NewPipelineBuilder(ctx, putter, false, redundancy.NONE)
	return builder.FeedPipeline(ctx, p, bytes.NewReader(data))
}

type putterFunc func(context.Context, swarm.Chunk) error

func (f putterFunc) Put(ctx context.Context, ch swarm.Chunk) error { return f(ctx, ch) }

// manifestSaver stores each serialized mantaray node as a chunk tree through put and returns its root.
type manifestSaver struct{ put func(swarm.Chunk) error }

func (s manifestSaver) Save(ctx context.Context, data []byte) ([]byte, error) {
	addr, err := fileRoot(ctx, data, s.put)
	return addr.Bytes(), err
}

func (s manifestSaver) Load(context.Context, []byte) ([]byte, error) {
	return nil, fmt.Errorf("not loadable")
}

func cpuCases() map[string]caseImpl {
	return map[string]caseImpl{
		"cpu.keccak.chunk-hash": func(e *caseEnv) (*prepared, string, error) {
			data, count, size := e.fixture(1), e.p("count"), e.p("bytes")
			blocks := len(data) / size
			return &prepared{run: func(int) (string, error) {
				for i := 0; i < count; i++ {
					at := (i % blocks) * size
					keccak(data[at : at+size])
				}
				return "", nil
			}, bytes: int64(count * size), units: count, unit: "hash"}, "", nil
		},
		"cpu.keccak.bulk": func(e *caseEnv) (*prepared, string, error) {
			data := e.fixture(e.p("size_mb"))
			return &prepared{run: func(int) (string, error) { return hex.EncodeToString(keccak(data)), nil }, bytes: int64(len(data)), units: 1, unit: "hash"}, "", nil
		},
		"cpu.keccak.parallel": func(e *caseEnv) (*prepared, string, error) {
			data := e.fixture(e.p("size_mb"))
			blocks := (len(data) + chunkSize - 1) / chunkSize
			threads := runtime.NumCPU()
			return &prepared{run: func(int) (string, error) {
				var wg sync.WaitGroup
				per := (blocks + threads - 1) / threads
				for t := 0; t < threads; t++ {
					wg.Add(1)
					go func(from, to int) {
						defer wg.Done()
						for b := from; b < to && b < blocks; b++ {
							keccak(data[b*chunkSize : min(len(data), (b+1)*chunkSize)])
						}
					}(t*per, (t+1)*per)
				}
				wg.Wait()
				return "", nil
			}, bytes: int64(len(data)), units: blocks, unit: "hash"}, "", nil
		},
		"cpu.bmt.chunk-address": func(e *caseEnv) (*prepared, string, error) {
			data, count := e.fixture(1), e.p("count")
			blocks := len(data) / chunkSize
			span := bmt.LengthToSpan(chunkSize)
			return &prepared{run: func(int) (string, error) {
				last := ""
				for i := 0; i < count; i++ {
					at := (i % blocks) * chunkSize
					// cac.DoHash: Bee's pooled BMT hasher, as every chunk address in the node is made.
					sum, err := cac.DoHash(data[at:at+chunkSize], span)
					if err != nil {
						return "", err
					}
					last = hex.EncodeToString(sum)
				}
				return last, nil
			}, bytes: int64(count * chunkSize), units: count, unit: "chunk"}, "", nil
		},
		"cpu.bmt.file-root": func(e *caseEnv) (*prepared, string, error) {
			data := e.fixture(e.p("size_mb"))
			return &prepared{run: func(int) (string, error) {
				addr, err := fileRoot(context.Background(), data, nil)
				return addr.String(), err
			}, bytes: int64(len(data)), units: (len(data) + chunkSize - 1) / chunkSize, unit: "leaf chunk"}, "", nil
		},
		"cpu.ecdsa.sign-1000": func(e *caseEnv) (*prepared, string, error) {
			key, err := crypto.GenerateSecp256k1Key()
			if err != nil {
				return nil, "", err
			}
			signer := crypto.NewDefaultSigner(key)
			inputs := messages(e.p("count"))
			return &prepared{run: func(int) (string, error) {
				for _, m := range inputs {
					// Bee's Sign(data) signs keccak256(prefix ‖ data); data = keccak256(message) as in the other clients.
					if _, err := signer.Sign(keccak(m)); err != nil {
						return "", err
					}
				}
				return "", nil
			}, units: len(inputs), unit: "signature"}, "", nil
		},
		"cpu.ecdsa.verify-1000": func(e *caseEnv) (*prepared, string, error) {
			key, err := crypto.GenerateSecp256k1Key()
			if err != nil {
				return nil, "", err
			}
			signer := crypto.NewDefaultSigner(key)
			want, _ := crypto.NewEthereumAddress(key.PublicKey)
			inputs := messages(e.p("count"))
			sigs := make([][]byte, len(inputs))
			for i, m := range inputs {
				if sigs[i], err = signer.Sign(keccak(m)); err != nil {
					return nil, "", err
				}
			}
			return &prepared{run: func(int) (string, error) {
				for i, m := range inputs {
					pub, err := crypto.Recover(sigs[i], keccak(m))
					if err != nil {
						return "", err
					}
					got, _ := crypto.NewEthereumAddress(*pub)
					if !bytes.Equal(got, want) {
						return "", fmt.Errorf("recovered a different signer")
					}
				}
				return "", nil
			}, units: len(inputs), unit: "recovery"}, "", nil
		},
		"cpu.identity.create": func(e *caseEnv) (*prepared, string, error) {
			count := e.p("count")
			return &prepared{run: func(int) (string, error) {
				for i := 0; i < count; i++ {
					key, err := crypto.GenerateSecp256k1Key()
					if err != nil {
						return "", err
					}
					if _, err := crypto.NewEthereumAddress(key.PublicKey); err != nil {
						return "", err
					}
				}
				return "", nil
			}, units: count, unit: "identity"}, "", nil
		},
		"cpu.manifest.hash-50files": func(e *caseEnv) (*prepared, string, error) {
			files := manifestFiles(e.p("files"))
			return &prepared{run: func(int) (string, error) {
				ctx := context.Background()
				root := mantaray.New()
				for _, f := range files {
					if err := root.Add(ctx, []byte(f.path), f.reference, map[string]string{"Content-Type": "application/octet-stream", "Filename": f.name}, nil); err != nil {
						return "", err
					}
				}
				if err := root.Save(ctx, manifestSaver{}); err != nil {
					return "", err
				}
				return hex.EncodeToString(root.Reference()), nil
			}, units: len(files), unit: "file"}, "", nil
		},
		"cpu.manifest.lookup-large": func(e *caseEnv) (*prepared, string, error) {
			ctx := context.Background()
			files := manifestFiles(e.p("entries"))
			root := mantaray.New()
			for _, f := range files {
				if err := root.Add(ctx, []byte(f.path), f.reference, nil, nil); err != nil {
					return nil, "", err
				}
			}
			queries := lookupPaths(files, e.p("finds"), e.params["hit_ratio"])
			return &prepared{run: func(int) (string, error) {
				hits := 0
				for _, q := range queries {
					if _, err := root.Lookup(ctx, []byte(q), nil); err == nil {
						hits++
					}
				}
				return fmt.Sprint(hits), nil
			}, units: len(queries), unit: "lookup"}, "", nil
		},
	}
}
