package db

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mattn/go-sqlite3"

	"periscope/games"
	"periscope/rooms"
)

// CreateRoom stores a new room. An empty State means waiting; a zero Created
// means now. A room is never created finished: Finish does that.
func (d *DB) CreateRoom(r rooms.RoomRecord) error {
	err := d.createRoom(r)
	if err != nil {
		return fmt.Errorf("db: create room %s: %w", r.Code, err)
	}
	return nil
}

func (d *DB) createRoom(r rooms.RoomRecord) error {
	if r.Code == "" || r.Game == "" {
		return fmt.Errorf("%w: a room needs a code and a game", ErrInvalid)
	}
	state := r.State
	if state == "" {
		state = rooms.StateWaiting
	}
	if state != rooms.StateWaiting && state != rooms.StatePlaying {
		return fmt.Errorf("%w: a new room is waiting or playing, not %q", ErrInvalid, state)
	}
	options, err := jsonText(r.Options, "options")
	if err != nil {
		return err
	}
	if r.Created.IsZero() {
		r.Created = d.Now()
	}
	created, err := nanos(r.Created)
	if err != nil {
		return err
	}
	_, err = d.write.Exec(`INSERT INTO rooms (code, game, options, seed, state, created) VALUES (?, ?, ?, ?, ?, ?)`,
		r.Code, r.Game, options, int64(r.Seed), state, created)
	if constraint(err, sqlite3.ErrConstraintPrimaryKey) {
		return fmt.Errorf("%w: the code is taken", ErrConflict)
	}
	return err
}

// SetState moves a room between waiting and playing. Finish ends it.
func (d *DB) SetState(code, state string) error {
	err := d.inTx(func(tx *sql.Tx) error {
		if state != rooms.StateWaiting && state != rooms.StatePlaying {
			return fmt.Errorf("%w: state %q (a room is finished with its outcome, or expired, by their own calls)", ErrInvalid, state)
		}
		if _, err := openRoom(tx, code); err != nil {
			return err
		}
		_, err := tx.Exec(`UPDATE rooms SET state = ? WHERE code = ?`, state, code)
		return err
	})
	if err != nil {
		return fmt.Errorf("db: set room %s %s: %w", code, state, err)
	}
	return nil
}

// openRoom returns the state of a room that is neither finished nor expired.
func openRoom(tx *sql.Tx, code string) (string, error) {
	var state string
	err := tx.QueryRow(`SELECT state FROM rooms WHERE code = ?`, code).Scan(&state)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return "", fmt.Errorf("room %w", ErrNotFound)
	case err != nil:
		return "", err
	case state == rooms.StateFinished, state == rooms.StateExpired:
		return "", fmt.Errorf("%w: the room is %s", ErrConflict, state)
	}
	return state, nil
}

// PutSeat creates or replaces a seat. A freed seat (empty TokenHash) is kept
// with a NULL token, so a replay still knows who sat there.
func (d *DB) PutSeat(s rooms.SeatRecord) error {
	if err := validSeat(s); err != nil {
		return fmt.Errorf("db: put seat %d of room %s: %w", s.Seat, s.Room, err)
	}
	if err := putSeat(d.write, s); err != nil {
		return fmt.Errorf("db: put seat %d of room %s: %w", s.Seat, s.Room, err)
	}
	return nil
}

// PutSeats creates or replaces several seats in one transaction: all of them
// land or none does, so a player moved between seats is never in two. With
// no seats it does nothing.
func (d *DB) PutSeats(seats ...rooms.SeatRecord) error {
	for _, s := range seats {
		if err := validSeat(s); err != nil {
			return fmt.Errorf("db: put seat %d of room %s: %w", s.Seat, s.Room, err)
		}
	}
	switch len(seats) {
	case 0:
		return nil
	case 1:
		return d.PutSeat(seats[0])
	}
	return d.inTx(func(tx *sql.Tx) error {
		for _, s := range seats {
			if err := putSeat(tx, s); err != nil {
				return fmt.Errorf("db: put seat %d of room %s: %w", s.Seat, s.Room, err)
			}
		}
		return nil
	})
}

func validSeat(s rooms.SeatRecord) error {
	if s.Seat < 0 {
		return fmt.Errorf("%w: seat numbers start at 0", ErrInvalid)
	}
	return nil
}

// execer is a *sql.DB or a *sql.Tx.
type execer interface {
	Exec(query string, args ...any) (sql.Result, error)
}

func putSeat(x execer, s rooms.SeatRecord) error {
	var token []byte
	if len(s.TokenHash) > 0 {
		token = s.TokenHash
	}
	_, err := x.Exec(`INSERT INTO seats (room, seat, name, token_hash, bot, host) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (room, seat) DO UPDATE SET
			name = excluded.name, token_hash = excluded.token_hash, bot = excluded.bot, host = excluded.host`,
		s.Room, s.Seat, s.Name, token, s.Bot, s.Host)
	if constraint(err, sqlite3.ErrConstraintForeignKey) {
		return fmt.Errorf("room %w", ErrNotFound)
	}
	return err
}

