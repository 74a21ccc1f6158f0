package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"sync"

	"github.com/gofiber/fiber/v2"

	"periscope/db"
	"periscope/debrief"
	"periscope/games"
	"periscope/rooms"
)

// History is what the history, match and stats endpoints read: finished
// matches and their summaries, which it keeps. *db.DB implements it.
type History interface {
	History(q db.HistoryQuery) (db.HistoryPage, error)
	Summary(room string) (db.MatchSummary, error)
	PutSummary(s db.MatchSummary) error
	Unsummarized(limit int) ([]string, error)
	Stats() (db.Stats, error)
	Load(code string) (rooms.SavedRoom, error)
}

// historyState is the server's side of the summaries: one pass at a time
// replays the matches that have none yet.
type historyState struct {
	mu      sync.Mutex // held by the pass that writes summaries
	running sync.Mutex // held by the background pass
}

// Bounds of GET /api/history?limit=&offset=.
const (
	defaultHistoryPage = 20
	maxHistoryPage     = 100
	// syncSummaries is how many missing summaries a request computes
	// before it answers; the rest are done in the background.
	syncSummaries = 20
)

// historyRoutes serves what follows a match: rematches always; history,
// debriefs and stats per player when the server has a History.
func (s *Server) historyRoutes(api fiber.Router) {
	api.Get("/rooms/:code/rematch", s.rematchOf)
	api.Post("/rooms/:code/rematch", jsonBody, s.rematch)
	api.Post("/rooms/:code/close", jsonBody, s.closeRoom)
	api.Get("/stats", s.stats)
	if s.cfg.History == nil {
		return
	}
	api.Get("/history", s.history)
	api.Get("/matches/:code", s.match)
	api.Get("/matches/:code/log", s.matchLog)
}

// history answers GET /api/history: one page of finished matches, newest
// first, filtered by game and player name.
func (s *Server) history(c *fiber.Ctx) error {
	limit, err := queryNumber(c, "limit", defaultHistoryPage, 1, maxHistoryPage)
	if err != nil {
		return err
	}
	offset, err := queryNumber(c, "offset", 0, 0, maxOffset)
	if err != nil {
		return err
	}
	game, err := queryText(c, "game")
	if err != nil {
		return err
	}
	player, err := queryText(c, "player")
	if err != nil {
		return err
	}
	s.summarize(syncSummaries)
	page, err := s.cfg.History.History(db.HistoryQuery{Game: game, Player: player, Offset: offset, Limit: limit})
	if err != nil {
		return &rooms.Error{Code: rooms.CodeInternal, Message: "the history could not be read", Err: err}
	}
	c.Set("X-Total-Count", strconv.Itoa(page.Total))
	return c.JSON(page)
}

// MatchResponse is the body of GET /api/matches/:code: a finished match,
// its seats and its debrief.
type MatchResponse struct {
	rooms.RoomRecord
	Title    string           `json:"title"`
	Page     string           `json:"page,omitempty"`
	Versions int64            `json:"versions"`
	Minutes  float64          `json:"minutes"`
	Players  []debrief.Player `json:"players"`
	Summary  json.RawMessage  `json:"summary,omitempty"`
	Error    string           `json:"error,omitempty"`
}

// match answers GET /api/matches/:code. A match still playing is refused:
// its debrief would show secrets in play.
func (s *Server) match(c *fiber.Ctx) error {
	saved, def, err := s.finishedMatch(c.Params("code"))
	if err != nil {
		return err
	}
	sum, err := s.cfg.History.Summary(saved.Room.Code)
	if errors.Is(err, db.ErrNotFound) {
		sum, err = s.summarizeOne(saved)
	}
	if err != nil {
		return &rooms.Error{Code: rooms.CodeInternal, Message: "the debrief could not be read", Err: err}
	}
	return c.JSON(MatchResponse{RoomRecord: saved.Room, Title: def.Title, Page: def.Page, Versions: int64(len(saved.Commands)),
		Minutes: sum.Minutes, Players: sum.Players, Summary: sum.Summary, Error: sum.Error})
}

