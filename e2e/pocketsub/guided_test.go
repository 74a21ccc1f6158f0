package pocketsub_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/pocketsub"
)

// TestGuidedFirstMatch: "Learn to play" is the create form's first big
// choice; one tap opens the room, seats the bot and starts; then the test
// only follows the lessons, tapping the outlined suggestion each time and
// reading each bot answer, to the end of the match and the closing card.
func TestGuidedFirstMatch(t *testing.T) {
	base := phone.Serve(t, pocketsub.Definition)
	p := phone.New(t, phone.Browser(t, 3*time.Minute, onPhone.Device), screens(t), onPhone)

	p.Run("open the page", chromedp.Navigate(base+"/pocketsub.html"))
	p.LearnFirst()
	p.Wait(`body[data-phase="playing"] #guide-card`)
	p.Fits("guided start")
	p.Screenshot("guided-1-start.png")

	g := p.FollowLessons(150*time.Second, func(what string) { p.Screenshot("guided-2-" + what + ".png") })
	t.Logf("guided match over after %d taps; lessons %v; %d answers", g.Taps, g.Lessons, len(g.Answers))
	if g.Lessons["turn"] == 0 {
		t.Errorf("the first turn's lesson never showed (lessons %v)", g.Lessons)
	}
	if g.Lessons["move"]+g.Lessons["sink"]+g.Lessons["win"] == 0 {
		t.Errorf("no move lesson over a whole match (lessons %v)", g.Lessons)
	}
	if len(g.Answers) == 0 {
		t.Error("the bot's answer was never explained")
	} else if !strings.Contains(g.Answers[0], "Blue") {
		t.Errorf("the first answer reads %q, want what Blue did", g.Answers[0])
	}
	if !strings.Contains(g.Closing, "Your Subs afloat") {
		t.Errorf("the closing card reads %q, want the Subs afloat", g.Closing)
	}
	p.Fits("guided end")
	p.Screenshot("guided-4-closing.png")
}