// AppendCommand adds c to its room's log and returns once it is committed.
// The room must exist and be waiting or playing, and c.Version must be the
// next version: 1, 2, 3 with no gap, so a replay knows its log is whole.
// Concurrent appends of many rooms share one commit (see group.go).
func (d *DB) AppendCommand(c rooms.CommandRecord) error {
	r, err := newAppend(c)
	if err == nil {
		err = d.submit(r)
	}
	if err != nil {
		return fmt.Errorf("db: append command %s v%d: %w", c.Room, c.Version, err)
	}
	return nil
}

// appendQuery inserts a command only if its room exists, is not finished,
// and the version is the next one: parameters are room, version, seat,
// client id, body, time. "The next one" is asked as "its predecessor is
// logged and it is not": every room's versions run 1..n without a gap (this
// query is the only way in, and the log is append-only), so that is n+1.
// Two key lookups, where max(version) walked every row of the room: a
// commit cost 83 µs of CPU against 48 after a short idle (docs/benchmarks.md).
// OR IGNORE turns a version already logged into no row, as a gap is, for
// refusal to explain.
const appendQuery = `INSERT OR IGNORE INTO commands (room, version, seat, client_id, body, time)
	SELECT ?1, ?2, ?3, ?4, ?5, ?6 FROM rooms
	WHERE code = ?1 AND state IN ('waiting', 'playing')
		AND (?2 = 1 OR EXISTS (SELECT 1 FROM commands WHERE room = ?1 AND version = ?2 - 1))`

// Finish marks a room finished with its outcome, at the given time.
func (d *DB) Finish(code string, o games.Outcome, at time.Time) error {
	err := d.finish(code, o, at)
	if err != nil {
		return fmt.Errorf("db: finish room %s: %w", code, err)
	}
	return nil
}

func (d *DB) finish(code string, o games.Outcome, at time.Time) error {
	if o.Winners == nil {
		o.Winners = []int{} // a draw is stored as [], never null
	}
	outcome, err := json.Marshal(o)
	if err != nil {
		return err
	}
	finished, err := nanos(at)
	if err != nil {
		return err
	}
	if !finished.Valid {
		return fmt.Errorf("%w: a result needs its time", ErrInvalid)
	}
	return d.inTx(func(tx *sql.Tx) error {
		if _, err := openRoom(tx, code); err != nil {
			return err
		}
		if _, err := tx.Exec(`UPDATE rooms SET state = 'finished' WHERE code = ?`, code); err != nil {
			return err
		}
		_, err := tx.Exec(`INSERT INTO results (room, outcome, finished) VALUES (?, ?, ?)`, code, string(outcome), finished)
		return err
	})
}

// SetRematch records, with the finished room code, the rematch opened for
// it: the table's pages find it after a restart too.
func (d *DB) SetRematch(code string, m rooms.Rematch) error {
	b, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("db: rematch of room %s: %w", code, err)
	}
	res, err := d.write.Exec(`UPDATE rooms SET rematch = ? WHERE code = ? AND state = 'finished'`, string(b), code)
	if err != nil {
		return fmt.Errorf("db: rematch of room %s: %w", code, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("db: rematch of room %s: %w: no finished room", code, ErrNotFound)
	}
	return nil
}

// Expire closes a waiting or playing room without a result, at the given
// time: Unfinished and Stats no longer count it, Finished does not list it,
// and its log takes no more commands. Load still returns it.
func (d *DB) Expire(code string, at time.Time) error {
	err := d.expire(code, at)
	if err != nil {
		return fmt.Errorf("db: expire room %s: %w", code, err)
	}
	return nil
}

func (d *DB) expire(code string, at time.Time) error {
	expired, err := nanos(at)
	if err != nil {
		return err
	}
	if !expired.Valid {
		return fmt.Errorf("%w: expiry needs its time", ErrInvalid)
	}
	return d.inTx(func(tx *sql.Tx) error {
		if _, err := openRoom(tx, code); err != nil {
			return err
		}
		_, err := tx.Exec(`UPDATE rooms SET state = 'expired', expired = ? WHERE code = ?`, expired, code)
		return err
	})
}

// Load returns one room with its seats and whole log; ErrNotFound if there
// is no such room.
func (d *DB) Load(code string) (rooms.SavedRoom, error) {
	var saved rooms.SavedRoom
	err := d.inReadTx(func(tx *sql.Tx) error {
		r, err := scanRooms(tx.Query(roomQuery+` WHERE r.code = ?`, code))
		if err != nil {
			return err
		}
		if len(r) == 0 {
			return fmt.Errorf("room %w", ErrNotFound)
		}
		saved, err = loadRoom(tx, r[0])
		return err
	})
	if err != nil {
		return rooms.SavedRoom{}, fmt.Errorf("db: load room %s: %w", code, err)
	}
	return saved, nil
}

