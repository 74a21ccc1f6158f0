package phone

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/games"
)

// AidsSpec is what one game brings to CheckAids: its page, the selectors
// and texts of its primer and rules card, and the taps that reach its
// second duty.
type AidsSpec struct {
	// Game names the page (/Game.html) and prefixes every failure.
	Game       string
	Definition games.Definition
	// Phones are the phones the flow runs on, a subtest each (named by
	// the width); Limit is each one's time in the browser.
	Phones  []Options
	Limit   time.Duration
	Screens func(*testing.T) string

	// Opened are shown once the page has loaded, before the room.
	Opened []string
	// Primer is the seat's primer in the lobby; Picture, under it, its
	// picture; PrimerSays what it must say besides its shared headings
	// ("What you do", "Your screen"); PrimerShot is scrolled into view for
	// its screenshot (Primer when empty).
	Primer, Picture, PrimerShot string
	PrimerSays                  []string
	// Live matches the board's live parts, none of which may stand in a
	// primer's picture; LiveWhat names the board in the failure.
	Live, LiveWhat string
	// Gone matches every primer that must be off the page during play.
	Gone string

	// First is the duty the start brings; Second the one after
	// Second.Reach.
	First, Second Duty

	// RulesSay is what the rules card must say; RulesMore, when set,
	// checks it further and answers what is wrong ("" when nothing).
	RulesSay  []string
	RulesMore func(p *Phone) string

	// OfflineTop scrolls to the top before the offline screenshot.
	OfflineTop bool
}

// Duty is a moment the phone is owed a move, with what it checks there.
type Duty struct {
	// Reach are the taps that get to it (the second duty's only).
	Reach func(p *Phone)
	// Wait shows once the duty is owed; none when empty.
	Wait string
	// Banner is what the duty banner says then (unchecked when empty);
	// When says the moment in the failure ("with the army to build").
	Banner, When string
	// Buzz says the buzz in the failure: the first's "for its army", the
	// second's "when a unit was to be placed".
	Buzz string
	// Label names the page in the failures; with it the page must fit the
	// phone ("<Label> with the duty banner").
	Label string
	// Contrast and Targets check AA contrast and 44 px targets.
	Contrast, Targets bool
	// Top scrolls to the top before Shot; Shot names its screenshot
	// (aids-<n>-<Shot>-<width>.png), none when empty.
	Top  bool
	Shot string
}

// aids reports a game's failures with its name.
type aids struct {
	t    *testing.T
	game string
}

func (a aids) errorf(format string, args ...any) {
	a.t.Helper()
	a.t.Errorf("%s: %s", a.game, fmt.Sprintf(format, args...))
}

func (a aids) fatalf(format string, args ...any) {
	a.t.Helper()
	a.t.Fatalf("%s: %s", a.game, fmt.Sprintf(format, args...))
}

// CheckAids runs the table aids every pocket game shares (primer.js,
// rulescard.js, banner.js) on each of s.Phones: the seat's one-screen
// primer with its picture (and no live parts in it) in the lobby, the
// primers gone and the rules card one tap away during play, the duty
// banner and one buzz per new duty, AA contrast and 44 px targets, and
// the full-width banner with the controls paused when the server goes
// away; with a screenshot at each step.
func CheckAids(t *testing.T, s AidsSpec) {
	t.Helper()
	for _, o := range s.Phones {
		t.Run(fmt.Sprint(o.Device.W), func(t *testing.T) {
			checkAids(t, s, o)
		})
	}
}

