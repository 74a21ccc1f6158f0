package db

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"periscope/debrief"
)

// Stats is what the lobby shows of the house's history.
type Stats struct {
	// Open counts rooms waiting or playing now.
	Open int `json:"open"`
	// Matches counts finished matches of every game.
	Matches int `json:"matches"`
	// Games has one entry per game with a finished match, by game name.
	Games []GameStats `json:"games"`
	// Players has one entry per player name (bots aside) of a summarised
	// match, most matches first.
	Players []PlayerStats `json:"players"`
}

// GameStats sums up the finished matches of one game.
type GameStats struct {
	Game    string `json:"game"`
	Matches int    `json:"matches"`
	// Draws counts matches nobody won (abandoned ones aside).
	Draws int `json:"draws"`
	// Wins maps a team to the matches it won.
	Wins map[int]int `json:"wins"`
	// AvgCommands is the mean number of commands the seats sent per match;
	// the room's own commands (start, clock ticks) are not counted.
	AvgCommands float64 `json:"avg_commands"`
	// AvgMinutes is the mean time from the match's first logged command
	// (its start) to its result.
	AvgMinutes float64 `json:"avg_minutes"`
	// Sides counts the summarised matches each side played and won; Roles
	// the seats that played each role and how many of them won.
	Sides []Record `json:"sides"`
	Roles []Record `json:"roles"`
	// Extras sums the game's own counts (games.Tally: hits, torpedoes
	// fired, systems used by role): a role's counts ("captain.torpedo")
	// over its seats, a side's shared ones ("hits") once per side.
	Extras map[string]int `json:"extras,omitempty"`
}

// Record is matches played and won, under one name (a side, a role).
type Record struct {
	Game    string  `json:"game,omitempty"`
	Name    string  `json:"name"`
	Matches int     `json:"matches"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"win_rate"`
}

// PlayerStats sums up one player name's finished matches.
type PlayerStats struct {
	Name       string  `json:"name"`
	Matches    int     `json:"matches"`
	Wins       int     `json:"wins"`
	Draws      int     `json:"draws"`
	WinRate    float64 `json:"win_rate"`
	AvgMinutes float64 `json:"avg_minutes"`
	// Games, Sides and Roles break the record down (sides and roles by game).
	Games  []Record       `json:"games"`
	Sides  []Record       `json:"sides"`
	Roles  []Record       `json:"roles"`
	Extras map[string]int `json:"extras,omitempty"`
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
		if err := wins(tx, &st); err != nil {
			return err
		}
		return playerStats(tx, &st)
	})
	if err != nil {
		return Stats{}, fmt.Errorf("db: stats: %w", err)
	}
	return st, nil
}

