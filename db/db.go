package db

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mattn/go-sqlite3"

	"periscope/rooms"
)

// Errors callers can test for with errors.Is.
var (
	// ErrNotFound: the room does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict: the write contradicts what is stored (a room code taken,
	// a version already logged, a room already finished).
	ErrConflict = errors.New("conflict")
	// ErrInvalid: the record itself is unusable (empty code, bad JSON).
	ErrInvalid = errors.New("invalid")
	// ErrClosed: the store is closed.
	ErrClosed = errors.New("closed")
)

// Connection settings; see package doc. mattn's default busy_timeout is
// already 5000 ms, but saying so keeps the DSN honest. Readers need no
// journal or sync settings (WAL mode is stored in the file) and use deferred
// transactions, so a read never takes the write lock.
const (
	dsnWrite = "_journal_mode=WAL&_synchronous=NORMAL&_busy_timeout=5000&_foreign_keys=on&_txlock=immediate"
	dsnRead  = "_busy_timeout=5000&_foreign_keys=on&_txlock=deferred&_query_only=1"
)

// DB is a SQLite store of rooms. It implements rooms.Store and is safe for
// concurrent use.
type DB struct {
	write *sql.DB // one connection: every write, in order
	read  *sql.DB // reads; the same pool as write for ":memory:"

	appendStmt *sql.Stmt // prepared once: AppendCommand is the hot path

	// Group commit (group.go), under qmu: the appends waiting for a
	// leader, whether one is writing, and Close's wait for the last one.
	qmu     sync.Mutex
	queue   []*appendReq
	batch   []*appendReq // the leaders' batch buffer, reused
	leading bool
	closed  bool
	idle    sync.Cond    // signalled when the last leader steps down
	commits atomic.Int64 // transactions that logged rows, for benchmarks
	taken   atomic.Int64 // requests taken into a batch, for tests
	// hook, set only by tests, runs as a leader starts each transaction
	// of appends, with its rows: a test can make the leader panic there.
	hook func(batch []*appendReq)

	// Now stamps a room created with a zero Created time. Tests replace it.
	Now func() time.Time

	path string // the file, for Size; ":memory:" for none
}

var _ rooms.Store = (*DB)(nil)

// Open opens or creates the database at path and brings its schema up to
// date. The path ":memory:" gives a private in-memory database, for tests.
func Open(path string) (*DB, error) {
	if path == "" || strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("db: open %q: %w: want a file path without ? or #, or \":memory:\"", path, ErrInvalid)
	}
	if path != ":memory:" {
		if err := checkFile(path); err != nil {
			return nil, err
		}
	}
	write, err := sql.Open("sqlite3", path+"?"+dsnWrite)
	if err != nil {
		return nil, fmt.Errorf("db: open %s: %w", path, err)
	}
	// One writer: SQLite allows one anyway, and queueing in database/sql is
	// cheaper than SQLITE_BUSY retries. For ":memory:" this connection is
	// the whole database, so it must never be closed while idle.
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	d := &DB{write: write, read: write, Now: time.Now, path: path}
	if err := checkForeign(write, path); err != nil {
		write.Close()
		return nil, explainOpen(path, err)
	}
	if err := migrate(write, migrations); err != nil {
		write.Close()
		if errors.Is(err, ErrNewer) {
			return nil, failf(ErrNewer, "the database %s cannot be used: %v", path, err)
		}
		return nil, explainOpen(path, err)
	}
	if d.appendStmt, err = write.Prepare(appendQuery); err != nil {
		write.Close()
		return nil, fmt.Errorf("db: open %s: %w", path, err)
	}
	if path != ":memory:" {
		// WAL lets these read while the writer commits.
		d.read, err = sql.Open("sqlite3", path+"?"+dsnRead)
		if err != nil {
			write.Close()
			return nil, fmt.Errorf("db: open %s for reading: %w", path, err)
		}
		d.read.SetMaxOpenConns(4)
		d.read.SetMaxIdleConns(4)
	}
	d.idle.L = &d.qmu
	return d, nil
}

// Close closes the database. Appends already queued are written and
// answered first; appends after Close fail with ErrClosed. Committed writes
// are already durable. Closing twice does nothing.
func (d *DB) Close() error {
	d.qmu.Lock()
	if d.closed {
		d.qmu.Unlock()
		return nil
	}
	d.closed = true
	for d.leading { // a leader steps down only once the queue is empty
		d.idle.Wait()
	}
	d.qmu.Unlock()

	errs := []error{d.appendStmt.Close()}
	if d.read != d.write {
		errs = append(errs, d.read.Close())
	}
	// Let SQLite refresh its planner statistics, as it recommends on close.
	if _, err := d.write.Exec("PRAGMA optimize"); err != nil {
		errs = append(errs, err)
	}
	errs = append(errs, d.write.Close())
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("db: close: %w", err)
	}
	return nil
}

// inTx runs fn in a write transaction (BEGIN IMMEDIATE) and commits it.
func (d *DB) inTx(fn func(tx *sql.Tx) error) error {
	tx, err := d.write.Begin()
	if err != nil {
		return err
	}
	// Also on a panic: an open transaction would hold the one write
	// connection for good. After the commit it does nothing.
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// inReadTx runs fn in a read transaction, so that what it reads in several
// queries is one consistent snapshot.
func (d *DB) inReadTx(fn func(tx *sql.Tx) error) error {
	tx, err := d.read.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(tx)
}

// constraint reports whether err is SQLite refusing a row for breaking the
// given extended constraint code.
func constraint(err error, code sqlite3.ErrNoExtended) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.ExtendedCode == code
}

// Times are Unix nanoseconds; int64 covers the years 1678 to 2262.
var (
	minTime = time.Unix(0, -1<<63)
	maxTime = time.Unix(0, 1<<63-1)
)

// nanos converts t for storage. The zero time is stored as NULL.
func nanos(t time.Time) (sql.NullInt64, error) {
	if t.IsZero() {
		return sql.NullInt64{}, nil
	}
	if t.Before(minTime) || t.After(maxTime) {
		return sql.NullInt64{}, fmt.Errorf("%w: time %s is outside the years 1678 to 2262", ErrInvalid, t)
	}
	return sql.NullInt64{Int64: t.UnixNano(), Valid: true}, nil
}

// fromNanos is the inverse of nanos, in UTC.
func fromNanos(n sql.NullInt64) time.Time {
	if !n.Valid {
		return time.Time{}
	}
	return time.Unix(0, n.Int64).UTC()
}
