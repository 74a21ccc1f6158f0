package tactics_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/gridtactics"
)

// TestOpponentTurnPlayed plays against the bot on a phone that does not
// ask for reduced motion, ending each turn at once, and looks at the
// bot's turns: its moves are played one by one at a pace a person can
// follow (drawn, moving), stay marked on the board (where each unit was,
// where it went, what it hit and what was lost) with a card that tells
// them in words, until the player acts; a tap on Skip shows the rest of a
// turn at once.
func TestOpponentTurnPlayed(t *testing.T) {
	base := phone.ServeSeeded(t, []uint64{7}, gridtactics.Definition)
	p := phone.New(t, phone.Browser(t, 4*time.Minute, onPhone.Device), screens(t), onPhone)
	p.Run("open the page", chromedp.Navigate(base+"/tactics.html"))
	p.CreateRoom()
	p.TakeSeat("Ada")
	p.BotAndStart()
	p.Wait(`body[data-phase="setup"] #ready`)
	for _, sq := range []string{"A1", "B1", "C1", "D1", "E1", "F1", "H1"} {
		p.MustTap(square(sq))
	}
	p.WatchTurns()
	p.MustTap("#ready:not([disabled])")

	var (
		played, attacked, skipped bool
		shots                     int
	)
	for turn := 0; turn < 30 && !(played && attacked && skipped); turn++ {
		p.Wait(`body[data-phase="play"][data-turn="mine"][data-busy="0"], #result`)
		var over bool
		if p.Eval(`!!document.getElementById('result')`, &over); over {
			break
		}
		seen := p.Turns()
		m := p.Marked()
		if len(m.Card) > 0 {
			if !m.Any("to") && !m.Any("hit") && !m.Any("miss") {
				t.Errorf("turn %d: the card tells %q, but the board marks nothing (%v)", turn, m.Card, m.Places)
			}
			for _, s := range m.Card {
				if !strings.HasPrefix(s, "Blue's ") {
					t.Errorf("turn %d: the card says %q, want each of Blue's moves told as Blue's", turn, s)
				}
			}
			if len(m.Card) >= 2 && !played {
				// A turn of several moves: seen one by one, in order, each held.
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
					t.Errorf("turn %d: the board marks %v, want where the moved units were and went", turn, m.Places)
				}
				if !m.Says("moved from", " to ") {
					t.Errorf("turn %d: the card says %q, want a move in words (moved from .. to ..)", turn, m.Card)
				}
				p.Fits("their turn")
				p.ShowTurn()
				p.WordsClear("#board :is(.coord, .uid)", "their turn")
				p.Screenshot("turn-1-bot-moved.png")
				shots++
				played = true
			}
			if (m.Any("hit") || m.Any("miss")) && !attacked {
				if !m.Says("rolled", "on ") {
					t.Errorf("turn %d: the card says %q, want the attack in words", turn, m.Card)
				}
				if m.Any("hit") && m.Any("lost") && !m.Says("hit", "lost") {
					t.Errorf("turn %d: a hit and a loss are marked, but the card says %q", turn, m.Card)
				}
				p.ShowTurn()
				p.WordsClear("#board :is(.coord, .uid)", "their turn")
				p.Screenshot("turn-2-bot-attacked.png")
				shots++
				attacked = true
			}
		}
		if played && !skipped {
			// The player acts: the old marks go. Then the next bot turn is skipped.
			p.Tap(`rect.hit[data-mark~="ready"]`)
			if p.Tap(`rect.hit[data-mark~="move"]`) {
				p.Wait(`body[data-busy="0"]`)
				var left int
				p.Eval(`document.querySelectorAll('.tp-marks, #their-turn').length`, &left)
				if left != 0 {
					t.Errorf("after the player's own move %d marks of the bot's turn are left, want none", left)
				}
			}
			p.MustTap("#end-turn")
			p.Wait(`#their-turn[data-playing="1"], body[data-turn="mine"][data-busy="0"]`)
			if took, ok := p.SkipTurn(); ok {
				if took > 700*time.Millisecond {
					t.Errorf("after Skip the turn took %v more, want it shown at once", took)
				}
				if n := len(p.Marked().Card); n == 0 {
					t.Error("after Skip the card is gone, want the whole turn told")
				}
				skipped = true
			}
			p.Turns()
			continue
		}
		p.MustTap("#end-turn")
	}
	if !played {
		t.Fatal("no bot turn of two or more moves was seen")
	}
	if !skipped {
		t.Error("no bot turn could be skipped with a tap")
	}
	t.Logf("%d screenshots of the bot's turn; attacked %v", shots, attacked)
}
