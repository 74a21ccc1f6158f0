// Package seats_test plays the seat rules of a match in play in a real
// browser: a player whose phone died asks for the seat back from the lobby
// and a phone of the same side lets it in.
package seats_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/client"
	"periscope/e2e/phone"
	"periscope/games/gridtactics"
	"periscope/rooms"
)

func TestSeatBackOnANewPhone(t *testing.T) {
	browser := phone.Browser(t, 90*time.Second, phone.IPhone13)
	base := phone.Serve(t, gridtactics.Definition)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	// Ana plays Red against the bot from her first phone (a Go client).
	api := client.API{Base: base}
	lobby, err := api.Create(ctx, "gridtactics", nil)
	if err != nil {
		t.Fatal(err)
	}
	token, err := api.Take(ctx, lobby.Code, 0, "Ana")
	if err != nil {
		t.Fatal(err)
	}
	first, err := client.Dial(ctx, base, lobby.Code, token, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	if err := first.Host(ctx, rooms.ActionBot, 1); err != nil {
		t.Fatal(err)
	}
	if err := first.Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}

	// Her new phone opens the join link and asks for Red.
	// A script error on the page fails the test; screenshots are kept in
	// $PERISCOPE_SHOTS when that is set.
	p := phone.New(t, browser, t.TempDir(), phone.Options{Device: phone.IPhone13})
	p.Run("open the join link", chromedp.Navigate(base+"/join/"+lobby.Code))
	p.Run("the claim card", chromedp.WaitVisible("#claim", chromedp.ByQuery), chromedp.ScrollIntoView("#claim", chromedp.ByQuery))
	p.Screenshot("claim-card.png")
	// Mid-match the page does not invite a newcomer to take a free seat.
	if got := p.Text("#name-help"); strings.Contains(got, "take a free seat") || !strings.Contains(got, "under way") {
		t.Errorf("mid-match the join page says %q", got)
	}
	p.Run("ask for Red", chromedp.SetValue("#claim-seat", "0", chromedp.ByQuery), chromedp.Click("#claim", chromedp.ByQuery))
	p.Run("waiting for the answer", chromedp.WaitVisible(`[role="status"]`, chromedp.ByQuery))
	if got := p.Text(`[role="status"]`); !strings.Contains(got, "waiting for a player of that side") {
		t.Fatalf("after asking, the page says %q", got)
	}

	// The old phone, on Red's side, lets it in.
	id := ""
	for id == "" {
		for _, c := range first.Lobby().Claims {
			if c.Seat == 0 {
				id = c.ID
			}
		}
		if id == "" {
			wait, done := context.WithTimeout(ctx, 100*time.Millisecond)
			first.Next(wait)
			done()
		}
	}
	if err := first.Grant(ctx, id, true); err != nil {
		t.Fatalf("grant: %v (%v)", err, first.Err())
	}
	p.Run("the new phone plays Red", chromedp.WaitVisible("#play", chromedp.ByQuery))
	var url string
	p.Run("where the page went", chromedp.Location(&url))
	if !strings.Contains(url, "/tactics.html?room="+lobby.Code+"&seat=0") {
		t.Fatalf("the granted phone went to %s", url)
	}
	p.Screenshot("granted.png")

	// Now a stranger asks for Red: the browser phone, on Red's side, sees
	// the request over its game page and refuses it.
	stranger, err := client.Dial(ctx, base, lobby.Code, "", -1)
	if err != nil {
		t.Fatal(err)
	}
	defer stranger.Close()
	if err := stranger.Claim(ctx, 0, "Mallory"); err != nil {
		t.Fatal(err)
	}
	p.Run("the request shows", chromedp.WaitVisible(`.claims .claim button[data-allow="0"]`, chromedp.ByQuery))
	if got := p.Text(".claims .claim"); !strings.Contains(got, "Mallory asks to take Red") {
		t.Fatalf("the request reads %q", got)
	}
	p.Screenshot("request.png")
	p.Run("refuse", chromedp.Click(`.claims .claim button[data-allow="0"]`, chromedp.ByQuery))
	for {
		m, err := stranger.Next(ctx)
		if err != nil {
			t.Fatalf("the stranger heard no answer: %v", err)
		}
		if m.T == rooms.TypeError {
			if m.Code != rooms.CodeForbidden || !strings.Contains(m.Message, "did not let this phone take seat 0") {
				t.Fatalf("the refusal reads %s %q", m.Code, m.Message)
			}
			break
		}
		if m.T == rooms.TypeSeat {
			t.Fatal("a refused claim was granted")
		}
	}
	p.Run("the banner goes", chromedp.WaitNotPresent(".claims .claim", chromedp.ByQuery))
}
