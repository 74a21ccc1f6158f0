package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3"
)

// What a host runs the house with: health checks, the file's size, safe
// backups and, only when asked, pruning old matches.

// Check answers whether the database answers a read within ctx: the
// server's /healthz.
func (d *DB) Check(ctx context.Context) error {
	var n int
	if err := d.read.QueryRowContext(ctx, `SELECT count(*) FROM rooms WHERE state = 'playing'`).Scan(&n); err != nil {
		return fmt.Errorf("db: check: %w", err)
	}
	return nil
}

// Size is the bytes the database takes on disk: the file and its
// write-ahead log (pages committed but not yet copied back into the file).
func (d *DB) Size() (int64, error) {
	if d.path == ":memory:" {
		var pages, size int64
		if err := d.read.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
			return 0, err
		}
		if err := d.read.QueryRow(`PRAGMA page_size`).Scan(&size); err != nil {
			return 0, err
		}
		return pages * size, nil
	}
	var total int64
	for _, p := range []string{d.path, d.path + "-wal"} {
		fi, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) && p != d.path {
			continue // no WAL between a checkpoint and the next write
		}
		if err != nil {
			return 0, err
		}
		total += fi.Size()
	}
	return total, nil
}

// Backup writes a consistent copy of the database to dst, as it stood at
// one instant, while the server goes on playing (it reads, and in WAL mode
// a reader never holds up the writer). See BackupFile.
func (d *DB) Backup(dst string) error {
	if d.path == ":memory:" {
		return fmt.Errorf("db: backup: an in-memory database has no file to copy")
	}
	return backup(d.read, d.path, dst)
}

// BackupFile copies the database at src to dst without opening it for
// writing, so it can run beside a server that has it open (periscope
// -backup). Never copy the file itself with cp while a server runs: the
// newest commits live in the -wal file beside it, and a copy of the main
// file alone may miss them, or every table.
//
// It uses SQLite's online backup, in one step: one read transaction sees
// the database as at its start, committed commands included, and nothing
// committed later. The copy is written beside dst and renamed into place
// once complete and checked (PRAGMA integrity_check), so dst is never a
// half-written file; it is a single self-contained file (no -wal), which
// periscope -db opens as it is. dst must not exist.
func BackupFile(src, dst string) error {
	fi, err := os.Stat(src)
	if err != nil {
		return fmt.Errorf("db: backup: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("db: backup: %s is not a file", src)
	}
	// mode=rw: never create a database that is not there.
	pool, err := sql.Open("sqlite3", "file:"+src+"?mode=rw&"+dsnRead)
	if err != nil {
		return fmt.Errorf("db: backup: %w", err)
	}
	defer pool.Close()
	var tables int
	if err := pool.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&tables); err != nil {
		return fmt.Errorf("db: backup: %s: %w", src, err)
	}
	if tables == 0 {
		return fmt.Errorf("db: backup: %s is not a Periscope database", src)
	}
	return backup(pool, src, dst)
}

