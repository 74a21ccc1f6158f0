package db

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"periscope/games"
	"periscope/rooms"
)

func rawDB(t *testing.T) *sql.DB {
	t.Helper()
	d, err := sql.Open("sqlite3", filepath.Join(t.TempDir(), "m.db")+"?"+dsnWrite)
	if err != nil {
		t.Fatal(err)
	}
	d.SetMaxOpenConns(1)
	t.Cleanup(func() { d.Close() })
	return d
}

func applied(t *testing.T, d *sql.DB) []string {
	t.Helper()
	rows, err := d.Query(`SELECT name FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	return names
}

func TestMigrationsIdempotent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "periscope.db")
	for i := range 3 {
		d, err := Open(path)
		if err != nil {
			t.Fatalf("open %d: %v", i+1, err)
		}
		if got := applied(t, d.write); len(got) != 1 || got[0] != "0001_init.sql" {
			t.Errorf("open %d: applied %v", i+1, got)
		}
		if err := d.CreateRoom(rooms.RoomRecord{Code: string(rune('A' + i)), Game: "sonar"}); err != nil {
			t.Fatal(err)
		}
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestMigrateInOrder(t *testing.T) {
	d := rawDB(t)
	v1 := fstest.MapFS{"0001_a.sql": {Data: []byte(`CREATE TABLE a (x INTEGER);`)}}
	if err := migrate(d, v1); err != nil {
		t.Fatal(err)
	}
	// 0002 needs 0001's table, 0003 needs 0002's column: order matters.
	v3 := fstest.MapFS{
		"0003_c.sql": {Data: []byte(`CREATE INDEX a_y ON a (y);`)},
		"0001_a.sql": {Data: []byte(`CREATE TABLE a (x INTEGER);`)},
		"0002_b.sql": {Data: []byte(`ALTER TABLE a ADD COLUMN y TEXT; INSERT INTO a VALUES (1, 'one');`)},
	}
	if err := migrate(d, v3); err != nil {
		t.Fatal(err)
	}
	if err := migrate(d, v3); err != nil {
		t.Fatalf("second run: %v", err)
	}
	if got := strings.Join(applied(t, d), " "); got != "0001_a.sql 0002_b.sql 0003_c.sql" {
		t.Fatalf("applied %s", got)
	}
	var n int
	if err := d.QueryRow(`SELECT count(*) FROM a`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("0002 ran %d times (%v), want once", n, err)
	}
}

func TestMigrateRefuses(t *testing.T) {
	tests := []struct {
		name  string
		fsys  fstest.MapFS
		say   string
		after []string // migrations recorded afterwards
	}{
		{"a gap", fstest.MapFS{
			"0001_a.sql": {Data: []byte(`CREATE TABLE a (x);`)},
			"0003_c.sql": {Data: []byte(`CREATE TABLE c (x);`)},
		}, "0003_c.sql: expected number 0002", nil},
		{"a bad name", fstest.MapFS{
			"1_a.sql": {Data: []byte(`CREATE TABLE a (x);`)},
		}, "want a name like 0001_init.sql", nil},
		{"a broken script, rolled back whole", fstest.MapFS{
			"0001_a.sql": {Data: []byte(`CREATE TABLE a (x);`)},
			"0002_b.sql": {Data: []byte(`CREATE TABLE b (x); CREATE TABLE a (x);`)},
		}, "migrate 0002_b.sql: table a already exists", []string{"0001_a.sql"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := rawDB(t)
			err := migrate(d, tt.fsys)
			if err == nil || !strings.Contains(err.Error(), tt.say) {
				t.Fatalf("migrate = %v, want it to say %q", err, tt.say)
			}
			if tt.after == nil {
				return
			}
			if got := applied(t, d); strings.Join(got, " ") != strings.Join(tt.after, " ") {
				t.Errorf("applied %v, want %v", got, tt.after)
			}
			var b int
			d.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'b'`).Scan(&b)
			if b != 0 {
				t.Error("table b of the failed migration exists")
			}
		})
	}
}

func TestMigrateRefusesNewerDatabase(t *testing.T) {
	d := rawDB(t)
	two := fstest.MapFS{
		"0001_a.sql": {Data: []byte(`CREATE TABLE a (x);`)},
		"0002_b.sql": {Data: []byte(`CREATE TABLE b (x);`)},
	}
	if err := migrate(d, two); err != nil {
		t.Fatal(err)
	}
	one := fstest.MapFS{"0001_a.sql": two["0001_a.sql"]}
	err := migrate(d, one)
	if err == nil || !strings.Contains(err.Error(), "schema version 2, newer than this program's 1") {
		t.Fatalf("older program on newer database: %v", err)
	}
}

// The log is append-only even for code that bypasses the DB methods.
func TestCommandLogAppendOnly(t *testing.T) {
	d, err := Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.CreateRoom(rooms.RoomRecord{Code: "LOG", Game: "sonar"}); err != nil {
		t.Fatal(err)
	}
	c := rooms.CommandRecord{Room: "LOG", Version: 1, Seat: games.System, Body: []byte(`{"type":"start"}`), Time: d.Now()}
	if err := d.AppendCommand(c); err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		`UPDATE commands SET body = '{"type":"cheat"}'`,
		`DELETE FROM commands`,
	} {
		if _, err := d.write.Exec(stmt); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: %v, want append-only refusal", stmt, err)
		}
	}
}
