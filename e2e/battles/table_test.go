package battles_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"periscope/e2e/hostbot"
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
	srv := hostbot.Serve(t, battles.Definition, 1) // the same match every run
	shots := screens(t)
	b := phone.Browser(t, 3*time.Minute, onPhone.Device)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	host, err := srv.Open(ctx, nil, "Ada")
	if err != nil {
		t.Fatal(err)
	}
	defer host.Conn.Close()

	tv := phone.NewTV(t, b, shots)
	tv.Run("open the table screen", chromedp.Navigate(srv.Base+"/table/"+host.Code))
	tv.TableWaiting(host.Code, 2)
	seats := tv.Text(".tv-seats")
	if !strings.Contains(seats, "Ada") || strings.Count(seats, "Bot") != 1 {
		t.Errorf("the seats read %q, want Ada and the bot", seats)
	}
	if got := tv.Text(".tv-about"); !strings.Contains(got, "points") {
		t.Errorf("the room's line reads %q, want the battle's size", got)
	}
	tv.FitsScreen("waiting")
	tv.Screenshot("tv-0-waiting.png")

	if err := host.Start(ctx); err != nil {
		t.Fatal(err)
	}
	done := host.PlayInBackground(ctx, 300*time.Millisecond)

	tv.Wait(`#tv-board #battlefield .bt-zone`)
	var board struct{ W, H float64 }
	tv.Eval(`(() => { const r = document.querySelector('#tv-board #battlefield').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &board)
	if board.H < 560 || board.W < 700 {
		t.Errorf("the battlefield is %.0fx%.0f px on a 1280x720 screen, want it filling the height", board.W, board.H)
	}
	// Before the reveal the table sees each stack's top troop only, and
	// how many troops are hidden under it.
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
	turns := map[string]bool{}
	shot := false
	deadline := time.Now().Add(150 * time.Second)
	for {
		st := tv.Table()
		if st.Over {
			break
		}
		if st.Turn != "" {
			turns[st.Turn] = true
		}
		var fight bool
		tv.Eval(`!!document.querySelector('#tv-extra .bt-roll .bt-rolled')`, &fight)
		if fight {
			fights++
		}
		var phase string
		tv.Eval(`document.body.dataset.phase`, &phase)
		var now stacks
		tv.Eval(countStacks, &now)
		if now.Phase == "deployment" {
			if now.Troops != now.Units || now.Deeper != 0 {
				tv.Screenshot("tv-leak.png")
				t.Fatalf("during deployment the table shows %d troops in %d units: more than each stack's top", now.Troops, now.Units)
			}
			if now.Units > deploying.Units {
				deploying = now
				if now.Hidden > 0 && now.Units >= 4 {
					tv.Screenshot("tv-1-deployment.png")
				}
			}
		}
		if !shot && st.Events >= 6 && phase == "battle" && fight {
			shot = true
			tv.TableInPlay(`#tv button, #tv .bt-zone.target, #tv .bt-act`, "tv-2-battle.png")
		}
		if time.Now().After(deadline) {
			tv.Screenshot("tv-stuck.png")
			t.Fatalf("the table screen shows no outcome; turns seen %v", turns)
		}
		time.Sleep(100 * time.Millisecond)
	}
	r := <-done
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	t.Logf("match over after %d moves of the host's seat: %s; turns seen on the table: %d, polls with dice shown: %d", r.Moves, r.Outcome.Reason, len(turns), fights)
	if !shot {
		t.Error("the table screen never showed the battle with its last dice and its last events")
	}
	if deploying.Units < 2 || deploying.Hidden == 0 {
		t.Errorf("during deployment the table showed %d units, %d with hidden troops: want stacks shown by their top troop", deploying.Units, deploying.Hidden)
	}
	var end stacks
	tv.Eval(countStacks, &end)
	if end.Hidden != 0 {
		t.Errorf("after the reveal the table still hides the troops of %d stacks", end.Hidden)
	}
	if len(turns) < 4 {
		t.Errorf("the table showed %d different turns, want it following the match: %v", len(turns), turns)
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
	// The same screen on a 1920x1080 TV: everything grows, nothing scrolls.
	tv.Run("a 1920x1080 TV", emulation.SetDeviceMetricsOverride(1920, 1080, 1, false))
	var big struct{ SW, SH, W, H, Font float64 }
	tv.Run("the TV lays out", chromedp.Poll(`innerWidth === 1920`, nil))
	tv.Eval(`({SW: document.documentElement.scrollWidth, SH: document.documentElement.scrollHeight, W: innerWidth, H: innerHeight,
  Font: parseFloat(getComputedStyle(document.querySelector('#tv-events-list li')).fontSize)})`, &big)
	if big.SW > big.W || big.SH > big.H || big.Font < 30 {
		t.Errorf("on a 1920x1080 TV the table screen is %vx%v with events in %v px letters", big.SW, big.SH, big.Font)
	}
	tv.Screenshot("tv-9-tv.png")
}
