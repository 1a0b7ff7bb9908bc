package main

// Peak RSS sampled every 100 ms by a goroutine (plus at each reset and read), and process CPU time.

import (
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

type rssSampler struct{ peak atomic.Int64 }

func readRSS() int64 {
	raw, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(raw))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

func (s *rssSampler) raise(v int64) {
	for {
		cur := s.peak.Load()
		if v <= cur || s.peak.CompareAndSwap(cur, v) {
			return
		}
	}
}

func startRSSSampler() *rssSampler {
	s := &rssSampler{}
	go func() {
		for range time.Tick(100 * time.Millisecond) {
			s.raise(readRSS())
		}
	}()
	return s
}

func (s *rssSampler) reset()          { s.peak.Store(readRSS()) }
func (s *rssSampler) peakMB() float64 { s.raise(readRSS()); return float64(s.peak.Load()) / 1e6 }

func cpuTime() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6
}
