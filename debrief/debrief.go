// Package debrief sums up a finished match by replaying its log once: who
// played which side and role and how it ended for them, how long it took,
// and, from a game that tallies its own (games.Debriefer), what the match
// was about and each seat's own counts.
//
// It works through the game contract (games.Game: Apply, View, Seats), so
// every game gets players, sides and results without this package naming
// one. The server stores a summary once per match (db summaries), never
// per request.
package debrief

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"periscope/games"
	"periscope/rooms"
)

// Summary is a finished match's debrief.
type Summary struct {
	Game     string         `json:"game"`
	Versions int64          `json:"versions"`
	Minutes  float64        `json:"minutes"`
	Outcome  *games.Outcome `json:"outcome,omitempty"`
	Sides    []Side         `json:"sides"`
	Players  []Player       `json:"players"`
	// Detail is the game's own part (games.Tally's Result), in JSON under
	// the game's name: {"game":"NAME", ..., "NAME":{...}}. Read back
	// from JSON it is the json.RawMessage of that key.
	Detail any `json:"-"`
}

// summaryJSON is Summary without its JSON methods.
type summaryJSON Summary

// MarshalJSON writes the summary's fields and its Detail under the game's
// name.
func (s Summary) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(summaryJSON(s))
	if err != nil || s.Detail == nil {
		return b, err
	}
	var own map[string]json.RawMessage
	if err := json.Unmarshal(b, &own); err != nil {
		return nil, err
	}
	if _, taken := own[s.Game]; taken || s.Game == "" {
		return nil, fmt.Errorf("debrief: game %q: its detail would overwrite a field of the summary", s.Game)
	}
	d, err := json.Marshal(s.Detail)
	if err != nil {
		return nil, err
	}
	key, _ := json.Marshal(s.Game)
	// The detail last, as the field it replaces was: stored summaries keep
	// their shape.
	b = append(append(append(append(b[:len(b)-1], ','), key...), ':'), d...)
	return append(b, '}'), nil
}

// UnmarshalJSON reads a summary MarshalJSON wrote, the game's detail as
// json.RawMessage.
func (s *Summary) UnmarshalJSON(b []byte) error {
	var plain summaryJSON
	if err := json.Unmarshal(b, &plain); err != nil {
		return err
	}
	*s = Summary(plain)
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return err
	}
	if d, ok := all[s.Game]; ok && s.Game != "" {
		s.Detail = d
	}
	return nil
}

// Side is one team of the match, named as the seats' labels name it.
type Side struct {
	Team   int    `json:"team"`
	Name   string `json:"name"`
	Result string `json:"result"`
}

// Player is one seat of the match.
type Player struct {
	Seat   int            `json:"seat"`
	Name   string         `json:"name"`
	Bot    bool           `json:"bot,omitempty"`
	Team   int            `json:"team"`
	Side   string         `json:"side"`
	Label  string         `json:"label"`
	Roles  []string       `json:"roles,omitempty"`
	Result string         `json:"result,omitempty"` // won, lost, draw or abandoned; empty for a seat nobody held
	Extras map[string]int `json:"extras,omitempty"`
}

// Results of a side or a player.
const (
	Won  = "won"
	Lost = "lost"
	Draw = "draw"
	// Abandoned: the match ended because no player's phone was connected
	// for a long while (rooms.OutcomeAbandoned): nobody won, nor drew.
	Abandoned = "abandoned"
)

// Summarize replays saved, a finished match of def, and sums it up.
func Summarize(def games.Definition, saved rooms.SavedRoom) (Summary, error) {
	rec := saved.Room
	if rec.State != rooms.StateFinished || rec.Outcome == nil {
		return Summary{}, fmt.Errorf("debrief: room %s is %s: only a finished match is summed up", rec.Code, rec.State)
	}
	g, err := def.New(rec.Options, rec.Seed)
	if err != nil {
		return Summary{}, fmt.Errorf("debrief: room %s: %w", rec.Code, err)
	}
	s := Summary{Game: rec.Game, Versions: int64(len(saved.Commands)), Outcome: rec.Outcome}
	if n := len(saved.Commands); n > 0 && !rec.Finished.IsZero() {
		s.Minutes = rec.Finished.Sub(saved.Commands[0].Time).Minutes()
	}
	specs := g.Seats()
	s.Sides = sides(specs, rec.Outcome)
	s.Players = players(specs, saved.Seats, s.Sides)
	var tally games.Tally
	if d, ok := g.(games.Debriefer); ok {
		tally = d.Debrief()
	}
	for i, c := range saved.Commands {
		if c.Version != int64(i+1) {
			return Summary{}, fmt.Errorf("debrief: room %s: log row %d has version %d", rec.Code, i+1, c.Version)
		}
		events, err := g.Apply(c.Command())
		if err != nil {
			return Summary{}, fmt.Errorf("debrief: room %s: logged command v%d is refused on replay: %w", rec.Code, c.Version, err)
		}
		if tally != nil {
			tally.Step(c.Version, events)
		}
	}
	if tally != nil {
		var extras []map[string]int
		s.Detail, extras = tally.Result()
		for i := range s.Players {
			// A seat nobody held has no result and counts nothing.
			if i < len(extras) && len(extras[i]) > 0 && s.Players[i].Result != "" {
				s.Players[i].Extras = extras[i]
			}
		}
	}
	return s, nil
}

// sides names each team by the first word its seats' labels share ("Blue
// Captain", "Blue Engineer": Blue), or "Team N".
func sides(specs []games.SeatSpec, o *games.Outcome) []Side {
	var out []Side
	for _, sp := range specs {
		i := slices.IndexFunc(out, func(s Side) bool { return s.Team == sp.Team })
		word, _, _ := strings.Cut(sp.Label, " ")
		if i < 0 {
			out = append(out, Side{Team: sp.Team, Name: word})
			continue
		}
		if out[i].Name != word {
			out[i].Name = ""
		}
	}
	for i := range out {
		if out[i].Name == "" {
			out[i].Name = fmt.Sprintf("Team %d", out[i].Team+1)
		}
		switch {
		case o.Kind == rooms.OutcomeAbandoned:
			out[i].Result = Abandoned
		case len(o.Winners) == 0:
			out[i].Result = Draw
		case slices.Contains(o.Winners, out[i].Team):
			out[i].Result = Won
		default:
			out[i].Result = Lost
		}
	}
	return out
}

func players(specs []games.SeatSpec, seats []rooms.SeatRecord, sides []Side) []Player {
	out := make([]Player, len(specs))
	for i, sp := range specs {
		p := Player{Seat: i, Team: sp.Team, Label: sp.Label, Roles: slices.Clone(sp.Roles)}
		for _, sd := range sides {
			if sd.Team == sp.Team {
				p.Side = sd.Name
				if held(seats, i) {
					p.Result = sd.Result
				}
			}
		}
		for _, st := range seats {
			if st.Seat == i && held(seats, i) {
				p.Name, p.Bot = st.Name, st.Bot
			}
		}
		out[i] = p
	}
	return out
}

// held reports whether someone (or a bot) sat at seat at the end.
func held(seats []rooms.SeatRecord, seat int) bool {
	for _, s := range seats {
		if s.Seat == seat {
			return s.Bot || len(s.TokenHash) > 0
		}
	}
	return false
}
