package tactics_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/gridtactics"
)

// TestGuidedFirstMatch: "Learn to play" is the create form's first big
// choice; one tap opens the room, seats the learner bot and starts; then
// the test only follows the lessons, tapping the outlined suggestion each
// time and reading each bot answer, to the end of the match and the
// closing card that points to a real match.
func TestGuidedFirstMatch(t *testing.T) {
	base := phone.Serve(t, gridtactics.Definition)
	p := phone.New(t, phone.Browser(t, 3*time.Minute, calmPhone.Device), screens(t), calmPhone)

	p.Run("open the page", chromedp.Navigate(base+"/tactics.html"))
	p.LearnFirst()
	// One tap: the bot takes Blue and the match starts, at the setup lesson.
	p.Wait(`body[data-phase="setup"] #guide-card`)
	if got := p.Text(`.tx-side[data-seat="1"] .nm`); !strings.Contains(got, "Bot") {
		t.Errorf("Blue reads %q, want the bot", got)
	}
	p.Fits("guided setup")
	p.Screenshot("guided-1-setup.png")

	g := p.FollowLessons(150*time.Second, func(what string) { p.Screenshot("guided-2-" + what + ".png") })
	t.Logf("guided match over after %d taps; lessons %v; %d answers", g.Taps, g.Lessons, len(g.Answers))
	for _, id := range []string{"setup", "turn", "end"} {
		if g.Lessons[id] == 0 {
			t.Errorf("the %q lesson never showed (lessons %v)", id, g.Lessons)
		}
	}
	if g.Lessons["attack"]+g.Lessons["tank"]+g.Lessons["artillery"] == 0 {
		t.Errorf("no attack lesson over a whole match (lessons %v)", g.Lessons)
	}
	if len(g.Answers) == 0 {
		t.Error("the bot's answer was never explained")
	} else if !strings.Contains(g.Answers[0], "Blue") {
		t.Errorf("the first answer reads %q, want what Blue did", g.Answers[0])
	}
	if !strings.Contains(g.Closing, "Your units left") {
		t.Errorf("the closing card reads %q, want the units left", g.Closing)
	}
	var href string
	p.Eval(`document.getElementById('guide-real').getAttribute('href')`, &href)
	if href != "/tactics.html" {
		t.Errorf("the real match link goes to %q", href)
	}
	p.Fits("guided end")
	p.Screenshot("guided-4-closing.png")
}
