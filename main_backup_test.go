package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"periscope/client"
	"periscope/db"
	"periscope/games/gridtactics"
	"periscope/rooms"
)

// The release's promises on the real binary: -version prints the stamped
// tag and commit; the server takes its settings from PERISCOPE_ variables
// (and ignores PERISCOPE_BACKUP, an action); and periscope -backup, run
// while the server plays, writes a copy that holds every command committed
// before it began and passes SQLite's integrity check.
func TestBackupWhileServing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "periscope")
	build := exec.Command("go", "build", "-ldflags", "-X main.version=v9.8.7 -X main.commit=0123456789abcdef0123", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "-version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "periscope v9.8.7 (commit 0123456789ab, go") {
		t.Fatalf("periscope -version = %q, %v", out, err)
	}

	dbPath := filepath.Join(dir, "periscope.db")
	base, proc := launchEnv(t, bin, "PERISCOPE_DB="+dbPath, "PERISCOPE_QR=false", "PERISCOPE_BACKUP="+filepath.Join(dir, "never.db"))
	defer func() { proc.Process.Signal(os.Interrupt); proc.Wait() }()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	api := client.API{Base: base}
	lobby, err := api.Create(ctx, gridtactics.Definition.Name, map[string]any{"small_board": true})
	if err != nil {
		t.Fatal(err)
	}
	players := make([]*client.Conn, 2)
	for seat := range players {
		token, err := api.Take(ctx, lobby.Code, seat, fmt.Sprint("P", seat))
		if err != nil {
			t.Fatal(err)
		}
		if players[seat], err = client.Dial(ctx, base, lobby.Code, token, -1); err != nil {
			t.Fatal(err)
		}
		defer players[seat].Close()
	}
	if err := players[0].Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	var acked int64
	for range 10 {
		v, ok := step(ctx, t, players)
		if !ok {
			t.Fatal("the match ended before the backup")
		}
		acked = v
	}

	copyPath := filepath.Join(dir, "copy.db")
	backup := exec.Command(bin, "-db", dbPath, "-backup", copyPath)
	backupOut := &syncBuffer{}
	backup.Stdout, backup.Stderr = backupOut, backupOut
	committed := acked // every command acked before the backup began is committed
	if err := backup.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- backup.Wait() }()
	during := 0
	for playing := true; playing; {
		select {
		case err := <-exited:
			if err != nil {
				t.Fatalf("periscope -backup: %v\n%s", err, backupOut)
			}
			playing = false
		default:
			if _, ok := step(ctx, t, players); ok {
				during++
			}
		}
	}
	t.Logf("%d commands committed before the backup, %d played while it ran: %s", committed, during, strings.TrimSpace(backupOut.String()))
	if !strings.Contains(backupOut.String(), "written to "+copyPath) {
		t.Errorf("-backup said %q", backupOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "never.db")); err == nil {
		t.Error("PERISCOPE_BACKUP in the server's environment made a backup: actions must not come from variables")
	}

	raw, err := sql.Open("sqlite3", "file:"+copyPath+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	var check string
	if err := raw.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("the copy's integrity check: %q %v", check, err)
	}
	raw.Close()
	cp, err := db.Open(copyPath)
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	saved, err := cp.Load(lobby.Code)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(saved.Commands)) < committed {
		t.Fatalf("the copy holds %d commands; %d were committed before the backup began", len(saved.Commands), committed)
	}
	proc.Process.Signal(os.Interrupt)
	proc.Wait()
	live, err := db.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	all, err := live.Load(lobby.Code)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range saved.Commands {
		if i >= len(all.Commands) || string(c.Body) != string(all.Commands[i].Body) || c.Version != all.Commands[i].Version {
			t.Fatalf("the copy's v%d is not the live log's", c.Version)
		}
	}
}

// launchEnv starts the binary configured by environment variables alone on
// a free loopback port, and waits until it serves.
func launchEnv(t *testing.T, bin string, env ...string) (string, *exec.Cmd) {
	t.Helper()
	return launchCmd(t, " from PERISCOPE_ADDR", func(addr string) *exec.Cmd {
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), append(env, "PERISCOPE_ADDR="+addr)...)
		return cmd
	})
}
