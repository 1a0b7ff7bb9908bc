package main

// Net cases over net/http, with Bee's own packages for every chunk, SOC, feed update and manifest the client
// makes. Uploads are salted; downloads are drained (io.Copy to io.Discard).

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ethersphere/bee/v2/pkg/cac"
	"github.com/ethersphere/bee/v2/pkg/crypto"
	"github.com/ethersphere/bee/v2/pkg/manifest/mantaray"
	"github.com/ethersphere/bee/v2/pkg/soc"
	"github.com/ethersphere/bee/v2/pkg/swarm"
)

const mb = 1_000_000

func randomID() []byte {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return b
}

func salted(fixture []byte) []byte {
	buf := make([]byte, 32+len(fixture))
	copy(buf[32:], fixture)
	return buf
}

func resalt(buf []byte) { _, _ = rand.Read(buf[:32]) }

// concurrently runs n tasks with at most limit in flight; the first error wins.
func concurrently(n, limit int, task func(i int) error) error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	next := 0
	for w := 0; w < min(n, limit); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				stop := first != nil
				mu.Unlock()
				if i >= n || stop {
					return
				}
				if err := task(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return first
}

func rangeOffsets(count, total, length int) []int {
	span := max(1, total-length)
	out := make([]int, count)
	for i := range out {
		out[i] = int(int64(span) * int64((i*7919)%count) / int64(count))
	}
	return out
}

func saltedChunk(fixture []byte, i int) (swarm.Chunk, error) {
	payload := make([]byte, chunkSize)
	at := (i * chunkSize) % (len(fixture) - chunkSize)
	copy(payload, fixture[at:at+chunkSize])
	_, _ = rand.Read(payload[:32])
	return cac.New(payload)
}

func feedID(topic []byte, index uint64) []byte {
	buf := make([]byte, 40)
	copy(buf, topic)
	binary.BigEndian.PutUint64(buf[32:], index)
	return keccak(buf)
}

type feedWriter struct {
	node   *beeHTTP
	batch  string
	signer crypto.Signer
	owner  string
	// What every update points at: a small upload made during setup (Bee resolves the reference on GET /feeds
	// and answers 404 for one nobody uploaded), and its bytes, which a read must return.
	target  []byte
	content []byte
}

// pointAtUpload uploads a small random content and makes it the target of every update this writer writes.
func (f *feedWriter) pointAtUpload() error {
	f.content = make([]byte, 256)
	_, _ = rand.Read(f.content)
	ref, err := f.node.uploadBytes(f.batch, f.content, nil)
	if err != nil {
		return err
	}
	f.target, err = hex.DecodeString(ref)
	return err
}

func newFeedWriter(node *beeHTTP, batch string) (*feedWriter, error) {
	key, err := crypto.GenerateSecp256k1Key()
	if err != nil {
		return nil, err
	}
	owner, err := crypto.NewEthereumAddress(key.PublicKey)
	if err != nil {
		return nil, err
	}
	return &feedWriter{node: node, batch: batch, signer: crypto.NewDefaultSigner(key), owner: hex.EncodeToString(owner)}, nil
}

func (f *feedWriter) write(topic []byte, index uint64) error {
	payload := make([]byte, 8+32)
	binary.BigEndian.PutUint64(payload, uint64(time.Now().Unix()))
	copy(payload[8:], f.target)
	ch, err := cac.New(payload)
	if err != nil {
		return err
	}
	id := feedID(topic, index)
	signed, err := soc.New(id, ch).Sign(f.signer)
	if err != nil {
		return err
	}
	s, err := soc.FromChunk(signed)
	if err != nil {
		return err
	}
	_, err = f.node.uploadSOC(f.batch, f.owner, hex.EncodeToString(id), hex.EncodeToString(s.Signature()), ch.Data())
	return err
}

