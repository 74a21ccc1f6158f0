package battles_test

import (
	"strings"
	"testing"

	"periscope/e2e/phone"
	"periscope/games/battles"
)

// TestTableScreenFollowsABotMatch: a battle of the host's seat and the bot
// shown on /table/CODE at 1280x720: before the start the QR code, the room
// code, the join link and the seats, with nothing to take; then the
// battlefield filling the screen's height with only what is public (each
// stack's top troop until every unit is placed, then whole stacks), whose
// turn, both generals, the last dice and the last events in large
// letters, following the battle to the outcome the server reached.
func TestTableScreenFollowsABotMatch(t *testing.T) {
	// Before the reveal the table sees each stack's top troop only, as the
	// rulebook says: not how many troops are hidden under it.
	type stacks struct {
		Phase                         string
		Units, Troops, Hidden, Deeper int
	}
	// One look at the page: the phase and the stacks it draws with it.
	countStacks := `(() => { const us = [...document.querySelectorAll('#tv-board .bt-unit')];
  return {Phase: document.body.dataset.phase, Units: us.length, Troops: us.reduce((n, u) => n + u.querySelectorAll('.bt-troop').length, 0),
    Hidden: document.querySelectorAll('#tv-board .bt-hidden').length,
    Deeper: us.filter((u) => u.querySelectorAll('.bt-troop').length > 1).length}; })()`
	deploying := stacks{}
	fights := 0
	tv, r := phone.CheckTable(t, phone.TableSpec{
		Definition: battles.Definition,
		Seats:      2,
		Turns:      2,
		Words:      ".bt-uhead > span, .bt-troop > span",
		Device:     onPhone.Device,
		Screens:    screens,
		Waiting: func(tv *phone.Phone) {
			if got := tv.Text(".tv-about"); !strings.Contains(got, "points") {
				t.Errorf("the room's line reads %q, want the battle's size", got)
			}
		},
		Board:    `#tv-board #battlefield .bt-zone`,
		Fill:     "#tv-board #battlefield",
		FillWhat: "battlefield",
		Look: func(tv *phone.Phone, _ phone.TableState) bool {
			// The dice and their sentence, in one look (the page redraws
			// between two).
			var dice struct {
				Fight   bool
				Meaning string
			}
			tv.Eval(`({Fight: !!document.querySelector('#tv-extra .bt-roll .bt-rolled'), Meaning: document.querySelector('#tv-extra #roll-meaning')?.textContent || ''})`, &dice)
			fight := dice.Fight
			if fight {
				fights++
				// The dice say in a sentence what they mean now.
				if m := dice.Meaning; !strings.Contains(m, "'s ") || !strings.Contains(m, "hit") {
					t.Errorf("the last dice read %q, want whose unit rolled at whose and the hits", m)
				}
			}
			// The sectors are named from both sides, by name.
			if cols := tv.Text("#tv-board .bt-cols"); !strings.Contains(cols, "Confederacy's left · Union's right") {
				t.Errorf("the battlefield's columns read %q, want each side's name of its sectors", cols)
			}
			var now stacks
			tv.Eval(countStacks, &now)
			if now.Phase == "deployment" {
				if now.Troops != now.Units || now.Deeper != 0 {
					tv.Screenshot("tv-leak.png")
					t.Fatalf("during deployment the table shows %d troops in %d units: more than each stack's top", now.Troops, now.Units)
				}
				if now.Units > deploying.Units {
					deploying = now
					if now.Units >= 4 {
						tv.Screenshot("tv-1-deployment.png")
					}
				}
			}
			return now.Phase == "battle" && fight
		},
		Offered:  `#tv button, #tv .bt-zone.target, #tv .bt-act`,
		PlayShot: "tv-2-battle.png",
		PlayWhat: "the battle with its last dice and its last events",
	})
	t.Logf("polls with dice shown: %d", fights)
	if deploying.Units < 2 || deploying.Hidden != 0 {
		t.Errorf("during deployment the table showed %d units, %d with a count of hidden troops: want stacks shown by their top troop only", deploying.Units, deploying.Hidden)
	}
	var end stacks
	tv.Eval(countStacks, &end)
	if end.Hidden != 0 {
		t.Errorf("after the reveal the table still hides the troops of %d stacks", end.Hidden)
	}
	winner := tv.TableWinner()
	if len(r.Outcome.Winners) == 1 && winner != r.Outcome.Winners[0] {
		t.Errorf("the table names team %d the winner; the server's outcome is %v", winner, r.Outcome.Winners)
	}
	if got := tv.Text("#tv-outcome"); !strings.Contains(got, r.Outcome.Reason) || !strings.Contains(got, " wins") && !strings.Contains(got, "draw") {
		t.Errorf("the outcome reads %q, want the winners and %q", got, r.Outcome.Reason)
	}
	tv.FitsScreen("outcome")
	tv.Screenshot("tv-3-outcome.png")
	tv.TableOnTV("tv-9-tv.png")
	tv.FollowsRematch(r, 2)
}
