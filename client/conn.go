package client

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"sync"

	"github.com/fasthttp/websocket"

	"periscope/games"
	"periscope/rooms"
)

// ErrClosed is returned once the connection has ended.
var ErrClosed = errors.New("client: connection closed")

// Conn is one seat's (or a spectator's) websocket to a room.
type Conn struct {
	base, code, token string
	ws                *websocket.Conn
	wmu               sync.Mutex // one writer at a time

	mu      sync.Mutex
	welcome rooms.Message
	version int64
	view    json.RawMessage
	// lean conns keep their view decoded and patch it in place, as a
	// phone does; view is then encoded only when asked for (View).
	lean    bool
	tree    any
	lobby   rooms.Lobby
	queue   []rooms.Message
	wake    chan struct{} // signalled when queue grows or the conn ends
	waiters map[string]chan rooms.Message
	prefix  string
	nextID  int
	err     error
	done    chan struct{}
}

// Dial connects to room code with a seat token (empty for a spectator) and
// returns once the server's welcome has arrived. lastVersion is the last
// version this phone saw, or -1 for a first visit; the welcome then carries
// the events missed since.
func Dial(ctx context.Context, base, code, token string, lastVersion int64) (*Conn, error) {
	return dial(ctx, base, code, token, lastVersion, false)
}

// DialLean is Dial for a client that reads its view now and then, not on
// every update: it keeps the view decoded and applies each patch to it in
// place, as a phone's page does, and encodes it only when View is called.
// Its updates from Next carry no view. The load tool dials this way, so
// that its phones cost what real phones cost, not a decode and an encode
// of the whole view per update.
func DialLean(ctx context.Context, base, code, token string, lastVersion int64) (*Conn, error) {
	return dial(ctx, base, code, token, lastVersion, true)
}

// DialFrom is Dial from the local address ip: on loopback, 127.0.0.2 and
// up stand in for other phones on the Wi-Fi (the server counts them as
// other addresses).
func DialFrom(ctx context.Context, ip net.IP, base, code, token string, lastVersion int64) (*Conn, error) {
	nd := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}}
	d := *websocket.DefaultDialer
	d.NetDialContext = nd.DialContext
	return dialWith(ctx, &d, base, code, token, lastVersion, false)
}

func dial(ctx context.Context, base, code, token string, lastVersion int64, lean bool) (*Conn, error) {
	return dialWith(ctx, websocket.DefaultDialer, base, code, token, lastVersion, lean)
}

func dialWith(ctx context.Context, d *websocket.Dialer, base, code, token string, lastVersion int64, lean bool) (*Conn, error) {
	u, err := url.Parse(strings.TrimSuffix(base, "/") + "/ws/" + url.PathEscape(code))
	if err != nil {
		return nil, err
	}
	switch u.Scheme {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	}
	ws, resp, err := d.DialContext(ctx, u.String(), nil)
	if err != nil {
		if resp != nil {
			defer resp.Body.Close()
			data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
			return nil, httpError(resp.StatusCode, data)
		}
		return nil, err
	}
	var p [6]byte
	_, _ = rand.Read(p[:])
	c := &Conn{base: base, code: code, token: token, ws: ws, version: -1, prefix: hex.EncodeToString(p[:]), lean: lean,
		wake: make(chan struct{}, 1), waiters: make(map[string]chan rooms.Message), done: make(chan struct{})}
	go c.read()
	hello := rooms.Request{T: rooms.TypeHello, Token: token}
	if lastVersion >= 0 {
		hello.V = &lastVersion
	}
	if err := c.write(hello); err != nil {
		c.Close()
		return nil, err
	}
	for {
		m, err := c.Next(ctx)
		if err != nil {
			c.Close()
			return nil, err
		}
		switch m.T {
		case rooms.TypeWelcome:
			return c, nil
		case rooms.TypeError:
			c.Close()
			return nil, &Error{Code: m.Code, Message: m.Message}
		}
	}
}

// read is the connection's only reader.
func (c *Conn) read() {
	var err error
	defer func() {
		c.mu.Lock()
		c.err = err
		for id, w := range c.waiters {
			close(w)
			delete(c.waiters, id)
		}
		c.mu.Unlock()
		close(c.done)
		c.signal()
	}()
	for {
		var data []byte
		if _, data, err = c.ws.ReadMessage(); err != nil {
			return
		}
		var m rooms.Message
		if err = json.Unmarshal(data, &m); err != nil {
			err = fmt.Errorf("client: bad frame from server: %w", err)
			return
		}
		c.mu.Lock()
		switch m.T {
		case rooms.TypeWelcome:
			if !c.lean {
				m.View = canonical(m.View)
			}
			c.welcome = m
			c.version, c.view, c.tree = m.V, m.View, nil
			if m.Room != nil {
				c.lobby = *m.Room
			}
		case rooms.TypeUpdate:
			if err = c.update(&m); err != nil {
				c.mu.Unlock()
				return
			}
		case rooms.TypeSeat:
			if m.Token != "" && m.Seat != nil {
				c.token = m.Token
			}
		case rooms.TypeRoom:
			if m.Room != nil {
				c.lobby = *m.Room
			}
		case rooms.TypeAck, rooms.TypeError:
			if w, ok := c.waiters[m.ID]; ok && m.ID != "" {
				w <- m
				delete(c.waiters, m.ID)
			}
		}
		c.queue = append(c.queue, m)
		c.mu.Unlock()
		c.signal()
	}
}

