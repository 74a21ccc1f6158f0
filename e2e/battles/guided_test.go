package battles_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/battles"
)

// TestGuidedFirstMatch: "Learn to play" is the create form's first big
// choice; one tap opens the room, seats the learner bot and starts; then
// the test only follows the lessons, tapping the outlined suggestion each
// time (the army, deployment, orders, answers, hits) and reading each bot
// answer, to the end of the battle and the closing card.
func TestGuidedFirstMatch(t *testing.T) {
	base := phone.Serve(t, battles.Definition)
	p := phone.New(t, phone.Browser(t, 4*time.Minute, onPhone.Device), screens(t), onPhone)

	p.Run("open the page", chromedp.Navigate(base+"/battles.html"))
	p.LearnFirst()
	p.Wait(`#guide-card`)
	p.Fits("guided start")
	p.Screenshot("guided-1-start.png")

	g := p.FollowLessons(200*time.Second, func(what string) { p.Screenshot("guided-2-" + what + ".png") })
	t.Logf("guided battle over after %d taps; lessons %v; %d answers", g.Taps, g.Lessons, len(g.Answers))
	for _, id := range []string{"army", "deploy"} {
		if g.Lessons[id] == 0 {
			t.Errorf("the %q lesson never showed (lessons %v)", id, g.Lessons)
		}
	}
	if g.Lessons["charge"]+g.Lessons["shoot"]+g.Lessons["order"] == 0 {
		t.Errorf("no order lesson over a whole battle (lessons %v)", g.Lessons)
	}
	if len(g.Answers) == 0 {
		t.Error("the bot's answer was never explained")
	}
	if !strings.Contains(g.Closing, "You fought a whole battle") {
		t.Errorf("the closing card reads %q", g.Closing)
	}
	p.Fits("guided end")
	p.Screenshot("guided-4-closing.png")
}
