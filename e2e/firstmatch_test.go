package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"periscope/client"
)

// A first match is one tap: the lobby's big choice creates a First dive
// (a crew of four against learner bots, turn-based, teaching), the room
// says so truthfully, and once every seat is taken the host's Start is on
// screen without a scroll. In the full form, ticking the First dive sets
// and locks every option it decides.
func TestFirstDiveIsOneTap(t *testing.T) {
	defer logShots(t)
	for _, sz := range [][2]int64{{360, 640}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			srv := serveStoppable(t)
			e := &env{base: srv.base}
			tag := fmt.Sprintf("-%d", sz[0])
			p := e.phone(t, "host"+tag)
			p.size(sz[0], sz[1])
			p.open("/")
			p.see("#first-dive-go")

			// The full form: the First dive decides the mode, the map, the
			// teaching and the bots, and shows it.
			openAllOptions(p)
			p.tap("#opt-first_dive")
			var form struct {
				Turn, Locked, Teach bool
				Bots                string
			}
			p.eval(`(() => { const m = document.querySelector(`+"`"+`input[name=mode][value='"turnbased"']`+"`"+`);
				return {Turn: m.checked, Locked: m.disabled, Teach: document.querySelector("#opt-teaching").checked, Bots: JSON.parse(document.querySelector("input[name=bot_level]:checked").value)}; })()`, &form)
			if !form.Turn || !form.Locked || !form.Teach || form.Bots != "learner" {
				t.Errorf("after ticking the First dive the form shows %+v: want turn-based (locked), teaching, learner bots", form)
			}
			p.tap("#opt-first_dive")
			p.eval(`document.querySelector("#all-options").open = false`, nil)

			p.tap("#first-dive-go") // the one tap
			code := p.text("[data-code]")
			sum := p.text("[data-summary]")
			for _, want := range []string{"Turn-based", "First dive", "Teaching hints", "Bot strength: Learner"} {
				if !strings.Contains(sum, want) {
					t.Errorf("the room's header reads %q: %q missing", sum, want)
				}
			}
			if strings.Contains(sum, "Real time") || strings.Contains(sum, "Bot strength: Crew") {
				t.Errorf("the room's header reads %q: not what the First dive plays", sum)
			}
			api := client.API{Base: srv.base}
			l, err := api.Room(context.Background(), code)
			if err != nil {
				t.Fatal(err)
			}
			var opts map[string]any
			if err := json.Unmarshal(l.Options, &opts); err != nil {
				t.Fatal(err)
			}
			if opts["first_dive"] != true || opts["mode"] != "turnbased" || opts["bot_level"] != "learner" || opts["teaching"] != true {
				t.Errorf("the room was created with %s", l.Options)
			}

			// The host sits as Blue Captain; three friends take the other
			// Blue seats; the host's phone seats Red's bots.
			p.typeIn("#name", "Ann")
			p.tap(`[data-take="0"]`)
			p.until("the seat page", `location.pathname === "/sonar.html" && document.body.dataset.state === "waiting"`)
			for seat := 1; seat <= 3; seat++ {
				if _, err := api.Take(context.Background(), code, seat, fmt.Sprintf("Friend %d", seat)); err != nil {
					t.Fatal(err)
				}
			}
			p.until("every seat taken", `document.querySelectorAll('.seat[data-taken=false]').length === 0 && document.querySelectorAll('.seat').length === 8`)
			p.until("the Start on screen", `(() => { const r = document.querySelector("#start")?.getBoundingClientRect(); return !!r && r.height > 0; })()`)
			var ok bool
			for range 20 {
				if ok = p.inView("#start"); ok {
					break
				}
				p.eval(`new Promise(r => requestAnimationFrame(() => r(true)))`, nil)
			}
			p.viewport("firstdive-start-in-view" + tag)
			if !ok {
				t.Fatal("every seat is taken but the host's Start is not in view")
			}
		})
	}
}
