package db

import (
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"time"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrations is the embedded schema history, rooted at its directory.
var migrations, _ = fs.Sub(migrationFiles, "migrations")

// A migration file is named NNNN_what.sql; NNNN counts up from 0001.
var migrationName = regexp.MustCompile(`^([0-9]{4})_[a-z0-9_]+\.sql$`)

// migrate applies, in order, every migration in fsys that schema_migrations
// does not list yet, each in its own transaction with its bookkeeping row.
func migrate(db *sql.DB, fsys fs.FS) error {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	slices.Sort(names)
	for i, name := range names {
		m := migrationName.FindStringSubmatch(name)
		if m == nil {
			return fmt.Errorf("migrate: %s: want a name like 0001_init.sql", name)
		}
		// Numbers must run 1, 2, 3 with no gap, so two branches that both
		// add "0002" cannot silently skip one another.
		if n, _ := strconv.Atoi(m[1]); n != i+1 {
			return fmt.Errorf("migrate: %s: expected number %04d", name, i+1)
		}
	}

	if _, err := db.Exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY,
		name    TEXT NOT NULL,
		applied INTEGER NOT NULL
	) STRICT`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	var have int
	if err := db.QueryRow(`SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if have > len(names) {
		return fmt.Errorf("migrate: the database is at schema version %d, newer than this program's %d", have, len(names))
	}

	for i, name := range names[have:] {
		if err := apply(db, fsys, have+i+1, name); err != nil {
			return fmt.Errorf("migrate %s: %w", name, err)
		}
	}
	return nil
}

// apply runs one migration. Its transaction holds the write lock, so a second
// process opening the same file at the same moment waits and then skips it.
func apply(db *sql.DB, fsys fs.FS, version int, name string) error {
	script, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var done bool
	if err := tx.QueryRow(`SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE version = ?)`, version).Scan(&done); err != nil {
		return err
	}
	if done {
		return nil
	}
	if _, err := tx.Exec(string(script)); err != nil {
		return err
	}
	if _, err := tx.Exec(`INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)`,
		version, name, time.Now().UnixNano()); err != nil {
		return err
	}
	return tx.Commit()
}
