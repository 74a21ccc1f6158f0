package db

import (
	"context"
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

	// One connection for the whole run: the foreign-keys setting below
	// belongs to a connection.
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY,
		name    TEXT NOT NULL,
		applied INTEGER NOT NULL
	) STRICT`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	var have int
	if err := conn.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if have > len(names) {
		return failf(ErrNewer, "a newer Periscope wrote it (schema version %d, newer than this program's %d): run that newer version, or start this one with -db and another file", have, len(names))
	}

	if have == len(names) {
		return nil
	}

	// Foreign keys are off while migrations run, as SQLite's procedure for
	// rebuilding a table asks (a DROP TABLE of a parent would otherwise
	// delete or refuse its children's references); each migration checks
	// them all before it commits. The setting cannot change inside a
	// transaction, so it is switched here, and restored after.
	var fk bool
	if err := conn.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if fk {
		if _, err := conn.ExecContext(ctx, `PRAGMA foreign_keys = OFF`); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
	}
	for i, name := range names[have:] {
		if err = apply(ctx, conn, fsys, have+i+1, name); err != nil {
			err = fmt.Errorf("migrate %s: %w", name, err)
			break
		}
	}
	if fk {
		if _, errOn := conn.ExecContext(ctx, `PRAGMA foreign_keys = ON`); errOn != nil && err == nil {
			err = fmt.Errorf("migrate: %w", errOn)
		}
	}
	return err
}

// apply runs one migration. Its transaction holds the write lock, so a second
// process opening the same file at the same moment waits and then skips it.
func apply(ctx context.Context, conn *sql.Conn, fsys fs.FS, version int, name string) error {
	script, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	tx, err := conn.BeginTx(ctx, nil)
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
	if err := foreignKeysHold(tx); err != nil {
		return err
	}
	if _, err := tx.Exec(`INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)`,
		version, name, time.Now().UnixNano()); err != nil {
		return err
	}
	return tx.Commit()
}

// foreignKeysHold reports the first row that references a missing parent.
func foreignKeysHold(tx *sql.Tx) error {
	rows, err := tx.Query(`PRAGMA foreign_key_check`)
	if err != nil {
		return err
	}
	defer rows.Close()
	if rows.Next() {
		var (
			table, parent string
			rowid         sql.NullInt64
			fkid          int
		)
		if err := rows.Scan(&table, &rowid, &parent, &fkid); err != nil {
			return err
		}
		return fmt.Errorf("a row of %s references a missing row of %s", table, parent)
	}
	return rows.Err()
}
