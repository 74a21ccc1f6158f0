package gridtactics

import (
	"fmt"
	"strconv"
	"strings"
)

// Square is a square of the board. File 0 is the left file (A) and Rank 0
// the rank nearest Red (rank 1), as on a chess board seen from Red's side.
type Square struct {
	File, Rank int
}

// String names the square as players say it: file letter, then rank: "C4".
func (s Square) String() string {
	if s.File < 0 || s.File >= 26 || s.Rank < 0 {
		return fmt.Sprintf("(%d,%d)", s.File, s.Rank)
	}
	return string(rune('A'+s.File)) + strconv.Itoa(s.Rank+1)
}

// parseSquare reads a square name such as "C4" or "c4" on a board of the
// given size. It reports ok=false for anything that is not a square's name;
// onBoard=false for a well-formed name off the board.
func parseSquare(text string, size int) (sq Square, ok bool, onBoard bool) {
	s := strings.ToUpper(strings.TrimSpace(text))
	if len(s) < 2 || len(s) > 3 || s[0] < 'A' || s[0] > 'Z' {
		return Square{}, false, false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return Square{}, false, false
		}
	}
	rank, err := strconv.Atoi(s[1:])
	if err != nil || s[1] == '0' {
		return Square{}, false, false
	}
	sq = Square{File: int(s[0] - 'A'), Rank: rank - 1}
	return sq, true, sq.on(size)
}

// on reports whether s lies on a board of the given size.
func (s Square) on(size int) bool {
	return s.File >= 0 && s.File < size && s.Rank >= 0 && s.Rank < size
}

// chebyshev is the king-move distance: 1 for every one of the 8 neighbours.
// "Adjacent" and "exactly 2 away" are measured with it.
func chebyshev(a, b Square) int {
	return max(abs(a.File-b.File), abs(a.Rank-b.Rank))
}

// manhattan counts orthogonal steps: tanks and artillery move this way.
func manhattan(a, b Square) int {
	return abs(a.File-b.File) + abs(a.Rank-b.Rank)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Steps from one square to a neighbour: the first four are orthogonal.
var (
	orthogonal = []Square{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	kingSteps  = []Square{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}}
)

func (s Square) add(d Square) Square { return Square{s.File + d.File, s.Rank + d.Rank} }

// Kind is what a unit is.
type Kind uint8

// The three kinds of unit. Zero is "unknown": a face-down enemy unit.
const (
	Soldier Kind = iota + 1
	Tank
	Artillery
)

// String is the kind as players say it; an unknown kind is just "unit".
func (k Kind) String() string {
	switch k {
	case Soldier:
		return "soldier"
	case Tank:
		return "tank"
	case Artillery:
		return "artillery"
	}
	return "unit"
}

func parseKind(s string) (Kind, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "soldier":
		return Soldier, true
	case "tank":
		return Tank, true
	case "artillery":
		return Artillery, true
	}
	return 0, false
}

// army is every player's force, in the order units are numbered.
var army = []struct {
	kind  Kind
	count int
	tag   string
}{
	{Soldier, 3, "S"},
	{Tank, 2, "T"},
	{Artillery, 2, "AR"},
}

// armySize is the number of units each player fields.
const armySize = 7

// hitsOn is the die roll a kind of attacker needs before defence bonuses.
func hitsOn(k Kind) int {
	if k == Soldier {
		return 3
	}
	return 4
}

// shieldBonus is what Shield Formation adds to the number needed; maxNeed
// caps it so that every unit can always be hit by a 6.
const (
	shieldBonus = 2
	maxNeed     = 6
)

// chance writes a target number the way the table says it: "4+ = 50%".
func chance(needs int) string {
	return fmt.Sprintf("%d+ = %d%%", needs, percent(needs))
}

// percent is the chance of rolling needs or more on one die, rounded.
func percent(needs int) int {
	return ((7-needs)*100 + 3) / 6
}

// percentTwice is the chance of at least one of two rolls hitting.
func percentTwice(needs int) int {
	miss := needs - 1
	return ((36-miss*miss)*100 + 18) / 36
}
