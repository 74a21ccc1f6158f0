package db

import (
	"database/sql"
	"fmt"
	"time"
)

// Stats is what the lobby shows of the house's history.
type Stats struct {
	// Open counts rooms waiting or playing now.
	Open int `json:"open"`
	// Matches counts finished matches of every game.
	Matches int `json:"matches"`
	// Games has one entry per game with a finished match, by game name.
	Games []GameStats `json:"games"`
}

// GameStats sums up the finished matches of one game.
type GameStats struct {
	Game    string `json:"game"`
	Matches int    `json:"matches"`
	// Draws counts matches nobody won.
	Draws int `json:"draws"`
	// Wins maps a team to the matches it won.
	Wins map[int]int `json:"wins"`
	// AvgCommands is the mean number of commands the seats sent per match;
	// the room's own commands (start, clock ticks) are not counted.
	AvgCommands float64 `json:"avgCommands"`
	// AvgMinutes is the mean time from the match's first logged command
	// (its start) to its result.
	AvgMinutes float64 `json:"avgMinutes"`
}

// Stats sums up every finished match.
func (d *DB) Stats() (Stats, error) {
	st := Stats{Games: []GameStats{}}
	err := d.inReadTx(func(tx *sql.Tx) error {
		if err := tx.QueryRow(`SELECT count(*) FROM rooms WHERE state IN ('waiting', 'playing')`).Scan(&st.Open); err != nil {
			return err
		}
		if err := gameStats(tx, &st); err != nil {
			return err
		}
		return wins(tx, &st)
	})
	if err != nil {
		return Stats{}, fmt.Errorf("db: stats: %w", err)
	}
	return st, nil
}

func gameStats(tx *sql.Tx, st *Stats) error {
	rows, err := tx.Query(`SELECT r.game, count(*),
			sum(json_array_length(res.outcome, '$.winners') = 0),
			avg((SELECT count(*) FROM commands c WHERE c.room = r.code AND c.seat >= 0)),
			avg(res.finished - coalesce(
				(SELECT c.time FROM commands c WHERE c.room = r.code ORDER BY c.version LIMIT 1),
				r.created))
		FROM results res JOIN rooms r ON r.code = res.room
		GROUP BY r.game ORDER BY r.game`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		g := GameStats{Wins: map[int]int{}}
		var nanos float64
		if err := rows.Scan(&g.Game, &g.Matches, &g.Draws, &g.AvgCommands, &nanos); err != nil {
			return err
		}
		g.AvgMinutes = nanos / float64(time.Minute)
		st.Matches += g.Matches
		st.Games = append(st.Games, g)
	}
	return rows.Err()
}

// wins fills in GameStats.Wins; a match with several winning teams counts
// for each of them.
func wins(tx *sql.Tx, st *Stats) error {
	rows, err := tx.Query(`SELECT r.game, w.value, count(*)
		FROM results res JOIN rooms r ON r.code = res.room, json_each(res.outcome, '$.winners') w
		WHERE w.type = 'integer'
		GROUP BY r.game, w.value`)
	if err != nil {
		return err
	}
	defer rows.Close()
	byGame := make(map[string]map[int]int, len(st.Games))
	for _, g := range st.Games {
		byGame[g.Game] = g.Wins
	}
	for rows.Next() {
		var (
			game        string
			team, count int
		)
		if err := rows.Scan(&game, &team, &count); err != nil {
			return err
		}
		if w, ok := byGame[game]; ok {
			w[team] = count
		}
	}
	return rows.Err()
}
