package debrief

import (
	"fmt"

	"periscope/games"
	"periscope/rooms"
)

// Log is every event of a finished match that seat (or games.Spectator)
// saw, by version: the log a debrief shows up to the version it stands at.
// A match still playing has no log here: its secrets are in play.
func Log(def games.Definition, saved rooms.SavedRoom, seat int) ([]rooms.WireEvent, error) {
	rec := saved.Room
	if rec.State != rooms.StateFinished {
		return nil, fmt.Errorf("debrief: room %s is %s: its log opens when the match is over", rec.Code, rec.State)
	}
	g, err := def.New(rec.Options, rec.Seed)
	if err != nil {
		return nil, fmt.Errorf("debrief: room %s: %w", rec.Code, err)
	}
	if seat < games.Spectator || seat >= len(g.Seats()) {
		return nil, fmt.Errorf("debrief: room %s has no seat %d", rec.Code, seat)
	}
	out := []rooms.WireEvent{}
	for i, c := range saved.Commands {
		if c.Version != int64(i+1) {
			return nil, fmt.Errorf("debrief: room %s: log row %d has version %d", rec.Code, i+1, c.Version)
		}
		events, err := g.Apply(c.Command())
		if err != nil {
			return nil, fmt.Errorf("debrief: room %s: logged command v%d is refused on replay: %w", rec.Code, c.Version, err)
		}
		for _, e := range events {
			if e.VisibleTo(seat) {
				out = append(out, rooms.WireEvent{V: c.Version, Event: e})
			}
		}
	}
	return out, nil
}
