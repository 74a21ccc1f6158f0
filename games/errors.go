package games

import (
	"errors"
	"fmt"
)

func sprintf(format string, args ...any) string {
	if len(args) == 0 {
		return format
	}
	return fmt.Sprintf(format, args...)
}

// RuleOf returns the rule code of the first error in err's chain that
// names one, or "".
func RuleOf(err error) string {
	var r Ruled
	if errors.As(err, &r) {
		return r.RuleCode()
	}
	return ""
}