func checkAids(t *testing.T, s AidsSpec, o Options) {
	a := aids{t, s.Game}
	base, stop := ServeStoppable(t, s.Definition)
	tag := fmt.Sprintf("-%d", o.Device.W)
	p := New(t, Browser(t, s.Limit, o.Device), s.Screens(t), o)
	shots := 0 // the screenshots so far
	screenshot := func(name string) {
		t.Helper()
		shots++
		p.Screenshot(fmt.Sprintf("aids-%d-%s%s.png", shots, name, tag))
	}
	p.StubBuzz()
	p.Run("open the page", chromedp.Navigate(base+"/"+s.Game+".html"))
	for _, sel := range s.Opened {
		p.Wait(sel)
	}
	code := p.CreateRoom()
	p.TakeSeat("Ada")

	// The lobby: the primer and its picture.
	p.Wait(s.Primer + " " + s.Picture)
	got := p.Text(s.Primer)
	for _, want := range append(append([]string{}, s.PrimerSays...), "What you do", "Your screen") {
		if !strings.Contains(got, want) {
			a.errorf("the primer reads %q", got)
			break
		}
	}
	var live int
	p.Eval(fmt.Sprintf(`document.querySelectorAll(%q).length`, s.Live), &live)
	if live != 0 {
		a.errorf("the primer's picture carries %d live %s parts", live, s.LiveWhat)
	}
	if bad := p.LowContrast("main *", ".topbar *"); len(bad) > 0 {
		a.errorf("lobby below AA contrast: %q", bad)
	}
	if small := p.SmallTargets(); len(small) > 0 {
		a.errorf("lobby: controls under 44 px: %q", small)
	}
	p.Fits(s.Game + ": lobby with the primer")
	figure := s.PrimerShot
	if figure == "" {
		figure = s.Primer
	}
	// Found and scrolled in one script: a lobby frame may redraw the
	// primer between a query and a scroll by node (a CI run failed so).
	var scrolled bool
	p.Eval(fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (e) e.scrollIntoView({block: "center"}); return !!e })()`, figure), &scrolled)
	if !scrolled {
		a.errorf("no %s to scroll to", figure)
	}
	screenshot("primer")

	// The first duty: banner, one buzz, no primer left.
	p.BotAndStart()
	d := s.First
	p.Wait(d.Wait)
	p.Wait("#duty-banner")
	if got := p.Text("#duty-banner"); !strings.Contains(got, d.Banner) {
		a.errorf("%s the banner reads %q", d.When, got)
	}
	if n := p.Buzzes(); n != 1 {
		a.errorf("the phone buzzed %d times %s, want 1", n, d.Buzz)
	}
	var primers int
	p.Eval(fmt.Sprintf(`document.querySelectorAll(%q).length`, s.Gone), &primers)
	if primers != 0 {
		a.errorf("%d primers left on the page during play: the rules card has them", primers)
	}
	a.duty(p, d, screenshot)

	// The rules card, one tap away.
	p.MustTap("#rules-open")
	p.Wait("dialog#rules")
	rules := p.Text("dialog#rules")
	for _, want := range s.RulesSay {
		if !strings.Contains(rules, want) {
			a.errorf("the rules card lacks %q", want)
		}
	}
	if wrong := p.HouseRulesShown(base, code, s.Definition); wrong != "" {
		a.errorf("%s", wrong)
	}
	if s.RulesMore != nil {
		if wrong := s.RulesMore(p); wrong != "" {
			a.errorf("%s", wrong)
		}
	}
	if bad := p.LowContrast("dialog#rules *"); len(bad) > 0 {
		a.errorf("rules card below AA contrast: %q", bad)
	}
	if small := p.SmallTargets(); len(small) > 0 {
		a.errorf("rules card: controls under 44 px: %q", small)
	}
	p.Fits(s.Game + ": the rules card")
	screenshot("rules")
	p.MustTap("#rules-close")

	// The second duty buzzes again.
	d = s.Second
	d.Reach(p)
	for deadline := time.Now().Add(20 * time.Second); p.Buzzes() < 2; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			a.fatalf("the phone buzzed %d times, and not again %s", p.Buzzes(), d.Buzz)
		}
	}
	if d.Wait != "" {
		p.Wait(d.Wait)
	}
	if d.Banner != "" {
		if got := p.Text("#duty-banner"); !strings.Contains(got, d.Banner) {
			a.errorf("%s the banner reads %q", d.When, got)
		}
	}
	a.duty(p, d, screenshot)

	// The server goes away: the banner, the controls paused.
	stop()
	p.Wait("#conn-banner")
	var paused bool
	p.Eval(`document.body.classList.contains("paused") && getComputedStyle(document.querySelector("main")).pointerEvents === "none"`, &paused)
	if !paused {
		a.errorf("the controls are not paused while the server is gone")
	}
	if s.OfflineTop {
		p.Eval(`window.scrollTo(0, 0)`, nil)
	}
	screenshot("offline")
}

// duty checks the page at a duty as d asks, and takes its screenshot.
func (a aids) duty(p *Phone, d Duty, screenshot func(string)) {
	a.t.Helper()
	if d.Contrast {
		if bad := p.LowContrast("main *", ".topbar *"); len(bad) > 0 {
			a.errorf("%s below AA contrast: %q", d.Label, bad)
		}
	}
	if d.Targets {
		if small := p.SmallTargets(); len(small) > 0 {
			a.errorf("%s: controls under 44 px: %q", d.Label, small)
		}
	}
	if d.Label != "" {
		p.Fits(a.game + ": " + d.Label + " with the duty banner")
	}
	if d.Top {
		p.Eval(`window.scrollTo(0, 0)`, nil)
	}
	if d.Shot != "" {
		screenshot(d.Shot)
	}
}

// HouseRulesShown compares the open rules card's "House rules at this
// table" with the house rules games.HouseRulesInForce puts in force for
// the options of room code (as the server at base keeps them): the same
// rules, in the same order, in the same words. It answers what differs,
// "" when nothing. CheckAids asks it of every pocket page.
func (p *Phone) HouseRulesShown(base, code string, def games.Definition) string {
	p.T.Helper()
	res, err := http.Get(base + "/api/rooms/" + code)
	if err != nil {
		return fmt.Sprintf("the room's lobby: %v", err)
	}
	defer res.Body.Close()
	var lobby struct {
		Options json.RawMessage `json:"options"`
	}
	if err := json.NewDecoder(res.Body).Decode(&lobby); err != nil || res.StatusCode != http.StatusOK {
		return fmt.Sprintf("the room's lobby: %d %v", res.StatusCode, err)
	}
	want := games.HouseRulesInForce(def, lobby.Options)
	type shown struct {
		Section, Title, Note string
		Rules                []struct{ ID, Text string }
	}
	var got shown
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		p.Eval(`(() => {
  const ul = document.querySelector("dialog#rules [data-house-rules]");
  const sec = ul && ul.closest("section");
  return {
    Section: sec ? "yes" : "",
    Title: (sec && sec.querySelector("h3") || {}).textContent || "",
    Note: (document.querySelector("dialog#rules [data-house-rules-note]") || {}).textContent || "",
    Rules: ul ? [...ul.querySelectorAll("li")].map((li) => ({ID: li.dataset.rule || "", Text: li.textContent})) : [],
  };
})()`, &got)
		if got.Section != "" && !strings.HasPrefix(got.Note, "Loading") || time.Now().After(deadline) {
			break
		}
	}
	switch {
	case got.Section == "":
		return `the rules card has no list of house rules ([data-house-rules], the section "House rules at this table")`
	case got.Title != "House rules at this table":
		return fmt.Sprintf("the house rules stand under %q, not \"House rules at this table\"", got.Title)
	case strings.HasPrefix(got.Note, "Loading") || strings.HasPrefix(got.Note, "The house rules could not"):
		return fmt.Sprintf("the house rules never came: %q", got.Note)
	}
	var diffs []string
	for i := 0; i < max(len(want), len(got.Rules)); i++ {
		switch {
		case i >= len(got.Rules):
			diffs = append(diffs, fmt.Sprintf("lacks %s: %q", want[i].ID, want[i].Text))
		case i >= len(want):
			diffs = append(diffs, fmt.Sprintf("shows %s, not in force: %q", got.Rules[i].ID, got.Rules[i].Text))
		case got.Rules[i].ID != want[i].ID || got.Rules[i].Text != want[i].Text:
			diffs = append(diffs, fmt.Sprintf("rule %d is %s %q; want %s %q", i+1, got.Rules[i].ID, got.Rules[i].Text, want[i].ID, want[i].Text))
		}
	}
	if len(diffs) > 0 {
		return fmt.Sprintf("the rules card's house rules differ from those in force for options %s: %s", lobby.Options, strings.Join(diffs, "; "))
	}
	if len(want) == 0 && !strings.HasPrefix(got.Note, "None of our decisions") {
		return fmt.Sprintf("no house rule is in force, and the card says %q", got.Note)
	}
	return ""
}
