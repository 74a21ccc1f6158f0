package saga_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/saga"
)

// TestGuidedFirstMatch: "Learn to play" is the create form's first big
// choice; one tap opens the room, seats the learner bot and starts; then
// the test only follows the lessons, tapping the outlined suggestion each
// time (the map, the base, the units, moves, assaults, re-rolls) and
// reading each bot answer, to the end of the match and the closing card.
func TestGuidedFirstMatch(t *testing.T) {
	base := phone.Serve(t, saga.Definition)
	p := phone.New(t, phone.Browser(t, 4*time.Minute, onPhone.Device), screens(t), onPhone)

	p.Run("open the page", chromedp.Navigate(base+"/saga.html"))
	p.LearnFirst()
	p.Wait(`#guide-card`)
	p.Fits("guided start")
	p.Screenshot("guided-1-start.png")

	g := p.FollowLessons(200*time.Second, func(what string) { p.Screenshot("guided-2-" + what + ".png") })
	t.Logf("guided match over after %d taps; lessons %v; %d answers", g.Taps, g.Lessons, len(g.Answers))
	for _, id := range []string{"build", "deploy", "move"} {
		if g.Lessons[id] == 0 {
			t.Errorf("the %q lesson never showed (lessons %v)", id, g.Lessons)
		}
	}
	if len(g.Answers) == 0 {
		t.Error("the bot's answer was never explained")
	}
	if !strings.Contains(g.Closing, "You played a whole match") {
		t.Errorf("the closing card reads %q", g.Closing)
	}
	p.Fits("guided end")
	p.Screenshot("guided-4-closing.png")
}
