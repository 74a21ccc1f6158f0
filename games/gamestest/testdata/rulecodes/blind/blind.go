package blind

import "periscope/games"

var codes = map[int]string{1: "from_a_map"}

func blind(i int) error { return games.Refuse(codes[i], "a code the scan cannot follow") }
