package chrome

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records how a test ended instead of ending.
type recorder struct {
	testing.TB
	fatal, skip string
}

func (r *recorder) Helper()               {}
func (r *recorder) Fatal(args ...any)     { r.fatal = args[0].(string) }
func (r *recorder) Skip(args ...any)      { r.skip = args[0].(string) }
func (r *recorder) Fatalf(string, ...any) { r.fatal = "fatalf" }

// Without Chromium a browser test fails and says how to install it,
// unless the skip is asked for.
func TestSkipSaysWhy(t *testing.T) {
	why := "Chromium is not installed (/usr/bin/chromium) ... apt-get install -y chromium"
	t.Setenv(SkipEnv, "")
	r := &recorder{TB: t}
	Skip(r, why)
	if r.fatal != why || r.skip != "" {
		t.Fatalf("without %s: fatal %q, skip %q", SkipEnv, r.fatal, r.skip)
	}
	t.Setenv(SkipEnv, "1")
	r = &recorder{TB: t}
	Skip(r, why)
	if !strings.Contains(r.skip, why) {
		t.Fatalf("with %s=1: fatal %q, skip %q", SkipEnv, r.fatal, r.skip)
	}
}

func TestMissingSaysHowToInstall(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "chromium")
	why := missing(gone)
	for _, want := range []string{gone, "apt-get install -y chromium", SkipEnv + "=1"} {
		if !strings.Contains(why, want) {
			t.Fatalf("without a browser, missing() = %q: it should say %q", why, want)
		}
	}
	// A browser that is there is no reason to stop.
	there := filepath.Join(t.TempDir(), "chromium")
	if err := os.WriteFile(there, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	if why := missing(there); why != "" {
		t.Fatalf("with a browser at %s, missing() = %q", there, why)
	}
}
