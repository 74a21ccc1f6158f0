// Command balance plays bot-vs-bot matches of the pocket games and writes
// docs/balance.md: how often each side and the first player win every
// default configuration at the bots' strongest level, how long matches
// last and how they end, and how often each bot strength beats the weaker
// ones.
//
// It plays through the games' contract only, as a room of bots would:
// Definition.New, the room's start, each seat's bot
// (games.LeveledBotter.BotCommandAt, else games.Botter.BotCommand), the
// clock's tick for a games.Clocked game, until games.Game.Outcome. The
// same flags give the same matches and the same tables, whatever the
// number of workers.
//
//	go run ./cmd/balance -n 400 -out docs/balance.md
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"time"

	"periscope/games"
)

func main() {
	n := flag.Int("n", 400, "matches per configuration and per pair of strengths (seeds 1 to n)")
	only := flag.String("games", "", "comma-separated games to play (gridtactics, pocketsub, saga, battles); all when empty")
	out := flag.String("out", "docs/balance.md", "file to write the report to; - for standard output")
	levels := flag.String("levels", strings.Join(games.BotLevels, ","), "bot strengths, weakest first: the balance tables use the last, the strength table every pair")
	limit := flag.Int("cap", 20000, "commands after which a match counts as unfinished")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "matches played at once (the tables do not depend on it)")
	flag.Parse()

	s := settings{N: *n, Levels: splitList(*levels), Cap: *limit, Workers: *workers}
	s.Command = rerunCommand(*n, *only, *levels, *limit, *out)
	defs, err := pick(pocketGames(), splitList(*only))
	if err == nil {
		err = s.check()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "balance:", err)
		os.Exit(2)
	}
	began := time.Now()
	rep := run(defs, s, os.Stderr)
	fmt.Fprintf(os.Stderr, "balance: matches played: %d, in %s on %d workers\n", rep.matches(), time.Since(began).Round(time.Second), s.Workers)
	text := render(rep, stamp())
	if *out == "-" {
		_, err = os.Stdout.WriteString(text)
	} else {
		err = os.WriteFile(*out, []byte(text), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "balance:", err)
		os.Exit(1)
	}
	if u := rep.unfinished(); u > 0 {
		fmt.Fprintf(os.Stderr, "balance: %d MATCHES UNFINISHED (listed in the report); the goal is none\n", u)
		os.Exit(1)
	}
}

// settings are the flags a run depends on.
type settings struct {
	N       int
	Levels  []string
	Cap     int
	Workers int
	// Command is the command line that reruns this report.
	Command string
}

func (s settings) check() error {
	switch {
	case s.N < 1:
		return fmt.Errorf("-n is at least 1")
	case len(s.Levels) == 0:
		return fmt.Errorf("-levels names at least one strength")
	case s.Cap < 1:
		return fmt.Errorf("-cap is at least 1")
	}
	for _, l := range s.Levels {
		if !slices.Contains(games.BotLevels, l) {
			return fmt.Errorf("-levels: %q is not a strength (%s)", l, strings.Join(games.BotLevels, ", "))
		}
	}
	return nil
}

// strongest is the level the balance tables are played at.
func (s settings) strongest() string { return s.Levels[len(s.Levels)-1] }

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// pick keeps the games named, in the report's order; all when none is.
func pick(all []games.Definition, names []string) ([]games.Definition, error) {
	if len(names) == 0 {
		return all, nil
	}
	var out []games.Definition
	for _, n := range names {
		i := slices.IndexFunc(all, func(d games.Definition) bool { return d.Name == n })
		if i < 0 {
			var known []string
			for _, d := range all {
				known = append(known, d.Name)
			}
			return nil, fmt.Errorf("-games: no game %q (%s)", n, strings.Join(known, ", "))
		}
		out = append(out, all[i])
	}
	slices.SortStableFunc(out, func(a, b games.Definition) int {
		return slices.IndexFunc(all, func(d games.Definition) bool { return d.Name == a.Name }) -
			slices.IndexFunc(all, func(d games.Definition) bool { return d.Name == b.Name })
	})
	return slices.CompactFunc(out, func(a, b games.Definition) bool { return a.Name == b.Name }), nil
}

// rerunCommand is the command line that writes this report again.
func rerunCommand(n int, only, levels string, limit int, out string) string {
	cmd := fmt.Sprintf("go run ./cmd/balance -n %d", n)
	if only != "" {
		cmd += " -games " + only
	}
	if levels != strings.Join(games.BotLevels, ",") {
		cmd += " -levels " + levels
	}
	if limit != 20000 {
		cmd += fmt.Sprintf(" -cap %d", limit)
	}
	return cmd + " -out " + out
}

// stamp says when and on which commit the report was made.
func stamp() string {
	commit := "unknown commit"
	if b, err := exec.Command("git", "describe", "--always", "--dirty", "--abbrev=10").Output(); err == nil {
		commit = "commit " + strings.TrimSpace(string(b))
	}
	return fmt.Sprintf("%s UTC, %s, %s, GOMAXPROCS %d", time.Now().UTC().Format("2006-01-02 15:04"), commit, runtime.Version(), runtime.GOMAXPROCS(0))
}
