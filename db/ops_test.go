package db_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"periscope/db"
	"periscope/games"
	"periscope/rooms"
)

// A backup taken while rooms keep committing holds every command committed
// before it began, a whole prefix of each log, and passes SQLite's
// integrity check; it opens as a Periscope database on its own.
func TestBackupWhileWriting(t *testing.T) {
	dir := t.TempDir()
	live := openAt(t, filepath.Join(dir, "live.db"))
	const nRooms = 4
	for i := range nRooms {
		p := match(fmt.Sprintf("R%d", i), "sonar", uint64(i), 1)
		store(t, live, p)
	}
	var committed [nRooms]atomic.Int64
	for i := range committed {
		committed[i].Store(1)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range nRooms {
		wg.Go(func() {
			for v := int64(2); ; v++ {
				select {
				case <-stop:
					return
				default:
				}
				c := rooms.CommandRecord{Room: fmt.Sprintf("R%d", i), Version: v, Seat: 0, ClientID: fmt.Sprint("c", v), Body: []byte(`{"type":"move"}`), Time: start}
				if err := live.AppendCommand(c); err != nil {
					t.Error(err)
					return
				}
				committed[i].Store(v)
			}
		})
	}
	time.Sleep(50 * time.Millisecond)
	var before [nRooms]int64
	for i := range before {
		before[i] = committed[i].Load()
	}
	out := filepath.Join(dir, "copy.db")
	err := db.BackupFile(filepath.Join(dir, "live.db"), out)
	time.Sleep(20 * time.Millisecond)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(out + "-wal"); err == nil {
		t.Error("the copy left a -wal file beside it: it must be one file")
	}
	checkIntegrity(t, out)
	cp := openAt(t, out)
	for i := range nRooms {
		code := fmt.Sprintf("R%d", i)
		saved, err := cp.Load(code)
		if err != nil {
			t.Fatal(err)
		}
		n := int64(len(saved.Commands))
		if n < before[i] {
			t.Errorf("%s: the copy has %d commands, %d were committed before the backup began", code, n, before[i])
		}
		if n > committed[i].Load() {
			t.Errorf("%s: the copy has %d commands, more than were ever committed (%d)", code, n, committed[i].Load())
		}
		for j, c := range saved.Commands {
			if c.Version != int64(j+1) {
				t.Fatalf("%s: the copy's log has v%d at row %d: not a prefix", code, c.Version, j+1)
			}
		}
	}
}

func checkIntegrity(t *testing.T, path string) {
	t.Helper()
	conn, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var check string
	if err := conn.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check of %s: %q %v", path, check, err)
	}
}

func TestBackupRefuses(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "periscope.db")
	openAt(t, src)
	other := filepath.Join(dir, "other.db")
	if err := os.WriteFile(other, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	taken := filepath.Join(dir, "taken.db")
	if err := os.WriteFile(taken, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, src, dst, want string }{
		{"no database there", filepath.Join(dir, "missing.db"), filepath.Join(dir, "a.db"), "no such file"},
		{"not Periscope's", other, filepath.Join(dir, "b.db"), "not a Periscope database"},
		{"never overwrites", src, taken, "already exists"},
		{"not the database itself", src, src, "already exists"},
		{"no directory", src, filepath.Join(dir, "nope", "c.db"), "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := db.BackupFile(tc.src, tc.dst)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("BackupFile(%s, %s) = %v, want an error saying %q", tc.src, tc.dst, err, tc.want)
			}
		})
	}
	if b, _ := os.ReadFile(taken); string(b) != "keep me" {
		t.Error("a refused backup changed the file already there")
	}
	if _, err := os.Stat(filepath.Join(dir, "missing.db")); err == nil {
		t.Error("a backup of a missing database created it")
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*part*"))
	if len(left) > 0 {
		t.Errorf("refused backups left files behind: %v", left)
	}
}

