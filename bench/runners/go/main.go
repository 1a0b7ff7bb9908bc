// Command runner-go is the benchmark's Go runner. The Go client bee-go cannot be downloaded here (the Go
// module proxy refuses it), so this runner uses Bee v2.8.1's own Go packages (pkg/bmt, pkg/file/pipeline,
// pkg/crypto, pkg/manifest/mantaray, pkg/soc, pkg/cac) for everything a client computes, and net/http for
// the node calls: the reference implementation itself. Every report says so.
//
// Usage: runner-go --out FILE [--spec PATH] [--fixtures DIR] [--cases id,id] [--sizes 1,10] [--iterations N]
// [--warmup N] [--warmup-ms MS]. Environment as the other runners: NODE_URL, NODE_BATCH_ID, NODE_TOKEN, BENCH_ITERS,
// BENCH_WARMUP, BENCH_WARMUP_MS, BENCH_LARGE, BENCH_FIXTURES_DIR, BENCH_SIZES_MB. Exit codes: 0 written, 1 bad arguments or spec, 3 batch not usable.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

const beeVersion = "v2.8.1"

type prepared struct {
	before func(i int) error
	run    func(i int) (string, error)
	after  func()
	bytes  int64
	units  int
	unit   string
}

type caseEnv struct {
	params      map[string]float64
	node        *beeHTTP
	batch       string
	fixture     func(mb int) []byte
	fixturePath func(mb int) string
}

func (e *caseEnv) p(name string) int { return int(e.params[name]) }

// A case returns its prepared work, or a skip reason, or a setup error.
type caseImpl func(env *caseEnv) (*prepared, string, error)

type caseResult struct {
	ID           string             `json:"id"`
	Kind         string             `json:"kind"`
	Params       map[string]float64 `json:"params"`
	ParamKey     string             `json:"param_key"`
	Skipped      bool               `json:"skipped"`
	SkipReason   string             `json:"skip_reason"`
	Failed       bool               `json:"failed"`
	Error        string             `json:"error"`
	IterationsMs []float64          `json:"iterations_ms"`
	MedianMs     *float64           `json:"median_ms"`
	WarmupRuns   *int               `json:"warmup_runs,omitempty"`
	CPUMs        []float64          `json:"cpu_ms"`
	PeakRSSMb    *float64           `json:"peak_rss_mb"`
	Bytes        int64              `json:"bytes"`
	Throughput   *float64           `json:"throughput_mb_s"`
	Units        int                `json:"units"`
	Unit         string             `json:"unit"`
	Check        string             `json:"check,omitempty"`
}

type client struct {
	Name     string `json:"name"`
	Version  string `json:"version"`
	Language string `json:"language"`
	Note     string `json:"note"`
}

type host struct {
	OS      string `json:"os"`
	Arch    string `json:"arch"`
	CPUs    int    `json:"cpus"`
	Runtime string `json:"runtime"`
}

type runnerResult struct {
	Schema     string       `json:"schema"`
	Runner     string       `json:"runner"`
	Client     client       `json:"client"`
	SpecHash   string       `json:"spec_hash"`
	NodeURL    string       `json:"node_url"`
	BatchID    string       `json:"batch_id"`
	Iterations int          `json:"iterations"`
	Warmup     int          `json:"warmup_iterations"`
	WarmupMs   int          `json:"warmup_min_ms"`
	SizesMB    []int        `json:"sizes_mb"`
	StartedAt  string       `json:"started_at"`
	FinishedAt string       `json:"finished_at"`
	Host       host         `json:"host"`
	Cases      []caseResult `json:"cases"`
	Partial    bool         `json:"partial,omitempty"`
}

// wholeNumber reads a count ≥ 0 given as text; empty text means the default.
func wholeNumber(what, text string, fallback int) (int, error) {
	if strings.TrimSpace(text) == "" {
		return fallback, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s must be a whole number ≥ 0, got %q", what, text)
	}
	return n, nil
}

func logf(format string, args ...any) { fmt.Fprintf(os.Stderr, "bench-go: "+format+"\n", args...) }

func positiveInts(what, text string) ([]int, error) {
	var out []int
	for _, s := range strings.Split(text, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%s must be positive integers, got %q", what, text)
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s must be positive integers, got %q", what, text)
	}
	return out, nil
}

