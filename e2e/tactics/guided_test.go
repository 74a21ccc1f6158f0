package tactics_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/gridtactics"
)

// guidedStep is what the test's finger does next in a guided match, read
// from the page: the closing card ends it, the bot's answer is read
// ("Got it"), else the outlined suggestion is tapped.
const guidedStep = `(() => {
  const b = document.body.dataset;
  const card = document.getElementById('guide-card');
  const lesson = card ? (card.querySelector('.guide-lesson') || {dataset: {}}).dataset.lesson || '' : '';
  if (document.getElementById('guide-real')) return {done: true, lesson: 'closing'};
  if (b.busy === '1') return {lesson};
  if (document.getElementById('guide-ok')) return {tap: '#guide-ok', lesson, answer: document.getElementById('guide-answer').textContent};
  const t = document.querySelector('.guide-target');
  if (t) return {tap: t.id ? '#' + t.id : 'rect.hit[data-sq="' + t.dataset.sq + '"]', lesson};
  return {lesson};
})()`

type guidedMove struct {
	Done   bool   `json:"done"`
	Tap    string `json:"tap"`
	Lesson string `json:"lesson"`
	Answer string `json:"answer"`
}

// TestGuidedFirstMatch: "Learn to play" is the create form's first big
// choice; one tap opens the room, seats the learner bot and starts; then
// the test only follows the lessons, tapping the outlined suggestion each
// time and reading each bot answer, to the end of the match and the
// closing card that points to a real match.
func TestGuidedFirstMatch(t *testing.T) {
	base := phone.Serve(t, gridtactics.Definition)
	p := phone.New(t, phone.Browser(t, 3*time.Minute, calmPhone.Device), screens(t), calmPhone)

	p.Run("open the page", chromedp.Navigate(base+"/tactics.html"))
	p.Wait("#learn")
	var first string
	p.Eval(`document.querySelector('#intro button').id`, &first)
	if first != "learn" {
		t.Errorf("the create form's first choice is #%s, want the guided match", first)
	}
	if got := p.Text("#learn"); !strings.HasPrefix(got, "Learn to play: a guided first match") {
		t.Errorf("the first choice reads %q", got)
	}
	p.MustTap("#learn")
	// One tap: the bot takes Blue and the match starts, at the setup lesson.
	p.Wait(`body[data-phase="setup"] #guide-card`)
	if got := p.Text(`.tx-side[data-seat="1"] .nm`); !strings.Contains(got, "Bot") {
		t.Errorf("Blue reads %q, want the bot", got)
	}
	p.Fits("guided setup")
	p.Screenshot("guided-1-setup.png")

	lessons := map[string]int{}
	var answers []string
	taps := 0
	for deadline := time.Now().Add(150 * time.Second); ; {
		var m guidedMove
		p.Eval(guidedStep, &m)
		if m.Lesson != "" {
			lessons[m.Lesson]++
		}
		if m.Done {
			break
		}
		if time.Now().After(deadline) || taps > 3000 {
			p.Screenshot("guided-stuck.png")
			t.Fatalf("no closing card after %d taps; lessons %v", taps, lessons)
		}
		if m.Tap == "" {
			time.Sleep(30 * time.Millisecond)
			continue
		}
		if m.Answer != "" {
			if len(answers) == 0 {
				p.Eval(`document.getElementById('guide-card').scrollIntoView({block: 'center'})`, nil)
				p.Screenshot("guided-2-answer.png")
			}
			answers = append(answers, m.Answer)
		}
		if taps == 12 {
			p.Screenshot("guided-3-lesson.png")
		}
		taps++
		p.Tap(m.Tap)
	}
	t.Logf("guided match over after %d taps; lessons %v; %d answers", taps, lessons, len(answers))
	for _, id := range []string{"setup", "turn", "end"} {
		if lessons[id] == 0 {
			t.Errorf("the %q lesson never showed (lessons %v)", id, lessons)
		}
	}
	if lessons["attack"]+lessons["tank"]+lessons["artillery"] == 0 {
		t.Errorf("no attack lesson over a whole match (lessons %v)", lessons)
	}
	if len(answers) == 0 {
		t.Error("the bot's answer was never explained")
	} else if !strings.Contains(answers[0], "Blue") {
		t.Errorf("the first answer reads %q, want what Blue did", answers[0])
	}
	// The closing card sums up and points to a real match.
	p.Wait("#guide-real")
	card := p.Text("#guide-card")
	for _, want := range []string{"Your units left", "Play a real match"} {
		if !strings.Contains(card, want) {
			t.Errorf("the closing card reads %q, want %q", card, want)
		}
	}
	var href string
	p.Eval(`document.getElementById('guide-real').getAttribute('href')`, &href)
	if href != "/tactics.html" {
		t.Errorf("the real match link goes to %q", href)
	}
	var top float64
	p.Eval(`document.getElementById('guide-card').getBoundingClientRect().top`, &top)
	if top < 0 || top > 640 {
		t.Errorf("the closing card is at %.0f px, want it in view at the end", top)
	}
	p.Fits("guided end")
	p.Screenshot("guided-4-closing.png")
}
