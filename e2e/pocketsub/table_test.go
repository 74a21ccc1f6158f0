package pocketsub_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/hostbot"
	"periscope/e2e/phone"
	"periscope/games/pocketsub"
)

// TestTableScreenFollowsABotMatch: a 4-player room (the host's seat and
// three bots) shown on /table/CODE at 1280x720: before the start the QR
// code, the room code, the join link and the seats, with nothing to take;
// then the ocean filling the screen's height, whose turn, the fleets and
// the last moves in large letters, following the match move by move to
// the outcome the server reached.
func TestTableScreenFollowsABotMatch(t *testing.T) {
	srv := hostbot.Serve(t, pocketsub.Definition, 1) // the same match every run
	shots := screens(t)
	b := phone.Browser(t, 3*time.Minute, onPhone.Device)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	host, err := srv.Open(ctx, map[string]any{"players": 4}, "Ada")
	if err != nil {
		t.Fatal(err)
	}
	defer host.Conn.Close()

	tv := phone.NewTV(t, b, shots)
	tv.Run("open the table screen", chromedp.Navigate(srv.Base+"/table/"+host.Code))
	tv.TableWaiting(host.Code, 4)
	seats := tv.Text(".tv-seats")
	if !strings.Contains(seats, "Ada") || strings.Count(seats, "Bot") != 3 {
		t.Errorf("the seats read %q, want Ada and 3 bots", seats)
	}
	tv.FitsScreen("waiting")
	tv.Screenshot("tv-0-waiting.png")

	if err := host.Start(ctx); err != nil {
		t.Fatal(err)
	}
	done := host.PlayInBackground(ctx, 300*time.Millisecond)

	tv.Wait(`#tv-board polygon.hit[data-region="H6"]`)
	var board struct{ W, H float64 }
	tv.Eval(`(() => { const r = document.querySelector('#tv-board svg').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &board)
	if board.H < 560 || board.W < 700 {
		t.Errorf("the ocean is %.0fx%.0f px on a 1280x720 screen, want it filling the height", board.W, board.H)
	}
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
		if !shot && st.Events >= 6 && strings.Contains(st.Turn, "round") {
			shot = true
			tv.TableInPlay(`#tv button, polygon.hit[data-mark~="ready"], polygon.hit[data-mark~="step"]`, "tv-1-playing.png")
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
	t.Logf("match over after %d moves of the host's seat: %s; turns seen on the table: %d", r.Moves, r.Outcome.Reason, len(turns))
	if !shot {
		t.Error("the table screen never showed the match in play with its last events")
	}
	if len(turns) < 4 {
		t.Errorf("the table showed %d different turns, want it following the match: %v", len(turns), turns)
	}
	winner := tv.TableWinner()
	if len(r.Outcome.Winners) != 1 || winner != r.Outcome.Winners[0] {
		t.Errorf("the table names team %d the winner; the server's outcome is %v", winner, r.Outcome.Winners)
	}
	if got := tv.Text("#tv-outcome"); !strings.Contains(got, r.Outcome.Reason) || !strings.Contains(got, " win") {
		t.Errorf("the outcome reads %q, want the winners and %q", got, r.Outcome.Reason)
	}
	tv.FitsScreen("outcome")
	tv.Screenshot("tv-2-outcome.png")
}
