// Package debrieftest plays whole Captain Sonar matches in process, for
// the tests of the history, stats and debrief pages: a real, legal command
// log as a room would have logged it, ready to store.
package debrieftest

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"periscope/games"
	"periscope/roles"
	"periscope/rooms"
	"periscope/sonar"
	"periscope/sonar/chart"
)

// Match is a finished match and the seat tokens its players hold.
type Match struct {
	Saved  rooms.SavedRoom
	Tokens map[int]string // seat -> token
}

type player struct {
	g    games.Game
	log  []rooms.CommandRecord
	at   time.Time
	seat [2]map[sonar.Role]int
	used [2]map[string]bool // systems each crew used
	rng  *rand.Rand
	code string
}

// PlaySonar plays a turn-based match on Alpha with radio assist, with the
// given crew sizes (1 to 4), names by seat, from start: each Captain heads
// for the enemy and fires when it is in reach; while it is not, the crew
// uses what its First Mate charged (sets off a mine by the enemy, drops
// one, sends a drone, asks a sonar), so a debrief has every kind of
// system to show. Seed drives the match.
func PlaySonar(code string, blue, red int, names []string, seed uint64, start time.Time) (Match, error) {
	opts := fmt.Sprintf(`{"mode":"turnbased","map":"alpha","radio":"heat","blue_crew":%d,"red_crew":%d}`, blue, red)
	g, err := roles.Definition.New(json.RawMessage(opts), seed)
	if err != nil {
		return Match{}, err
	}
	p := &player{g: g, at: start, rng: rand.New(rand.NewPCG(seed, 7)), code: code}
	p.seat = [2]map[sonar.Role]int{{}, {}}
	p.used = [2]map[string]bool{{}, {}}
	m := Match{Tokens: map[int]string{}}
	m.Saved.Room = rooms.RoomRecord{Code: code, Game: "sonar", Options: json.RawMessage(opts), Seed: seed, Created: start.Add(-2 * time.Minute)}
	for i, s := range g.Seats() {
		for _, r := range s.Roles {
			var role sonar.Role
			if err := role.UnmarshalText([]byte(r)); err != nil {
				return Match{}, err
			}
			p.seat[s.Team][role] = i
		}
		name := fmt.Sprint("Player ", i+1)
		if i < len(names) {
			name = names[i]
		}
		token := fmt.Sprintf("%s-token-%d", code, i)
		h := sha256.Sum256([]byte(token))
		m.Tokens[i] = token
		m.Saved.Seats = append(m.Saved.Seats, rooms.SeatRecord{Room: code, Seat: i, Name: name, TokenHash: h[:], Host: i == 0})
	}
	if err := p.apply(games.System, string(games.StartBody)); err != nil {
		return Match{}, err
	}
	if err := p.order(sonar.Blue, sonar.Captain, `{"type":"place","cell":"B5"}`); err != nil {
		return Match{}, err
	}
	if err := p.order(sonar.Red, sonar.Captain, `{"type":"place","cell":"I6"}`); err != nil {
		return Match{}, err
	}
	for turns := 0; g.Outcome() == nil; turns++ {
		if turns > 300 {
			return Match{}, fmt.Errorf("debrieftest: no winner after 300 turns")
		}
		crew := *p.view(sonar.Blue).Public.Turn
		if err := p.steer(crew); err != nil {
			return Match{}, err
		}
		if g.Outcome() != nil {
			break
		}
		fired, err := p.fire(crew)
		if err != nil {
			return Match{}, err
		}
		if !fired && g.Outcome() == nil {
			if err := p.use(crew); err != nil {
				return Match{}, err
			}
		}
		// A turn ends with its system; else the Captain ends it. (The
		// same crew's next turn may follow: the enemy is surfaced.)
		if v := p.view(crew); g.Outcome() == nil && v.Own.Turn != nil && v.Own.Turn.Current && v.Own.Turn.Moved {
			if err := p.order(crew, sonar.Captain, `{"type":"end_turn"}`); err != nil {
				return Match{}, err
			}
		}
	}
	o := *g.Outcome()
	m.Saved.Room.State, m.Saved.Room.Outcome, m.Saved.Room.Finished = rooms.StateFinished, &o, p.at.Add(time.Second)
	m.Saved.Commands = p.log
	return m, nil
}

// Store writes a finished match into a store as its room would have.
func Store(st rooms.Store, m Match) error {
	rec := m.Saved.Room
	rec.State, rec.Outcome, rec.Finished = rooms.StateWaiting, nil, time.Time{}
	if err := st.CreateRoom(rec); err != nil {
		return err
	}
	if err := st.PutSeats(m.Saved.Seats...); err != nil {
		return err
	}
	for _, c := range m.Saved.Commands {
		if err := st.AppendCommand(c); err != nil {
			return err
		}
	}
	return st.Finish(rec.Code, *m.Saved.Room.Outcome, m.Saved.Room.Finished)
}

func (p *player) apply(seat int, body string) error {
	p.at = p.at.Add(7 * time.Second)
	if _, err := p.g.Apply(games.Command{Seat: seat, Body: json.RawMessage(body), Time: p.at}); err != nil {
		return err
	}
	p.log = append(p.log, rooms.CommandRecord{Room: p.code, Version: int64(len(p.log) + 1), Seat: seat,
		ClientID: fmt.Sprint("c", len(p.log)+1), Body: json.RawMessage(body), Time: p.at})
	return nil
}

func (p *player) order(crew sonar.Crew, role sonar.Role, body string) error {
	if err := p.apply(p.seat[crew][role], body); err != nil {
		return fmt.Errorf("debrieftest: %s %s %s: %w", crew, role, body, err)
	}
	return nil
}