// update moves the conn to update m's version and view, and gives m the
// whole view (a lean conn's updates carry none).
func (c *Conn) update(m *rooms.Message) error {
	// Acks carry their command's version, which may be older than
	// updates already seen (bots answered): track updates only.
	if m.Base != nil && *m.Base != c.version {
		return fmt.Errorf("client: update v%d patches v%d but this phone holds v%d", m.V, *m.Base, c.version)
	}
	switch {
	case len(m.Patch) > 0 && c.lean:
		if err := c.patchTree(m.Patch); err != nil {
			return fmt.Errorf("client: update v%d: %w", m.V, err)
		}
	case len(m.Patch) > 0:
		view, err := rooms.ApplyPatch(c.view, m.Patch)
		if err != nil {
			return fmt.Errorf("client: update v%d: %w", m.V, err)
		}
		c.view, m.View = view, view
	case len(m.View) > 0:
		if !c.lean {
			m.View = canonical(m.View)
		}
		c.view, c.tree = m.View, nil
	case !c.lean:
		m.View = c.view
	}
	c.version = m.V
	return nil
}

// patchTree applies a patch to a lean conn's decoded view.
func (c *Conn) patchTree(patch []byte) error {
	if c.tree == nil {
		if err := json.Unmarshal(c.view, &c.tree); err != nil {
			return err
		}
	}
	t, err := rooms.PatchTree(c.tree, patch)
	if err != nil {
		return err
	}
	c.tree, c.view = t, nil
	return nil
}

// canonical re-encodes a view with sorted keys, the form patched views
// take, so that a view reads the same however it arrived.
func canonical(view json.RawMessage) json.RawMessage {
	var v any
	if len(view) == 0 || json.Unmarshal(view, &v) != nil {
		return view
	}
	b, err := json.Marshal(v)
	if err != nil {
		return view
	}
	return b
}

func (c *Conn) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// Next returns the next message from the server, of any type, in order.
// Once the connection has ended and the queue is empty it returns an error
// wrapping ErrClosed.
func (c *Conn) Next(ctx context.Context) (rooms.Message, error) {
	for {
		c.mu.Lock()
		if len(c.queue) > 0 {
			m := c.queue[0]
			c.queue[0] = rooms.Message{}
			c.queue = c.queue[1:]
			c.mu.Unlock()
			return m, nil
		}
		ended, err := isDone(c.done), c.err
		c.mu.Unlock()
		if ended {
			return rooms.Message{}, fmt.Errorf("%w: %v", ErrClosed, err)
		}
		select {
		case <-c.wake:
		case <-c.done:
		case <-ctx.Done():
			return rooms.Message{}, ctx.Err()
		}
	}
}

// Pending returns how many messages wait for Next.
func (c *Conn) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.queue)
}

// Drain drops every queued message, for callers that follow views only.
func (c *Conn) Drain() {
	c.mu.Lock()
	clear(c.queue)
	c.queue = c.queue[:0]
	c.mu.Unlock()
}

func (c *Conn) write(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return c.Raw(b)
}

// Raw sends a frame as is: for tests of hostile input.
func (c *Conn) Raw(frame []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.ws.WriteMessage(websocket.TextMessage, frame)
}

// newID draws the next client id of this connection. The server keeps ids
// per seat for the whole match, so each connection has a random prefix.
func (c *Conn) newID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.nextID++
	return fmt.Sprintf("%s-%d", c.prefix, c.nextID)
}

// Send sends a game command with a fresh client id and returns the id; the
// ack or error arrives through Next.
func (c *Conn) Send(cmd any) (string, error) {
	id := c.newID()
	return id, c.SendID(id, cmd)
}

// SendID sends a game command with the caller's id: sending it again is
// how a phone retries without risk of applying it twice.
func (c *Conn) SendID(id string, cmd any) error {
	body, err := json.Marshal(cmd)
	if err != nil {
		return err
	}
	return c.write(rooms.Request{T: rooms.TypeCmd, ID: id, Cmd: body})
}

// Do sends a game command and waits for its ack. A refusal returns *Error.
// The version is the one the command produced.
func (c *Conn) Do(ctx context.Context, cmd any) (int64, error) {
	id := c.newID()
	return c.DoID(ctx, id, cmd)
}

