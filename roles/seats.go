package roles

import (
	"fmt"
	"slices"
	"strings"

	"periscope/sonar"
)

// crewSeats lists the seats of a crew of n players, each a set of roles, as
// the rulebook combines them.
func crewSeats(n int) [][]sonar.Role {
	switch n {
	case 1:
		return [][]sonar.Role{{sonar.Captain, sonar.FirstMate, sonar.Engineer, sonar.RadioOperator}}
	case 2:
		return [][]sonar.Role{{sonar.Captain, sonar.FirstMate, sonar.Engineer}, {sonar.RadioOperator}}
	case 3:
		return [][]sonar.Role{{sonar.Captain, sonar.FirstMate}, {sonar.Engineer}, {sonar.RadioOperator}}
	default:
		return [][]sonar.Role{{sonar.Captain}, {sonar.FirstMate}, {sonar.Engineer}, {sonar.RadioOperator}}
	}
}

// seat is one phone: a crew and the roles it plays.
type seat struct {
	crew  sonar.Crew
	roles []sonar.Role
}

func (s seat) has(r sonar.Role) bool { return slices.Contains(s.roles, r) }

func (s seat) label() string {
	names := make([]string, len(s.roles))
	for i, r := range s.roles {
		names[i] = r.Title()
	}
	crew := s.crew.String()
	return strings.ToUpper(crew[:1]) + crew[1:] + " " + strings.Join(names, " + ")
}

// layout builds the seats of a match: Blue's seats, then Red's.
func layout(sizes [2]int) ([]seat, error) {
	var out []seat
	for i, n := range sizes {
		if n < 1 || n > 4 {
			return nil, fmt.Errorf("a crew has 1 to 4 players, not %d", n)
		}
		for _, rs := range crewSeats(n) {
			out = append(out, seat{crew: sonar.Crews[i], roles: rs})
		}
	}
	return out, nil
}

// preferred lists, for each order, the roles that may give it, the usual
// one first. A seat sends an order as the first of these roles it holds.
var preferred = map[sonar.CommandType][]sonar.Role{
	sonar.TypePlace:       {sonar.Captain},
	sonar.TypeCourse:      {sonar.Captain},
	sonar.TypeSilence:     {sonar.Captain},
	sonar.TypeSurface:     {sonar.Captain},
	sonar.TypeEndTurn:     {sonar.Captain},
	sonar.TypeMine:        {sonar.Captain},
	sonar.TypeTrigger:     {sonar.Captain},
	sonar.TypeTorpedo:     {sonar.Captain},
	sonar.TypeArcher:      {sonar.Captain},
	sonar.TypeSonarAnswer: {sonar.Captain},
	sonar.TypeDive:        {sonar.Captain},
	sonar.TypeCharge:      {sonar.FirstMate},
	sonar.TypeMark:        {sonar.Engineer},
	sonar.TypeInspect:     {sonar.Engineer},
	sonar.TypeDrone:       {sonar.Captain, sonar.FirstMate},
	sonar.TypeSonar:       {sonar.Captain, sonar.FirstMate},
}

// surfacing is what actAs needs of a crew's real-time surfacing sheet to
// pick which role secures a section.
type surfacing struct {
	section       int
	secured, redo [4]*sonar.Role
	engineerFirst bool
	// holder is the role holding the sheet when the table passes it one
	// holder at a time: only it may trace.
	holder *sonar.Role
}

// owes reports whether role r has secured a section or owes a rejected one.
func (f surfacing) owes(r sonar.Role) bool {
	for i := range f.secured {
		if f.secured[i] != nil && *f.secured[i] == r || f.redo[i] != nil && *f.redo[i] == r {
			return true
		}
	}
	return false
}

func (f surfacing) started() bool { return f.secured != [4]*sonar.Role{} || f.redo != [4]*sonar.Role{} }

// actAs picks the role a seat gives an order as. An explicit role must be
// one the seat plays. Without one, the seat acts as the first role it holds
// that may give the order; if it holds none, the refusal names who may.
func (s seat) actAs(t sonar.CommandType, explicit *sonar.Role, f surfacing) (sonar.Role, error) {
	if explicit != nil {
		if !s.has(*explicit) {
			return 0, refusal(sonar.CodeRoleHeld, "this phone plays %s, not the %s", s.rolesText(), explicit.Title())
		}
		return *explicit, nil
	}
	if t == sonar.TypeSecure {
		return s.securer(f), nil
	}
	want := preferred[t]
	for _, r := range want {
		if s.has(r) {
			return r, nil
		}
	}
	if len(want) == 0 {
		return s.roles[0], nil
	}
	names := make([]string, len(want))
	for i, r := range want {
		names[i] = "the " + r.Title()
	}
	return 0, refusal(sonar.CodeRole, "%s: only %s may give that order (this phone plays %s)",
		strings.ToUpper(string(t[:1]))+strings.ReplaceAll(string(t[1:]), "_", " "), strings.Join(names, " or "), s.rolesText())
}

// securer picks the role a phone secures a section as: the tracer of a
// rejected section retraces it; the holder of the sheet traces when the
// table passes it; the Engineer starts when the table says so; otherwise
// the first of the phone's roles without a section yet. The engine refuses
// what is still wrong, naming its rule.
func (s seat) securer(f surfacing) sonar.Role {
	if f.section >= 1 && f.section <= 4 {
		if by := f.redo[f.section-1]; by != nil && s.has(*by) {
			return *by
		}
	}
	if f.holder != nil && s.has(*f.holder) {
		return *f.holder
	}
	if f.engineerFirst && !f.started() && s.has(sonar.Engineer) {
		return sonar.Engineer
	}
	for _, r := range s.roles {
		if !f.owes(r) {
			return r
		}
	}
	return s.roles[0]
}

func (s seat) rolesText() string {
	names := make([]string, len(s.roles))
	for i, r := range s.roles {
		names[i] = "the " + r.Title()
	}
	return strings.Join(names, " and ")
}
