package ok

import "periscope/games"

func refuse(rule, format string, args ...any) error { return games.Refuse(rule, format, args...) }

func impossible(what int, code string) error { return refuse(code, "impossible %d", what) }

func literal() error { return games.Refuse("literal_code", "a literal") }

func wrapped() error { return refuse("wrapped_code", "through refuse") }

func twice() error { return impossible(1, "twice_wrapped") }

func assigned(b bool) error {
	what := "assigned_code"
	if b {
		what = "other_assigned"
	}
	return refuse(what, "assigned")
}

func switched(code string) error {
	switch code {
	case "case_one", "case_two":
		return games.Refuse(code, "switched")
	}
	return nil
}