func (p *player) view(crew sonar.Crew) roles.View {
	return p.g.View(p.seat[crew][sonar.Captain]).(roles.View)
}

// steer takes the legal course closest to the enemy, then the crew's
// duties; it surfaces when no course is open.
func (p *player) steer(crew sonar.Crew) error {
	own := p.view(crew).Own
	enemy := p.view(crew.Other()).Own.Position
	best, bestD := -1, 1<<30
	for i, c := range own.Courses {
		if !c.Legal {
			continue
		}
		d := chart.Manhattan(*c.To, *enemy)
		if d == 0 {
			d = 5 // sharing the enemy's cell hurts both
		}
		if d += p.rng.IntN(2); d < bestD {
			best, bestD = i, d
		}
	}
	if best < 0 {
		return p.order(crew, sonar.Captain, `{"type":"surface"}`)
	}
	if err := p.order(crew, sonar.Captain, fmt.Sprintf(`{"type":"course","dir":"%s"}`, own.Courses[best].Dir)); err != nil {
		return err
	}
	return p.duties(crew)
}

// duties has the First Mate charge the torpedo first, then the mine,
// drone and sonar (the silence last), and the Engineer
// cross out a symbol that breaks neither weapons nor reactor when it can.
func (p *player) duties(crew sonar.Crew) error {
	own := p.view(crew).Own
	if own.Duties.FirstMate {
		// The mine, sonar and drone first until each was used once, so a
		// debrief has every system to show; then the torpedo first.
		var order []string
		for _, sys := range []string{"mine", "sonar", "drone"} {
			if !p.used[crew][sys] {
				order = append(order, sys)
			}
		}
		order = append(order, "torpedo", "mine", "sonar", "drone")
		for _, sys := range append(order, "silence") {
			if p.order(crew, sonar.FirstMate, `{"type":"charge","system":"`+sys+`"}`) == nil {
				break
			}
		}
	}
	own = p.view(crew).Own
	if !own.Duties.Engineer {
		return nil
	}
	best, radiation := -1, 0
	for _, s := range own.Sheet {
		if s.Colour == sonar.RadiationSymbol && s.Marked {
			radiation++
		}
	}
	// Yellow (the silence) and radiation cost least, green (drone and
	// sonar) next; red (the weapons) only when nothing else is left.
	rank := func(s sonar.SheetSymbol) int {
		switch {
		case s.Colour == sonar.YellowSymbol || s.Colour == sonar.RadiationSymbol && radiation < 5:
			return 0
		case s.Colour == sonar.GreenSymbol:
			return 1
		}
		return 2
	}
	bestRank := 3
	for _, s := range own.Sheet {
		if s.Panel != *own.Duties.Panel || s.Marked {
			continue
		}
		if r := rank(s); r < bestRank {
			best, bestRank = s.Index, r
		}
	}
	return p.order(crew, sonar.Engineer, fmt.Sprintf(`{"type":"mark","panel":"%s","symbol":%d}`, *own.Duties.Panel, best))
}

// fire launches a torpedo at the enemy when it is in reach and the crew
// would not hit itself.
func (p *player) fire(crew sonar.Crew) (bool, error) {
	own := p.view(crew).Own
	enemy := *p.view(crew.Other()).Own.Position
	if !slices.Contains(own.TorpedoTargets, enemy) || chart.Chebyshev(*own.Position, enemy) <= 1 {
		return false, nil
	}
	return true, p.order(crew, sonar.Captain, fmt.Sprintf(`{"type":"torpedo","cell":"%s"}`, enemy))
}

// use spends a charged system other than the torpedo, one per turn: a mine
// next to the enemy (but not next to the crew) is set off; else a mine is
// dropped while the crew has none out; else a drone asks about the enemy's
// real sector; else a sonar, which the enemy's Captain answers at once.
func (p *player) use(crew sonar.Crew) error {
	v := p.view(crew)
	own := v.Own
	if own.Turn == nil || !own.Turn.Current {
		return nil
	}
	enemy := *p.view(crew.Other()).Own.Position
	for _, m := range own.Triggers {
		if chart.Chebyshev(m, enemy) <= 1 && chart.Chebyshev(m, *own.Position) > 1 {
			return p.order(crew, sonar.Captain, fmt.Sprintf(`{"type":"trigger","cell":"%s"}`, m))
		}
	}
	ready := map[string]bool{}
	for _, gg := range own.Gauges {
		ready[gg.System.String()] = gg.Ready
	}
	switch {
	case ready["mine"] && len(own.Mines) == 0 && len(own.MineCells) > 0:
		p.used[crew]["mine"] = true
		return p.order(crew, sonar.Captain, fmt.Sprintf(`{"type":"mine","cell":"%s"}`, own.MineCells[p.rng.IntN(len(own.MineCells))]))
	case ready["drone"]:
		p.used[crew]["drone"] = true
		per := v.Chart.Size / chart.SectorSize
		sector := (enemy.Row/chart.SectorSize)*per + enemy.Col/chart.SectorSize + 1
		return p.order(crew, sonar.Captain, fmt.Sprintf(`{"type":"drone","sector":%d}`, sector))
	case ready["sonar"]:
		p.used[crew]["sonar"] = true
		if err := p.order(crew, sonar.Captain, `{"type":"sonar"}`); err != nil {
			return err
		}
		answers := p.view(crew.Other()).Own.SonarAnswers
		if len(answers) == 0 {
			return fmt.Errorf("debrieftest: %s asked a sonar and %s has no answer to give", crew, crew.Other())
		}
		facts, err := json.Marshal(answers[p.rng.IntN(len(answers))])
		if err != nil {
			return err
		}
		return p.order(crew.Other(), sonar.Captain, fmt.Sprintf(`{"type":"sonar_answer","facts":%s}`, facts))
	}
	return nil
}
