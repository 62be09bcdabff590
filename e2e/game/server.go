package game

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

// Event is one report from the page: what it showed or what the player did.
type Event struct {
	// Seq numbers the events the server received, from 1.
	Seq  int       `json:"seq"`
	Time time.Time `json:"time"`
	// Page numbers the reports of one page load, from 1, and Cmd is the
	// control command that page load answers (0 for the first load).
	Page int `json:"page"`
	Cmd  int `json:"cmd"`

	Type   string `json:"type"`             // see the Event* constants
	Screen string `json:"screen,omitempty"` // EventScreen: title, levels, level, completed
	Level  int    `json:"level,omitempty"`  // the level a screen, move or completion is on
	Value  *int   `json:"value,omitempty"`  // EventPlace, EventRemove, EventPick: the block's number
	Color  string `json:"color,omitempty"`  // and its colour, puzzle.ColorBlue or puzzle.ColorWhite
	Row    *int   `json:"row,omitempty"`    // EventPlace, EventRemove: the square
	Col    *int   `json:"col,omitempty"`
	Target string `json:"target,omitempty"` // EventClick: "level 3", "next", "menu", "play", "restart", "quit"; EventPointer: "down", "up"
	Query  string `json:"query,omitempty"`  // EventReady: the page's URL query
	// Frame is the number of animation frames the page had run when a
	// pointer event came in (EventPointer), or the frame that saw a press or
	// release (EventSeen) or picked up a piece (EventPick). A press and a
	// release delivered with the same Frame fell between two frames, and the
	// game never saw them.
	Frame int `json:"frame,omitempty"`
}

// The types of events the page reports.
const (
	EventReady     = "ready"     // the page has loaded its levels
	EventScreen    = "screen"    // a screen is shown
	EventPlace     = "place"     // a piece was put on a square
	EventRemove    = "remove"    // a piece left a square
	EventCompleted = "completed" // a level was completed
	EventClick     = "click"     // a button or level tile was clicked
	EventKey       = "key"       // a key was pressed
	EventPick      = "pick"      // a piece was picked up (from the square at Row, Col, if any)
	EventPointer   = "pointer"   // the browser delivered a left press or release (Target "down", "up")
	EventSeen      = "seen"      // the game's frame loop saw a left press or release (Target "press", "release")
	EventLost      = "lost"      // with lose=P, a drop the page ignored: the block stayed where it was picked up (Row, Col, if any)
)

var eventTypes = []string{EventReady, EventScreen, EventPlace, EventRemove, EventCompleted, EventClick, EventKey, EventPick, EventPointer, EventSeen, EventLost}

// Limits on what the report API accepts and keeps.
const (
	MaxReportSize = 4 << 10 // bytes in one report
	MaxEvents     = 100000  // events kept; the oldest go first
)

// State sums up the events so far.
type State struct {
	Screen    string `json:"screen"`          // the screen shown last ("" before the first)
	Level     int    `json:"level,omitempty"` // its level, on "level" and "completed"
	Completed []int  `json:"completed"`       // the levels completed, in order, each once
	Placed    int    `json:"placed"`          // pieces put on squares
	Events    int    `json:"events"`          // events received
}

// Server serves the game folder and records the page's reports. It is an
// http.Handler:
//
//	GET  /...                     the files of the game folder
//	POST /api/report              one event, as JSON (see Event)
//	GET  /api/reports?after=N     {"events": [...]}: the events with Seq > N
//	GET  /api/state               the State
//	GET  /api/control?after=N     waits (up to 25 s; 204 when nothing came) for
//	                              a control command newer than N and returns it
//	                              as {"seq": N, "query": "level=3"}
type Server struct {
	dir   string
	files http.Handler

	mu      sync.Mutex
	events  []Event
	seq     int
	state   State
	done    map[int]bool
	changed chan struct{} // closed and replaced whenever events or commands change
	command struct {
		seq   int
		query string
	}
}

// NewServer returns a server for the game folder dir, which must hold the
// page (index.html) and a valid levels file.
func NewServer(dir string) (*Server, error) {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return nil, fmt.Errorf("game folder %s: %w", dir, err)
	}
	if _, err := LoadLevels(dir); err != nil {
		return nil, err
	}
	return &Server{
		dir:     dir,
		files:   http.FileServer(http.Dir(dir)),
		done:    map[int]bool{},
		changed: make(chan struct{}),
		state:   State{Completed: []int{}},
	}, nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/api/report":
		s.serveReport(w, r)
	case "/api/reports":
		s.serveReports(w, r)
	case "/api/state":
		if !allow(w, r, http.MethodGet) {
			return
		}
		writeJSON(w, s.State())
	case "/api/control":
		s.serveControl(w, r)
	default:
		if !allow(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		// The tests edit nothing while a page runs, but a person editing the
		// game wants a reload to show the change.
		w.Header().Set("Cache-Control", "no-store")
		s.files.ServeHTTP(w, r)
	}
}

