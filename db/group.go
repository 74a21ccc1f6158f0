package db

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sync"

	"periscope/rooms"
)

// Group commit. A room's AppendCommand returns only once its row is
// committed, but concurrent appends of many rooms share one transaction. The
// first caller that finds nobody writing becomes the leader: it writes its
// own row at once, on its own goroutine, in its own implicit transaction,
// exactly as without grouping, so a lone append waits for nothing. Callers
// that arrive while a leader writes queue up. When the leader's commit is
// done it hands the lead to the first of them, which writes everything
// queued (up to maxBatch rows) in one transaction, commits, answers each
// caller of its batch, and hands on in turn. So "durable before visible"
// holds for every room, and a busy house pays one commit for many rooms'
// commands, with one goroutine wake-up per batch beyond the answers.
//
// Each row gets its own answer: a row the log refuses (an unknown or closed
// room, a version that is not the next) is simply not inserted, so it fails
// alone and the others commit. A statement that fails outright (a full disk,
// a trigger) may have cost the whole transaction: the batch is rolled back,
// that row gets its error, and the others are written again without it.
//
// A leader that panics while writing (a driver's panic, a bug) does not take
// the house with it: its open transaction is rolled back, every request of
// its batch not yet answered gets an error saying so, its own caller's
// included, and it hands the lead on as after any batch. Its followers would
// otherwise wait forever, and with the lead never handed on, so would every
// later append.

// maxBatch bounds the rows of one transaction, so one commit never holds the
// write lock for long and a caller never waits behind an unbounded queue.
const maxBatch = 128

// appendReq is one AppendCommand. Requests are pooled: a leader must not
// touch another caller's request after answering it.
type appendReq struct {
	room, client string
	version      int64
	seat         int
	body         string
	at           int64
	refused      error      // set by a batch when the log refused the row
	done         chan error // the answer, or errLead; buffered
}

var reqPool = sync.Pool{New: func() any { return &appendReq{done: make(chan error, 1)} }}

// newAppend checks c and returns a request for it: the caller's share of the
// work, done before it queues.
func newAppend(c rooms.CommandRecord) (*appendReq, error) {
	if c.Version < 1 {
		return nil, fmt.Errorf("%w: versions start at 1", ErrInvalid)
	}
	body, err := jsonText(c.Body, "body")
	if err != nil {
		return nil, err
	}
	if !body.Valid {
		return nil, fmt.Errorf("%w: empty body", ErrInvalid)
	}
	at, err := nanos(c.Time)
	if err != nil {
		return nil, err
	}
	if !at.Valid {
		return nil, fmt.Errorf("%w: a command needs its time, for replays", ErrInvalid)
	}
	r := reqPool.Get().(*appendReq)
	r.room, r.client, r.version, r.seat, r.body, r.at, r.refused = c.Room, c.ClientID, c.Version, c.Seat, body.String, at.Int64, nil
	return r, nil
}

func (r *appendReq) args() []any {
	return []any{r.room, r.version, r.seat, r.client, r.body, r.at}
}

// errLead is the answer that makes a queued caller the next leader.
var errLead = errors.New("db: lead the next batch")

// panicked is the answer of every request a leader had not answered when it
// panicked.
func panicked(p any) error {
	return fmt.Errorf("the write panicked: %v", p)
}

// submit writes r, alone or with whatever is queued, and returns once its row
// is committed or refused.
func (d *DB) submit(r *appendReq) error {
	d.qmu.Lock()
	if d.closed {
		d.qmu.Unlock()
		reqPool.Put(r)
		return ErrClosed
	}
	d.queue = append(d.queue, r)
	if d.leading {
		d.qmu.Unlock()
		if err := <-r.done; err != errLead {
			reqPool.Put(r)
			return err
		}
		d.qmu.Lock() // promoted: r is first in the queue
	}
	d.leading = true
	n := min(len(d.queue), maxBatch)
	batch := append(d.batch[:0], d.queue[:n]...)
	rest := copy(d.queue, d.queue[n:])
	clear(d.queue[rest:])
	d.queue = d.queue[:rest]
	d.taken.Add(int64(n))
	d.qmu.Unlock()

	var err error
	if n == 1 {
		err = d.appendAlone(r)
	} else {
		err = d.appendBatch(batch, r)
	}
	clear(batch) // keep no pooled request reachable from here

	d.qmu.Lock()
	d.batch = batch
	if len(d.queue) > 0 {
		d.queue[0].done <- errLead
	} else {
		d.leading = false
		d.idle.Broadcast()
	}
	d.qmu.Unlock()
	reqPool.Put(r)
	return err
}

