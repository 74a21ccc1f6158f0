package saga_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"periscope/e2e/hostbot"
	"periscope/e2e/phone"
	"periscope/games/saga"
)

// TestTableScreenFollowsABotMatch: a room of the host's seat and the bot
// shown on /table/CODE at 1280x720: before the start the QR code, the room
// code, the join link and the seats, with nothing to take; then the map
// filling the screen's height as it is built, whose turn, both sides, the
// dice of the assaults and the last events in large letters, following the
// match to the outcome the server reached.
func TestTableScreenFollowsABotMatch(t *testing.T) {
	srv := hostbot.Serve(t, saga.Definition, 1) // a match with assaults to show
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
	if !strings.Contains(seats, "Raven") || !strings.Contains(seats, "Ada") || strings.Count(seats, "Bot") != 1 {
		t.Errorf("the seats read %q, want Raven: Ada and the bot", seats)
	}
	if got := tv.Text(".tv-about"); !strings.Contains(got, "house faction") {
		t.Errorf("the room's line reads %q, want the factions labelled as house", got)
	}
	tv.FitsScreen("waiting")
	tv.Screenshot("tv-0-waiting.png")

	if err := host.Start(ctx); err != nil {
		t.Fatal(err)
	}
	done := host.PlayInBackground(ctx, 300*time.Millisecond)

	tv.Wait(`#tv-board #map .tile.base`)
	var board struct{ W, H float64 }
	tv.Eval(`(() => { const r = document.querySelector('#tv-board svg').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &board)
	if board.H < 560 || board.W < 700 {
		t.Errorf("the map is %.0fx%.0f px on a 1280x720 screen, want it filling the height", board.W, board.H)
	}
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
		tv.Eval(`!!document.querySelector('#tv-extra .sg-fight .sg-die')`, &fight)
		if fight {
			fights++
		}
		var phase string
		tv.Eval(`document.body.dataset.phase`, &phase)
		if !shot && st.Events >= 6 && phase == "playing" && fight {
			shot = true
			tv.TableInPlay(`#tv button, #map .mark, #map .unit[data-ready]`, "tv-1-playing.png")
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
		t.Error("the table screen never showed the match in play with an assault's dice and its last events")
	}
	var units int
	tv.Eval(`document.querySelectorAll('#tv-board #map .unit').length`, &units)
	if units == 0 {
		t.Error("the final map shows no unit")
	}
	if len(turns) < 4 {
		t.Errorf("the table showed %d different turns, want it following the match: %v", len(turns), turns)
	}
	// Both forces captured at once is a draw: no winner (-1).
	want, headline := -1, "A draw"
	if len(r.Outcome.Winners) == 1 {
		want, headline = r.Outcome.Winners[0], " wins"
	}
	if winner := tv.TableWinner(); winner != want {
		t.Errorf("the table names team %d the winner; the server's outcome is %v", winner, r.Outcome.Winners)
	}
	if got := tv.Text("#tv-outcome"); !strings.Contains(got, r.Outcome.Reason) || !strings.Contains(got, headline) {
		t.Errorf("the outcome reads %q, want %q and %q", got, headline, r.Outcome.Reason)
	}
	tv.FitsScreen("outcome")
	tv.Screenshot("tv-2-outcome.png")
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
