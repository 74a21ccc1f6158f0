package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"periscope/games"
)

// report is everything a run played, in the report's order.
type report struct {
	Settings settings
	Games    []gameReport
}

type gameReport struct {
	Def games.Definition
	// Leveled says the game's bot offers the strengths (games.LeveledBotter).
	Leveled bool
	Configs []configReport
	// Strength holds one row per pair of levels, stronger first, played on
	// the game's first configuration; empty when the bot is not leveled.
	Strength []strengthRow
}

type configReport struct {
	Config config
	// Teams are the match's teams, ascending, and what the seats of each
	// are called.
	Teams   []int
	Labels  []string
	Results []result // seed i+1
	// Problem says why the configuration could not be set up at all.
	Problem string
}

type strengthRow struct {
	Config         config
	Strong, Weak   string
	Teams          []int
	Results        []result
	StrongTeams    []int // the team the stronger level played, per match
	MatchesPlanned int
}

func (r report) matches() int {
	n := 0
	for _, g := range r.Games {
		for _, c := range g.Configs {
			n += len(c.Results)
		}
		for _, s := range g.Strength {
			n += len(s.Results)
		}
	}
	return n
}

func (r report) unfinished() int {
	n := 0
	for _, g := range r.Games {
		for _, c := range g.Configs {
			n += countUnfinished(c.Results)
			if c.Problem != "" {
				n++
			}
		}
		for _, s := range g.Strength {
			n += countUnfinished(s.Results)
		}
	}
	return n
}

func countUnfinished(rs []result) int {
	n := 0
	for _, r := range rs {
		if r.Unfinished != "" {
			n++
		}
	}
	return n
}

// teamsOf lists the teams of a fresh match of c, ascending, with the
// labels of their seats, and whether its bot is leveled.
func teamsOf(c config) (teams []int, labels []string, leveled bool, err error) {
	g, err := c.Def.New(c.Options, 1)
	if err != nil {
		return nil, nil, false, err
	}
	by := map[int][]string{}
	for _, s := range g.Seats() {
		if _, ok := by[s.Team]; !ok {
			teams = append(teams, s.Team)
		}
		by[s.Team] = append(by[s.Team], s.Label)
	}
	slices.Sort(teams)
	for _, t := range teams {
		labels = append(labels, strings.Join(by[t], " + "))
	}
	_, leveled = g.(games.LeveledBotter)
	return teams, labels, leveled, nil
}

// run plays every match of defs, s.Workers at a time, and gathers them.
// Each match writes only its own slot, so the report does not depend on
// the order the workers finish in.
func run(defs []games.Definition, s settings, log io.Writer) report {
	rep := report{Settings: s}
	type job struct {
		c     config
		seed  uint64
		level func(team int) string
		out   *result
	}
	var jobs []job
	all := func(int) string { return s.strongest() }
	for _, def := range defs {
		gr := gameReport{Def: def}
		for _, c := range configs(def) {
			cr := configReport{Config: c}
			teams, labels, leveled, err := teamsOf(c)
			if err != nil {
				cr.Problem = fmt.Sprintf("cannot start a match with %s: %v", c.Options, err)
				fmt.Fprintf(log, "balance: %s, %s: %s\n", def.Name, c.Name, cr.Problem)
			}
			cr.Teams, cr.Labels = teams, labels
			gr.Leveled = gr.Leveled || leveled
			gr.Configs = append(gr.Configs, cr)
		}
		rep.Games = append(rep.Games, gr)
	}
	for gi := range rep.Games {
		gr := &rep.Games[gi]
		for ci := range gr.Configs {
			cr := &gr.Configs[ci]
			if cr.Problem != "" {
				continue
			}
			cr.Results = make([]result, s.N)
			for i := range s.N {
				jobs = append(jobs, job{cr.Config, uint64(i + 1), all, &cr.Results[i]})
			}
		}
		if !gr.Leveled || len(gr.Configs) == 0 || gr.Configs[0].Problem != "" {
			continue
		}
		first := gr.Configs[0]
		for si := len(s.Levels) - 1; si > 0; si-- {
			for wi := si - 1; wi >= 0; wi-- {
				row := strengthRow{Config: first.Config, Strong: s.Levels[si], Weak: s.Levels[wi], Teams: first.Teams, MatchesPlanned: s.N}
				row.Results = make([]result, s.N)
				row.StrongTeams = make([]int, s.N)
				gr.Strength = append(gr.Strength, row)
			}
		}
		for ri := range gr.Strength {
			row := &gr.Strength[ri]
			for i := range s.N {
				// The stronger plays each team in turn: seats swapped
				// every other match with two.
				strong := row.Teams[i%len(row.Teams)]
				row.StrongTeams[i] = strong
				level := func(team int) string {
					if team == strong {
						return row.Strong
					}
					return row.Weak
				}
				jobs = append(jobs, job{row.Config, uint64(i + 1), level, &row.Results[i]})
			}
		}
	}
	work := make(chan job)
	var wg sync.WaitGroup
	for range max(1, s.Workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				*j.out = play(j.c.Def, j.c.Options, j.seed, j.level, s.Cap)
			}
		}()
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	for _, g := range rep.Games {
		for _, c := range g.Configs {
			for i, r := range c.Results {
				if r.Unfinished != "" {
					fmt.Fprintf(log, "balance: UNFINISHED %s, %s, seed %d: %s\n", g.Def.Name, c.Config.Name, i+1, r.Unfinished)
				}
			}
		}
		for _, row := range g.Strength {
			for i, r := range row.Results {
				if r.Unfinished != "" {
					fmt.Fprintf(log, "balance: UNFINISHED %s, %s against %s, seed %d: %s\n", g.Def.Name, row.Strong, row.Weak, i+1, r.Unfinished)
				}
			}
		}
	}
	return rep
}