// appendAlone writes one row in its own implicit transaction: one statement
// that checks and inserts, the path of a quiet house. Only a refusal costs
// more queries. A panic is returned as the row's error.
func (d *DB) appendAlone(r *appendReq) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicked(p)
		}
	}()
	if d.hook != nil {
		d.hook([]*appendReq{r})
	}
	res, err := d.appendStmt.Exec(r.args()...)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 1 {
		d.commits.Add(1)
		return nil
	}
	return d.inTx(func(tx *sql.Tx) error { return refusal(tx, r.room, r.version) })
}

// appendBatch writes batch in one transaction and answers every request
// but self's, whose answer it returns. If it panics, every request not yet
// answered gets the panic as its error: batch holds exactly those, so no
// request is answered twice (a second answer would reach the pool).
func (d *DB) appendBatch(batch []*appendReq, self *appendReq) (selfErr error) {
	answer := func(r *appendReq, err error) {
		if r == self {
			selfErr = err
		} else {
			r.done <- err
		}
	}
	defer func() {
		if p := recover(); p != nil {
			err := panicked(p)
			for _, r := range batch {
				answer(r, err)
			}
		}
	}()
	for len(batch) > 0 {
		bad, err := d.tryBatch(batch)
		if bad < 0 {
			for len(batch) > 0 {
				r := batch[0]
				batch = batch[1:]
				if r.refused != nil {
					answer(r, r.refused)
				} else {
					answer(r, err)
				}
			}
			return selfErr
		}
		r := batch[bad]
		batch = slices.Concat(batch[:bad], batch[bad+1:]) // a copy: the caller's slice stays whole
		answer(r, err)
	}
	return selfErr
}

// tryBatch writes batch in one transaction. It returns the index of a row
// whose statement failed, with its error, after rolling everything back; or
// -1 and the error of the commit (nil once every row not refused is durable).
func (d *DB) tryBatch(batch []*appendReq) (int, error) {
	tx, err := d.write.Begin()
	if err != nil {
		return -1, err
	}
	// Rolls back a transaction not committed, a panic's included: left
	// open, it would hold the one write connection for good. After a
	// commit or a rollback it does nothing.
	defer tx.Rollback()
	if d.hook != nil {
		d.hook(batch)
	}
	stmt := tx.Stmt(d.appendStmt)
	for i, r := range batch {
		r.refused = nil
		res, err := stmt.Exec(r.args()...)
		var n int64
		if err == nil {
			n, err = res.RowsAffected()
		}
		if err != nil {
			return i, err // rolled back, if SQLite has not already
		}
		if n == 0 {
			// The reads see this transaction's earlier rows, as the
			// insert did. If they fail, the row still was not written.
			r.refused = refusal(tx, r.room, r.version)
		}
	}
	err = tx.Commit()
	if err == nil {
		d.commits.Add(1)
	}
	return -1, err
}

// refusal says why the log did not take version of room: the room is unknown
// or closed, or the version is not the next one.
func refusal(tx *sql.Tx, room string, version int64) error {
	if _, err := openRoom(tx, room); err != nil {
		return err
	}
	var last int64
	if err := tx.QueryRow(`SELECT coalesce(max(version), 0) FROM commands WHERE room = ?`, room).Scan(&last); err != nil {
		return err
	}
	switch {
	case version == last:
		return fmt.Errorf("%w: version %d is already logged", ErrConflict, version)
	case version < last:
		return fmt.Errorf("%w: version %d comes before the last logged version %d", ErrConflict, version, last)
	case version > last+1:
		return fmt.Errorf("%w: version %d would leave a gap after the last logged version %d", ErrConflict, version, last)
	}
	// Only another process writing the same file between the insert and
	// these reads gets here: the row was not written all the same.
	return fmt.Errorf("%w: version %d was not logged; the log changed meanwhile", ErrConflict, version)
}
