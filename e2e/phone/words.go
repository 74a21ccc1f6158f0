package phone

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/games/gamestest"
)

// Players read words, not codes: the checks of what a page shows in
// letters (rule codes, coordinates, region ids), of its tap targets and of
// its type size, that every pocket game's browser test can run.

// Scan gathers, over a whole match, what a page's visible text
// (document.body.innerText) shows that a player should never read: a rule
// code (alone or as "rule: too_far"), axial coordinates ("0,-9"), region
// ids ("A2"), a count that shirks its number ("token(s)"). Rule codes and
// such plurals always fail the test; Axial and IDs say whether those
// patterns fail it too (a game whose board labels its squares A1..H8
// names them so on purpose), else they are only logged, as what remains.
type Scan struct {
	Axial, IDs bool

	// Forbid are a game's own codes a player must never read (unit ids
	// like "AR1"), by name; each one seen fails the test.
	Forbid map[string]*regexp.Regexp

	codes map[string]bool
	found map[string]string // finding -> where it was read
	last  time.Time
	Every time.Duration // Look skips scans closer than this (default 250 ms)
}

// NewScan is a Scan for the game whose rules package is at gameDir
// (relative to the repository root, "games/saga"): its rule codes (every
// code its source refuses with, gamestest.RuleCodes) and the runtime's
// (docs/protocol.md, "The runtime's rules").
func NewScan(t *testing.T, gameDir string) *Scan {
	t.Helper()
	root := repoRoot(t)
	codes := map[string]bool{}
	for c := range gamestest.RuleCodes(t, filepath.Join(root, gameDir)) {
		codes[c] = true
	}
	for _, c := range runtimeRules(t, filepath.Join(root, "docs", "protocol.md")) {
		codes[c] = true
	}
	if len(codes) < 5 {
		t.Fatalf("only %d rule codes known for %s: the scan would be blind", len(codes), gameDir)
	}
	return &Scan{codes: codes, found: map[string]string{}}
}

// Codes is how many rule codes the scan knows.
func (s *Scan) Codes() int { return len(s.codes) }

// repoRoot is the directory of go.mod above the test's directory.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = up
	}
}

var tableCode = regexp.MustCompile("^\\| `([a-z0-9_]+)` \\|")

// runtimeRules reads the rule codes of the runtime's table in protocol.md.
func runtimeRules(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var codes []string
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			in = strings.Contains(line, "The runtime's rules")
			continue
		}
		if m := tableCode.FindStringSubmatch(line); in && m != nil {
			codes = append(codes, m[1])
		}
	}
	if len(codes) == 0 {
		t.Fatalf("no rule codes in the runtime's table of %s", path)
	}
	return codes
}

// readWords returns every snake_case word, the word after "rule:", axial
// pair and letter-digit id of the page's visible text, each with a few
// words around it.
const readWords = `(() => {
  const text = document.body.innerText || "";
  const out = [];
  const near = (i, n) => text.slice(Math.max(0, i - 30), i + n + 30).replace(/\s+/g, " ").trim();
  const grab = (kind, re) => { for (const m of text.matchAll(re)) out.push({kind, what: m[1] || m[0], near: near(m.index, m[0].length)}); };
  grab("code", /\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b/g);
  grab("rule", /\brule:\s*([a-z][a-z0-9_]*)/gi);
  grab("axial", /(?<![\w.,])(-?\d{1,2},\s?-?\d{1,2})(?![\d,])/g);
  grab("id", /\b([A-Z][0-9]{1,2})\b/g);
  grab("plural", /\b([A-Za-z]+\(s\))/g);
  return out;
})()`

type word struct {
	Kind, What, Near string
}

// Look scans the page's visible text now (at most once per s.Every).
func (s *Scan) Look(p *Phone, when string) {
	p.T.Helper()
	every := s.Every
	if every == 0 {
		every = 250 * time.Millisecond
	}
	if time.Since(s.last) < every {
		return
	}
	s.LookNow(p, when)
}