func allow(w http.ResponseWriter, r *http.Request, methods ...string) bool {
	if slices.Contains(methods, r.Method) {
		return true
	}
	w.Header().Set("Allow", fmt.Sprint(methods))
	http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	return false
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}

func (s *Server) serveReport(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodPost) {
		return
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxReportSize))
	if err != nil {
		http.Error(w, fmt.Sprintf("report: larger than %d bytes", MaxReportSize), http.StatusRequestEntityTooLarge)
		return
	}
	ev, err := ParseEvent(data)
	if err != nil {
		http.Error(w, "report: "+err.Error(), http.StatusBadRequest)
		return
	}
	s.Add(ev)
	w.WriteHeader(http.StatusNoContent)
}

// ParseEvent reads and checks one report from the page. The server sets
// Seq and Time; a report that carries them is refused.
func ParseEvent(data []byte) (Event, error) {
	var ev Event
	if err := puzzle.Decode(data, &ev); err != nil {
		return Event{}, err
	}
	if err := ev.checkCommon(); err != nil {
		return Event{}, err
	}
	if err := ev.checkFields(); err != nil {
		return Event{}, err
	}
	return ev, nil
}

// checkCommon checks what every event may carry: no Seq or Time, a known
// type, numbers in range, a known colour.
func (ev *Event) checkCommon() error {
	switch {
	case ev.Seq != 0 || !ev.Time.IsZero():
		return errors.New("seq and time are set by the server")
	case !slices.Contains(eventTypes, ev.Type):
		return fmt.Errorf("unknown event type %q", ev.Type)
	case ev.Page < 0 || ev.Cmd < 0 || ev.Frame < 0 || ev.Level < 0 || ev.Level > 99:
		return errors.New("page, cmd, frame and level must be non-negative, level at most 99")
	case ev.Color != "" && ev.Color != puzzle.ColorBlue && ev.Color != puzzle.ColorWhite:
		return fmt.Errorf("color %q: expected blue or white", ev.Color)
	}
	return nil
}

// checkFields checks the fields the event's type needs.
func (ev *Event) checkFields() error {
	switch ev.Type {
	case EventScreen:
		return ev.checkScreen()
	case EventPlace, EventRemove:
		return ev.checkSquare()
	case EventCompleted:
		if ev.Level == 0 {
			return errors.New("a completed event needs its level")
		}
	case EventPick, EventLost:
		return ev.checkPick()
	case EventPointer:
		if ev.Target != "down" && ev.Target != "up" {
			return fmt.Errorf("pointer event %q: expected down or up", ev.Target)
		}
	case EventSeen:
		if ev.Target != "press" && ev.Target != "release" {
			return fmt.Errorf("seen event %q: expected press or release", ev.Target)
		}
	}
	return nil
}

// checkScreen checks a screen event: a known screen, with its level where
// it has one.
func (ev *Event) checkScreen() error {
	switch ev.Screen {
	case puzzle.ScreenTitle, puzzle.ScreenLevels:
		return nil
	case puzzle.ScreenLevel, puzzle.ScreenCompleted:
		if ev.Level == 0 {
			return fmt.Errorf("screen %q needs its level", ev.Screen)
		}
		return nil
	}
	return fmt.Errorf("unknown screen %q", ev.Screen)
}

// checkSquare checks a place or remove event: a block's value on a square.
func (ev *Event) checkSquare() error {
	if ev.Level == 0 || ev.Value == nil || ev.Row == nil || ev.Col == nil {
		return fmt.Errorf("a %s event needs level, value, row and col", ev.Type)
	}
	if *ev.Value < 0 || *ev.Value > puzzle.MaxValue || *ev.Row < 0 || *ev.Row >= puzzle.MaxLine ||
		*ev.Col < 0 || *ev.Col >= puzzle.MaxLine {
		return fmt.Errorf("a %s event's value, row or col is out of range", ev.Type)
	}
	return nil
}

// checkPick checks a pick or lost event: a block's value, and the square it
// was picked up from, if any.
func (ev *Event) checkPick() error {
	if ev.Level == 0 || ev.Value == nil || (ev.Row == nil) != (ev.Col == nil) {
		return fmt.Errorf("a %s event needs level and value, and row and col together", ev.Type)
	}
	if *ev.Value < 0 || *ev.Value > puzzle.MaxValue {
		return fmt.Errorf("a %s event's value is out of range", ev.Type)
	}
	return nil
}