func median(v []float64) float64 {
	s := append([]float64{}, v...)
	sort.Float64s(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// warmupRule is when a row stops warming up: after `count` untimed iterations and, on CPU rows, not before `cpuMs`
// of wall time since the first began (the same two rules in all four runners: the first calls of a row pay for
// cold caches, and in the Node runners for JIT compilation, which takes longer than one sub-millisecond iteration).
type warmupRule struct{ count, cpuMs int }

// runRow times one row: setup, the untimed warm-up iterations (each with its before), then `iterations` timed ones.
func runRow(row caseRow, impl caseImpl, env *caseEnv, warm warmupRule, iterations int, rss *rssSampler) caseResult {
	r := caseResult{ID: row.entry.ID, Kind: row.entry.Kind, Params: row.params, ParamKey: row.paramKey, IterationsMs: []float64{}, CPUMs: []float64{}}
	p, skip, err := impl(env)
	if err != nil {
		r.Failed, r.Error = true, "setup: "+truncate(err.Error())
		return r
	}
	if skip != "" {
		r.Skipped, r.SkipReason = true, skip
		return r
	}
	if row.entry.Kind == "net" {
		_ = env.node.warmUp()
	}
	floor := time.Duration(0)
	if row.entry.Kind == "cpu" {
		floor = time.Duration(warm.cpuMs) * time.Millisecond
	}
	warmed := 0
	for warmStart := time.Now(); warmed < warm.count || time.Since(warmStart) < floor; warmed++ {
		if p.before != nil {
			if err := p.before(warmed); err != nil {
				r.Failed, r.Error = true, "warm-up: "+truncate(err.Error())
				break
			}
		}
		if _, err := p.run(warmed); err != nil {
			r.Failed, r.Error = true, "warm-up: "+truncate(err.Error())
			break
		}
	}
	r.WarmupRuns = &warmed
	peak := 0.0
	for i := warmed; !r.Failed && i < warmed+iterations; i++ {
		if p.before != nil {
			if err := p.before(i); err != nil {
				r.Failed, r.Error = true, truncate(err.Error())
				break
			}
		}
		rss.reset()
		cpu0 := cpuTime()
		t0 := time.Now()
		check, err := p.run(i)
		wall := float64(time.Since(t0).Nanoseconds()) / 1e6
		cpu := cpuTime() - cpu0
		if err != nil {
			r.Failed, r.Error = true, truncate(err.Error())
			break
		}
		if m := rss.peakMB(); m > peak {
			peak = m
		}
		r.IterationsMs = append(r.IterationsMs, wall)
		r.CPUMs = append(r.CPUMs, cpu)
		r.Check = check
	}
	if p.after != nil {
		p.after()
	}
	r.Bytes, r.Units, r.Unit = p.bytes, p.units, p.unit
	if len(r.IterationsMs) > 0 {
		med := median(r.IterationsMs)
		r.MedianMs = &med
		pk := float64(int(peak*10)) / 10
		r.PeakRSSMb = &pk
		if med > 0 && p.bytes > 0 {
			tp := float64(p.bytes) / 1e6 / (med / 1000)
			r.Throughput = &tp
		}
	}
	return r
}

func truncate(s string) string {
	if len(s) > 500 {
		return s[:500]
	}
	return s
}

func main() { os.Exit(run()) }

func run() int {
	cwd, _ := os.Getwd()
	fs := flag.NewFlagSet("runner-go", flag.ContinueOnError)
	out := fs.String("out", "", "result JSON file")
	specPath := fs.String("spec", filepath.Join(cwd, "bench", "bench-spec.json"), "spec file")
	fixtures := fs.String("fixtures", envOr("BENCH_FIXTURES_DIR", filepath.Join(cwd, "bench", "fixtures")), "fixtures dir")
	casesFlag := fs.String("cases", "", "only these case ids")
	sizesFlag := fs.String("sizes", os.Getenv("BENCH_SIZES_MB"), "sizes (MB)")
	itersFlag := fs.String("iterations", os.Getenv("BENCH_ITERS"), "iterations")
	warmupFlag := fs.String("warmup", os.Getenv("BENCH_WARMUP"), "untimed warm-up iterations per row (default 1)")
	warmupMsFlag := fs.String("warmup-ms", os.Getenv("BENCH_WARMUP_MS"), "CPU rows: untimed warm-up until this many ms have passed (default 500)")
	if err := fs.Parse(os.Args[1:]); err != nil {
		return 1
	}
	if *out == "" {
		logf("--out FILE is required")
		return 1
	}
	impls := allCases()
	known := map[string]bool{}
	for id := range impls {
		known[id] = true
	}
	spec, hash, err := loadSpec(*specPath, known)
	if err != nil {
		logf("%v", err)
		return 1
	}
	sizes := spec.SizesMB
	if *sizesFlag != "" {
		if sizes, err = positiveInts("sizes", *sizesFlag); err != nil {
			logf("%v", err)
			return 1
		}
	}
	iterations := spec.Iterations
	if *itersFlag != "" {
		n, err := positiveInts("BENCH_ITERS", *itersFlag)
		if err != nil {
			logf("%v", err)
			return 1
		}
		iterations = n[0]
	}
	warmup, err := wholeNumber("BENCH_WARMUP / --warmup", *warmupFlag, 1)
	if err != nil {
		logf("%v", err)
		return 1
	}
	warmupMs, err := wholeNumber("BENCH_WARMUP_MS / --warmup-ms", *warmupMsFlag, 500)
	if err != nil {
		logf("%v", err)
		return 1
	}
	rows := expand(spec, sizes, os.Getenv("BENCH_LARGE") == "1")
	if *casesFlag != "" {
		want := map[string]bool{}
		for _, id := range strings.Split(*casesFlag, ",") {
			if !known[id] {
				logf("--cases: not in the spec: %s", id)
				return 1
			}
			want[id] = true
		}
		var kept []caseRow
		for _, r := range rows {
			if want[r.entry.ID] {
				kept = append(kept, r)
			}
		}
		rows = kept
	}
	nodeURL := strings.TrimRight(envOr("NODE_URL", "http://localhost:1633"), "/")
	batch := strings.ToLower(strings.TrimSpace(os.Getenv("NODE_BATCH_ID")))
	node := newBeeHTTP(nodeURL, os.Getenv("NODE_TOKEN"))
	hasNet := false
	for _, r := range rows {
		hasNet = hasNet || r.entry.Kind == "net"
	}
	if batch != "" && hasNet {
		if len(batch) != 64 || strings.Trim(batch, "0123456789abcdef") != "" {
			logf("NODE_BATCH_ID must be 64 hex characters")
			return 1
		}
		why, err := node.checkBatch(batch)
		if err != nil {
			logf("could not check the batch (%v); net cases will record the error", err)
		} else if why != "" {
			logf("batch %s… is not usable: %s", batch[:8], why)
			return 3
		}
	}
	loaded := map[int][]byte{}
	for _, r := range rows {
		// A row without size_mb takes its inputs from the 1 MB fixture (the count-based cases), as in every runner.
		mb := 1
		if v, ok := r.params["size_mb"]; ok {
			mb = int(v)
		}
		if _, done := loaded[mb]; done {
			continue
		}
		data, err := os.ReadFile(fixturePath(*fixtures, mb))
		if err != nil {
			logf("fixture %s is missing: run `npm run bench:fixtures` first", fixturePath(*fixtures, mb))
			return 1
		}
		loaded[mb] = data
	}
	rss := startRSSSampler()
	started := time.Now().UTC().Format(time.RFC3339Nano)
	results := []caseResult{}
	// Written after every case (atomically), so a runner killed or crashed midway leaves the rows it finished.
	write := func(final bool) error {
		result := runnerResult{
			Schema: "node-toolkit/bench-result@1", Runner: "go",
			Client: client{Name: "github.com/ethersphere/bee/v2 packages + net/http", Version: beeVersion, Language: "Go " + runtime.Version(),
				Note: "bee-go cannot be downloaded here (the Go module proxy refuses it): this runner uses Bee v2.8.1's own Go packages (bmt, file/pipeline, crypto, manifest/mantaray, soc, cac) and net/http, i.e. the reference implementation, not bee-go"},
			SpecHash: hash, NodeURL: nodeURL, BatchID: batch, Iterations: iterations, Warmup: warmup, WarmupMs: warmupMs, SizesMB: sizes,
			StartedAt: started, FinishedAt: time.Now().UTC().Format(time.RFC3339Nano),
			Host:    host{OS: runtime.GOOS, Arch: runtime.GOARCH, CPUs: runtime.NumCPU(), Runtime: runtime.Version()},
			Cases:   results,
			Partial: !final,
		}
		data, _ := json.MarshalIndent(result, "", "  ")
		if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(*out+".tmp", append(data, '\n'), 0o644); err != nil {
			return err
		}
		return os.Rename(*out+".tmp", *out)
	}
	for _, row := range rows {
		env := &caseEnv{params: row.params, node: node, batch: batch,
			fixture: func(mb int) []byte { return loaded[mb] }, fixturePath: func(mb int) string { return fixturePath(*fixtures, mb) }}
		var res caseResult
		if row.entry.Kind == "net" && batch == "" {
			res = caseResult{ID: row.entry.ID, Kind: row.entry.Kind, Params: row.params, ParamKey: row.paramKey, Skipped: true, SkipReason: "NODE_BATCH_ID is not set", IterationsMs: []float64{}, CPUMs: []float64{}}
		} else {
			res = runRow(row, impls[row.entry.ID], env, warmupRule{warmup, warmupMs}, iterations, rss)
		}
		switch {
		case res.Skipped:
			logf("%s [%s] skipped (%s)", row.entry.ID, row.paramKey, res.SkipReason)
		case res.Failed:
			logf("%s [%s] FAILED: %s", row.entry.ID, row.paramKey, res.Error)
		default:
			logf("%s [%s] median %.2f ms", row.entry.ID, row.paramKey, *res.MedianMs)
		}
		results = append(results, res)
		if err := write(false); err != nil {
			logf("cannot write %s: %v", *out, err)
			return 1
		}
	}
	if err := write(true); err != nil {
		logf("cannot write %s: %v", *out, err)
		return 1
	}
	logf("wrote %s", *out)
	return 0
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func fixturePath(dir string, mb int) string {
	return filepath.Join(dir, fmt.Sprintf("fixture-%dmb.bin", mb))
}
