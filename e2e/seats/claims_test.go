// Package seats_test plays the seat rules of a match in play in a real
// browser: a player whose phone died asks for the seat back from the lobby
// and a phone of the same side lets it in.
package seats_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/device"

	"periscope/client"
	"periscope/e2e/chrome"
	"periscope/games/gridtactics"
	"periscope/rooms"
	"periscope/server"
	"periscope/server/servertest"
	"periscope/static"
)

func TestSeatBackOnANewPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	if why := chrome.Missing(); why != "" {
		chrome.Skip(t, why)
	}
	_, base := servertest.Serve(t, server.Config{Hub: servertest.Hub(t, gridtactics.Definition), Static: static.FS})
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
	browser, stop, err := chrome.Start(ctx, 390, 844)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	phone := newPhone(t, browser)
	shots := t.TempDir()
	phone.run("open the join link", chromedp.Navigate(base+"/join/"+lobby.Code))
	phone.run("the claim card", chromedp.WaitVisible("#claim", chromedp.ByQuery))
	phone.shot(shots, "claim-card.png")
	phone.run("ask for Red", chromedp.SetValue("#claim-seat", "0", chromedp.ByQuery), chromedp.Click("#claim", chromedp.ByQuery))
	phone.run("waiting for the answer", chromedp.WaitVisible(`[role="status"]`, chromedp.ByQuery))
	if got := phone.text(`[role="status"]`); !strings.Contains(got, "waiting for a player of that side") {
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
	phone.run("the new phone plays Red", chromedp.WaitVisible("#play", chromedp.ByQuery))
	var url string
	phone.run("where the page went", chromedp.Location(&url))
	if !strings.Contains(url, "/tactics.html?room="+lobby.Code+"&seat=0") {
		t.Fatalf("the granted phone went to %s", url)
	}
	phone.shot(shots, "granted.png")

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
	phone.run("the request shows", chromedp.WaitVisible(`.claims .claim button[data-allow="0"]`, chromedp.ByQuery))
	if got := phone.text(".claims .claim"); !strings.Contains(got, "Mallory asks to take Red") {
		t.Fatalf("the request reads %q", got)
	}
	phone.shot(shots, "request.png")
	phone.run("refuse", chromedp.Click(`.claims .claim button[data-allow="0"]`, chromedp.ByQuery))
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
	phone.run("the banner goes", chromedp.WaitNotPresent(".claims .claim", chromedp.ByQuery))
}

type phone struct {
	t   *testing.T
	ctx context.Context
}

func newPhone(t *testing.T, browser context.Context) *phone {
	t.Helper()
	ctx, cancel, err := chrome.NewTab(browser)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cancel)
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			t.Errorf("page error: %s", e.ExceptionDetails.Error())
		}
	})
	p := &phone{t: t, ctx: ctx}
	p.run("emulate a phone", chromedp.Emulate(device.IPhone13))
	return p
}

func (p *phone) run(what string, actions ...chromedp.Action) {
	p.t.Helper()
	if err := chromedp.Run(p.ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

func (p *phone) text(sel string) string {
	p.t.Helper()
	var s string
	p.run("read "+sel, chromedp.Evaluate(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel), &s))
	return s
}

func (p *phone) shot(dir, name string) {
	p.t.Helper()
	var png []byte
	p.run("screenshot", chromedp.CaptureScreenshot(&png))
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	if keep := os.Getenv("PERISCOPE_SHOTS"); keep != "" {
		_ = os.WriteFile(filepath.Join(keep, name), png, 0o644)
	}
}
