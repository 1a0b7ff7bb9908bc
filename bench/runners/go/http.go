package main

// A thin Bee API client on net/http (one keep-alive pool for the run), headers as Bee expects them.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

type beeHTTP struct {
	base  string
	token string
	http  *http.Client
}

func newBeeHTTP(base, token string) *beeHTTP {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 32
	tr.DisableCompression = true
	return &beeHTTP{base: base, token: token, http: &http.Client{Transport: tr, Timeout: 5 * time.Minute}}
}

type httpError struct {
	method, path string
	status       int
	body         string
}

func (e *httpError) Error() string {
	return fmt.Sprintf("%s %s: HTTP %d %s", e.method, e.path, e.status, e.body)
}

// do sends a request; the caller must close the body of a 2xx answer; other answers become errors.
func (b *beeHTTP) do(method, path string, headers map[string]string, body io.Reader, length int64) (*http.Response, error) {
	req, err := http.NewRequest(method, b.base+path, body)
	if err != nil {
		return nil, err
	}
	if length >= 0 && body != nil {
		req.ContentLength = length
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	if b.token != "" {
		req.Header.Set("Authorization", "Bearer "+b.token)
	}
	resp, err := b.http.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		excerpt, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		resp.Body.Close()
		return nil, &httpError{method, path, resp.StatusCode, string(bytes.TrimSpace(excerpt))}
	}
	return resp, nil
}

func (b *beeHTTP) json(method, path string, headers map[string]string, body []byte, out any) (http.Header, error) {
	var r io.Reader
	length := int64(-1)
	if body != nil {
		r, length = bytes.NewReader(body), int64(len(body))
	}
	resp, err := b.do(method, path, headers, r, length)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if out == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		return resp.Header, err
	}
	return resp.Header, json.NewDecoder(resp.Body).Decode(out)
}

type refAnswer struct {
	Reference string `json:"reference"`
}

func (b *beeHTTP) upload(path string, headers map[string]string, body io.Reader, length int64) (string, error) {
	resp, err := b.do("POST", path, headers, body, length)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var ans refAnswer
	if err := json.NewDecoder(resp.Body).Decode(&ans); err != nil {
		return "", err
	}
	return ans.Reference, nil
}

func (b *beeHTTP) uploadBytes(batch string, data []byte, extra map[string]string) (string, error) {
	h := map[string]string{"swarm-postage-batch-id": batch, "content-type": "application/octet-stream"}
	for k, v := range extra {
		h[k] = v
	}
	return b.upload("/bytes", h, bytes.NewReader(data), int64(len(data)))
}

func (b *beeHTTP) uploadFile(batch, name string, body io.Reader, length int64, encrypt bool) (string, error) {
	h := map[string]string{"swarm-postage-batch-id": batch, "content-type": "application/octet-stream"}
	if encrypt {
		h["swarm-encrypt"] = "true"
	}
	return b.upload("/bzz?name="+name, h, body, length)
}

func (b *beeHTTP) uploadChunk(batch string, data []byte) (string, error) {
	return b.upload("/chunks", map[string]string{"swarm-postage-batch-id": batch, "content-type": "application/octet-stream"}, bytes.NewReader(data), int64(len(data)))
}

func (b *beeHTTP) uploadSOC(batch, owner, id, sig string, data []byte) (string, error) {
	return b.upload("/soc/"+owner+"/"+id+"?sig="+sig, map[string]string{"swarm-postage-batch-id": batch, "content-type": "application/octet-stream"}, bytes.NewReader(data), int64(len(data)))
}

// drain downloads path and counts the body bytes without keeping them.
func (b *beeHTTP) drain(path string, headers map[string]string) (int64, error) {
	resp, err := b.do("GET", path, headers, nil, -1)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return io.Copy(io.Discard, resp.Body)
}

func (b *beeHTTP) head(path string) (int64, error) {
	resp, err := b.do("HEAD", path, nil, nil, -1)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return strconv.ParseInt(resp.Header.Get("Content-Length"), 10, 64)
}

func (b *beeHTTP) warmUp() error {
	_, err := b.json("GET", "/health", nil, nil, nil)
	return err
}

func (b *beeHTTP) checkBatch(batch string) (string, error) {
	var ans struct {
		Usable bool `json:"usable"`
	}
	_, err := b.json("GET", "/stamps/"+batch, nil, nil, &ans)
	if he, ok := err.(*httpError); ok && (he.status == 404 || he.status == 400) {
		return fmt.Sprintf("not found (HTTP %d)", he.status), nil
	}
	if err != nil {
		return "", err
	}
	if !ans.Usable {
		return "the node says usable: false", nil
	}
	return "", nil
}
