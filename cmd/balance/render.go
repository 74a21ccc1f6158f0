package main

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// fairBand is how far, in points of percentage, a win rate may stand from
// fair and still be called fair: the goal of issue 23.
const fairBand = 5.0

// strengthGoal is the share of matches a stronger level should win.
const strengthGoal = 0.70

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, mid-half), min(1, mid+half)
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// rate is "k of n: p% (lo–hi)".
func rate(k, n int) string {
	if n == 0 {
		return "no match"
	}
	lo, hi := wilson(k, n)
	return fmt.Sprintf("%d of %d: %s (%s–%s)", k, n, pct(float64(k)/float64(n)), pct(lo), pct(hi))
}

// verdict compares a win rate with fair, in points.
func verdict(k, n int, fair float64) string {
	if n == 0 {
		return "no decisive match"
	}
	d := 100 * (float64(k)/float64(n) - fair)
	if math.Abs(d) <= fairBand {
		return fmt.Sprintf("fair (%+.1f points)", d)
	}
	return fmt.Sprintf("**not fair (%+.1f points)**", d)
}

func won(r result, team int) bool { return slices.Contains(r.Winners, team) }

func decisive(r result) bool { return r.Unfinished == "" && len(r.Winners) > 0 }

// render writes the report as Markdown. stamp says when and where it ran;
// everything else follows from the matches, so two runs of the same flags
// differ only in the stamp.
func render(rep report, stamp string) string {
	var b strings.Builder
	s := rep.Settings
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("# Balance of the pocket games\n\n")
	w("Written by `cmd/balance` from bot-vs-bot matches; do not edit it by hand. To make it again:\n\n")
	w("    %s\n\n", s.Command)
	matches := "matches"
	if s.N == 1 {
		matches = "match"
	}
	w("Run: %s. %d %s per configuration (seeds 1 to %d) and per pair of strengths; a match still playing after %d commands counts as unfinished.\n\n", stamp, s.N, matches, s.N, s.Cap)
	if s.N < 100 {
		w("**A small run**: with %d matches a configuration the intervals are wide, so these figures show the tables, not a verdict; rerun with `-n 400` for one.\n\n", s.N)
	}
	w("## Method\n\n")
	w("Each match is played through the games' contract only, as a room whose seats are all bots plays it: `Definition.New(options, seed)`, the room's start, then every seat in turn asked for its bot's command (`games.LeveledBotter.BotCommandAt(seat, level)`, or `games.Botter.BotCommand(seat)` for a game whose bot has one strength) and the command applied as that seat, the room's clock tick whenever a `games.Clocked` game's deadline has passed, until the match has an outcome. Every command is refused or taken exactly as in a room; a refused bot command ends the match as unfinished. The clock starts at a fixed time and moves a millisecond a command (a room's bots answer at once), jumping to the deadline when nobody can act.\n\n")
	w("**Sides.** Every default configuration (what a host picks: players, layout, factions, armies, size; everything else at its default) is played %d times at the strongest level, *%s*, on every seat. A side's win rate is its share of the decisive matches (draws and unfinished matches left out), with a 95%% Wilson interval; fair is one over the number of sides. The first player is the team that took the first turn of play (`games.Starter`), or, marked †, for a game that does not say, the team of the first seat that acted after the start. The verdict is *fair* when the rate is within %.0f points of fair; a row that is not fair is in bold, with its cause where it is known (the rulebook's own, kept; or house content being changed: `cmd/balance/causes.go`, reasoning in docs/rules-decisions.md).\n\n", s.N, s.strongest(), fairBand)
	w("**Length.** Commands count every command applied, the room's own included; rounds are the round (or turn) number the spectator's view shows at the end, where it shows one. How matches end is `games.Outcome.Kind` (the Reason sentence where a game gives no kind).\n\n")
	w("**Strengths.** On each game's first configuration, each stronger level plays each weaker (levels %s), the stronger on each side in turn; the goal is that the stronger wins at least %.0f%% of all its matches (draws count as not won).\n\n", strings.Join(s.Levels, ", "), 100*strengthGoal)
	w("## Unfinished matches\n\n")
	if n := rep.unfinished(); n == 0 {
		w("None: every match of this run ended.\n\n")
	} else {
		w("**%d matches did not end** (the goal is none):\n\n", n)
		for _, g := range rep.Games {
			for _, c := range g.Configs {
				if c.Problem != "" {
					w("- %s, %s: %s\n", g.Def.Title, c.Config.Name, c.Problem)
				}
				for i, r := range c.Results {
					if r.Unfinished != "" {
						w("- %s, %s, seed %d: %s\n", g.Def.Title, c.Config.Name, i+1, r.Unfinished)
					}
				}
			}
			for _, row := range g.Strength {
				for i, r := range row.Results {
					if r.Unfinished != "" {
						w("- %s, %s against %s, seed %d: %s\n", g.Def.Title, row.Strong, row.Weak, i+1, r.Unfinished)
					}
				}
			}
		}
		w("\n")
	}
	for _, g := range rep.Games {
		w("## %s (`%s`)\n\n", g.Def.Title, g.Def.Name)
		if len(g.Configs) == 0 {
			w("**No configuration**: the game's options no longer name what `cmd/balance` plays; update `configs`.\n\n")
		}
		if !g.Leveled {
			w("The game's bot has one strength (it does not implement `games.LeveledBotter`): every seat played `BotCommand`, and there is no strength table.\n\n")
		}
		if g.Leveled {
			w("### Sides at %s level\n\n", s.strongest())
		} else {
			w("### Sides (the bot's one strength)\n\n")
		}
		w("| Configuration | Side | Wins of decisive matches (95%% interval) | Fair | Verdict |\n|---|---|---|---|---|\n")
		for _, c := range g.Configs {
			if c.Problem != "" {
				w("| %s | – | **cannot be played**: %s | – | – |\n", c.Config.Name, c.Problem)
				continue
			}
			verdict := func(k, n int, fair float64) string {
				v := verdict(k, n, fair)
				if cause := causeOf(c.Config); cause != "" && strings.HasPrefix(v, "**not fair") {
					v += ": " + cause
				}
				return v
			}
			fair := 1 / float64(len(c.Teams))
			dec := 0
			for _, r := range c.Results {
				if decisive(r) {
					dec++
				}
			}
			for i, t := range c.Teams {
				k := 0
				for _, r := range c.Results {
					if decisive(r) && won(r, t) {
						k++
					}
				}
				w("| %s | %s | %s | %s | %s |\n", c.Config.Name, c.Labels[i], rate(k, dec), pct(fair), verdict(k, dec, fair))
			}
			k, n, guessed := 0, 0, false
			for _, r := range c.Results {
				if decisive(r) && r.First >= 0 {
					n++
					if won(r, r.First) {
						k++
					}
					guessed = guessed || !r.FirstByStarter
				}
			}
			label := "first player"
			if guessed {
				label += " †"
			}
			w("| %s | %s | %s | %s | %s |\n", c.Config.Name, label, rate(k, n), pct(fair), verdict(k, n, fair))
		}
		w("\n### Match length and how matches end\n\n")
		w("| Configuration | Matches | Draws | Unfinished | Commands (median / 90%% / most) | Rounds (median / most) | How matches end |\n|---|---|---|---|---|---|---|\n")
		for _, c := range g.Configs {
			if c.Problem != "" {
				continue
			}
			draws, unfinished := 0, countUnfinished(c.Results)
			var cmds, rounds []int
			ends := map[string]int{}
			for _, r := range c.Results {
				if r.Unfinished != "" {
					continue
				}
				if len(r.Winners) == 0 {
					draws++
				}
				cmds = append(cmds, r.Commands)
				if r.Rounds >= 0 {
					rounds = append(rounds, r.Rounds)
				}
				ends[r.End]++
			}
			u := fmt.Sprint(unfinished)
			if unfinished > 0 {
				u = fmt.Sprintf("**%d**", unfinished)
			}
			w("| %s | %d | %d | %s | %s | %s | %s |\n", c.Config.Name, len(c.Results), draws, u,
				spread(cmds, true), spread(rounds, false), endings(ends))
		}
		w("\n")
		if g.Leveled {
			w("### Strengths\n\n")
			w("| Configuration | Stronger | Weaker | Stronger wins of all matches (95%% interval) | Draws | Goal: %.0f%% |\n|---|---|---|---|---|---|\n", 100*strengthGoal)
			for _, row := range g.Strength {
				k, draws := 0, 0
				for i, r := range row.Results {
					if won(r, row.StrongTeams[i]) && r.Unfinished == "" {
						k++
					}
					if r.Unfinished == "" && len(r.Winners) == 0 {
						draws++
					}
				}
				n := len(row.Results)
				goal := "**below the goal**"
				if n > 0 && float64(k)/float64(n) >= strengthGoal {
					goal = "met"
				}
				w("| %s | %s | %s | %s | %d | %s |\n", row.Config.Name, row.Strong, row.Weak, rate(k, n), draws, goal)
			}
			w("\n")
		}
	}
	return b.String()
}

