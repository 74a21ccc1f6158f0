package load

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Proc is what /proc tells of the server process over a run.
type Proc struct {
	PID int
	// RSS in bytes: before any room, once the rooms are set up and
	// started, the highest seen while they played, and at the end.
	RSSIdle, RSSSetup, RSSPeak, RSSEnd int64
	// Threads is the most OS threads seen (goroutines are not visible
	// from outside the process).
	Threads int
	// CPU is the process's user+system time over the measured window.
	CPU time.Duration
}

// PerRoom is the resident memory each room added: (end - idle) / rooms.
func (p Proc) PerRoom(rooms int) int64 {
	if rooms == 0 || p.RSSEnd == 0 {
		return 0
	}
	return (p.RSSEnd - p.RSSIdle) / int64(rooms)
}

// status reads VmRSS (bytes) and Threads from /proc/PID/status.
func status(pid int) (rss int64, threads int, err error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		fs := strings.Fields(v)
		if len(fs) == 0 {
			continue
		}
		switch k {
		case "VmRSS":
			kb, _ := strconv.ParseInt(fs[0], 10, 64)
			rss = kb << 10
		case "Threads":
			threads, _ = strconv.Atoi(fs[0])
		}
	}
	return rss, threads, sc.Err()
}

// cpuOf is a process's user+system CPU time from /proc/PID/stat ("self"
// for this one).
func cpuOf(pid string) time.Duration {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0
	}
	// The command name may hold spaces: fields start after the last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	fs := strings.Fields(s[i+1:])
	if len(fs) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(fs[11], 10, 64)
	st, _ := strconv.ParseInt(fs[12], 10, 64)
	const hz = 100 // USER_HZ on Linux
	return time.Duration(ut+st) * time.Second / hz
}

// sampler watches the server process while a run plays.
type sampler struct {
	pid  int
	mu   sync.Mutex
	p    Proc
	stop chan struct{}
	done chan struct{}
}

func newSampler(pid int) *sampler {
	s := &sampler{pid: pid, p: Proc{PID: pid}}
	if pid > 0 {
		s.p.RSSIdle, s.p.Threads, _ = status(pid)
	}
	return s
}

// watch samples every 250 ms until end.
func (s *sampler) watch() {
	if s.pid <= 0 {
		return
	}
	s.stop, s.done = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(s.done)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-s.stop:
				return
			case <-t.C:
				rss, th, err := status(s.pid)
				if err != nil {
					continue
				}
				s.mu.Lock()
				s.p.RSSPeak = max(s.p.RSSPeak, rss)
				s.p.Threads = max(s.p.Threads, th)
				s.mu.Unlock()
			}
		}
	}()
}

func (s *sampler) mark(f func(p *Proc, rss int64)) {
	if s.pid <= 0 {
		return
	}
	rss, th, err := status(s.pid)
	if err != nil {
		return
	}
	s.mu.Lock()
	s.p.Threads = max(s.p.Threads, th)
	s.p.RSSPeak = max(s.p.RSSPeak, rss)
	f(&s.p, rss)
	s.mu.Unlock()
}

func (s *sampler) end() Proc {
	if s.stop != nil {
		close(s.stop)
		<-s.done
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.p
}