// matchLog answers GET /api/matches/:code/log?seat=N: every event of the
// match that seat saw (the public log by default), with its version.
func (s *Server) matchLog(c *fiber.Ctx) error {
	seat, err := queryNumber(c, "seat", games.Spectator, games.Spectator, maxSeatParam)
	if err != nil {
		return err
	}
	code, _ := rooms.NormalizeCode(c.Params("code"))
	// The log shares the replay cache, under version -1.
	key := replayKey{code, seat, -1}
	body := s.replays.cached(key)
	if body == nil {
		saved, def, err := s.finishedMatch(c.Params("code"))
		if err != nil {
			return err
		}
		if seat < games.Spectator || seat >= seatCount(def, saved) {
			return &rooms.Error{Code: rooms.CodeNotFound, Message: fmt.Sprintf("room %s has no seat %d", saved.Room.Code, seat)}
		}
		events, err := debrief.Log(def, saved, seat)
		if err != nil {
			return &rooms.Error{Code: rooms.CodeInternal, Message: "this match no longer replays", Err: err}
		}
		if body, err = json.Marshal(events); err != nil {
			return &rooms.Error{Code: rooms.CodeInternal, Message: "the log does not encode", Err: err}
		}
		s.replays.store(key, body)
	}
	c.Set(fiber.HeaderCacheControl, "private, max-age=3600")
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Send(body)
}

// seatCount is the number of seats of a match, from its game.
func seatCount(def games.Definition, saved rooms.SavedRoom) int {
	g, err := def.New(saved.Room.Options, saved.Room.Seed)
	if err != nil {
		return 0
	}
	return len(g.Seats())
}

// finishedMatch loads a match whose debrief may open: finished, of a game
// this server plays.
func (s *Server) finishedMatch(code string) (rooms.SavedRoom, games.Definition, error) {
	c, ok := rooms.NormalizeCode(code)
	if !ok {
		return rooms.SavedRoom{}, games.Definition{}, &rooms.Error{Code: rooms.CodeNotFound, Message: fmt.Sprintf("no match with code %q", code)}
	}
	saved, err := s.cfg.History.Load(c)
	if err != nil {
		return rooms.SavedRoom{}, games.Definition{}, &rooms.Error{Code: rooms.CodeNotFound, Message: fmt.Sprintf("no match with code %q", code), Err: err}
	}
	if saved.Room.State != rooms.StateFinished {
		return rooms.SavedRoom{}, games.Definition{}, &rooms.Error{Code: rooms.CodeForbidden,
			Message: fmt.Sprintf("room %s is not over: its debrief opens when the match is over", c)}
	}
	for _, d := range s.hub.Games() {
		if d.Name == saved.Room.Game {
			return saved, d, nil
		}
	}
	return rooms.SavedRoom{}, games.Definition{}, &rooms.Error{Code: rooms.CodeNotFound, Message: fmt.Sprintf("game %q is not on this server", saved.Room.Game)}
}

// stats answers GET /api/stats with the players' records once the finished
// matches are summed up; not found on a server with no History.
func (s *Server) stats(c *fiber.Ctx) error {
	if s.cfg.History == nil {
		return &rooms.Error{Code: rooms.CodeNotFound, Message: "this server keeps no statistics"}
	}
	s.summarize(syncSummaries)
	st, err := s.cfg.History.Stats()
	if err != nil {
		return &rooms.Error{Code: rooms.CodeInternal, Message: "the statistics could not be read", Err: err}
	}
	return c.JSON(st)
}

// summarize computes up to n missing summaries now, and leaves any others
// to one background pass.
func (s *Server) summarize(n int) {
	if more := s.summarizeSome(n); more {
		go func() {
			if !s.hist.running.TryLock() {
				return // a pass is already at it
			}
			defer s.hist.running.Unlock()
			for s.summarizeSome(syncSummaries) {
			}
		}()
	}
}

// summarizeSome sums up to n matches that have no summary; it reports
// whether more are waiting.
func (s *Server) summarizeSome(n int) bool {
	s.hist.mu.Lock()
	defer s.hist.mu.Unlock()
	codes, err := s.cfg.History.Unsummarized(n + 1)
	if err != nil {
		s.log.Error("matches to sum up", "err", err)
		return false
	}
	for i, code := range codes {
		if i == n {
			return true
		}
		saved, err := s.cfg.History.Load(code)
		if err != nil {
			s.log.Error("load a match to sum up", "room", code, "err", err)
			return false
		}
		if _, err := s.putSummary(saved); err != nil {
			s.log.Error("store a match's summary", "room", code, "err", err)
			return false
		}
	}
	return false
}

func (s *Server) summarizeOne(saved rooms.SavedRoom) (db.MatchSummary, error) {
	s.hist.mu.Lock()
	defer s.hist.mu.Unlock()
	if sum, err := s.cfg.History.Summary(saved.Room.Code); err == nil {
		return sum, nil
	}
	return s.putSummary(saved)
}

