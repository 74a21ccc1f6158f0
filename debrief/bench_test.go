package debrief_test

import (
	"testing"

	"periscope/debrief"
	"periscope/debrief/debrieftest"
	"periscope/games"
	"periscope/roles"
)

// BenchmarkSummarizeSonar is the one-off cost of summing up a finished
// four-a-side Captain Sonar match (radio assist on: the tracker's view is
// read after every enemy announcement), as the server pays it once per
// match.
func BenchmarkSummarizeSonar(b *testing.B) {
	m, err := debrieftest.PlaySonar("BENCH", 4, 4, nil, 3, start)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := debrief.Summarize(roles.Definition, m.Saved); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPublicLog is the cost of a debrief's public log, paid once per
// match and seat (then cached with the replays).
func BenchmarkPublicLog(b *testing.B) {
	m, err := debrieftest.PlaySonar("BENCH", 4, 4, nil, 3, start)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := debrief.Log(roles.Definition, m.Saved, games.Spectator); err != nil {
			b.Fatal(err)
		}
	}
}
