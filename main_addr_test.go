package main

import (
	"bytes"
	"context"
	"flag"
	"net"
	"path/filepath"
	"strings"
	"testing"
)

// A port already in use says so, names -addr and a port that is free.
func TestPortInUseSaysHowToPickAnother(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	addr := busy.Addr().String()
	var out bytes.Buffer
	err = run(context.Background(), config{addr: addr, db: filepath.Join(t.TempDir(), "p.db")}, &out)
	if err == nil {
		t.Fatal("a second server started on a port in use")
	}
	msg := err.Error()
	for _, want := range []string{addr + " is already in use", "-addr", "e.g. -addr 127.0.0.1:"} {
		if !strings.Contains(msg, want) {
			t.Fatalf("the refusal reads %q, want it to say %q", msg, want)
		}
	}
	i := strings.LastIndex(msg, "-addr ")
	free := strings.TrimSpace(msg[i+len("-addr "):])
	ln, err := net.Listen("tcp", free)
	if err != nil {
		t.Fatalf("the port offered, %s, is not free: %v", free, err)
	}
	ln.Close()
}

// -h says what Periscope is before its flags and gives an example.
func TestUsage(t *testing.T) {
	var out bytes.Buffer
	old := flag.CommandLine.Output()
	flag.CommandLine.SetOutput(&out)
	defer flag.CommandLine.SetOutput(old)
	usage()
	text := out.String()
	// The flags themselves are main's; here only the words around them.
	for _, want := range []string{"Usage: periscope [flags]", "Wi-Fi", "Example: periscope -addr :8081"} {
		if !strings.Contains(text, want) {
			t.Fatalf("-h lacks %q:\n%s", want, text)
		}
	}
}
