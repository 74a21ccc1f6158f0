package db_test

import (
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"periscope/db"
)

// TestStartupFailuresSayWhatIsWrong: every reason the database cannot open
// is told in words that name it and what to do, not in SQLite's.
func TestStartupFailuresSayWhatIsWrong(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("shopping list: bread, milk\n"), 0o644)
	other := filepath.Join(dir, "other.db")
	if o, err := sql.Open("sqlite3", other); err != nil {
		t.Fatal(err)
	} else {
		if _, err := o.Exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)`); err != nil {
			t.Fatal(err)
		}
		o.Close()
	}
	for _, tc := range []struct {
		name, path string
		kind       error
		says       string
	}{
		{"a text file", text, db.ErrForeign, "is not a Periscope database (not even an SQLite file)"},
		{"another program's database", other, db.ErrForeign, "an SQLite database of another program (1 tables, none of Periscope's)"},
		{"a folder", dir, db.ErrInvalid, "is a folder, not a database file"},
		{"a missing folder", filepath.Join(dir, "nowhere", "p.db"), os.ErrNotExist, "does not exist: create it"},
	} {
		_, err := db.Open(tc.path)
		if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v; want %v saying %q", tc.name, err, tc.kind, tc.says)
		}
	}
	// Nothing was written into another program's file.
	o, _ := sql.Open("sqlite3", other)
	defer o.Close()
	var n int
	if o.QueryRow(`SELECT count(*) FROM sqlite_master WHERE name = 'schema_migrations'`).Scan(&n); n != 0 {
		t.Fatal("Periscope's tables were written into another program's database")
	}
}

// TestLockedDatabaseSaysSo: another process holding the file's write lock
// keeps the server from starting, with words that say so.
func TestLockedDatabaseSaysSo(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out SQLite's busy timeout (5 s)")
	}
	path := filepath.Join(t.TempDir(), "p.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	holder, err := sql.Open("sqlite3", path+"?_locking_mode=EXCLUSIVE")
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	holder.SetMaxOpenConns(1)
	if _, err := holder.Exec(`BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (x); INSERT INTO held VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = db.Open(path)
	if !errors.Is(err, db.ErrLocked) || !strings.Contains(err.Error(), "is locked by another process") {
		t.Fatalf("opening a locked database: %v (after %s)", err, time.Since(start))
	}
}

// TestReadOnlyDatabaseSaysSo: a read-only file, or a read-only folder
// (SQLite writes its journals beside the file), is named as such; it was
// reported as "no such file or directory". Permissions do not hold back
// root, so as root the check runs in a copy of this test binary as nobody.
func TestReadOnlyDatabaseSaysSo(t *testing.T) {
	dir := t.TempDir()
	made, err := db.Open(filepath.Join(dir, "ro.db"))
	if err != nil {
		t.Fatal(err)
	}
	made.Close()
	os.Remove(filepath.Join(dir, "ro.db-wal"))
	os.Remove(filepath.Join(dir, "ro.db-shm"))
	os.Chmod(filepath.Join(dir, "ro.db"), 0o444)
	roDir := filepath.Join(dir, "ro")
	os.Mkdir(roDir, 0o755)
	made, err = db.Open(filepath.Join(roDir, "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	made.Close()
	os.Remove(filepath.Join(roDir, "p.db-wal"))
	os.Remove(filepath.Join(roDir, "p.db-shm"))
	os.Chmod(filepath.Join(roDir, "p.db"), 0o666)
	os.Chmod(roDir, 0o555)
	t.Cleanup(func() { os.Chmod(roDir, 0o755) })
	for _, tc := range []struct{ name, path, says string }{
		{"a read-only file", filepath.Join(dir, "ro.db"), "the database file " + filepath.Join(dir, "ro.db") + " is read-only"},
		{"a read-only folder", filepath.Join(roDir, "p.db"), "the folder " + roDir + " is read-only"},
		{"a new file in a read-only folder", filepath.Join(roDir, "new.db"), "the folder " + roDir + " is read-only"},
	} {
		msg := openAsOther(t, tc.path)
		if !strings.Contains(msg, tc.says) || !strings.Contains(msg, "read-only") {
			t.Errorf("%s: %q; want it to say %q", tc.name, msg, tc.says)
		}
	}
}

// openAsOther opens path with db.Open as a user whom permissions bind
// (this one, or nobody when this is root) and returns the error's text.
func openAsOther(t *testing.T, path string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		_, err := db.Open(path)
		return fmt.Sprint(err)
	}
	bin := copyTestBinary(t)
	// Every folder on the way must let nobody through.
	for p := filepath.Dir(path); p != "/" && p != "."; p = filepath.Dir(p) {
		if st, err := os.Stat(p); err == nil && st.Mode().Perm()&0o001 == 0 {
			os.Chmod(p, st.Mode().Perm()|0o005)
		}
	}
	cmd := exec.Command(bin, "-test.run=^TestOpenHelper$")
	cmd.Env = append(os.Environ(), "PERISCOPE_OPEN_HELPER="+path)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the helper as nobody: %v\n%s", err, out)
	}
	_, msg, _ := strings.Cut(string(out), "OPEN: ")
	msg, _, _ = strings.Cut(msg, "\n")
	return msg
}

// copyTestBinary copies this test binary where nobody may run it.
func copyTestBinary(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "periscope-db-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	src, err := os.Open(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	bin := filepath.Join(dir, "db.test")
	dst, err := os.OpenFile(bin, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(dst, src)
	dst.Close()
	return bin
}

// TestOpenHelper is openAsOther's other process; alone it does nothing.
func TestOpenHelper(t *testing.T) {
	path := os.Getenv("PERISCOPE_OPEN_HELPER")
	if path == "" {
		return
	}
	_, err := db.Open(path)
	fmt.Printf("OPEN: %v\n", err)
}
