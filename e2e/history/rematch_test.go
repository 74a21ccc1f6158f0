package history_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/client"
	"periscope/debrief/debrieftest"
	"periscope/games"
	"periscope/rooms"
)

// At the end of a live Captain Sonar match, Ann's phone offers what next;
// she taps "Rematch, same seats" and lands on her seat of the new room,
// with Bob already seated there too, and the table screen follows.
func TestRematchFromTheEndScreen(t *testing.T) {
	h := newHouse(t)
	b := browser(t, 390, 844)
	r, err := h.hub.Create("sonar", json.RawMessage(`{"mode":"turnbased","map":"alpha","radio":"heat","blue_crew":1,"red_crew":1}`))
	if err != nil {
		t.Fatal(err)
	}
	// The match this one-a-side table plays: played in process from the
	// room's own seed (it draws the crew that moves first), then its log
	// is sent live below.
	saved, err := h.store.Load(r.Code())
	if err != nil {
		t.Fatal(err)
	}
	played, err := debrieftest.PlaySonar("PLAYD", 1, 1, []string{"Ann", "Bob"}, saved.Room.Seed, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	code := r.Code()
	tokens := make([]string, 2)
	for i, name := range []string{"Ann", "Bob"} {
		if tokens[i], err = r.Take(i, name); err != nil {
			t.Fatal(err)
		}
	}

	ann := newPhone(t, b, 390, 844)
	ann.run("open the lobby", chromedp.Navigate(h.base+"/"))
	ann.eval(fmt.Sprintf(`localStorage.setItem("periscope.seats", JSON.stringify({%q: {seats: {"0": {token: %q, name: "Ann", at: Date.now()}}, last: 0}})), true`, code, tokens[0]), nil)
	ann.run("open the seat", chromedp.Navigate(fmt.Sprintf("%s/sonar.html?room=%s&seat=0", h.base, code)))
	table := newPhone(t, b, 1280, 800)
	table.run("open the table screen", chromedp.Navigate(h.base+"/table/"+code))

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conns := make([]*client.Conn, 2)
	for i := range conns {
		if conns[i], err = client.Dial(ctx, h.base, code, tokens[i], -1); err != nil {
			t.Fatal(err)
		}
		defer conns[i].Close()
	}
	if err := conns[0].Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	for _, c := range played.Saved.Commands {
		if c.Seat == games.System {
			continue // the start, given above as the host
		}
		if _, err := conns[c.Seat].Do(ctx, json.RawMessage(c.Body)); err != nil {
			t.Fatalf("v%d seat %d %s: %v", c.Version, c.Seat, c.Body, err)
		}
	}

	ann.wait("#what-next")
	ann.wait("#rematch")
	ann.wait("#close-room") // Ann took the first seat: she is the host
	ann.fits("end screen")
	ann.targets("end screen")
	ann.run("scroll", chromedp.ScrollIntoView("#what-next", chromedp.ByQuery))
	ann.screenshot("9-what-next.png")
	if got := ann.text("#what-next"); !strings.Contains(got, "Debrief") || !strings.Contains(got, "Back to the lobby") {
		t.Errorf("what next reads %q", got)
	}
	ann.tap("#rematch")
	ann.until("Ann's seat in the rematch", fmt.Sprintf(`location.pathname === "/sonar.html" && !location.search.includes(%q) && location.search.includes("seat=0")`, code))
	var next string
	ann.eval(`new URLSearchParams(location.search).get("room")`, &next)
	ann.until("the new room's page", `document.body.dataset.state === "waiting"`)
	ann.screenshot("10-rematch-waiting.png")

	res, err := http.Get(h.base + "/api/rooms/" + next)
	if err != nil {
		t.Fatal(err)
	}
	var l rooms.Lobby
	json.NewDecoder(res.Body).Decode(&l)
	res.Body.Close()
	if l.State != rooms.StateWaiting || len(l.Seats) != 2 || l.Seats[0].Name != "Ann" || l.Seats[1].Name != "Bob" || !l.Seats[1].Taken {
		t.Fatalf("the rematch's seats: %+v", l)
	}
	// Bob's phone (here his token over the protocol) opens the same seat.
	bob, err := client.Dial(ctx, h.base, next, tokens[1], -1)
	if err != nil {
		t.Fatalf("Bob's old token in the rematch: %v", err)
	}
	bob.Close()

	table.until("the table screen offers the rematch", fmt.Sprintf(`(document.querySelector("#rematch-ready") || {}).dataset?.rematch === %q`, next))
	table.fits("table screen end")
	table.screenshot("11-table-rematch.png")

	// Back on the old room's end screen, the host closes it: two taps.
	ann.run("back to the old room", chromedp.Navigate(fmt.Sprintf("%s/sonar.html?room=%s&seat=0", h.base, code)))
	ann.wait("#join-rematch") // the rematch is there to join again
	ann.tap("#close-room")
	ann.until("the second tap asked", `document.querySelector("#close-room").textContent.startsWith("Tap again")`)
	ann.tap("#close-room")
	ann.until("the lobby", `location.pathname === "/"`)
	if res, err := http.Get(h.base + "/api/rooms/" + code); err != nil || res.StatusCode != 404 {
		t.Fatalf("the closed room: %v %v", res.Status, err)
	}
	if res, err := http.Get(h.base + "/api/matches/" + code); err != nil || res.StatusCode != 200 {
		t.Fatalf("the closed room's debrief: %v %v", res.Status, err)
	}
}