// FormatEvent describes an event in one line, for logs.
func FormatEvent(ev Event) string {
	head := fmt.Sprintf("%4d %s %s", ev.Seq, ev.Time.Format("15:04:05.000"), ev.Type)
	switch ev.Type {
	case EventReady:
		return fmt.Sprintf("%s ?%s", head, ev.Query)
	case EventScreen:
		if ev.Level > 0 {
			return fmt.Sprintf("%s %s %d", head, ev.Screen, ev.Level)
		}
		return head + " " + ev.Screen
	case EventPlace, EventRemove, EventPick, EventLost:
		if ev.Value == nil {
			return head
		}
		block := fmt.Sprint(*ev.Value)
		if ev.Color == puzzle.ColorWhite {
			block += "w"
		}
		if ev.Row == nil || ev.Col == nil {
			return fmt.Sprintf("%s level %d: %s from below the board (frame %d)", head, ev.Level, block, ev.Frame)
		}
		return fmt.Sprintf("%s level %d: %s at row %d, col %d", head, ev.Level, block, *ev.Row, *ev.Col)
	case EventPointer, EventSeen:
		return fmt.Sprintf("%s %s (frame %d)", head, ev.Target, ev.Frame)
	case EventCompleted:
		return fmt.Sprintf("%s level %d", head, ev.Level)
	case EventClick:
		return head + " " + ev.Target
	}
	return head
}

// Add records an event as if the page had reported it.
func (s *Server) Add(ev Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	ev.Seq = s.seq
	ev.Time = time.Now()
	if len(s.events) >= MaxEvents {
		s.events = slices.Delete(s.events, 0, len(s.events)-MaxEvents/2)
	}
	s.events = append(s.events, ev)
	st := &s.state
	st.Events++
	switch ev.Type {
	case EventScreen:
		st.Screen, st.Level = ev.Screen, ev.Level
	case EventPlace:
		st.Placed++
	case EventCompleted:
		if !s.done[ev.Level] {
			s.done[ev.Level] = true
			st.Completed = append(st.Completed, ev.Level)
		}
	}
	s.notify()
}

// notify wakes everyone waiting for a change. s.mu must be held.
func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// Events returns the events with Seq greater than after, oldest first.
func (s *Server) Events(after int) []Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.events[s.index(after):])
}

// index returns the index in s.events of the first event with Seq greater
// than after. s.mu must be held.
func (s *Server) index(after int) int {
	i, _ := slices.BinarySearchFunc(s.events, after+1, func(e Event, seq int) int { return e.Seq - seq })
	return i
}

// Seq returns the number of the last event received (0 before any).
func (s *Server) Seq() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seq
}

// State returns the summary of all events so far.
func (s *Server) State() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.state
	st.Completed = slices.Clone(st.Completed)
	return st
}

// Wait waits until an event with Seq greater than after satisfies match, and
// returns it.
func (s *Server) Wait(ctx context.Context, after int, match func(Event) bool) (Event, error) {
	for {
		s.mu.Lock()
		for _, ev := range s.events[s.index(after):] {
			if match(ev) {
				s.mu.Unlock()
				return ev, nil
			}
		}
		if n := len(s.events); n > 0 {
			after = max(after, s.events[n-1].Seq)
		}
		changed := s.changed
		s.mu.Unlock()
		select {
		case <-changed:
		case <-ctx.Done():
			return Event{}, fmt.Errorf("waiting for the page's report: %w", ctx.Err())
		}
	}
}

// Goto tells the page to load itself again with the given URL query (such
// as "level=3" or "screen=levels&done=8"), and returns the command's number:
// the new page load's events carry it as Cmd.
func (s *Server) Goto(query url.Values) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.command.seq++
	s.command.query = query.Encode()
	s.notify()
	return s.command.seq
}

// controlWait is how long GET /api/control waits before answering 204.
var controlWait = 25 * time.Second

func (s *Server) serveControl(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet) {
		return
	}
	after, err := strconv.Atoi(r.URL.Query().Get("after"))
	if err != nil || after < 0 {
		http.Error(w, "control: after must be a command number", http.StatusBadRequest)
		return
	}
	timer := time.NewTimer(controlWait)
	defer timer.Stop()
	for {
		s.mu.Lock()
		seq, query, changed := s.command.seq, s.command.query, s.changed
		s.mu.Unlock()
		if seq > after {
			writeJSON(w, map[string]any{"seq": seq, "query": query})
			return
		}
		select {
		case <-changed:
		case <-timer.C:
			w.WriteHeader(http.StatusNoContent)
			return
		case <-r.Context().Done():
			return
		}
	}
}

func (s *Server) serveReports(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet) {
		return
	}
	after := 0
	if v := r.URL.Query().Get("after"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			http.Error(w, "reports: after must be an event number", http.StatusBadRequest)
			return
		}
		after = n
	}
	writeJSON(w, map[string]any{"events": s.Events(after)})
}

// Listen serves s on addr (such as "127.0.0.1:0" for any free port) until
// Close is called.
func (s *Server) Listen(addr string) (*Running, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("game server: %w", err)
	}
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	run := &Running{Server: s, http: hs, URL: "http://" + l.Addr().String() + "/", done: make(chan error, 1)}
	go func() { run.done <- hs.Serve(l) }()
	return run, nil
}

// Running is a server listening on a port.
type Running struct {
	*Server
	// URL is the page's address, such as "http://127.0.0.1:41234/".
	URL  string
	http *http.Server
	done chan error
}

// Close stops the server, cutting open connections (the page's long polls).
func (r *Running) Close() error {
	err := r.http.Close()
	<-r.done
	return err
}
