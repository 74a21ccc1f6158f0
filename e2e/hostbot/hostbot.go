// Package hostbot plays a match of a pocket game between bots on a real
// server, for the browser tests of the table screen. The room's own bots
// play every seat the host gives them; the host's seat, which a person
// holds, is played here by the game's same bot, from the test: the match
// is rebuilt from the store's log (its seed included) before each of its
// moves, and the move goes through the websocket like a phone's.
package hostbot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"periscope/client"
	"periscope/games"
	"periscope/rooms"
	"periscope/server"
	"periscope/server/servertest"
	"periscope/static"
)

// Server is a real server of one game with the embedded pages, on an
// in-memory store the test can read.
type Server struct {
	Base  string
	Def   games.Definition
	Store *rooms.MemoryStore
}

// Serve starts the server for the test's life. With a seed, every match
// it starts plays from that seed: the same match each run (the bots and
// the host's seat decide alike from the same state), for a test that must
// see something a random match may skip.
func Serve(t testing.TB, def games.Definition, seed ...uint64) *Server {
	t.Helper()
	store := rooms.NewMemoryStore()
	cfg := rooms.Config{Store: store, Games: []games.Definition{def}}
	if len(seed) > 0 {
		cfg.Seeds = servertest.Seeds(seed[0])
	}
	hub := servertest.NewHub(t, cfg)
	_, base := servertest.Serve(t, server.Config{Hub: hub, Static: static.FS})
	return &Server{Base: base, Def: def, Store: store}
}

// Host is the host's seat (seat 0) of a new room, the room's bots on
// every other seat.
type Host struct {
	Code  string
	Conn  *client.Conn
	srv   *Server
	token string
}

// Open creates a room with options, takes seat 0 as name and gives every
// other seat to a bot; the match waits for Start.
func (s *Server) Open(ctx context.Context, options any, name string) (*Host, error) {
	api := client.API{Base: s.Base}
	l, err := api.Create(ctx, s.Def.Name, options)
	if err != nil {
		return nil, err
	}
	token, err := api.Take(ctx, l.Code, 0, name)
	if err != nil {
		return nil, err
	}
	c, err := client.Dial(ctx, s.Base, l.Code, token, -1)
	if err != nil {
		return nil, err
	}
	for seat := 1; seat < len(l.Seats); seat++ {
		if err := c.Host(ctx, rooms.ActionBot, seat); err != nil {
			c.Close()
			return nil, fmt.Errorf("bot on seat %d: %w", seat, err)
		}
	}
	return &Host{Code: l.Code, Conn: c, srv: s, token: token}, nil
}

// Rematch asks for the rematch of the finished match from the host's
// seat, as the end screen's button does, and answers the new room's code.
func (h *Host) Rematch(ctx context.Context, swap bool) (string, error) {
	body, err := json.Marshal(map[string]any{"token": h.token, "swap": swap})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.srv.Base+"/api/rooms/"+h.Code+"/rematch", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var m rooms.Rematch
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil || resp.StatusCode/100 != 2 {
		return "", fmt.Errorf("rematch of %s: %s (%v)", h.Code, resp.Status, err)
	}
	return m.Code, nil
}

// Start starts the match.
func (h *Host) Start(ctx context.Context) error {
	return h.Conn.Host(ctx, rooms.ActionStart)
}

// Play plays seat 0 with the game's bot until the match is over, waiting
// pace before each of its moves (so a table screen can be seen following
// it). It returns the outcome and how many moves seat 0 made.
func (h *Host) Play(ctx context.Context, pace time.Duration) (games.Outcome, int, error) {
	moves := 0
	for {
		h.Conn.Drain()
		g, err := h.rebuild()
		if err != nil {
			return games.Outcome{}, moves, err
		}
		if o := g.Outcome(); o != nil {
			return *o, moves, nil
		}
		body, ok := g.(games.Botter).BotCommand(0)
		if !ok {
			// The room's bots are at work, or the log has not caught up.
			select {
			case <-ctx.Done():
				return games.Outcome{}, moves, ctx.Err()
			case <-time.After(20 * time.Millisecond):
			}
			continue
		}
		select {
		case <-ctx.Done():
			return games.Outcome{}, moves, ctx.Err()
		case <-time.After(pace):
		}
		if _, err := h.Conn.Do(ctx, json.RawMessage(body)); err != nil {
			var refused *client.Error
			if errors.As(err, &refused) {
				continue // the match moved on meanwhile: look again
			}
			return games.Outcome{}, moves, err
		}
		moves++
	}
}

// Played is how a match that seat 0 played in the background ended.
type Played struct {
	Outcome games.Outcome
	Moves   int // seat 0's
	Err     error
	Host    *Host // who played it (for the rematch)
}

// PlayInBackground plays seat 0 as Play does, in a goroutine of its own,
// and answers the channel its end comes on.
func (h *Host) PlayInBackground(ctx context.Context, pace time.Duration) <-chan Played {
	done := make(chan Played, 1)
	go func() {
		o, n, err := h.Play(ctx, pace)
		done <- Played{Outcome: o, Moves: n, Err: err, Host: h}
	}()
	return done
}

// rebuild replays the room's log, as the store holds it, into a new game.
func (h *Host) rebuild() (games.Game, error) {
	saved, err := h.srv.Store.Load(h.Code)
	if err != nil {
		return nil, err
	}
	g, err := h.srv.Def.New(saved.Room.Options, saved.Room.Seed)
	if err != nil {
		return nil, err
	}
	if _, ok := g.(games.Botter); !ok {
		return nil, fmt.Errorf("hostbot: %s has no bot", h.srv.Def.Name)
	}
	for _, c := range saved.Commands {
		if _, err := g.Apply(c.Command()); err != nil {
			return nil, fmt.Errorf("hostbot: replaying version %d: %w", c.Version, err)
		}
	}
	return g, nil
}
