package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer the server goroutine writes while the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A server on loopback only prints no LAN link (no phone could open it)
// and says how to listen on the LAN instead.
func TestLoopbackOnlySaysHowToListenOnTheLAN(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, config{addr: "127.0.0.1:0", db: filepath.Join(t.TempDir(), "p.db"), qr: true}, &out)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), "join at:") {
		if time.Now().After(deadline) {
			t.Fatalf("no addresses printed:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, "phones on the Wi-Fi cannot reach") || !strings.Contains(text, "-addr :") {
		t.Errorf("no word on how to listen on the LAN:\n%s", text)
	}
	for _, line := range strings.Split(text, "\n") {
		if u := strings.TrimSpace(line); strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "http://127.0.0.1:") {
			t.Errorf("a link phones cannot open: %s", u)
		}
	}
	if strings.Contains(text, "█") {
		t.Error("a QR code of a loopback address")
	}
}
