package main

// The spec file: the same validation and expansion as bench/lib/spec.ts (the tests hold the runners to it).

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

type caseEntry struct {
	ID         string               `json:"id"`
	Kind       string               `json:"kind"`
	ParamsFrom string               `json:"params_from"`
	Params     []map[string]float64 `json:"params"`
	Doc        string               `json:"doc"`
}

type benchSpec struct {
	SpecVersion  int         `json:"spec_version"`
	SizesMB      []int       `json:"sizes_mb"`
	LargeSizesMB []int       `json:"large_sizes_mb"`
	Iterations   int         `json:"iterations"`
	RunnerSubset []string    `json:"runner_subset"`
	Cases        []caseEntry `json:"cases"`
}

type caseRow struct {
	entry    caseEntry
	params   map[string]float64
	paramKey string
}

func loadSpec(path string, known map[string]bool) (*benchSpec, string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, "", fmt.Errorf("cannot read spec %s: %v", path, err)
	}
	sum := sha256.Sum256(raw)
	var spec benchSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, "", fmt.Errorf("%s: not a valid spec: %v", path, err)
	}
	if spec.SpecVersion != 1 || len(spec.SizesMB) == 0 || spec.Iterations < 1 || len(spec.RunnerSubset) == 0 || len(spec.Cases) == 0 {
		return nil, "", fmt.Errorf("%s: invalid spec: spec_version 1, sizes_mb, iterations, runner_subset and cases are required", path)
	}
	seen := map[string]bool{}
	for i, c := range spec.Cases {
		if c.ID == "" || c.Kind == "" || c.Doc == "" || (c.ParamsFrom == "" && len(c.Params) == 0) {
			return nil, "", fmt.Errorf("%s: invalid spec: cases.%d: id, kind, doc and params_from or params are required", path, i)
		}
		if c.Kind != "cpu" && c.Kind != "net" {
			return nil, "", fmt.Errorf("%s: invalid spec: cases.%d.kind must be cpu or net", path, i)
		}
		if seen[c.ID] {
			return nil, "", fmt.Errorf("%s: duplicate case id %q", path, c.ID)
		}
		seen[c.ID] = true
		if !known[c.ID] {
			return nil, "", fmt.Errorf("%s: unknown case id %q", path, c.ID)
		}
	}
	return &spec, hex.EncodeToString(sum[:]), nil
}

func formatNumber(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func paramKey(p map[string]float64) string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + formatNumber(p[k])
	}
	return strings.Join(parts, ",")
}

func expand(spec *benchSpec, sizes []int, large bool) []caseRow {
	var rows []caseRow
	for _, c := range spec.Cases {
		var list []map[string]float64
		if c.ParamsFrom != "" {
			s := append([]int{}, sizes...)
			if c.ParamsFrom == "sizes_mb_plus_large" && large {
				s = append(s, spec.LargeSizesMB...)
			}
			for _, size := range s {
				p := map[string]float64{}
				if len(c.Params) == 1 {
					for k, v := range c.Params[0] {
						p[k] = v
					}
				}
				p["size_mb"] = float64(size)
				list = append(list, p)
			}
		} else {
			list = c.Params
		}
		for _, p := range list {
			rows = append(rows, caseRow{entry: c, params: p, paramKey: paramKey(p)})
		}
	}
	return rows
}
