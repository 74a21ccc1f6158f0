package db

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"periscope/games"
	"periscope/rooms"
)

var t0 = time.Date(2025, 3, 14, 20, 15, 9, 0, time.UTC)

func openT(t *testing.T) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "g.db")
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, path
}

func cmd(room string, v int64, client string) rooms.CommandRecord {
	return rooms.CommandRecord{Room: room, Version: v, Seat: 0, ClientID: client,
		Body: json.RawMessage(fmt.Sprintf(`{"type":"move","v":%d}`, v)), Time: t0.Add(time.Duration(v) * time.Second)}
}

// setup creates each room, logging as many commands in it as given.
func setup(t *testing.T, d *DB, logged map[string]int) {
	t.Helper()
	for code, n := range logged {
		if err := d.CreateRoom(rooms.RoomRecord{Code: code, Game: "sonar", Created: t0}); err != nil {
			t.Fatal(err)
		}
		for v := 1; v <= n; v++ {
			if err := d.AppendCommand(cmd(code, int64(v), "")); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// versions is the logged versions of each room.
func versions(t *testing.T, d *DB) map[string][]int64 {
	t.Helper()
	rows, err := d.write.Query(`SELECT room, version FROM commands ORDER BY room, version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string][]int64{}
	for rows.Next() {
		var (
			room string
			v    int64
		)
		if err := rows.Scan(&room, &v); err != nil {
			t.Fatal(err)
		}
		out[room] = append(out[room], v)
	}
	return out
}

// hold takes the one write connection, so the next leader blocks on its
// statement; release gives it back.
func hold(t *testing.T, d *DB) (release func()) {
	t.Helper()
	tx, err := d.write.Begin()
	if err != nil {
		t.Fatal(err)
	}
	return func() { tx.Rollback() }
}

// waitQueued waits until n requests are taken into a batch or queued.
func waitQueued(t *testing.T, d *DB, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	queued := func() int64 {
		d.qmu.Lock()
		defer d.qmu.Unlock()
		return d.taken.Load() + int64(len(d.queue))
	}
	for queued() < int64(n) {
		if time.Now().After(deadline) {
			t.Fatalf("only %d of %d appends queued", queued(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestAppendsShareCommits: appends that arrive while a commit runs share the
// next one, and each returns only once its row is committed.
func TestAppendsShareCommits(t *testing.T) {
	d, _ := openT(t)
	const n = 100
	logged := map[string]int{}
	for i := range n {
		logged[fmt.Sprintf("R%03d", i)] = 0
	}
	setup(t, d, logged)
	before := d.commits.Load()

	release := hold(t, d)
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() { errs[i] = d.AppendCommand(cmd(fmt.Sprintf("R%03d", i), 1, "")) })
	}
	waitQueued(t, d, n)
	release()
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("room %d: %v", i, err)
		}
	}
	if got := len(versions(t, d)); got != n {
		t.Fatalf("%d rooms logged, want %d", got, n)
	}
	// The first leader took one batch before it blocked; the rest came in
	// the next.
	if commits := d.commits.Load() - before; commits > 2 {
		t.Fatalf("%d appends took %d commits, want at most 2", n, commits)
	}
}

// TestBatchAnswersEachRow writes batches in which some rows fail, for every
// way a row can fail, and checks that each caller gets its own answer and
// that exactly the rows answered nil are in the log.
func TestBatchAnswersEachRow(t *testing.T) {
	// Failure injection: SQLite triggers on the write connection that
	// fail the insert of a row whose client id names them.
	const inject = `
		CREATE TEMP TRIGGER abort_row BEFORE INSERT ON commands WHEN NEW.client_id = 'abort'
		BEGIN SELECT RAISE(ABORT, 'injected: statement fails'); END;
		CREATE TEMP TRIGGER rollback_tx BEFORE INSERT ON commands WHEN NEW.client_id = 'rollback'
		BEGIN SELECT RAISE(ROLLBACK, 'injected: transaction lost'); END;
		CREATE TEMP TABLE parent (id INTEGER PRIMARY KEY);
		CREATE TEMP TABLE child (p INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
		CREATE TEMP TRIGGER commit_fails AFTER INSERT ON commands WHEN NEW.client_id = 'commit'
		BEGIN INSERT INTO child VALUES (42); END;`

	type row struct {
		c    rooms.CommandRecord
		fail string // part of the error; "" for a row that must land
	}
	// Every case starts from: A empty, B at version 3, OVER finished at 2.
	tests := []struct {
		name string
		rows []row
	}{
		{"all land", []row{
			{cmd("A", 1, ""), ""}, {cmd("B", 4, ""), ""}, {cmd("A", 2, ""), ""}, {cmd("A", 3, ""), ""},
		}},
		{"refusals fail alone", []row{
			{cmd("A", 1, ""), ""},
			{cmd("B", 3, ""), "version 3 is already logged"},
			{cmd("NONE", 1, ""), "room not found"},
			{cmd("OVER", 3, ""), "the room is finished"},
			{cmd("A", 2, ""), ""},
			{cmd("B", 6, ""), "version 6 would leave a gap after the last logged version 3"},
			{cmd("B", 1, ""), "version 1 comes before the last logged version 3"},
			{cmd("B", 4, ""), ""},
		}},
		{"a version twice in one batch", []row{
			{cmd("A", 1, ""), ""}, {cmd("A", 1, "again"), "version 1 is already logged"}, {cmd("A", 2, ""), ""},
		}},
		{"a statement fails in the middle", []row{
			{cmd("A", 1, ""), ""}, {cmd("B", 4, "abort"), "injected: statement fails"}, {cmd("A", 2, ""), ""},
		}},
		{"a statement fails first and last", []row{
			{cmd("B", 4, "abort"), "injected: statement fails"}, {cmd("A", 1, ""), ""}, {cmd("A", 2, "abort"), "injected: statement fails"},
		}},
		{"the transaction is lost", []row{
			{cmd("A", 1, ""), ""}, {cmd("B", 4, ""), ""}, {cmd("A", 2, "rollback"), "injected: transaction lost"},
			{cmd("NONE", 1, ""), "room not found"}, {cmd("A", 2, ""), ""},
		}},
		{"a row after a lost one waits for it", []row{
			{cmd("A", 1, "rollback"), "injected: transaction lost"}, {cmd("A", 2, ""), "version 2 would leave a gap"}, {cmd("B", 4, ""), ""},
		}},
		{"every row fails", []row{
			{cmd("A", 1, "abort"), "injected"}, {cmd("B", 4, "rollback"), "injected"}, {cmd("OVER", 3, ""), "finished"},
		}},
		{"the commit fails", []row{
			{cmd("A", 1, ""), "FOREIGN KEY constraint failed"},
			{cmd("B", 3, ""), "version 3 is already logged"},
			{cmd("B", 4, "commit"), "FOREIGN KEY constraint failed"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, _ := openT(t)
			setup(t, d, map[string]int{"A": 0, "B": 3, "OVER": 2})
			if err := d.Finish("OVER", games.Outcome{Winners: []int{0}}, t0.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
			if _, err := d.write.Exec(inject); err != nil {
				t.Fatal(err)
			}
			want := versions(t, d)
			var batch []*appendReq
			for _, r := range tt.rows {
				req, err := newAppend(r.c)
				if err != nil {
					t.Fatal(err)
				}
				batch = append(batch, req)
				if r.fail == "" {
					want[r.c.Room] = append(want[r.c.Room], r.c.Version)
				}
			}
			if self := d.appendBatch(batch, nil); self != nil {
				t.Fatalf("answer for no caller: %v", self)
			}
			for i, r := range tt.rows {
				err := <-batch[i].done
				switch {
				case r.fail == "" && err != nil:
					t.Errorf("row %d (%s v%d): %v", i, r.c.Room, r.c.Version, err)
				case r.fail != "" && (err == nil || !strings.Contains(err.Error(), r.fail)):
					t.Errorf("row %d (%s v%d): %v, want %q", i, r.c.Room, r.c.Version, err, r.fail)
				}
			}
			if got := versions(t, d); !reflect.DeepEqual(got, want) {
				t.Fatalf("log holds %v, want %v", got, want)
			}
			// The store still works after every kind of failure.
			next := int64(len(want["A"])) + 1
			if err := d.AppendCommand(cmd("A", next, "")); err != nil {
				t.Fatalf("append after the batch: %v", err)
			}
		})
	}
}

// TestCloseDrains: Close answers every append already queued, each durable,
// and refuses appends after it.
func TestCloseDrains(t *testing.T) {
	d, path := openT(t)
	const n = 50
	logged := map[string]int{}
	for i := range n {
		logged[fmt.Sprintf("R%02d", i)] = 0
	}
	setup(t, d, logged)

	release := hold(t, d)
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() { errs[i] = d.AppendCommand(cmd(fmt.Sprintf("R%02d", i), 1, "")) })
	}
	waitQueued(t, d, n)
	closed := make(chan error, 1)
	go func() { closed <- d.Close() }()
	for {
		d.qmu.Lock()
		c := d.closed
		d.qmu.Unlock()
		if c {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if err := d.AppendCommand(cmd("R00", 2, "")); !errors.Is(err, ErrClosed) {
		t.Fatalf("append after Close = %v, want ErrClosed", err)
	}
	select {
	case err := <-closed:
		t.Fatalf("Close returned (%v) before the queue was written", err)
	default:
	}
	release()
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("queued append %d: %v", i, err)
		}
	}
	if err := d.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}

	d2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	if got := versions(t, d2); len(got) != n {
		t.Fatalf("after reopen %d rooms have their command, want %d", len(got), n)
	}
}

// TestPutSeatsAtomic injects a failure on the second seat row of a move:
// neither row lands.
func TestPutSeatsAtomic(t *testing.T) {
	d, _ := openT(t)
	setup(t, d, map[string]int{"MOVE": 1})
	ann := rooms.SeatRecord{Room: "MOVE", Seat: 0, Name: "Ann", TokenHash: []byte{1}, Host: true}
	if err := d.PutSeat(ann); err != nil {
		t.Fatal(err)
	}
	if _, err := d.write.Exec(`CREATE TEMP TRIGGER seat_fails BEFORE INSERT ON seats WHEN NEW.seat = 3
		BEGIN SELECT RAISE(ABORT, 'injected: disk full'); END`); err != nil {
		t.Fatal(err)
	}
	freed := rooms.SeatRecord{Room: "MOVE", Seat: 0, Name: "Ann"}
	moved := rooms.SeatRecord{Room: "MOVE", Seat: 3, Name: "Ann", TokenHash: []byte{1}, Host: true}
	for _, order := range [][]rooms.SeatRecord{{freed, moved}, {moved, freed}} {
		err := d.PutSeats(order...)
		if err == nil || !strings.Contains(err.Error(), "db: put seat 3 of room MOVE: injected: disk full") {
			t.Fatalf("PutSeats = %v", err)
		}
		s, err := d.Load("MOVE")
		if err != nil {
			t.Fatal(err)
		}
		if want := []rooms.SeatRecord{ann}; !reflect.DeepEqual(s.Seats, want) {
			t.Fatalf("seats after a failed move %+v, want %+v", s.Seats, want)
		}
	}
	if _, err := d.write.Exec(`DROP TRIGGER temp.seat_fails`); err != nil {
		t.Fatal(err)
	}
	if err := d.PutSeats(freed, moved); err != nil {
		t.Fatal(err)
	}
	s, err := d.Load("MOVE")
	if err != nil {
		t.Fatal(err)
	}
	if want := []rooms.SeatRecord{freed, moved}; !reflect.DeepEqual(s.Seats, want) {
		t.Fatalf("seats after the move %+v, want %+v", s.Seats, want)
	}
}

// returns runs f and fails the test if it has not returned within 10 s.
func returns(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s did not return", what)
	}
}

// has reports whether a row of batch has the client id.
func has(batch []*appendReq, client string) bool {
	return slices.ContainsFunc(batch, func(r *appendReq) bool { return r.client == client })
}

// TestLeaderPanics makes a leader panic while it writes a batch, with more
// appends queued behind it: every caller of the batch gets an error, the
// appends queued behind it and every later one are written, a lone append
// that panics fails alone, and Close still returns. The store is not closed
// by a cleanup: if the lead were lost, that would hang.
func TestLeaderPanics(t *testing.T) {
	d, err := Open(filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	const k = 10 // the batch that panics, and the appends queued behind it
	logged := map[string]int{"L": 0, "LONE": 0}
	for i := range k {
		logged[fmt.Sprintf("P%02d", i)] = 0
		logged[fmt.Sprintf("Q%02d", i)] = 0
	}
	setup(t, d, logged)

	// A transaction holding a row with client id "panic" panics once
	// proceed is closed.
	entered := make(chan struct{}, 1)
	proceed := make(chan struct{})
	d.hook = func(batch []*appendReq) {
		if has(batch, "panic") {
			select {
			case entered <- struct{}{}:
			default:
			}
			<-proceed
			panic("injected")
		}
	}

	// L leads, blocked on the write connection, while the P appends queue;
	// released, L hands the lead to them, and their leader waits in the
	// hook while the Q appends queue behind it.
	release := hold(t, d)
	var wg sync.WaitGroup
	var errL error
	errP, errQ := make([]error, k), make([]error, k)
	wg.Go(func() { errL = d.AppendCommand(cmd("L", 1, "")) })
	waitQueued(t, d, 1)
	for i := range k {
		wg.Go(func() { errP[i] = d.AppendCommand(cmd(fmt.Sprintf("P%02d", i), 1, "panic")) })
	}
	waitQueued(t, d, 1+k)
	release()
	returns(t, "the P batch's leader", func() { <-entered })
	for i := range k {
		wg.Go(func() { errQ[i] = d.AppendCommand(cmd(fmt.Sprintf("Q%02d", i), 1, "")) })
	}
	waitQueued(t, d, 1+2*k)
	close(proceed)
	returns(t, "the appends", wg.Wait)

	if errL != nil {
		t.Errorf("L: %v", errL)
	}
	for i := range k {
		if errP[i] == nil || !strings.Contains(errP[i].Error(), "the write panicked: injected") {
			t.Errorf("P%02d, in the batch that panicked: %v", i, errP[i])
		}
		if errQ[i] != nil {
			t.Errorf("Q%02d, queued behind it: %v", i, errQ[i])
		}
	}
	want := map[string][]int64{"L": {1}}
	for i := range k {
		want[fmt.Sprintf("Q%02d", i)] = []int64{1}
	}
	if got := versions(t, d); !reflect.DeepEqual(got, want) {
		t.Fatalf("log holds %v, want %v", got, want)
	}

	// Later appends: the P rows again, now without a panic, and a lone
	// append that panics, then is written.
	returns(t, "later appends", func() {
		for i := range k {
			if err := d.AppendCommand(cmd(fmt.Sprintf("P%02d", i), 1, "")); err != nil {
				t.Errorf("P%02d again: %v", i, err)
			}
		}
		if err := d.AppendCommand(cmd("LONE", 1, "panic")); err == nil || !strings.Contains(err.Error(), "the write panicked: injected") {
			t.Errorf("a lone append that panics: %v", err)
		}
		if err := d.AppendCommand(cmd("LONE", 1, "")); err != nil {
			t.Errorf("LONE after its panic: %v", err)
		}
	})
	for i := range k {
		want[fmt.Sprintf("P%02d", i)] = []int64{1}
	}
	want["LONE"] = []int64{1}
	if got := versions(t, d); !reflect.DeepEqual(got, want) {
		t.Fatalf("log holds %v, want %v", got, want)
	}
	returns(t, "Close", func() {
		if err := d.Close(); err != nil {
			t.Error(err)
		}
	})
}

// TestBatchPanicsAfterAnswers: a batch that panics after it has answered a
// row (a failed statement, the batch then written again) answers every other
// row once with the panic, its own caller's by its return, and leaves no
// transaction open (which would hold the write connection: the store is not
// closed by a cleanup, which would hang).
func TestBatchPanicsAfterAnswers(t *testing.T) {
	d, err := Open(filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	setup(t, d, map[string]int{"A": 0, "B": 0})
	if _, err := d.write.Exec(`CREATE TEMP TRIGGER abort_row BEFORE INSERT ON commands WHEN NEW.client_id = 'abort'
		BEGIN SELECT RAISE(ABORT, 'injected: statement fails'); END`); err != nil {
		t.Fatal(err)
	}
	// Panics on the second try, once the "abort" row is out.
	d.hook = func(batch []*appendReq) {
		if has(batch, "panic") && !has(batch, "abort") {
			panic("injected")
		}
	}
	rows := []rooms.CommandRecord{cmd("A", 1, "abort"), cmd("B", 1, "panic"), cmd("A", 1, ""), cmd("B", 1, "")}
	fail := []string{"injected: statement fails", "the write panicked: injected", "the write panicked: injected", "the write panicked: injected"}
	var batch []*appendReq
	for _, c := range rows {
		r, err := newAppend(c)
		if err != nil {
			t.Fatal(err)
		}
		batch = append(batch, r)
	}
	self := batch[2]
	var selfErr error
	returns(t, "the batch", func() { selfErr = d.appendBatch(batch, self) })
	for i, r := range batch {
		var err error
		if r == self {
			err = selfErr
		} else {
			err = <-r.done
		}
		if err == nil || !strings.Contains(err.Error(), fail[i]) {
			t.Errorf("row %d: %v, want %q", i, err, fail[i])
		}
		if n := len(r.done); n != 0 {
			t.Errorf("row %d answered %d more times", i, n)
		}
	}
	returns(t, "an append after the panic", func() {
		if err := d.AppendCommand(cmd("A", 1, "")); err != nil {
			t.Error(err)
		}
	})
	if got, want := versions(t, d), map[string][]int64{"A": {1}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("log holds %v, want %v", got, want)
	}
	returns(t, "Close", func() {
		if err := d.Close(); err != nil {
			t.Error(err)
		}
	})
}
