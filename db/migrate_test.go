package db

import (
	"database/sql"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
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
		if got := applied(t, d.write); strings.Join(got, " ") != "0001_init.sql 0002_expired.sql 0003_summaries.sql 0004_rematch.sql" {
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

// at1 is a database in a temp file at schema version 1, with a match of
// every kind written by hand as version 1 wrote them.
func at1(t *testing.T) (*sql.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "v1.db")
	d, err := sql.Open("sqlite3", path+"?"+dsnWrite)
	if err != nil {
		t.Fatal(err)
	}
	d.SetMaxOpenConns(1)
	t.Cleanup(func() { d.Close() })
	first, err := fs.ReadFile(migrations, "0001_init.sql")
	if err != nil {
		t.Fatal(err)
	}
	if err := migrate(d, fstest.MapFS{"0001_init.sql": {Data: first}}); err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		`INSERT INTO rooms VALUES ('WAIT', 'sonar', '{"map":"alpha"}', -5, 'waiting', 100)`,
		`INSERT INTO rooms VALUES ('PLAY', 'duel', NULL, 7, 'playing', 200)`,
		`INSERT INTO rooms VALUES ('DONE', 'sonar', NULL, 9, 'finished', 300)`,
		`INSERT INTO seats VALUES ('PLAY', 0, 'Ann', x'0102', 0, 1), ('PLAY', 1, 'Bot', NULL, 1, 0), ('DONE', 0, 'Bo', NULL, 0, 1)`,
		`INSERT INTO commands VALUES ('PLAY', 1, -1, '', '{"type":"start"}', 210), ('PLAY', 2, 0, 'c2', '{"type":"move"}', 220),
			('DONE', 1, -1, '', '{"type":"start"}', 310)`,
		`INSERT INTO results VALUES ('DONE', '{"winners":[0],"reason":"sunk"}', 400)`,
	} {
		if _, err := d.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	return d, path
}

// dump is every row of the tables a match lives in, in a fixed order.
func dump(t *testing.T, d *sql.DB) []string {
	t.Helper()
	var out []string
	for _, q := range []string{
		`SELECT code, game, coalesce(options, '-'), seed, state, created FROM rooms ORDER BY code`,
		`SELECT room, seat, name, hex(token_hash), bot, host FROM seats ORDER BY room, seat`,
		`SELECT room, version, seat, client_id, body, time FROM commands ORDER BY room, version`,
		`SELECT room, outcome, finished FROM results ORDER BY room`,
	} {
		rows, err := d.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprint(vals...))
		}
		rows.Close()
	}
	return out
}

