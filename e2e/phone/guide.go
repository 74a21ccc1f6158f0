package phone

import (
	"strings"
	"time"
)

// Guided is what a phone saw while following a guided first match's
// lessons (static/js/guide.js) to its end.
type Guided struct {
	Taps    int
	Lessons map[string]int // lesson id: how many looks showed it
	Answers []string       // the other side's turns, as the card told them
	Closing string         // the closing card's text
}

// guidedStep reads what the finger does next: the closing card ends it,
// the other side's answer is read ("Got it"), else the outlined
// suggestion is tapped.
const guidedStep = `(() => {
  const b = document.body.dataset;
  const card = document.getElementById('guide-card');
  const les = card && card.querySelector('.guide-lesson');
  const lesson = les ? les.dataset.lesson : '';
  if (document.getElementById('guide-real')) return {done: true, lesson: 'closing'};
  if (b.busy === '1') return {lesson};
  if (document.getElementById('guide-ok')) return {tap: '#guide-ok', lesson, answer: document.getElementById('guide-answer').textContent};
  if (document.querySelector('.guide-target')) return {tap: '.guide-target', lesson};
  return {lesson};
})()`

// FollowLessons taps whatever the lessons outline, and reads every answer,
// until the closing card shows; it fails the test after limit or 3000
// taps. shot, when not nil, is called before the first answer is read and
// at tap 12, for screenshots.
func (p *Phone) FollowLessons(limit time.Duration, shot func(what string)) Guided {
	p.T.Helper()
	g := Guided{Lessons: map[string]int{}}
	for deadline := time.Now().Add(limit); ; {
		var m struct {
			Done   bool   `json:"done"`
			Tap    string `json:"tap"`
			Lesson string `json:"lesson"`
			Answer string `json:"answer"`
		}
		p.Eval(guidedStep, &m)
		if m.Lesson != "" {
			g.Lessons[m.Lesson]++
		}
		if m.Done {
			break
		}
		if time.Now().After(deadline) || g.Taps > 3000 {
			p.Screenshot("guided-stuck.png")
			p.T.Fatalf("no closing card after %d taps; lessons %v", g.Taps, g.Lessons)
		}
		if m.Tap == "" {
			time.Sleep(30 * time.Millisecond)
			continue
		}
		if m.Answer != "" {
			if len(g.Answers) == 0 && shot != nil {
				p.Eval(`document.getElementById('guide-card').scrollIntoView({block: 'center'})`, nil)
				shot("answer")
			}
			g.Answers = append(g.Answers, m.Answer)
		}
		if g.Taps == 12 && shot != nil {
			shot("lesson")
		}
		g.Taps++
		p.Tap(m.Tap)
	}
	p.Wait("#guide-real")
	g.Closing = p.Text("#guide-card")
	var top float64
	p.Eval(`document.getElementById('guide-card').getBoundingClientRect().top`, &top)
	if top < 0 || top > float64(p.H) {
		p.T.Errorf("the closing card is at %.0f px, want it in view at the end", top)
	}
	// It points to a real match: a new room of the same page.
	var href, page string
	p.Eval(`document.getElementById('guide-real').getAttribute('href')`, &href)
	p.Eval(`location.pathname`, &page)
	if href != page || !strings.Contains(p.Text("#guide-real"), "real") {
		p.T.Errorf("the closing card's way on goes to %q (%q), want a real match on %s", href, p.Text("#guide-real"), page)
	}
	return g
}

// LearnFirst checks that the page's create form offers the guided match
// as its first big choice, and taps it.
func (p *Phone) LearnFirst() {
	p.T.Helper()
	p.Wait("#learn")
	var first string
	p.Eval(`document.querySelector('#intro button').id`, &first)
	if first != "learn" {
		p.T.Errorf("the create form's first choice is #%s, want the guided match", first)
	}
	if got := p.Text("#learn"); !strings.HasPrefix(got, "Learn to play: a guided first match") {
		p.T.Errorf("the first choice reads %q", got)
	}
	p.MustTap("#learn")
}
