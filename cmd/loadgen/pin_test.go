package main

import (
	"bytes"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

func TestParseCPUs(t *testing.T) {
	for _, c := range []struct {
		list string
		n    int
		ok   bool
	}{
		{"0", 1, true},
		{"0,1", 2, true},
		{"2-15", 14, true},
		{"0-1,4, 6", 4, true},
		{"1,1", 1, true},
		{"", 0, false},
		{"a", 0, false},
		{"3-1", 0, false},
		{"-1", 0, false},
		{"0-5000", 0, false},
	} {
		_, n, err := parseCPUs(c.list)
		if (err == nil) != c.ok || n != c.n {
			t.Errorf("parseCPUs(%q) = %d, %v; want %d, ok %v", c.list, n, err, c.n, c.ok)
		}
	}
}

// TestStartPinned: the child runs only on the CPUs it was given, with
// GOMAXPROCS to match, and the tool's own threads keep theirs.
func TestStartPinned(t *testing.T) {
	if runtime.NumCPU() < 2 {
		t.Skip("needs two CPUs")
	}
	var out bytes.Buffer
	cmd := exec.Command("/bin/sh", "-c", `grep Cpus_allowed_list /proc/self/status; echo "GOMAXPROCS=$GOMAXPROCS"`)
	cmd.Stdout = &out
	release, err := startPinned(cmd, "1")
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	release()
	got := strings.Fields(out.String())
	if len(got) != 3 || got[1] != "1" || got[2] != "GOMAXPROCS=1" {
		t.Errorf("the pinned child says %q, want CPU 1 only and GOMAXPROCS=1", out.String())
	}
	self := exec.Command("/bin/sh", "-c", `grep Cpus_allowed_list /proc/self/status`)
	b, err := self.Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Fields(string(b))[1] == "1" {
		t.Errorf("a child started later without pinning still holds the server's mask: %q", b)
	}
}