func backup(pool *sql.DB, src, dst string) (err error) {
	if strings.ContainsAny(dst, "?#") {
		return fmt.Errorf("db: backup: %q: want a file path without ? or #", dst)
	}
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("db: backup: %s already exists: pick a new name (a backup never overwrites a file)", dst)
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".part-*")
	if err != nil {
		return fmt.Errorf("db: backup: %w", err)
	}
	part := tmp.Name()
	tmp.Close()
	defer func() {
		if err != nil {
			os.Remove(part)
			os.Remove(part + "-journal")
		}
	}()
	if same, _ := sameFile(src, dst); same {
		return fmt.Errorf("db: backup: %s is the database itself", dst)
	}

	ctx := context.Background()
	out, err := sql.Open("sqlite3", part)
	if err != nil {
		return fmt.Errorf("db: backup: %w", err)
	}
	defer out.Close()
	to, err := out.Conn(ctx)
	if err != nil {
		return fmt.Errorf("db: backup: %s: %w", dst, err)
	}
	defer to.Close()
	from, err := pool.Conn(ctx)
	if err != nil {
		return fmt.Errorf("db: backup: %s: %w", src, err)
	}
	defer from.Close()
	err = to.Raw(func(toDriver any) error {
		return from.Raw(func(fromDriver any) error {
			dc, ok1 := toDriver.(*sqlite3.SQLiteConn)
			sc, ok2 := fromDriver.(*sqlite3.SQLiteConn)
			if !ok1 || !ok2 {
				return errors.New("not a SQLite connection")
			}
			b, err := dc.Backup("main", sc, "main")
			if err != nil {
				return err
			}
			// -1: every page in one step, under one read transaction.
			if _, err := b.Step(-1); err != nil {
				b.Close()
				return err
			}
			return b.Close()
		})
	})
	if err != nil {
		return fmt.Errorf("db: backup %s: %w", src, err)
	}
	// The pages carry the source's WAL setting: make the copy one file
	// that needs no -wal beside it, then check it.
	var mode, check string
	if err := to.QueryRowContext(ctx, `PRAGMA journal_mode = DELETE`).Scan(&mode); err != nil {
		return fmt.Errorf("db: backup: %s: %w", dst, err)
	}
	if err := to.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil {
		return fmt.Errorf("db: backup: %s: %w", dst, err)
	}
	if check != "ok" {
		return fmt.Errorf("db: backup: the copy fails SQLite's integrity check: %s", check)
	}
	to.Close()
	if err := out.Close(); err != nil {
		return fmt.Errorf("db: backup: %s: %w", dst, err)
	}
	if err := syncFile(part); err != nil {
		return fmt.Errorf("db: backup: %s: %w", dst, err)
	}
	// Link, not rename: a dst created meanwhile is not replaced.
	if err := os.Link(part, dst); err != nil {
		return fmt.Errorf("db: backup: %w", err)
	}
	os.Remove(part)
	return syncFile(filepath.Dir(dst))
}

func sameFile(a, b string) (bool, error) {
	fa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(fa, fb), nil
}

// syncFile flushes a file or directory to disk: a backup on a Pi's SD card
// should survive the power cut it is there for.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// Prune deletes the matches that finished or expired before cutoff: their
// rooms, seats, command logs, results and debriefs. Unfinished matches are
// never touched. It returns how many rooms went. Nothing calls it unless
// the host asks (periscope -prune-days): by default every match is kept.
//
// The log is append-only (a trigger refuses any DELETE); Prune lifts that
// trigger for its own transaction only and puts it back, as SQLite stored
// it, before committing, so no other write ever sees the log unguarded.
func (d *DB) Prune(cutoff time.Time) (int, error) {
	at, err := nanos(cutoff)
	if err != nil || !at.Valid {
		return 0, fmt.Errorf("db: prune: %w: a cutoff time is needed", ErrInvalid)
	}
	var n int
	err = d.inTx(func(tx *sql.Tx) error {
		if _, err := tx.Exec(`CREATE TEMP TABLE prune AS
			SELECT r.code FROM rooms r LEFT JOIN results res ON res.room = r.code
			WHERE (r.state = 'finished' AND res.finished < ?1) OR (r.state = 'expired' AND r.expired < ?1)`, at.Int64); err != nil {
			return err
		}
		defer tx.Exec(`DROP TABLE temp.prune`)
		if err := tx.QueryRow(`SELECT count(*) FROM temp.prune`).Scan(&n); err != nil || n == 0 {
			return err
		}
		var guard string
		if err := tx.QueryRow(`SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'commands_no_delete'`).Scan(&guard); err != nil {
			return fmt.Errorf("the log's guard: %w", err)
		}
		for _, q := range []string{
			`DELETE FROM players WHERE room IN (SELECT code FROM temp.prune)`,
			`DELETE FROM summaries WHERE room IN (SELECT code FROM temp.prune)`,
			`DELETE FROM results WHERE room IN (SELECT code FROM temp.prune)`,
			`DROP TRIGGER commands_no_delete`,
			`DELETE FROM commands WHERE room IN (SELECT code FROM temp.prune)`,
			guard,
			`DELETE FROM seats WHERE room IN (SELECT code FROM temp.prune)`,
			`DELETE FROM rooms WHERE code IN (SELECT code FROM temp.prune)`,
		} {
			if _, err := tx.Exec(q); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("db: prune: %w", err)
	}
	return n, nil
}