func gameStats(tx *sql.Tx, st *Stats) error {
	rows, err := tx.Query(`SELECT r.game, count(*),
			sum(json_array_length(res.outcome, '$.winners') = 0
				AND coalesce(json_extract(res.outcome, '$.kind'), '') <> 'abandoned'),
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

// playerStats fills in Stats.Players and each game's sides, roles and
// extras from the players of summarised matches. It sums in Go: a house's
// history is thousands of rows, and the breakdowns are easier read here
// than in SQL.
func playerStats(tx *sql.Tx, st *Stats) error {
	rows, err := tx.Query(`SELECT p.room, p.team, r.game, p.name, p.bot, p.side, p.roles, p.result, p.extras, s.minutes
		FROM players p JOIN summaries s ON s.room = p.room JOIN rooms r ON r.code = p.room
		ORDER BY r.game, p.room, p.seat`)
	if err != nil {
		return err
	}
	defer rows.Close()
	games := make(map[string]*gameTally)
	people := make(map[string]*playerTally) // by lower-case name
	var order []string
	sides := make(map[string]bool) // room and team already counted for the game
	for rows.Next() {
		var (
			room, game, name, side, roles, result, extras string
			team                                          int
			bot                                           bool
			minutes                                       float64
		)
		if err := rows.Scan(&room, &team, &game, &name, &bot, &side, &roles, &result, &extras, &minutes); err != nil {
			return err
		}
		var rl []string
		var ex map[string]int
		if err := json.Unmarshal([]byte(roles), &rl); err != nil {
			return fmt.Errorf("players: roles: %w", err)
		}
		if err := json.Unmarshal([]byte(extras), &ex); err != nil {
			return fmt.Errorf("players: extras: %w", err)
		}
		won := result == debrief.Won
		g := games[game]
		if g == nil {
			g = &gameTally{sides: newTally(), roles: newTally(), extras: map[string]int{}}
			games[game] = g
		}
		// A side plays a match once however many seats it has; its shared
		// counts (keys without a role's prefix: hits, torpedoes) are the
		// side's, repeated on each of its seats.
		first := !sides[fmt.Sprint(room, "/", team)]
		sides[fmt.Sprint(room, "/", team)] = true
		if first {
			g.sides.add(game, side, won)
		}
		for _, r := range rl {
			g.roles.add(game, r, won)
		}
		for k, v := range ex {
			if first || strings.Contains(k, ".") {
				g.extras[k] += v
			}
		}
		if bot {
			continue // bots are not people: their record is the game's only
		}
		key := strings.ToLower(name)
		p := people[key]
		if p == nil {
			p = &playerTally{name: name, games: newTally(), sides: newTally(), roles: newTally(), extras: map[string]int{}}
			people[key] = p
			order = append(order, key)
		}
		p.matches++
		p.minutes += minutes
		switch result {
		case debrief.Won:
			p.wins++
		case debrief.Draw:
			p.draws++
		}
		p.games.add("", game, won)
		p.sides.add(game, side, won)
		for _, r := range rl {
			p.roles.add(game, r, won)
		}
		addExtras(p.extras, ex)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for i := range st.Games {
		if g := games[st.Games[i].Game]; g != nil {
			st.Games[i].Sides, st.Games[i].Roles = g.sides.records(), g.roles.records()
			if len(g.extras) > 0 {
				st.Games[i].Extras = g.extras
			}
		} else {
			st.Games[i].Sides, st.Games[i].Roles = []Record{}, []Record{}
		}
	}
	st.Players = make([]PlayerStats, 0, len(order))
	for _, k := range order {
		p := people[k]
		ps := PlayerStats{Name: p.name, Matches: p.matches, Wins: p.wins, Draws: p.draws,
			WinRate: rate(p.wins, p.matches), AvgMinutes: p.minutes / float64(p.matches),
			Games: p.games.records(), Sides: p.sides.records(), Roles: p.roles.records()}
		if len(p.extras) > 0 {
			ps.Extras = p.extras
		}
		st.Players = append(st.Players, ps)
	}
	sort.SliceStable(st.Players, func(i, j int) bool {
		a, b := st.Players[i], st.Players[j]
		if a.Matches != b.Matches {
			return a.Matches > b.Matches
		}
		if a.Wins != b.Wins {
			return a.Wins > b.Wins
		}
		return strings.ToLower(a.Name) < strings.ToLower(b.Name)
	})
	return nil
}

type gameTally struct {
	sides, roles *tally
	extras       map[string]int
}

type playerTally struct {
	name                 string
	matches, wins, draws int
	minutes              float64
	games, sides, roles  *tally
	extras               map[string]int
}

// tally counts matches and wins by (game, name), in first-seen order.
type tally struct {
	by    map[[2]string]*Record
	order [][2]string
}

func newTally() *tally { return &tally{by: make(map[[2]string]*Record)} }

func (t *tally) add(game, name string, won bool) {
	k := [2]string{game, name}
	r := t.by[k]
	if r == nil {
		r = &Record{Game: game, Name: name}
		t.by[k] = r
		t.order = append(t.order, k)
	}
	r.Matches++
	if won {
		r.Wins++
	}
}

func (t *tally) records() []Record {
	out := make([]Record, 0, len(t.order))
	for _, k := range t.order {
		r := *t.by[k]
		r.WinRate = rate(r.Wins, r.Matches)
		out = append(out, r)
	}
	return out
}

func addExtras(dst, src map[string]int) {
	for k, v := range src {
		dst[k] += v
	}
}

// rate is wins over matches, rounded to three places for the pages.
func rate(wins, matches int) float64 {
	if matches == 0 {
		return 0
	}
	return math.Round(float64(wins)/float64(matches)*1000) / 1000
}
