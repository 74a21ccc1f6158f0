package saga_test

import (
	"testing"
	"time"

	"periscope/e2e/phone"
	"periscope/games/saga"
)

// TestOpponentTurnPlayed plays against the bot on the map and looks at
// the bot's turns once units are in play: the bot's move, summon or
// assault is played on the map (drawn, moving), then stays marked (where
// the unit was and went, the target, hit or not, what was captured) with
// a card telling it in words, until this player's own next action.
func TestOpponentTurnPlayed(t *testing.T) {
	base := phone.ServeSeeded(t, []uint64{1}, saga.Definition)
	p := phone.New(t, phone.Browser(t, 3*time.Minute, phone.Moving.Device), screens(t), phone.Moving)
	newMatch(t, p, base, false)
	p.WatchTurns()

	var played, moved, attacked, resolved bool
	deadline := time.Now().Add(100 * time.Second)
	for time.Now().Before(deadline) && !(moved && attacked && resolved) {
		var d decision
		p.Eval(decide, &d)
		if d.Done {
			break
		}
		if d.Tap == "" {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		// This phone's turn, the bot's before it shown and settled.
		if m := p.Marked(); len(m.Card) > 0 {
			seen := p.Turns()
			if !played {
				if !seen.OneByOne(1) || !seen.Played || !seen.Moving || !seen.Card {
					t.Errorf("the bot's turn was shown %v, drawn %v, moving %v, card playing %v; want it played on the map", seen.Counts, seen.Played, seen.Moving, seen.Card)
				}
				played = true
			}
			if !moved && m.Any("from") && m.Any("to") {
				if !m.Says("from", "to") {
					t.Errorf("the card says %q, want the move in words", m.Card)
				}
				p.Fits("their turn")
				p.ShowTurn()
				p.WordsClear("#map :is(.hexlabel, .tletter, .baseword, .unit .tag)", "their turn")
				p.Screenshot("turn-1-bot-moved.png")
				moved = true
			}
			if !attacked && m.Any("target") {
				if !m.Says("assault") {
					t.Errorf("the card says %q, want the assault in words", m.Card)
				}
				p.ShowTurn()
				p.WordsClear("#map :is(.hexlabel, .tletter, .baseword, .unit .tag)", "their turn")
				p.Screenshot("turn-2-bot-assault.png")
				attacked = true
			}
			if !resolved && (m.Any("hit") || m.Any("miss")) {
				// The assault's end stays marked: hit or not, and what was lost.
				if m.Any("hit") && !m.Any("lost") && !m.Says("falls") {
					t.Errorf("a hit is marked but no loss (%v), and the card says %q", m.Places, m.Card)
				}
				p.ShowTurn()
				p.WordsClear("#map :is(.hexlabel, .tletter, .baseword, .unit .tag)", "their turn")
				p.Screenshot("turn-3-bot-assault-ended.png")
				resolved = true
			}
		} else {
			p.Turns()
		}
		p.Tap(d.Tap)
	}
	if !played {
		t.Fatal("no bot turn was seen played on the map")
	}
	if !moved {
		t.Error("no bot move was seen marked from and to")
	}
	t.Logf("bot assault seen marked: %v, its end: %v", attacked, resolved)
}
