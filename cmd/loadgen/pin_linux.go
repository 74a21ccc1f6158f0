package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// parseCPUs reads a CPU list as taskset and /sys write it: "0,1", "2-15",
// "0-1,4".
func parseCPUs(list string) (unix.CPUSet, int, error) {
	var set unix.CPUSet
	n := 0
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		b := a
		if err == nil && isRange {
			b, err = strconv.Atoi(hi)
		}
		if err != nil || a < 0 || b < a || b >= 1024 {
			return set, 0, fmt.Errorf("%q is not a CPU list (like 0,1 or 2-15)", list)
		}
		for c := a; c <= b; c++ {
			if !set.IsSet(c) {
				set.Set(c)
				n++
			}
		}
	}
	return set, n, nil
}

// pinSelf moves every thread of this process onto the CPUs of list and
// sizes GOMAXPROCS to them: the load tool's phones then never take a core
// the measured server was given. Threads the runtime starts later inherit
// the mask of the thread that starts them.
func pinSelf(list string) error {
	set, n, err := parseCPUs(list)
	if err != nil {
		return err
	}
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return err
	}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		if err := unix.SchedSetaffinity(tid, &set); err != nil {
			return fmt.Errorf("pinning the tool to CPUs %s: %w", list, err)
		}
	}
	runtime.GOMAXPROCS(n)
	return nil
}

// startPinned starts cmd on the CPUs of list (all of them when list is
// empty), with GOMAXPROCS set to their number. The child is forked from a
// thread that holds that mask, so it inherits it before its first
// instruction. That thread must outlive the child (Pdeathsig fires when the
// forking thread ends), so it stays locked until release is called after the
// child has exited; it then dies with its goroutine rather than go back to
// the tool's pool with the server's mask.
func startPinned(cmd *exec.Cmd, list string) (release func(), err error) {
	if list == "" {
		return func() {}, cmd.Start()
	}
	set, n, err := parseCPUs(list)
	if err != nil {
		return nil, err
	}
	cmd.Env = append(os.Environ(), "GOMAXPROCS="+strconv.Itoa(n))
	started, quit := make(chan error, 1), make(chan struct{})
	go func() {
		runtime.LockOSThread() // never unlocked: the thread exits with the goroutine
		if err := unix.SchedSetaffinity(0, &set); err != nil {
			started <- fmt.Errorf("pinning the server to CPUs %s: %w", list, err)
			return
		}
		err := cmd.Start()
		started <- err
		if err == nil {
			<-quit
		}
	}()
	if err := <-started; err != nil {
		return nil, err
	}
	return func() { close(quit) }, nil
}
