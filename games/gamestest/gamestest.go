// Package gamestest is the test support the pocket games share: a driver
// that plays a match between two players to its end (Play), a check that
// the same command log rebuilds the same match (Replay), golden files for
// views (Golden, with the -update flag), and the rule codes a game's source
// refuses with, checked against its docs (RuleCodes, DocumentsRuleCodes).
//
// It is imported only from _test files and depends only on package games
// and the standard library.
package gamestest

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"periscope/games"
)

// Update is the -update flag of a game's tests: rewrite the golden files.
var Update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Player chooses a seat's next command; ok=false means nothing to do now.
type Player func(seat int) (body json.RawMessage, ok bool)

// Bot is a player that asks g's own bot.
func Bot(g games.Botter) Player { return g.BotCommand }

// Match is a played match: the game, its command log (the room's start
// first) and the events each command produced.
type Match struct {
	Game   games.Game
	Log    []games.Command
	Events [][]games.Event
}

// ErrUnfinished is returned by Play when the step bound is reached before
// the match ends; ErrStuck when no seat has anything to do.
var (
	ErrUnfinished = errors.New("no result yet")
	ErrStuck      = errors.New("nobody can act")
)

// Play starts g with the room's start command and lets the players move,
// the first seat with something to do each time, until the match ends or
// limit commands are logged. Command i is stamped t0 plus i seconds. A
// refused command is an error; so are the bound (ErrUnfinished) and a
// position where nobody can act (ErrStuck). The match so far is returned
// in every case.
func Play(g games.Game, players []Player, t0 time.Time, limit int) (*Match, error) {
	m := &Match{Game: g}
	send := func(seat int, body json.RawMessage) error {
		cmd := games.Command{Seat: seat, Body: body, Time: t0.Add(time.Duration(len(m.Log)) * time.Second)}
		evs, err := g.Apply(cmd)
		if err != nil {
			return fmt.Errorf("command %d %s by seat %d: %w", len(m.Log), body, seat, err)
		}
		m.Log = append(m.Log, cmd)
		m.Events = append(m.Events, evs)
		return nil
	}
	if err := send(games.System, games.StartBody); err != nil {
		return m, err
	}
	for g.Outcome() == nil {
		if len(m.Log) >= limit {
			return m, fmt.Errorf("%w after %d commands", ErrUnfinished, len(m.Log))
		}
		moved := false
		for seat, p := range players {
			if body, ok := p(seat); ok {
				if err := send(seat, body); err != nil {
					return m, err
				}
				moved = true
				break
			}
		}
		if !moved {
			return m, fmt.Errorf("%w after %d commands", ErrStuck, len(m.Log))
		}
	}
	return m, nil
}

// Replay applies m's log to g, a new match of the same options and seed,
// and checks that it rebuilds m: every command is accepted again with the
// same events, the state ends up deeply equal, and so do the views of
// every seat and of a spectator. When botChose reports that a command was
// the bot's choice, the bot of the rebuilt match must choose it again.
// It returns the rebuilt game.
func Replay(t testing.TB, g games.Game, m *Match, botChose func(cmd games.Command) bool) games.Game {
	t.Helper()
	for i, cmd := range m.Log {
		if botChose != nil && botChose(cmd) {
			if body, ok := g.(games.Botter).BotCommand(cmd.Seat); !ok || !bytes.Equal(body, cmd.Body) {
				t.Fatalf("command %d: the bot now chooses %s, it chose %s", i, body, cmd.Body)
			}
		}
		evs, err := g.Apply(cmd)
		if err != nil {
			t.Fatalf("command %d %s refused on replay: %v", i, cmd.Body, err)
		}
		if !reflect.DeepEqual(evs, m.Events[i]) {
			t.Fatalf("command %d %s: events differ on replay:\n%+v\n%+v", i, cmd.Body, evs, m.Events[i])
		}
	}
	if !reflect.DeepEqual(g, m.Game) {
		t.Fatal("the replayed match differs from the original")
	}
	seats := []int{games.Spectator}
	for s := range g.Seats() {
		seats = append(seats, s)
	}
	for _, seat := range seats {
		a, _ := json.Marshal(g.View(seat))
		b, _ := json.Marshal(m.Game.View(seat))
		if !bytes.Equal(a, b) {
			t.Fatalf("view of seat %d differs on replay", seat)
		}
	}
	return g
}

// Golden compares v's indented JSON with testdata/name, or rewrites the
// file when the tests run with -update.
func Golden(t testing.TB, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", name)
	if *Update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs from the golden file at %s\n(go test -run %s -update rewrites it; review the diff)", path, firstDiff(want, got), t.Name())
	}
}

// firstDiff shows the first line where want and got part.
func firstDiff(want, got []byte) string {
	w, g := bytes.Split(want, []byte("\n")), bytes.Split(got, []byte("\n"))
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b []byte
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if !bytes.Equal(a, b) {
			return fmt.Sprintf("line %d:\n  want %s\n  got  %s", i+1, a, b)
		}
	}
	return "the end of the file"
}

// BotSteps lets the bots of g play up to n commands, stamped at, the first
// seat with something to do each time; it stops early when nobody has.
// A refused bot command fails the test.
func BotSteps(t testing.TB, g interface {
	games.Game
	games.Botter
}, n int, at time.Time) {
	t.Helper()
	for range n {
		moved := false
		for s := range g.Seats() {
			if b, ok := g.BotCommand(s); ok {
				if _, err := g.Apply(games.Command{Seat: s, Body: b, Time: at}); err != nil {
					t.Fatalf("%s by %d: %v", b, s, err)
				}
				moved = true
				break
			}
		}
		if !moved {
			return
		}
	}
}
