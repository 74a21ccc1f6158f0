package sonar

import "testing"

// A mid-game match: both subs under way, some breakdowns and mines.
func midGame(b *testing.B) *Match {
	m, _, _ := game(5, Options{}, 120, nil)
	if !m.playing() || m.Over() {
		b.Fatal("seed 5 does not give a mid-game position")
	}
	return m
}

func BenchmarkApplyCourse(b *testing.B) {
	m := midGame(b)
	var cmd Command
	for _, o := range m.Courses(Blue) {
		if o.Legal {
			cmd = Command{Type: TypeCourse, Crew: Blue, Role: Captain, Dir: o.Dir}
		}
	}
	if cmd.Type == "" {
		b.Skip("no legal course in the sample position")
	}
	b.ReportAllocs()
	for b.Loop() {
		n := m.clone()
		if _, err := n.Apply(cmd); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyRefused(b *testing.B) {
	m := midGame(b)
	cmd := Command{Type: TypeTorpedo, Crew: Blue, Role: FirstMate}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Apply(cmd); err == nil {
			b.Fatal("accepted")
		}
	}
}

func BenchmarkCrewView(b *testing.B) {
	m := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.Crew(Blue)
	}
}

func BenchmarkPublicView(b *testing.B) {
	m := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.Public()
	}
}