// TestMigrateExpired upgrades a version 1 database that holds matches: every
// row survives, the rebuilt rooms table keeps its foreign keys, index and
// checks, and a room can now expire.
func TestMigrateExpired(t *testing.T) {
	d, path := at1(t)
	before := dump(t, d)
	if err := migrate(d, migrations); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(applied(t, d), " "); got != "0001_init.sql 0002_expired.sql 0003_summaries.sql 0004_rematch.sql" {
		t.Fatalf("applied %s", got)
	}
	if after := dump(t, d); !slices.Equal(before, after) {
		t.Fatalf("rows changed:\nbefore %q\n after %q", before, after)
	}
	var fk, index int
	if err := d.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Fatalf("foreign keys %d after migrating (%v), want back on", fk, err)
	}
	if err := d.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'rooms_state'`).Scan(&index); err != nil || index != 1 {
		t.Fatalf("rooms_state index: %d (%v)", index, err)
	}
	tests := []struct {
		stmt string
		fail string // "" when the statement must pass
	}{
		{`UPDATE rooms SET state = 'expired', expired = 500 WHERE code = 'WAIT'`, ""},
		{`UPDATE rooms SET state = 'expired' WHERE code = 'PLAY'`, "CHECK constraint failed"},
		{`UPDATE rooms SET expired = 500 WHERE code = 'PLAY'`, "CHECK constraint failed"},
		{`UPDATE rooms SET state = 'gone' WHERE code = 'PLAY'`, "CHECK constraint failed"},
		{`INSERT INTO seats VALUES ('NONE', 0, 'Ann', NULL, 0, 0)`, "FOREIGN KEY constraint failed"},
		{`INSERT INTO commands VALUES ('NONE', 1, 0, '', '{}', 1)`, "FOREIGN KEY constraint failed"},
		{`DELETE FROM rooms WHERE code = 'PLAY'`, "FOREIGN KEY constraint failed"},
		{`DELETE FROM commands`, "append-only"},
	}
	for _, tt := range tests {
		_, err := d.Exec(tt.stmt)
		switch {
		case tt.fail == "" && err != nil:
			t.Errorf("%s: %v", tt.stmt, err)
		case tt.fail != "" && (err == nil || !strings.Contains(err.Error(), tt.fail)):
			t.Errorf("%s: %v, want %q", tt.stmt, err, tt.fail)
		}
	}

	// The store reads the upgraded file as it reads a new one.
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	open, err := s.Unfinished()
	if err != nil || len(open) != 1 || open[0].Room.Code != "PLAY" || len(open[0].Commands) != 2 || len(open[0].Seats) != 2 {
		t.Fatalf("Unfinished after upgrade = %+v, %v", open, err)
	}
	done, err := s.Finished(0)
	if err != nil || len(done) != 1 || done[0].Outcome == nil || done[0].Outcome.Reason != "sunk" {
		t.Fatalf("Finished after upgrade = %+v, %v", done, err)
	}
}

// A migration that leaves a row pointing at nothing is refused whole.
func TestMigrateRefusesBrokenForeignKeys(t *testing.T) {
	d := rawDB(t)
	v1 := fstest.MapFS{"0001_a.sql": {Data: []byte(`CREATE TABLE p (id INTEGER PRIMARY KEY);
		CREATE TABLE c (p INTEGER REFERENCES p (id)); INSERT INTO p VALUES (1); INSERT INTO c VALUES (1);`)}}
	if err := migrate(d, v1); err != nil {
		t.Fatal(err)
	}
	v2 := maps.Clone(v1)
	v2["0002_b.sql"] = &fstest.MapFile{Data: []byte(`CREATE TABLE q (x); DELETE FROM p;`)}
	err := migrate(d, v2)
	if err == nil || !strings.Contains(err.Error(), "migrate 0002_b.sql: a row of c references a missing row of p") {
		t.Fatalf("migrate = %v", err)
	}
	var p, q int
	d.QueryRow(`SELECT count(*) FROM p`).Scan(&p)
	d.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'q'`).Scan(&q)
	if p != 1 || q != 0 || len(applied(t, d)) != 1 {
		t.Fatalf("failed migration left p=%d rows, q table %d, applied %v", p, q, applied(t, d))
	}
	var fk int
	if err := d.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Fatalf("foreign keys %d after a failed migration (%v), want back on", fk, err)
	}
}

// 0003 adds the summaries and players of finished matches: an old file
// keeps every row, lists its finished match as unsummarised, and the new
// tables hold their keys and checks.
func TestMigrateSummaries(t *testing.T) {
	d, path := at1(t)
	before := dump(t, d)
	if err := migrate(d, migrations); err != nil {
		t.Fatal(err)
	}
	if after := dump(t, d); !slices.Equal(before, after) {
		t.Fatalf("rows changed:\nbefore %q\n after %q", before, after)
	}
	for _, tt := range []struct{ stmt, fail string }{
		{`INSERT INTO players VALUES ('DONE', 0, 'Bo', 0, 0, 'Blue', 'Blue crew', '[]', 'won', '{}')`, "FOREIGN KEY constraint failed"},
		{`INSERT INTO summaries VALUES ('NONE', 1, 1, '{}', '', 1)`, "FOREIGN KEY constraint failed"},
		{`INSERT INTO summaries VALUES ('DONE', 1, 1.5, '{}', '', 1)`, ""},
		{`INSERT INTO players VALUES ('DONE', 0, 'Bo', 0, 0, 'Blue', 'Blue crew', '[]', 'best', '{}')`, "CHECK constraint failed"},
		{`INSERT INTO players VALUES ('DONE', 0, 'Bo', 0, 0, 'Blue', 'Blue crew', '[]', 'won', '{}')`, ""},
	} {
		_, err := d.Exec(tt.stmt)
		switch {
		case tt.fail == "" && err != nil:
			t.Errorf("%s: %v", tt.stmt, err)
		case tt.fail != "" && (err == nil || !strings.Contains(err.Error(), tt.fail)):
			t.Errorf("%s: %v, want %q", tt.stmt, err, tt.fail)
		}
	}
	if _, err := d.Exec(`DELETE FROM players; DELETE FROM summaries`); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if codes, err := s.Unsummarized(0); err != nil || !slices.Equal(codes, []string{"DONE"}) {
		t.Fatalf("Unsummarized after upgrade = %v, %v", codes, err)
	}
}
