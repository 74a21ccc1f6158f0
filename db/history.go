package db

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"periscope/debrief"
	"periscope/rooms"
)

// MatchSummary is what a finished match's replay taught once: its length,
// its players, and the game's debrief (JSON of package debrief). Players
// are the debrief's: a seat nobody held (no Result) is not stored.
type MatchSummary struct {
	Room     string           `json:"room"`
	Versions int64            `json:"versions"`
	Minutes  float64          `json:"minutes"`
	Summary  json.RawMessage  `json:"summary,omitempty"`
	Players  []debrief.Player `json:"players"`
	// Error says why the match no longer replays; the rest is then empty.
	Error string `json:"error,omitempty"`
}

// PutSummary stores (or replaces) the summary of a finished match and its
// players, in one transaction.
func (d *DB) PutSummary(s MatchSummary) error {
	summary := string(s.Summary)
	if summary == "" {
		summary = "{}"
	}
	if !json.Valid([]byte(summary)) {
		return fmt.Errorf("db: summary of %s: %w: not valid JSON", s.Room, ErrInvalid)
	}
	err := d.inTx(func(tx *sql.Tx) error {
		var state string
		err := tx.QueryRow(`SELECT state FROM rooms WHERE code = ?`, s.Room).Scan(&state)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("room %w", ErrNotFound)
		case err != nil:
			return err
		case state != rooms.StateFinished:
			return fmt.Errorf("%w: the room is %s, not finished", ErrConflict, state)
		}
		now, err := nanos(d.Now())
		if err != nil {
			return err
		}
		if _, err := tx.Exec(`DELETE FROM players WHERE room = ?`, s.Room); err != nil {
			return err
		}
		if _, err := tx.Exec(`INSERT INTO summaries (room, versions, minutes, summary, error, computed) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (room) DO UPDATE SET versions = excluded.versions, minutes = excluded.minutes,
				summary = excluded.summary, error = excluded.error, computed = excluded.computed`,
			s.Room, s.Versions, s.Minutes, summary, s.Error, now); err != nil {
			return err
		}
		for _, p := range s.Players {
			if p.Result == "" {
				continue // an empty seat: nobody to count
			}
			roles, _ := json.Marshal(orEmpty(p.Roles))
			extras, _ := json.Marshal(p.Extras)
			if p.Extras == nil {
				extras = []byte("{}")
			}
			if _, err := tx.Exec(`INSERT INTO players (room, seat, name, bot, team, side, label, roles, result, extras)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				s.Room, p.Seat, p.Name, p.Bot, p.Team, p.Side, p.Label, string(roles), p.Result, string(extras)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("db: summary of %s: %w", s.Room, err)
	}
	return nil
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Summary returns the stored summary of a finished match; ErrNotFound when
// it has none yet.
func (d *DB) Summary(room string) (MatchSummary, error) {
	s := MatchSummary{Room: room, Players: []debrief.Player{}}
	err := d.inReadTx(func(tx *sql.Tx) error {
		var summary string
		err := tx.QueryRow(`SELECT versions, minutes, summary, error FROM summaries WHERE room = ?`, room).
			Scan(&s.Versions, &s.Minutes, &summary, &s.Error)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("summary %w", ErrNotFound)
		}
		if err != nil {
			return err
		}
		s.Summary = json.RawMessage(summary)
		players, err := matchPlayers(tx, room)
		s.Players = players[room]
		if s.Players == nil {
			s.Players = []debrief.Player{}
		}
		return err
	})
	if err != nil {
		return MatchSummary{}, fmt.Errorf("db: summary of %s: %w", room, err)
	}
	return s, nil
}

// Unsummarized lists finished matches without a summary yet, oldest first,
// at most limit of them (all when limit <= 0).
func (d *DB) Unsummarized(limit int) ([]string, error) {
	if limit <= 0 {
		limit = -1
	}
	rows, err := d.read.Query(`SELECT res.room FROM results res
		LEFT JOIN summaries s ON s.room = res.room
		WHERE s.room IS NULL ORDER BY res.finished, res.room LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("db: unsummarized matches: %w", err)
	}
	defer rows.Close()
	var codes []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, fmt.Errorf("db: unsummarized matches: %w", err)
		}
		codes = append(codes, c)
	}
	return codes, rows.Err()
}