// putSummary replays a finished match once and stores what it taught. A
// match that no longer replays is stored with its error, so it is not
// replayed again on every request.
func (s *Server) putSummary(saved rooms.SavedRoom) (db.MatchSummary, error) {
	ms := db.MatchSummary{Room: saved.Room.Code, Versions: int64(len(saved.Commands)), Players: []debrief.Player{}}
	var def *games.Definition
	for _, d := range s.hub.Games() {
		if d.Name == saved.Room.Game {
			def = &d
		}
	}
	var sum debrief.Summary
	var err error
	if def == nil {
		err = fmt.Errorf("game %q is not on this server", saved.Room.Game)
	} else {
		sum, err = debrief.Summarize(*def, saved)
	}
	if err != nil {
		s.log.Warn("a finished match no longer replays", "room", saved.Room.Code, "err", err)
		ms.Error = "this match no longer replays on this server"
	} else {
		ms.Minutes = sum.Minutes
		if ms.Summary, err = json.Marshal(sum); err != nil {
			return db.MatchSummary{}, err
		}
		ms.Players = append(ms.Players, sum.Players...)
	}
	if err := s.cfg.History.PutSummary(ms); err != nil {
		return db.MatchSummary{}, err
	}
	// Seats nobody held are not stored; the debrief still lists them.
	return ms, nil
}

// RematchRequest is the body of POST /api/rooms/:code/rematch.
type RematchRequest struct {
	Token string `json:"token"`
	Swap  bool   `json:"swap,omitempty"`
}

// rematch answers POST /api/rooms/:code/rematch: a player of the finished
// match opens (or finds) its rematch.
func (s *Server) rematch(c *fiber.Ctx) error {
	var req RematchRequest
	if err := decode(c.Body(), &req); err != nil {
		return err
	}
	if req.Token == "" {
		return &rooms.Error{Code: rooms.CodeBadRequest, Message: `whose seat? the body needs the seat's "token"`}
	}
	m, err := s.hub.Rematch(c.Params("code"), req.Token, req.Swap)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(m)
}

// CloseRequest is the body of POST /api/rooms/:code/close.
type CloseRequest struct {
	Token string `json:"token"`
}

// closeRoom answers POST /api/rooms/:code/close: the host closes a
// finished or waiting room now.
func (s *Server) closeRoom(c *fiber.Ctx) error {
	var req CloseRequest
	if err := decode(c.Body(), &req); err != nil {
		return err
	}
	if req.Token == "" {
		return &rooms.Error{Code: rooms.CodeBadRequest, Message: `whose room? the body needs the host seat's "token"`}
	}
	if err := s.hub.CloseRoom(c.Params("code"), req.Token); err != nil {
		return err
	}
	code, _ := rooms.NormalizeCode(c.Params("code"))
	return c.JSON(fiber.Map{"closed": code})
}

// rematchOf answers GET /api/rooms/:code/rematch: the rematch of a
// finished match, once a player opened it.
//
// Before anyone asks, a room that may still have one answers 200 with
// {"pending": true} rather than an error: pages poll this and a browser
// logs every 404 it gets. A room that is gone answers 404, and the
// pages stop asking.
func (s *Server) rematchOf(c *fiber.Ctx) error {
	m, err := s.hub.RematchOf(c.Params("code"))
	c.Set(fiber.HeaderCacheControl, "no-store")
	if errors.Is(err, rooms.ErrNoRematchYet) {
		return c.JSON(fiber.Map{"pending": true, "message": err.Error()})
	}
	if err != nil {
		return err
	}
	return c.JSON(m)
}

// pwaRoutes serves the web app manifest with its registered type (Go's and
// Fiber's type tables do not know .webmanifest).
func (s *Server) pwaRoutes(a *fiber.App) {
	a.Get("/manifest.webmanifest", func(c *fiber.Ctx) error {
		b, err := fs.ReadFile(s.cfg.Static, "manifest.webmanifest")
		if err != nil {
			return &rooms.Error{Code: rooms.CodeNotFound, Message: "this server has no web app manifest"}
		}
		c.Set(fiber.HeaderContentType, "application/manifest+json")
		return c.Send(b)
	})
	// Browsers ask for /favicon.ico whatever the pages link: the app's
	// icon, rather than a 404 in every tab's console.
	a.Get("/favicon.ico", func(c *fiber.Ctx) error {
		b, err := fs.ReadFile(s.cfg.Static, "img/icon-192.png")
		if err != nil {
			return &rooms.Error{Code: rooms.CodeNotFound, Message: "this server has no icon"}
		}
		c.Set(fiber.HeaderContentType, "image/png")
		c.Set(fiber.HeaderCacheControl, "public, max-age=86400")
		return c.Send(b)
	})
}
