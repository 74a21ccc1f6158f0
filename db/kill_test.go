package db_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"periscope/db"
	"periscope/rooms"
)

const appenderEnv = "PERISCOPE_DB_APPENDER"

// TestAppenderProcess is the server that TestKilledKeepsAcknowledged kills:
// rooms appending as fast as they can, printing each append once it has
// returned nil.
func TestAppenderProcess(t *testing.T) {
	path := os.Getenv(appenderEnv)
	if path == "" {
		t.Skip("the child process of TestKilledKeepsAcknowledged")
	}
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var out sync.Mutex
	for i := range killRooms {
		code := fmt.Sprintf("K%02d", i)
		go func() {
			for v := int64(1); ; v++ {
				c := rooms.CommandRecord{Room: code, Version: v, Body: benchBody, Time: start}
				if err := d.AppendCommand(c); err != nil {
					fmt.Printf("error %v\n", err)
					return
				}
				out.Lock()
				fmt.Printf("ack %s %d\n", code, v) // one write: a line is whole or absent
				out.Unlock()
			}
		}()
	}
	select {} // until killed
}

const killRooms = 32

// TestKilledKeepsAcknowledged kills a process in the middle of group commits
// (SIGKILL, no Close): every append it acknowledged is in the file after a
// restart, and every room's log is whole, with no gap.
func TestKilledKeepsAcknowledged(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	path := filepath.Join(t.TempDir(), "killed.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range killRooms {
		if err := d.CreateRoom(rooms.RoomRecord{Code: fmt.Sprintf("K%02d", i), Game: "sonar", Created: start}); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(os.Args[0], "-test.run=^TestAppenderProcess$")
	cmd.Env = append(os.Environ(), appenderEnv+"="+path)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	acked := map[string]int64{}
	lines := bufio.NewScanner(stdout)
	n := 0
	for lines.Scan() {
		var (
			code string
			v    int64
		)
		if _, err := fmt.Sscanf(lines.Text(), "ack %s %d", &code, &v); err != nil {
			if len(lines.Text()) > 0 && lines.Text()[0] == 'e' {
				t.Errorf("child: %s", lines.Text())
			}
			continue
		}
		acked[code] = max(acked[code], v)
		if n++; n == 3000 {
			cmd.Process.Kill() // mid-stream: the lines already written still arrive
		}
	}
	cmd.Wait()
	if n < 3000 {
		t.Fatalf("the child acknowledged only %d appends", n)
	}

	d = openAt(t, path)
	for i := range killRooms {
		code := fmt.Sprintf("K%02d", i)
		s, err := d.Load(code)
		if err != nil {
			t.Fatal(err)
		}
		for j, c := range s.Commands {
			if c.Version != int64(j+1) {
				t.Fatalf("room %s: log has v%d at position %d", code, c.Version, j+1)
			}
		}
		if got := int64(len(s.Commands)); got < acked[code] {
			t.Errorf("room %s: %d commands after the kill, but v%d was acknowledged", code, got, acked[code])
		}
	}
	t.Logf("%d appends acknowledged before and during the kill", n)
}