// matchPlayers reads the players of the given rooms (all rooms when none
// is given), by room, in seat order.
func matchPlayers(tx *sql.Tx, codes ...string) (map[string][]debrief.Player, error) {
	q := `SELECT room, seat, name, bot, team, side, label, roles, result, extras FROM players`
	args := make([]any, len(codes))
	if len(codes) > 0 {
		q += ` WHERE room IN (?` + strings.Repeat(`, ?`, len(codes)-1) + `)`
		for i, c := range codes {
			args[i] = c
		}
	}
	rows, err := tx.Query(q+` ORDER BY room, seat`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[string][]debrief.Player)
	for rows.Next() {
		var (
			room          string
			p             debrief.Player
			roles, extras string
		)
		if err := rows.Scan(&room, &p.Seat, &p.Name, &p.Bot, &p.Team, &p.Side, &p.Label, &roles, &p.Result, &extras); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(roles), &p.Roles); err != nil {
			return nil, fmt.Errorf("room %s seat %d: roles: %w", room, p.Seat, err)
		}
		if err := json.Unmarshal([]byte(extras), &p.Extras); err != nil {
			return nil, fmt.Errorf("room %s seat %d: extras: %w", room, p.Seat, err)
		}
		if len(p.Roles) == 0 {
			p.Roles = nil
		}
		if len(p.Extras) == 0 {
			p.Extras = nil
		}
		out[room] = append(out[room], p)
	}
	return out, rows.Err()
}

// HistoryQuery selects one page of finished matches. Game and Player
// filter when set (Player matches a seat's name, case aside).
type HistoryQuery struct {
	Game   string
	Player string
	Offset int
	Limit  int
}

// HistoryEntry is one finished match in the history.
type HistoryEntry struct {
	rooms.RoomRecord
	// Versions and Minutes come from the summary; zero until it exists.
	Versions int64   `json:"versions"`
	Minutes  float64 `json:"minutes"`
	// Players are the summary's; before it exists, the seats' names with
	// team -1.
	Players []debrief.Player `json:"players"`
}

// HistoryPage is one page of the history and the count of every match the
// filters select.
type HistoryPage struct {
	Total   int            `json:"total"`
	Matches []HistoryEntry `json:"matches"`
}

// History lists finished matches newest first, filtered and paged.
func (d *DB) History(q HistoryQuery) (HistoryPage, error) {
	if q.Offset < 0 {
		return HistoryPage{}, fmt.Errorf("db: history: %w: negative offset %d", ErrInvalid, q.Offset)
	}
	limit := q.Limit
	if limit <= 0 {
		limit = -1
	}
	where := ` WHERE res.room IS NOT NULL`
	var args []any
	if q.Game != "" {
		where += ` AND r.game = ?`
		args = append(args, q.Game)
	}
	if q.Player != "" {
		where += ` AND EXISTS (SELECT 1 FROM seats st WHERE st.room = r.code AND st.bot = 0 AND st.name = ? COLLATE NOCASE)`
		args = append(args, strings.TrimSpace(q.Player))
	}
	page := HistoryPage{Matches: []HistoryEntry{}}
	err := d.inReadTx(func(tx *sql.Tx) error {
		if err := tx.QueryRow(`SELECT count(*) FROM rooms r LEFT JOIN results res ON res.room = r.code`+where, args...).Scan(&page.Total); err != nil {
			return err
		}
		list, err := scanRooms(tx.Query(roomQuery+where+` ORDER BY res.finished DESC, r.code LIMIT ? OFFSET ?`,
			append(args, limit, q.Offset)...))
		if err != nil {
			return err
		}
		if len(list) == 0 {
			return nil
		}
		codes := make([]string, len(list))
		for i, r := range list {
			codes[i] = r.Code
		}
		players, err := matchPlayers(tx, codes...)
		if err != nil {
			return err
		}
		lengths, err := summaryLengths(tx, codes)
		if err != nil {
			return err
		}
		for _, r := range list {
			e := HistoryEntry{RoomRecord: r, Players: players[r.Code]}
			l := lengths[r.Code]
			e.Versions, e.Minutes = l.versions, l.minutes
			if e.Players == nil {
				if e.Players, err = seatPlayers(tx, r.Code); err != nil {
					return err
				}
			}
			page.Matches = append(page.Matches, e)
		}
		return nil
	})
	if err != nil {
		return HistoryPage{}, fmt.Errorf("db: history: %w", err)
	}
	return page, nil
}

type length struct {
	versions int64
	minutes  float64
}

func summaryLengths(tx *sql.Tx, codes []string) (map[string]length, error) {
	args := make([]any, len(codes))
	for i, c := range codes {
		args[i] = c
	}
	rows, err := tx.Query(`SELECT room, versions, minutes FROM summaries WHERE room IN (?`+strings.Repeat(`, ?`, len(codes)-1)+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[string]length, len(codes))
	for rows.Next() {
		var (
			c string
			l length
		)
		if err := rows.Scan(&c, &l.versions, &l.minutes); err != nil {
			return nil, err
		}
		out[c] = l
	}
	return out, rows.Err()
}

// seatPlayers are a room's seats as players of no known side, for a match
// whose summary is not there yet.
func seatPlayers(tx *sql.Tx, code string) ([]debrief.Player, error) {
	rows, err := tx.Query(`SELECT seat, name, bot FROM seats WHERE room = ? AND (token_hash IS NOT NULL OR bot) ORDER BY seat`, code)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []debrief.Player{}
	for rows.Next() {
		p := debrief.Player{Team: -1}
		if err := rows.Scan(&p.Seat, &p.Name, &p.Bot); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