// latest asks GET /feeds for the latest update; found is false on 404 (no update yet).
func (f *feedWriter) latest(topic []byte) (index uint64, next uint64, found bool, err error) {
	resp, err := f.node.do("GET", "/feeds/"+f.owner+"/"+hex.EncodeToString(topic), nil, nil, -1)
	if he, ok := err.(*httpError); ok && he.status == 404 {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, 0, false, err
	}
	if f.content != nil && !bytes.Equal(body, f.content) {
		return 0, 0, false, fmt.Errorf("feed read %d bytes, not the %d-byte upload the update points at", len(body), len(f.content))
	}
	index, err = strconv.ParseUint(resp.Header.Get("swarm-feed-index"), 16, 64)
	if err != nil {
		return 0, 0, false, fmt.Errorf("bad swarm-feed-index %q", resp.Header.Get("swarm-feed-index"))
	}
	next = index + 1
	if n, err := strconv.ParseUint(resp.Header.Get("swarm-feed-index-next"), 16, 64); err == nil {
		next = n
	}
	return index, next, true, nil
}

func feedCase(warm bool) caseImpl {
	return func(e *caseEnv) (*prepared, string, error) {
		w, err := newFeedWriter(e.node, e.batch)
		if err != nil {
			return nil, "", err
		}
		if err := w.pointAtUpload(); err != nil {
			return nil, "", err
		}
		count := e.p("count")
		warmTopic := randomID()
		if warm {
			if err := w.write(warmTopic, 0); err != nil {
				return nil, "", err
			}
		}
		var topics [][]byte
		return &prepared{
			before: func(int) error {
				topics = make([][]byte, count)
				for i := range topics {
					topics[i] = randomID()
				}
				return nil
			},
			run: func(int) (string, error) {
				for i := 0; i < count; i++ {
					topic, index := topics[i], uint64(0)
					if warm {
						topic = warmTopic
						_, next, found, err := w.latest(topic)
						if err != nil {
							return "", err
						}
						if found {
							index = next
						}
					}
					if err := w.write(topic, index); err != nil {
						return "", err
					}
					got, _, found, err := w.latest(topic)
					if err != nil {
						return "", err
					}
					// Bee v2.8.1 may answer the index before the one just written (bench/README.md), never a later one.
					if !found || got > index || (!warm && got != index) {
						return "", fmt.Errorf("feed read index %d (found %v), wrote %d", got, found, index)
					}
				}
				return "", nil
			},
			units: count, unit: "write+read",
		}, "", nil
	}
}

func uploadCase(kind string, encrypt bool) caseImpl {
	return func(e *caseEnv) (*prepared, string, error) {
		buf := salted(e.fixture(e.p("size_mb")))
		return &prepared{
			before: func(int) error { resalt(buf); return nil },
			run: func(int) (string, error) {
				if kind == "bzz" {
					return e.node.uploadFile(e.batch, "fixture.bin", bytes.NewReader(buf), int64(len(buf)), encrypt)
				}
				return e.node.uploadBytes(e.batch, buf, nil)
			},
			bytes: int64(len(buf)), units: 1, unit: "upload",
		}, "", nil
	}
}

func uploadOnce(e *caseEnv, sizeMB int, kind string) (string, int, error) {
	return uploadOnceWith(e, sizeMB, kind, nil)
}

func uploadOnceWith(e *caseEnv, sizeMB int, kind string, headers map[string]string) (string, int, error) {
	buf := salted(e.fixture(sizeMB))
	resalt(buf)
	var ref string
	var err error
	if kind == "bzz" {
		ref, err = e.node.uploadFile(e.batch, "fixture.bin", bytes.NewReader(buf), int64(len(buf)), false)
	} else {
		ref, err = e.node.uploadBytes(e.batch, buf, headers)
	}
	return ref, len(buf), err
}

func expectLen(what string, got int64, want int) error {
	if got != int64(want) {
		return fmt.Errorf("%s: %d bytes, expected %d", what, got, want)
	}
	return nil
}