// LookNow scans the page's visible text now.
func (s *Scan) LookNow(p *Phone, when string) {
	p.T.Helper()
	s.last = time.Now()
	var ws []word
	p.Eval(readWords, &ws)
	for _, w := range ws {
		// A code, or "rule: CODE" ("House rule: after turn 60" is words).
		if (w.Kind == "code" || w.Kind == "rule") && !s.codes[w.What] {
			continue
		}
		key := w.Kind + " " + w.What
		if _, ok := s.found[key]; !ok {
			s.found[key] = fmt.Sprintf("%s: %q", when, w.Near)
		}
	}
	if len(s.Forbid) == 0 {
		return
	}
	var text string
	p.Eval(`document.body.innerText || ""`, &text)
	for name, re := range s.Forbid {
		for _, m := range re.FindAllStringIndex(text, -1) {
			key := "forbidden " + name + ":" + text[m[0]:m[1]]
			if _, ok := s.found[key]; !ok {
				near := strings.ToValidUTF8(strings.Join(strings.Fields(text[max(0, m[0]-30):min(len(text), m[1]+30)]), " "), "")
				s.found[key] = fmt.Sprintf("%s: %q", when, near)
			}
		}
	}
}

// Report fails the test for each rule code and each enforced
// pattern seen, and logs the others: what a game still prints in codes.
func (s *Scan) Report(t *testing.T, game string) {
	t.Helper()
	keys := make([]string, 0, len(s.found))
	for k := range s.found {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	left := map[string][]string{}
	for _, k := range keys {
		kind, what, _ := strings.Cut(k, " ")
		fail := kind == "code" || kind == "rule" || kind == "forbidden" || kind == "plural" || (kind == "axial" && s.Axial) || (kind == "id" && s.IDs)
		if fail {
			t.Errorf("%s: a player reads %s (%s)", game, k, s.found[k])
		} else {
			if len(left[kind]) == 0 {
				what += " (" + s.found[k] + ")"
			}
			left[kind] = append(left[kind], what)
		}
	}
	for _, kind := range []string{"axial", "id"} {
		if n := len(left[kind]); n > 0 {
			t.Logf("%s: still in the text, unchecked: %d %s like %s", game, n, kind, strings.Join(left[kind][:min(n, 6)], ", "))
		}
	}
}

// RefusalRule is the rule code of the refusal under sel (its data-rule),
// checking the code stays out of the words a player reads.
func (p *Phone) RefusalRule(sel string) string {
	p.T.Helper()
	var r struct {
		Rule, Text string
	}
	p.Eval(fmt.Sprintf(`(() => { const e = document.querySelector(%q + " .refusal"); return e ? {Rule: e.dataset.rule || "", Text: e.innerText} : {}; })()`, sel), &r)
	if r.Rule != "" && (strings.Contains(r.Text, r.Rule)) {
		p.T.Errorf("the refusal %q shows its rule code %s to the player", r.Text, r.Rule)
	}
	return r.Rule
}

// SmallRegions lists the elements matching sel (a board's tappable
// regions) that are on screen and under 44x44 px, each as its data
// (data-sq, data-region, id or tag) and size.
func (p *Phone) SmallRegions(sel string) []string {
	p.T.Helper()
	var small []string
	p.Eval(fmt.Sprintf(`[...document.querySelectorAll(%q)].map((e) => [e, e.getBoundingClientRect()])
		.filter(([e, r]) => r.width > 0 && r.height > 0 && (r.width < 43.5 || r.height < 43.5) && getComputedStyle(e).pointerEvents !== "none")
		.map(([e, r]) => (e.dataset.sq || e.dataset.region || e.dataset.hex || e.id || e.tagName) + " " + Math.round(r.width) + "x" + Math.round(r.height))`, sel), &small)
	return small
}

// SmallType lists the visible texts under root drawn under min px high on
// screen: HTML by its computed font size, SVG text by its font size times
// the drawing's scale (a 12-unit label on a board shrunk to half is 6 px).
func (p *Phone) SmallType(root string, min float64) []string {
	p.T.Helper()
	var small []string
	p.Eval(fmt.Sprintf(`(() => {
  const out = [];
  for (const e of document.querySelectorAll(%q + " *")) {
    const own = [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
    if (!own) continue;
    const cs = getComputedStyle(e);
    if (cs.display === "none" || cs.visibility === "hidden" || Number(cs.opacity) === 0) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    let px = parseFloat(cs.fontSize);
    if (e instanceof SVGElement && e.getScreenCTM) {
      const m = e.getScreenCTM();
      if (m) px *= Math.hypot(m.a, m.b);
    }
    if (px < %f - 0.05) out.push(own.slice(0, 12) + " " + px.toFixed(1) + "px");
  }
  return out;
})()`, root, min), &small)
	return small
}

// EndScreen checks the end of a match on a seated phone, the
// same in every game: at the top of the play section, the result to this
// phone in a word and a shape (Victory ★, Defeat ✕, Draw =), then What
// next: a rematch with the same seats or the sides swapped, the replay
// and the debrief of /match/CODE, the stats, the lobby, and for the host
// the room's closing, each a 44 px target. It answers the result
// ("victory", "defeat", "draw").
func (p *Phone) EndScreen(host bool) string {
	p.T.Helper()
	var code string
	p.Eval(`new URLSearchParams(location.search).get('room') || ""`, &code)
	p.Wait("#result")
	p.Wait("#what-next #rematch")
	if host {
		p.Run("the host may close the room", chromedp.Poll(`!!document.querySelector('#what-next #close-room')`, nil, chromedp.WithPollingTimeout(10*time.Second)))
	}
	var end struct {
		Result, Word, Icon string
		Links              map[string]string
		First, Next        bool
	}
	p.Eval(`(() => {
  const r = document.getElementById("result");
  const links = {};
  for (const id of ["rematch", "rematch-swap", "open-replay", "open-debrief", "open-stats", "open-lobby"]) {
    const e = document.getElementById(id);
    links[id] = e ? (e.getAttribute("href") || e.textContent.trim()) : "";
  }
  const out = document.getElementById("outcome");
  const play = document.getElementById("play");
  return {
    Result: r.dataset.result || "", Word: r.querySelector(".end-word")?.textContent || "",
    Icon: r.querySelector(".end-icon")?.textContent || "", Links: links,
    First: !!out && play && [...play.children].find((c) => c.offsetParent !== null && c.textContent.trim() !== "") === out,
    Next: r.nextElementSibling?.id === "what-next",
  };
})()`, &end)
	want := map[string][2]string{"victory": {"Victory", "★"}, "defeat": {"Defeat", "✕"}, "draw": {"Draw", "="}}
	if w, ok := want[end.Result]; !ok || end.Word != w[0] || end.Icon != w[1] {
		p.T.Errorf("the end reads %q with shape %q (result %q), want Victory ★, Defeat ✕ or Draw = to a seat", end.Word, end.Icon, end.Result)
	}
	for id, href := range map[string]string{"open-replay": "/match/" + code, "open-debrief": "/match/" + code + "#debrief", "open-stats": "/history#stats", "open-lobby": "/"} {
		if end.Links[id] != href {
			p.T.Errorf("what next: %s leads to %q, want %s", id, end.Links[id], href)
		}
	}
	if end.Links["rematch"] == "" || end.Links["rematch-swap"] == "" {
		p.T.Errorf("what next offers no rematch with the same seats or swapped: %v", end.Links)
	}
	if !end.First || !end.Next {
		p.T.Errorf("the result and what next are not first on the page, together (first %v, together %v)", end.First, end.Next)
	}
	// Each choice is a thumb's 44 px.
	var small []string
	p.Eval(`[...document.querySelectorAll('#what-next :is(a, button)')].filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.width < 43.5 || r.height < 43.5); }).map((e) => (e.id || e.textContent.trim()).slice(0, 24))`, &small)
	if len(small) > 0 {
		p.T.Errorf("what next: choices under 44 px: %q", small)
	}
	return end.Result
}

// Navigated waits until the page, which navigates meanwhile (a tap that
// opens another room), satisfies the script cond, for up to 15 s; a look
// taken while the page is swapped is taken again.
func (p *Phone) Navigated(what, cond string) {
	p.T.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var ok bool
		if err := chromedp.Run(p.Ctx, chromedp.Evaluate(cond, &ok)); err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			p.T.Fatalf("%s: not after 15 s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
