package battles_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/battles"
)

// TestOpponentTurnPlayed plays against the bot on a 360x640 phone and
// looks at the bot's turns: each of its steps (a unit placed, moved,
// charging, shooting, the enemy it struck) is played on the battlefield in
// order, one at a time at a pace a person can follow, then stays marked
// (where the unit was and went, its target, hit or not, what was lost)
// with a "their turn" card telling it in words, until this player's own
// next action; a tap on Skip shows the rest at once. The marks go around
// the units, their words in strips of their own, never on a unit's words. Then the battle is
// conceded and its replay marks a step the same way.
// unitWords are the words of a unit on the battlefield: its mark, number,
// Order tokens and contacts, each troop's name, dice and Wound points.
const unitWords = "#battlefield .bt-uhead > span, #battlefield .bt-troop > span"

func TestOpponentTurnPlayed(t *testing.T) {
	base := phone.ServeSeeded(t, []uint64{1}, battles.Definition)
	p := phone.New(t, phone.Browser(t, 6*time.Minute, phone.Moving.Device), screens(t), phone.Moving)
	p.Run("open the page", chromedp.Navigate(base+"/battles.html"))
	p.Wait("#create")
	p.CreateRoom()
	p.TakeSeat("Ada")
	p.BotAndStart()
	p.Wait(`body[data-phase="army_building"]`)
	p.MustTap(`[data-preset="rulebook_50"]`)
	p.MustTap("#confirm")
	p.Wait(`body[data-phase="deployment"]`)
	p.WatchTurns()

	words := phone.NewScan(t, "games/battles")
	words.IDs = true
	// A unit's id ("a1", "b3") is for commands: the board numbers units
	// ▲1 / ▼3 and names them by their troops.
	words.Forbid = map[string]*regexp.Regexp{"unit id": regexp.MustCompile(`\b[ab][1-9]\b`)}

	var played, paced, moved, struck, lost, skipped, covered bool
	deadline := time.Now().Add(200 * time.Second)
	for time.Now().Before(deadline) && !(played && paced && moved && struck && skipped) {
		words.Look(p, "battle")
		// Skip: tap while a turn is being played.
		if played && !skipped {
			var playing bool
			p.Eval(`document.querySelector('#their-turn')?.dataset.playing === '1'`, &playing)
			if playing {
				if took, ok := p.SkipTurn(); ok {
					if took > 700*time.Millisecond {
						t.Errorf("after Skip the turn took %v more, want it shown at once", took)
					}
					if len(p.Marked().Card) == 0 {
						t.Error("after Skip the card is gone, want the whole turn told")
					}
					skipped = true
					p.Turns()
					continue
				}
			}
		}
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
			// The marks go around the units; their words never cover a
			// unit's own.
			if !covered {
				if over := p.MarksCover(unitWords); len(over) > 0 {
					covered = true
					p.ShowTurn()
					p.Screenshot("turn-covered.png")
					t.Errorf("the marks cover the units' words: %q", over)
				}
			}
			if !played && len(seen.Counts) > 0 {
				if !seen.OneByOne(1) || !seen.Played || !seen.Moving || !seen.Card {
					t.Errorf("the bot's turn was shown %v, drawn %v, moving %v, card playing %v; want it played on the battlefield", seen.Counts, seen.Played, seen.Moving, seen.Card)
				}
				played = true
			}
			// An order of several steps (a charge and its contact) is played
			// one step at a time, each held long enough to follow.
			if !paced && seen.OneByOne(2) {
				if seen.Held < 500 {
					t.Errorf("a step stayed %.0f ms before the next, want at least 500 ms to follow it", seen.Held)
				}
				paced = true
			}
			if !moved && m.Any("from") && m.Any("to") {
				if !m.Says("from", "to") && !m.Says("from", "into") {
					t.Errorf("the card says %q, want where the unit went in words", m.Card)
				}
				p.Fits("their turn")
				p.ShowTurn()
				p.Screenshot("turn-1-bot-moved.png")
				// The card under the battlefield, in words.
				p.Eval(`document.getElementById('their-turn').scrollIntoView({block: 'end'})`, nil)
				p.Screenshot("turn-1-card.png")
				moved = true
			}
			if !struck && (m.Any("hit") || m.Any("miss")) {
				if !m.Says("rolls") {
					t.Errorf("the card says %q, want the dice in words", m.Card)
				}
				p.ShowTurn()
				p.Screenshot("turn-2-bot-struck.png")
				struck = true
			}
			if !lost && m.Any("lost") {
				if !m.Says("eliminated") {
					t.Errorf("a loss is marked (%v) but the card says %q", m.Places, m.Card)
				}
				p.ShowTurn()
				p.Screenshot("turn-3-bot-took-a-troop.png")
				lost = true
			}
		} else {
			p.Turns()
		}
		p.Tap(d.Tap)
	}
	if !played {
		t.Fatal("no bot turn was seen played on the battlefield")
	}
	if !moved {
		t.Error("no bot move was seen marked from and to")
	}
	if !struck {
		t.Error("no bot strike was seen marked hit or missed")
	}
	if !paced {
		t.Error("no bot order of two steps or more was seen played one step at a time")
	}
	if !skipped {
		t.Error("no bot turn could be skipped with a tap")
	}
	t.Logf("a loss seen marked: %v", lost)
	words.LookNow(p, "battle end")
	words.Report(t, "battles")

	// The same in the replay: concede, open it, step to a version that
	// marks a step on the battlefield.
	p.MustTap("#concede")
	p.MustTap("#concede-yes")
	p.Wait("#result")
	p.ReplayOpen()
	// A battle version: the first one that marks a unit that went
	// somewhere or struck (deployment marks only units placed).
	v, marked := 1, false
	for tries := 0; tries < 40 && !marked; tries++ {
		var ok bool
		if v, ok = p.ReplayToMarks(v, 60); !ok {
			break
		}
		m := p.Marked()
		marked = m.Any("from") || m.Any("target")
	}
	if !marked {
		t.Fatal("no version of the replay marks a battle step on the battlefield")
	}
	var head string
	p.Eval(`document.querySelector('#their-turn h3')?.textContent || ''`, &head)
	if m := p.Marked(); head != "What happened at this step" || len(m.Card) == 0 {
		t.Errorf("replay version %d: the card reads %q %q, want what happened in words", v, head, m.Card)
	}
	p.ShowTurn()
	p.Screenshot("turn-4-replay.png")
}
