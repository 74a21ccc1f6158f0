package e2e

import (
	"strings"
	"testing"
)

func TestLobbyOffersEveryGameAndExplainsRefusals(t *testing.T) {
	e := start(t)
	defer logShots(t)
	p := e.phone(t, "lobby")
	p.open("/")
	p.see("#first-dive-go")
	p.fits("lobby-home", "#join-code", "#first-dive-go")
	openAllOptions(p)
	p.fits("lobby-options", "#create-room", "#opt-map")

	// A wrong code is refused in the server's words, next to the form.
	p.typeIn("#join-code", "ZZZZZ")
	p.tap(`#join-code + button`)
	if msg := p.text(`[data-group=join] .refusal`); !strings.Contains(msg, "ZZZZZ") {
		t.Fatalf("an unknown code reads %q", msg)
	}

	// Every game of the server is offered; Pocket Tactics seats go to its
	// own page.
	games := p.text("#create fieldset")
	for _, title := range []string{"Captain Sonar", "Pocket Tactics"} {
		if !strings.Contains(games, title) {
			t.Fatalf("the create form offers %q, not %s", games, title)
		}
	}
	p.tap(`input[name=game][value=gridtactics]`)
	p.see(`input[name=small_board]`)
	p.tap("#create-room")
	code := p.text("[data-code]")
	// This test server knows no address but loopback: the room page says
	// phones cannot join and how to fix it, rather than show a dead link.
	if warn := p.text(`[data-lan-warn] .lan-warn`); !strings.Contains(warn, "Phones cannot join") || !strings.Contains(warn, "-public http://ADDRESS:PORT") {
		t.Errorf("on a loopback-only server the room page warns %q", warn)
	}
	// Pocket Tactics seats Red first: the lobby names the sides as the
	// game does, not as Captain Sonar's crews.
	p.see(`.seat[data-seat="0"]`)
	var side string
	p.eval(`document.querySelector('.seat[data-seat="0"]').closest(".card").querySelector("h3").textContent`, &side)
	if side != "Red" {
		t.Fatalf("seat 0 of a Pocket Tactics room is listed under %q", side)
	}
	p.typeIn("#name", "Tess")
	p.tap(`[data-take="0"]`)
	p.until("the tactics page", `location.pathname === "/tactics.html" && location.search.includes("room=`+code+`")`)

	// Without a name, taking a seat asks for one.
	q := e.phone(t, "lobby-2")
	q.open("/?room=" + code)
	// Tap once the room is live, as a player would after it settles.
	q.until("the live room", `document.querySelector("#conn")?.dataset.state === "online"`)
	q.tap(`[data-take="1"]`)
	if msg := q.text(`[data-group=take] .refusal`); !strings.Contains(msg, "name") {
		t.Fatalf("a nameless seat reads %q", msg)
	}
}