// The server's own backup (DB.Backup) reads through its pool.
func TestBackupOfOpenStore(t *testing.T) {
	dir := t.TempDir()
	d := openAt(t, filepath.Join(dir, "live.db"))
	p := match("ABCD", "sonar", 7, 5)
	store(t, d, p)
	out := filepath.Join(dir, "copy.db")
	if err := d.Backup(out); err != nil {
		t.Fatal(err)
	}
	got, err := openAt(t, out).Load("ABCD")
	if err != nil || len(got.Commands) != 5 {
		t.Fatalf("the copy holds %d commands (%v), want 5", len(got.Commands), err)
	}
	mem, _ := db.Open(":memory:")
	defer mem.Close()
	if err := mem.Backup(filepath.Join(dir, "mem.db")); err == nil {
		t.Error("an in-memory database backed up to a file without a word")
	}
}

// Prune removes only finished or expired matches older than the cutoff,
// whole, and leaves the log append-only for everything else.
func TestPrune(t *testing.T) {
	path := filepath.Join(t.TempDir(), "periscope.db")
	d := openAt(t, path)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	old, recent := now.AddDate(0, 0, -100), now.AddDate(0, 0, -3)
	finish := func(code string, at time.Time) {
		store(t, d, match(code, "sonar", 1, 3))
		if err := d.Finish(code, games.Outcome{Winners: []int{0}, Reason: "over"}, at); err != nil {
			t.Fatal(err)
		}
	}
	finish("OLD1", old)
	finish("NEW1", recent)
	duel(t, d, "OLD2", 30, "Ann", "Bo", 0) // a summarised match, finished at start (2025)
	store(t, d, match("PLAY", "sonar", 2, 4))
	if err := d.CreateRoom(rooms.RoomRecord{Code: "GONE", Game: "sonar", Created: old}); err != nil {
		t.Fatal(err)
	}
	if err := d.Expire("GONE", old); err != nil {
		t.Fatal(err)
	}
	if err := d.CreateRoom(rooms.RoomRecord{Code: "WAIT", Game: "sonar", Created: old}); err != nil {
		t.Fatal(err)
	}

	n, err := d.Prune(now.AddDate(0, 0, -30))
	if err != nil || n != 3 {
		t.Fatalf("Prune = %d, %v; want 3 (OLD1, OLD2, GONE)", n, err)
	}
	for _, code := range []string{"OLD1", "OLD2", "GONE"} {
		if _, err := d.Load(code); !errors.Is(err, db.ErrNotFound) {
			t.Errorf("%s survived the prune: %v", code, err)
		}
	}
	for code, cmds := range map[string]int{"NEW1": 3, "PLAY": 4, "WAIT": 0} {
		s, err := d.Load(code)
		if err != nil || len(s.Commands) != cmds {
			t.Errorf("%s after the prune: %d commands, %v; want %d", code, len(s.Commands), err, cmds)
		}
	}
	if page, err := d.History(db.HistoryQuery{Limit: 10}); err != nil || len(page.Matches) != 1 {
		t.Errorf("history after the prune: %+v %v; want NEW1 alone", page, err)
	}
	if n, err := d.Prune(now.AddDate(0, 0, -30)); err != nil || n != 0 {
		t.Errorf("a second prune = %d, %v; want nothing left to do", n, err)
	}
	// The log's guard is back: nothing deletes a command outside Prune.
	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.ExecContext(context.Background(), `DELETE FROM commands WHERE room = 'PLAY'`); err == nil || !strings.Contains(err.Error(), "append-only") {
		t.Fatalf("deleting a command after a prune: %v; want the append-only refusal", err)
	}
}

func TestCheckAndSize(t *testing.T) {
	d := open(t)
	if err := d.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	before, err := d.Size()
	if err != nil || before <= 0 {
		t.Fatalf("Size = %d, %v", before, err)
	}
	store(t, d, match("SIZE", "sonar", 1, 200))
	after, err := d.Size()
	if err != nil || after <= before {
		t.Fatalf("Size after 200 commands = %d (%v), before %d: it should grow", after, err, before)
	}
	d.Close()
	if err := d.Check(context.Background()); err == nil {
		t.Error("Check of a closed database says all is well")
	}
}