// DoID is Do with the caller's id.
func (c *Conn) DoID(ctx context.Context, id string, cmd any) (int64, error) {
	body, err := json.Marshal(cmd)
	if err != nil {
		return 0, err
	}
	return c.request(ctx, rooms.Request{T: rooms.TypeCmd, ID: id, Cmd: body})
}

// Host runs a host action (rooms.ActionStart, ...) and waits for its ack.
// seats are the seat for free and bot, or from and to for move.
func (c *Conn) Host(ctx context.Context, action string, seats ...int) error {
	req := rooms.Request{T: rooms.TypeHost, ID: c.newID(), Action: action}
	switch {
	case action == rooms.ActionMove && len(seats) == 2:
		req.From, req.To = &seats[0], &seats[1]
	case len(seats) == 1:
		req.Seat = &seats[0]
	}
	_, err := c.request(ctx, req)
	return err
}

// Claim asks the players of seat's side to let this phone (a spectator)
// take the seat of a match in play. Once granted, a TypeSeat message
// arrives, the Conn keeps its token (Token) and a welcome follows.
func (c *Conn) Claim(ctx context.Context, seat int, name string) error {
	_, err := c.request(ctx, rooms.Request{T: rooms.TypeClaim, ID: c.newID(), Seat: &seat, Name: name})
	return err
}

// Grant answers a claim on a seat of this phone's side.
func (c *Conn) Grant(ctx context.Context, claim string, allow bool) error {
	_, err := c.request(ctx, rooms.Request{T: rooms.TypeGrant, ID: c.newID(), Claim: claim, Allow: &allow})
	return err
}

// Token is the seat token the Conn holds: the one it dialled with, or the
// one a granted claim gave it.
func (c *Conn) Token() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.token
}

func (c *Conn) request(ctx context.Context, req rooms.Request) (int64, error) {
	w := make(chan rooms.Message, 1)
	c.mu.Lock()
	if c.err != nil || isDone(c.done) {
		c.mu.Unlock()
		return 0, ErrClosed
	}
	c.waiters[req.ID] = w
	c.mu.Unlock()
	if err := c.write(req); err != nil {
		return 0, err
	}
	select {
	case m, ok := <-w:
		if !ok {
			return 0, ErrClosed
		}
		if m.T == rooms.TypeError {
			return m.V, &Error{Code: m.Code, Rule: m.Rule, Message: m.Message, ID: m.ID}
		}
		return m.V, nil
	case <-ctx.Done():
		c.mu.Lock()
		delete(c.waiters, req.ID)
		c.mu.Unlock()
		return 0, ctx.Err()
	}
}

func isDone(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// Seat is the connection's seat, or games.Spectator.
func (c *Conn) Seat() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.welcome.Seat == nil {
		return games.Spectator
	}
	return *c.welcome.Seat
}

// Welcome is the last welcome the server sent (after a hello or a move).
func (c *Conn) Welcome() rooms.Message {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.welcome
}

// Version is the room version of the latest view received.
func (c *Conn) Version() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.version
}

// View is the latest view received, as JSON.
func (c *Conn) View() json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.view == nil && c.tree != nil {
		c.view, _ = json.Marshal(c.tree)
	}
	return c.view
}

// ViewPart is a JSON object holding at least the latest view's members
// named by keys: the whole view when the conn holds it encoded, else (a
// lean phone after a patch) only those members, so that a bot reading its
// own state does not re-encode the whole map each time.
func (c *Conn) ViewPart(keys ...string) json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	obj, ok := c.tree.(map[string]any)
	if c.view != nil || !ok {
		return c.view
	}
	part := make(map[string]any, len(keys))
	for _, k := range keys {
		if x, ok := obj[k]; ok {
			part[k] = x
		}
	}
	b, _ := json.Marshal(part)
	return b
}

// ViewAs decodes the latest view into v.
func (c *Conn) ViewAs(v any) error { return json.Unmarshal(c.View(), v) }

// Lobby is the latest lobby received.
func (c *Conn) Lobby() rooms.Lobby {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lobby
}

// Done is closed when the connection has ended.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err says why the connection ended, once Done is closed.
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Close ends the connection.
func (c *Conn) Close() error {
	c.wmu.Lock()
	_ = c.ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""))
	c.wmu.Unlock()
	err := c.ws.Close()
	<-c.done
	return err
}

// Reconnect dials the same room with the same token and this connection's
// last version, as a phone does when it wakes up; the new Conn's welcome
// holds the events missed. The old connection is closed.
func (c *Conn) Reconnect(ctx context.Context) (*Conn, error) {
	c.Close()
	return Dial(ctx, c.base, c.code, c.token, c.Version())
}
