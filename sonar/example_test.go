package sonar_test

import (
	"fmt"

	"periscope/sonar"
)

// A Captain's first course, and what each crew hears.
func Example() {
	m, err := sonar.New(sonar.Options{Map: "alpha"}, 42)
	if err != nil {
		panic(err)
	}
	orders := []string{
		`{"type":"start"}`,
		`{"type":"place","crew":"blue","role":"captain","cell":"E5"}`,
		`{"type":"place","crew":"red","role":"captain","cell":"K11"}`,
		`{"type":"course","crew":"blue","role":"captain","dir":"SOUTH"}`,
		`{"type":"course","crew":"blue","role":"captain","dir":"SOUTH"}`,
		`{"type":"charge","crew":"blue","role":"first_mate","system":"torpedo"}`,
		`{"type":"mark","crew":"blue","role":"engineer","panel":"NORTH","symbol":0}`,
	}
	for _, o := range orders {
		cmd, err := sonar.ParseCommand([]byte(o))
		if err != nil {
			panic(err)
		}
		evs, err := m.Apply(cmd)
		if err != nil {
			fmt.Println("refused:", err)
			continue
		}
		for _, e := range evs {
			who := "everyone"
			if !e.Public() {
				who = "only " + e.To.String()
			}
			fmt.Printf("%s hears: %s\n", who, e.Text)
		}
	}
	// Output:
	// everyone hears: CAPTAINS, MARK YOUR START POSITIONS
	// only blue hears: START AT E5
	// everyone hears: BLUE: DIVE
	// only red hears: START AT K11
	// everyone hears: RED: DIVE
	// everyone hears: HEAD SOUTH
	// refused: wait for the OK of the First Mate and the Engineer (mark a symbol in the SOUTH panel)
	// only blue hears: FIRST MATE: TORPEDO 1/3, OK
	// refused: Engineer: the course was SOUTH, so mark a symbol in the SOUTH panel
}
