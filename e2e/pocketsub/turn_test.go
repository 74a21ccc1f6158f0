package pocketsub_test

import (
	"slices"
	"testing"
	"time"

	"periscope/e2e/phone"
	"periscope/games/pocketsub"
)

// TestOpponentTurnPlayed plays a 3-player match against two bots and
// looks at their turns between this phone's moves: each bot's move is
// played on the ocean in order, at a pace a person can follow (drawn,
// moving), then stays marked (where the Sub was, the path it sailed, the
// Mine it laid, what was lost) with a card telling it in words; a tap on
// Skip shows the rest at once.
func TestOpponentTurnPlayed(t *testing.T) {
	base := phone.ServeSeeded(t, []uint64{11}, pocketsub.Definition)
	p := phone.New(t, phone.Browser(t, 3*time.Minute, phone.Moving.Device), screens(t), phone.Moving)
	openRoom(t, p, base, 3)
	p.WatchTurns()

	var played, skipped bool
outer:
	for turn := 0; turn < 20 && !(played && skipped); turn++ {
		p.Wait(`body[data-turn="mine"][data-busy="0"], #result`)
		var over bool
		if p.Eval(`!!document.getElementById('result')`, &over); over {
			break
		}
		seen := p.Turns()
		m := p.Marked()
		// A turn whose first bot move landed with the page's welcome (a
		// loaded machine opens the page late) is marked, not played: the
		// pace is judged on a turn the page saw arrive move by move.
		if len(m.Card) >= 2 && !played && slices.Max(append([]int{0}, seen.Counts...)) >= 2 {
			if !seen.OneByOne(2) {
				t.Errorf("turn %d: the marked moves went %v, want 1, 2, ... one at a time", turn, seen.Counts)
			}
			if seen.Held < 500 {
				t.Errorf("turn %d: a move stayed %.0f ms before the next, want at least 500 ms to follow it", turn, seen.Held)
			}
			if !seen.Played || !seen.Moving || !seen.Card {
				t.Errorf("turn %d: while playing, drawn %v, moving %v, card playing %v; want all", turn, seen.Played, seen.Moving, seen.Card)
			}
			if !m.Any("from") || !m.Any("to") {
				t.Errorf("turn %d: the ocean marks %v, want where the bots' Subs were and went", turn, m.Places)
			}
			if !m.Says("moves") {
				t.Errorf("turn %d: the card says %q, want the moves in words", turn, m.Card)
			}
			p.Fits("their turn")
			p.ShowTurn()
			p.WordsClear("#board :is(.labels text, .num)", "their turn")
			p.Screenshot("turn-1-bots-moved.png")
			played = true
		}
		if len(m.Card) > 0 && m.Any("lost") {
			p.ShowTurn()
			p.WordsClear("#board :is(.labels text, .num)", "their turn")
			p.Screenshot("turn-2-loss.png")
		}
		// This phone's move: taps until it is confirmed.
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			var d decision
			p.Eval(decide, &d)
			if d.Done {
				break outer
			}
			if d.Tap == "" {
				time.Sleep(20 * time.Millisecond)
				continue
			}
			p.Tap(d.Tap)
			if d.Tap == "#confirm" {
				break
			}
		}
		if played && !skipped {
			p.Wait(`#their-turn[data-playing="1"], body[data-turn="mine"][data-busy="0"], #result`)
			if took, ok := p.SkipTurn(); ok {
				if took > 700*time.Millisecond {
					t.Errorf("after Skip the turn took %v more, want it shown at once", took)
				}
				if len(p.Marked().Card) == 0 {
					t.Error("after Skip the card is gone, want the whole turn told")
				}
				skipped = true
			}
			p.Turns()
		}
	}
	if !played {
		t.Fatal("no turn of two or more bot moves was seen")
	}
	if !skipped {
		t.Error("no bots' turn could be skipped with a tap")
	}
}