func chunksCase(parallel bool) caseImpl {
	return func(e *caseEnv) (*prepared, string, error) {
		count, fixture := e.p("count"), e.fixture(1)
		limit := 1
		if parallel {
			limit = e.p("concurrency")
		}
		var chunks []swarm.Chunk
		return &prepared{
			before: func(int) error {
				chunks = make([]swarm.Chunk, count)
				for i := range chunks {
					ch, err := saltedChunk(fixture, i)
					if err != nil {
						return err
					}
					chunks[i] = ch
				}
				return nil
			},
			run: func(int) (string, error) {
				return "", concurrently(count, limit, func(i int) error {
					_, err := e.node.uploadChunk(e.batch, chunks[i].Data())
					return err
				})
			},
			bytes: int64(count * chunkSize), units: count, unit: "chunk",
		}, "", nil
	}
}

func netCases() map[string]caseImpl {
	return map[string]caseImpl{
		"net.stamps.list": func(e *caseEnv) (*prepared, string, error) {
			count := e.p("count")
			return &prepared{run: func(int) (string, error) {
				for i := 0; i < count; i++ {
					if _, err := e.node.json("GET", "/stamps", nil, nil, &struct{ Stamps []any }{}); err != nil {
						return "", err
					}
				}
				return "", nil
			}, units: count, unit: "call"}, "", nil
		},
		"net.stamps.concurrent": func(e *caseEnv) (*prepared, string, error) {
			count := e.p("count")
			return &prepared{run: func(int) (string, error) {
				return "", concurrently(count, e.p("concurrency"), func(int) error {
					_, err := e.node.json("GET", "/stamps", nil, nil, &struct{ Stamps []any }{})
					return err
				})
			}, units: count, unit: "call"}, "", nil
		},
		"net.feed.write-read.fresh": feedCase(false),
		"net.feed.write-read.warm":  feedCase(true),
		"net.bzz.upload":            uploadCase("bzz", false),
		"net.bzz.upload.encrypted":  uploadCase("bzz", true),
		"net.bytes.upload":          uploadCase("bytes", false),
		"net.bzz.upload.parallel": func(e *caseEnv) (*prepared, string, error) {
			files, size := e.p("files"), e.p("size_mb")
			bufs := make([][]byte, files)
			total := int64(0)
			for i := range bufs {
				bufs[i] = salted(e.fixture(size))
				total += int64(len(bufs[i]))
			}
			return &prepared{
				before: func(int) error {
					for _, b := range bufs {
						resalt(b)
					}
					return nil
				},
				run: func(int) (string, error) {
					return "", concurrently(files, e.p("concurrency"), func(i int) error {
						_, err := e.node.uploadFile(e.batch, fmt.Sprintf("file-%d.bin", i), bytes.NewReader(bufs[i]), int64(len(bufs[i])), false)
						return err
					})
				},
				bytes: total, units: files, unit: "upload",
			}, "", nil
		},
		"net.chunks.upload.parallel": chunksCase(true),
		"net.bzz.upload-from-disk": func(e *caseEnv) (*prepared, string, error) {
			path, size := e.fixturePath(e.p("size_mb")), e.p("size_mb")*mb
			salt := randomID()
			return &prepared{
				before: func(int) error { salt = randomID(); return nil },
				run: func(int) (string, error) {
					f, err := os.Open(path)
					if err != nil {
						return "", err
					}
					defer f.Close()
					return e.node.uploadFile(e.batch, "fixture.bin", io.MultiReader(bytes.NewReader(salt), f), int64(size+32), false)
				},
				bytes: int64(size + 32), units: 1, unit: "upload",
			}, "", nil
		},
		"net.bzz.download": func(e *caseEnv) (*prepared, string, error) {
			ref, length, err := uploadOnce(e, e.p("size_mb"), "bzz")
			if err != nil {
				return nil, "", err
			}
			return &prepared{run: func(int) (string, error) {
				n, err := e.node.drain("/bzz/"+ref+"/", nil)
				if err != nil {
					return "", err
				}
				return "", expectLen("GET /bzz", n, length)
			}, bytes: int64(length), units: 1, unit: "download"}, "", nil
		},
		// Level-0 row and default-level row (bench/README.md). On the default row Bee v2.8.1 sends the root span
		// with its level byte as a negative Content-Length, which net/http refuses ("bad Content-Length"): skipped
		// with that error.
		"net.bytes.head": func(e *caseEnv) (*prepared, string, error) {
			_, levelZero := e.params["redundancy_level"]
			var headers map[string]string
			if levelZero {
				headers = map[string]string{"swarm-redundancy-level": "0"}
			}
			ref, length, err := uploadOnceWith(e, e.p("size_mb"), "bytes", headers)
			if err != nil {
				return nil, "", err
			}
			if _, err := e.node.head("/bytes/" + ref); err != nil && !levelZero && strings.Contains(err.Error(), "Content-Length") {
				return nil, unreadableLength("Go net/http", err), nil
			}
			count := e.p("count")
			return &prepared{run: func(int) (string, error) {
				for i := 0; i < count; i++ {
					n, err := e.node.head("/bytes/" + ref)
					if err != nil {
						return "", err
					}
					if err := expectLen("HEAD /bytes content-length", n, length); err != nil {
						return "", err
					}
				}
				return "", nil
			}, units: count, unit: "call"}, "", nil
		},
		"net.bytes.download.range": func(e *caseEnv) (*prepared, string, error) {
			ref, length, err := uploadOnce(e, e.p("size_mb"), "bytes")
			if err != nil {
				return nil, "", err
			}
			rangeBytes := e.p("range_kb") * 1024
			offsets := rangeOffsets(e.p("count"), length, rangeBytes)
			return &prepared{run: func(int) (string, error) {
				for _, at := range offsets {
					n, err := e.node.drain("/bytes/"+ref, map[string]string{"Range": fmt.Sprintf("bytes=%d-%d", at, at+rangeBytes-1)})
					if err != nil {
						return "", err
					}
					if err := expectLen("range read", n, rangeBytes); err != nil {
						return "", err
					}
				}
				return "", nil
			}, bytes: int64(len(offsets) * rangeBytes), units: len(offsets), unit: "range"}, "", nil
		},
		"net.bytes.download.parallel": func(e *caseEnv) (*prepared, string, error) {
			ref, length, err := uploadOnce(e, e.p("size_mb"), "bytes")
			if err != nil {
				return nil, "", err
			}
			count := e.p("count")
			return &prepared{run: func(int) (string, error) {
				return "", concurrently(count, e.p("concurrency"), func(int) error {
					n, err := e.node.drain("/bytes/"+ref, nil)
					if err != nil {
						return err
					}
					return expectLen("GET /bytes", n, length)
				})
			}, bytes: int64(count * length), units: count, unit: "download"}, "", nil
		},
		"net.chunks.upload": chunksCase(false),
		"net.stream-dir.upload": func(e *caseEnv) (*prepared, string, error) {
			files, fileBytes, fixture := e.p("files"), e.p("file_bytes"), e.fixture(1)
			var data [][]byte
			return &prepared{
				before: func(int) error {
					data = make([][]byte, files)
					for i := range data {
						data[i] = append([]byte{}, fixture[i*fileBytes:(i+1)*fileBytes]...)
						_, _ = rand.Read(data[i][:32])
					}
					return nil
				},
				run: func(int) (string, error) {
					ctx := context.Background()
					put := func(ch swarm.Chunk) error { _, err := e.node.uploadChunk(e.batch, ch.Data()); return err }
					root := mantaray.New()
					for i, d := range data {
						addr, err := fileRoot(ctx, d, put)
						if err != nil {
							return "", err
						}
						name := fmt.Sprintf("file-%d.bin", i)
						if err := root.Add(ctx, []byte("dir/"+name), addr.Bytes(), map[string]string{"Content-Type": "application/octet-stream", "Filename": name}, nil); err != nil {
							return "", err
						}
					}
					if err := root.Save(ctx, manifestSaver{put: put}); err != nil {
						return "", err
					}
					return hex.EncodeToString(root.Reference()), nil
				},
				bytes: int64(files * fileBytes), units: files, unit: "file",
			}, "", nil
		},
		"net.soc.upload": func(e *caseEnv) (*prepared, string, error) {
			w, err := newFeedWriter(e.node, e.batch)
			if err != nil {
				return nil, "", err
			}
			count, fixture := e.p("count"), e.fixture(1)
			var ids [][]byte
			return &prepared{
				before: func(int) error {
					ids = make([][]byte, count)
					for i := range ids {
						ids[i] = randomID()
					}
					return nil
				},
				run: func(int) (string, error) {
					for i := 0; i < count; i++ {
						ch, err := cac.New(fixture[i*1024 : i*1024+1024])
						if err != nil {
							return "", err
						}
						signed, err := soc.New(ids[i], ch).Sign(w.signer)
						if err != nil {
							return "", err
						}
						s, err := soc.FromChunk(signed)
						if err != nil {
							return "", err
						}
						if _, err := e.node.uploadSOC(e.batch, w.owner, hex.EncodeToString(ids[i]), hex.EncodeToString(s.Signature()), ch.Data()); err != nil {
							return "", err
						}
					}
					return "", nil
				},
				bytes: int64(count * 1024), units: count, unit: "soc",
			}, "", nil
		},
		"net.pin.add-list": func(e *caseEnv) (*prepared, string, error) {
			count := e.p("count")
			refs := make([]string, count)
			for i := range refs {
				ref, err := e.node.uploadBytes(e.batch, randomID(), nil)
				if err != nil {
					return nil, "", err
				}
				refs[i] = ref
			}
			return &prepared{run: func(int) (string, error) {
				for _, r := range refs {
					if _, err := e.node.json("POST", "/pins/"+r, nil, nil, nil); err != nil {
						return "", err
					}
				}
				var list struct{ References []string }
				if _, err := e.node.json("GET", "/pins", nil, nil, &list); err != nil {
					return "", err
				}
				have := map[string]bool{}
				for _, r := range list.References {
					have[r] = true
				}
				for _, r := range refs {
					if !have[r] {
						return "", fmt.Errorf("a pinned reference is missing from GET /pins")
					}
				}
				for _, r := range refs {
					if _, err := e.node.json("DELETE", "/pins/"+r, nil, nil, nil); err != nil {
						return "", err
					}
				}
				return "", nil
			}, units: count*2 + 1, unit: "call"}, "", nil
		},
		"net.tags.upload-with-tag": func(e *caseEnv) (*prepared, string, error) {
			buf := salted(e.fixture(e.p("size_mb")))
			return &prepared{
				before: func(int) error { resalt(buf); return nil },
				run: func(int) (string, error) {
					var tag struct {
						UID   uint64 `json:"uid"`
						Split uint64 `json:"split"`
					}
					if _, err := e.node.json("POST", "/tags", nil, nil, &tag); err != nil {
						return "", err
					}
					if _, err := e.node.uploadBytes(e.batch, buf, map[string]string{"swarm-tag": strconv.FormatUint(tag.UID, 10)}); err != nil {
						return "", err
					}
					if _, err := e.node.json("GET", "/tags/"+strconv.FormatUint(tag.UID, 10), nil, nil, &tag); err != nil {
						return "", err
					}
					if tag.Split < uint64(len(buf)/chunkSize) {
						return "", fmt.Errorf("tag %d split %d chunks", tag.UID, tag.Split)
					}
					return "", nil
				},
				bytes: int64(len(buf)), units: 3, unit: "call",
			}, "", nil
		},
	}
}

func allCases() map[string]caseImpl {
	all := cpuCases()
	for k, v := range netCases() {
		all[k] = v
	}
	return all
}

// unreadableLength is the skip reason of net.bytes.head's default-level row (bench/lib/net-inputs.ts says the same).
func unreadableLength(client string, err error) string {
	said := err.Error()
	if len(said) > 200 {
		said = said[:200]
	}
	return client + " cannot read the negative Content-Length Bee v2.8.1 sends for a redundancy-coded root (its span as a signed int64): " + said
}
