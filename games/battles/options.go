package battles

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Battle sizes the rulebook suggests: a multiple of 10 from 50 to 100.
const (
	MinSize     = 50
	MaxSize     = 100
	DefaultSize = 50
	// MaxRoundLimit bounds the house round limit.
	MaxRoundLimit = 20
)

// Options are what the host picks in the lobby; absent keys take the
// defaults: a 50-point battle, Confederacy (seat A) against Union (seat B),
// no round limit.
type Options struct {
	// Size is the battle size in Deployment Points; each player gets
	// Size/10 Order/Wound tokens.
	Size  int    `json:"size,omitempty"`
	ArmyA string `json:"army_a,omitempty"`
	ArmyB string `json:"army_b,omitempty"`
	// RoundLimit, above 0, ends the battle after that many rounds: the
	// higher total destroyed wins, Player 2 on a tie (our house rule).
	RoundLimit int `json:"round_limit,omitempty"`
}

// maxBody bounds every JSON document the package decodes.
const maxBody = 4096

// ParseOptions reads the lobby's options JSON; nil, empty or null is the
// default battle. Unknown keys and values are refused.
func ParseOptions(data json.RawMessage) (Options, error) {
	var o Options
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) > 0 && !bytes.Equal(trimmed, []byte("null")) {
		if len(trimmed) > maxBody {
			return Options{}, errors.New("the options are too long")
		}
		if err := strictDecode(trimmed, &o); err != nil {
			return Options{}, fmt.Errorf("options: %w", err)
		}
	}
	return o.withDefaults()
}

func (o Options) withDefaults() (Options, error) {
	if o.Size == 0 {
		o.Size = DefaultSize
	}
	if o.ArmyA == "" {
		o.ArmyA = "confederacy"
	}
	if o.ArmyB == "" {
		o.ArmyB = "union"
	}
	if o.Size < MinSize || o.Size > MaxSize || o.Size%10 != 0 {
		return Options{}, fmt.Errorf("options: size is a multiple of 10 from %d to %d, not %d", MinSize, MaxSize, o.Size)
	}
	for _, a := range []string{o.ArmyA, o.ArmyB} {
		if content.Army(a) == nil {
			return Options{}, fmt.Errorf("options: there is no army %s; choose confederacy or union", quote(a))
		}
	}
	if o.RoundLimit < 0 || o.RoundLimit > MaxRoundLimit {
		return Options{}, fmt.Errorf("options: round_limit is 0 (none) to %d", MaxRoundLimit)
	}
	return o, nil
}

// strictDecode decodes exactly one JSON value with no unknown fields.
func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return fmt.Errorf("%q has the wrong type", typeErr.Field)
		}
		return fmt.Errorf("not valid JSON here (%v)", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("unexpected data after the JSON object")
	}
	return nil
}

func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	b, _ := json.Marshal(s)
	return string(b)
}