// Unfinished returns every waiting or playing room with its seats and whole
// log, oldest room first, to resume them after a restart.
func (d *DB) Unfinished() ([]rooms.SavedRoom, error) {
	var saved []rooms.SavedRoom
	err := d.inReadTx(func(tx *sql.Tx) error {
		open, err := scanRooms(tx.Query(roomQuery + ` WHERE r.state IN ('waiting', 'playing') ORDER BY r.created, r.code`))
		if err != nil {
			return err
		}
		for _, r := range open {
			s, err := loadRoom(tx, r)
			if err != nil {
				return fmt.Errorf("room %s: %w", r.Code, err)
			}
			saved = append(saved, s)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("db: unfinished rooms: %w", err)
	}
	return saved, nil
}

// Finished lists finished rooms with their outcomes, newest first. A limit
// of zero or less lists them all.
func (d *DB) Finished(limit int) ([]rooms.RoomRecord, error) {
	return d.FinishedPage(0, limit)
}

// FinishedPage lists finished rooms with their outcomes, newest first (rooms
// finished at the same time by code), skipping the first offset of them. A
// limit of zero or less lists all the rest.
func (d *DB) FinishedPage(offset, limit int) ([]rooms.RoomRecord, error) {
	if offset < 0 {
		return nil, fmt.Errorf("db: finished rooms: %w: negative offset %d", ErrInvalid, offset)
	}
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	list, err := scanRooms(d.read.Query(roomQuery+` WHERE res.room IS NOT NULL
		ORDER BY res.finished DESC, r.code LIMIT ? OFFSET ?`, limit, offset))
	if err != nil {
		return nil, fmt.Errorf("db: finished rooms: %w", err)
	}
	return list, nil
}

// roomQuery selects what scanRooms reads; callers add WHERE and ORDER BY.
// An expired room has no result: its end is the time it expired.
const roomQuery = `SELECT r.code, r.game, r.options, r.seed, r.state, r.created, res.outcome,
		coalesce(res.finished, r.expired), r.rematch
	FROM rooms r LEFT JOIN results res ON res.room = r.code`

func scanRooms(rows *sql.Rows, err error) ([]rooms.RoomRecord, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []rooms.RoomRecord
	for rows.Next() {
		var (
			r                 rooms.RoomRecord
			options, outcome  sql.NullString
			rematch           sql.NullString
			seed              int64
			created, finished sql.NullInt64
		)
		if err := rows.Scan(&r.Code, &r.Game, &options, &seed, &r.State, &created, &outcome, &finished, &rematch); err != nil {
			return nil, err
		}
		r.Seed = uint64(seed)
		if options.Valid {
			r.Options = json.RawMessage(options.String)
		}
		r.Created = fromNanos(created)
		r.Finished = fromNanos(finished)
		if outcome.Valid {
			r.Outcome = new(games.Outcome)
			if err := json.Unmarshal([]byte(outcome.String), r.Outcome); err != nil {
				return nil, fmt.Errorf("room %s: outcome: %w", r.Code, err)
			}
		}
		if rematch.Valid {
			r.Rematch = new(rooms.Rematch)
			if err := json.Unmarshal([]byte(rematch.String), r.Rematch); err != nil {
				return nil, fmt.Errorf("room %s: rematch: %w", r.Code, err)
			}
		}
		list = append(list, r)
	}
	return list, rows.Err()
}

// loadRoom adds r's seats and log.
func loadRoom(tx *sql.Tx, r rooms.RoomRecord) (rooms.SavedRoom, error) {
	saved := rooms.SavedRoom{Room: r}
	rows, err := tx.Query(`SELECT seat, name, token_hash, bot, host FROM seats WHERE room = ? ORDER BY seat`, r.Code)
	if err != nil {
		return saved, err
	}
	defer rows.Close()
	for rows.Next() {
		s := rooms.SeatRecord{Room: r.Code}
		if err := rows.Scan(&s.Seat, &s.Name, &s.TokenHash, &s.Bot, &s.Host); err != nil {
			return saved, err
		}
		saved.Seats = append(saved.Seats, s)
	}
	if err := rows.Err(); err != nil {
		return saved, err
	}

	rows, err = tx.Query(`SELECT version, seat, client_id, body, time FROM commands WHERE room = ? ORDER BY version`, r.Code)
	if err != nil {
		return saved, err
	}
	defer rows.Close()
	for rows.Next() {
		c := rooms.CommandRecord{Room: r.Code}
		var (
			body string
			at   sql.NullInt64
		)
		if err := rows.Scan(&c.Version, &c.Seat, &c.ClientID, &body, &at); err != nil {
			return saved, err
		}
		c.Body = json.RawMessage(body)
		c.Time = fromNanos(at)
		saved.Commands = append(saved.Commands, c)
	}
	return saved, rows.Err()
}

// jsonText checks raw and returns it for a TEXT column; empty is NULL.
// Invalid JSON is refused here rather than breaking a replay later.
func jsonText(raw json.RawMessage, what string) (sql.NullString, error) {
	if len(raw) == 0 {
		return sql.NullString{}, nil
	}
	if !json.Valid(raw) {
		return sql.NullString{}, fmt.Errorf("%w: %s is not valid JSON", ErrInvalid, what)
	}
	return sql.NullString{String: string(raw), Valid: true}, nil
}
