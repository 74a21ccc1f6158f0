package chrome

import (
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
	if why := Missing(); why != "" && !strings.Contains(why, "apt-get install -y chromium") {
		t.Fatalf("Missing() = %q: it should say how to install Chromium", why)
	}
}
