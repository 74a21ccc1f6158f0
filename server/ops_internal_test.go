package server

import (
	"net/http/httptest"
	"testing"

	"periscope/rooms"
)

// A phone on the Wi-Fi does not read /metrics: only the server's own
// machine does. (app.Test's client comes from 0.0.0.0, not loopback.)
func TestMetricsRefusedBeyondTheMachine(t *testing.T) {
	hub, err := rooms.NewHub(rooms.Config{Store: rooms.NewMemoryStore()})
	if err != nil {
		t.Fatal(err)
	}
	defer hub.Close()
	s := New(Config{Hub: hub})
	resp, err := s.app.Test(httptest.NewRequest("GET", "/metrics", nil))
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 403 {
		t.Fatalf("GET /metrics from the Wi-Fi = %d, want 403", resp.StatusCode)
	}
}
