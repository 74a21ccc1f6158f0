package games

import "encoding/json"

// AppendJSON appends json.Marshal(x) to dst, byte for byte: an Encoder
// writes the very bytes Marshal returns, and a newline, which is cut,
// without a copy of its own. A view appender (ViewAppender) builds its
// parts into buffers it keeps from version to version with it.
func AppendJSON(dst []byte, x any) ([]byte, error) {
	w := appendWriter{&dst}
	if err := json.NewEncoder(w).Encode(x); err != nil {
		return dst, err
	}
	return dst[:len(dst)-1], nil
}

type appendWriter struct{ b *[]byte }

func (w appendWriter) Write(p []byte) (int, error) {
	*w.b = append(*w.b, p...)
	return len(p), nil
}