// spread is "median / 90th percentile / most", or "median / most".
func spread(xs []int, p90 bool) string {
	if len(xs) == 0 {
		return "–"
	}
	ys := slices.Clone(xs)
	slices.Sort(ys)
	med := ys[(len(ys)-1)/2]
	if p90 {
		return fmt.Sprintf("%d / %d / %d", med, ys[(len(ys)*9-1)/10], ys[len(ys)-1])
	}
	return fmt.Sprintf("%d / %d", med, ys[len(ys)-1])
}

// endings lists how matches ended, the commonest first.
func endings(ends map[string]int) string {
	type kv struct {
		k string
		n int
	}
	var xs []kv
	for k, n := range ends {
		xs = append(xs, kv{k, n})
	}
	sort.Slice(xs, func(i, j int) bool {
		if xs[i].n != xs[j].n {
			return xs[i].n > xs[j].n
		}
		return xs[i].k < xs[j].k
	})
	var parts []string
	for i, x := range xs {
		if i == 4 {
			rest := 0
			for _, y := range xs[4:] {
				rest += y.n
			}
			parts = append(parts, fmt.Sprintf("others (%d)", rest))
			break
		}
		parts = append(parts, fmt.Sprintf("%s (%d)", strings.TrimSuffix(strings.ReplaceAll(x.k, "|", "/"), "."), x.n))
	}
	if len(parts) == 0 {
		return "–"
	}
	return strings.Join(parts, ", ")
}
