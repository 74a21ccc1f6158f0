package db

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/mattn/go-sqlite3"
)

// Start-up failures, each with words for whoever started the server: the
// store's own errors (SQLite's "unable to open database file", or "no such
// file or directory" for a file that exists) say neither what is wrong nor
// what to do. Callers may test them with errors.Is.
var (
	// ErrReadOnly: the file, or the folder that must hold its journal,
	// cannot be written.
	ErrReadOnly = errors.New("read-only")
	// ErrLocked: another process holds the database.
	ErrLocked = errors.New("locked by another process")
	// ErrForeign: the file is not a Periscope database.
	ErrForeign = errors.New("not a Periscope database")
	// ErrNewer: the database was written by a newer Periscope.
	ErrNewer = errors.New("newer schema")
)

// openError is a start-up failure: a sentence, and the kind errors.Is
// finds.
type openError struct {
	kind error
	msg  string
}

func (e *openError) Error() string { return e.msg }
func (e *openError) Unwrap() error { return e.kind }

func failf(kind error, format string, args ...any) error {
	return &openError{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// sqliteHeader starts every SQLite database file.
var sqliteHeader = []byte("SQLite format 3\x00")

// checkFile finds, before SQLite tries, what would keep the database at
// path from opening for writing: a read-only file or folder (SQLite
// writes its -wal and -shm files beside the database), or a file that is
// not SQLite at all.
func checkFile(path string) error {
	dir := filepath.Dir(path)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	switch {
	case err == nil:
		head := make([]byte, len(sqliteHeader))
		n, rerr := io.ReadFull(f, head)
		f.Close()
		if n > 0 && (rerr != nil || !bytes.Equal(head, sqliteHeader)) {
			return failf(ErrForeign, "%s is not a Periscope database (not even an SQLite file): start with -db and a new file name, or the right file", path)
		}
	case denied(err):
		return failf(ErrReadOnly, "the database file %s is read-only: let this user write it (chmod u+w), or start with -db and a file in a writable folder", path)
	case errors.Is(err, fs.ErrNotExist):
		if st, serr := os.Stat(dir); serr != nil || !st.IsDir() {
			return failf(fs.ErrNotExist, "the folder %s of the database %s does not exist: create it, or start with -db and a file in another folder", dir, path)
		}
	case errors.Is(err, syscall.EISDIR):
		return failf(ErrInvalid, "%s is a folder, not a database file: start with -db and a file name", path)
	default:
		return err
	}
	probe, err := os.CreateTemp(dir, ".periscope-probe-*")
	if err != nil {
		if denied(err) {
			return failf(ErrReadOnly, "the folder %s is read-only, and the database needs to write its journal files (-wal, -shm) beside %s: let this user write the folder, or start with -db and a file in a writable folder", dir, filepath.Base(path))
		}
		return fmt.Errorf("cannot write in the folder %s of the database: %w", dir, err)
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// denied reports a permission refusal or a read-only file system.
func denied(err error) bool {
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)
}

// explainOpen turns what SQLite said while opening path into words.
func explainOpen(path string, err error) error {
	if err == nil || errors.Is(err, ErrNewer) || errors.Is(err, ErrForeign) {
		return err
	}
	var se sqlite3.Error
	if errors.As(err, &se) {
		switch se.Code {
		case sqlite3.ErrBusy, sqlite3.ErrLocked:
			return failf(ErrLocked, "the database %s is locked by another process (is Periscope already running on it?): stop that one, or start with -db and another file (%v)", path, err)
		case sqlite3.ErrNotADB:
			return failf(ErrForeign, "%s is not a Periscope database (SQLite cannot read it): start with -db and a new file name, or the right file", path)
		case sqlite3.ErrReadonly, sqlite3.ErrPerm:
			return failf(ErrReadOnly, "the database %s cannot be written (%v): let this user write it and its folder", path, err)
		}
	}
	return fmt.Errorf("db: open %s: %w", path, err)
}

// checkForeign refuses an SQLite file that holds tables but no Periscope
// schema: migrating it would write Periscope's tables into another
// program's database.
func checkForeign(db *sql.DB, path string) error {
	var ours, tables int
	err := db.QueryRow(`SELECT
		count(*) FILTER (WHERE name = 'schema_migrations'),
		count(*) FILTER (WHERE name NOT LIKE 'sqlite_%')
		FROM sqlite_master WHERE type = 'table'`).Scan(&ours, &tables)
	if err != nil {
		return err
	}
	if ours == 0 && tables > 0 {
		return failf(ErrForeign, "%s is an SQLite database of another program (%d tables, none of Periscope's): start with -db and a new file name, or the right file", path, tables)
	}
	return nil
}
