package game

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

func newTestServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	s, err := NewServer(gameDir)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s)
	t.Cleanup(hs.Close)
	return s, hs
}

func do(t *testing.T, method, u, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

func TestServeFiles(t *testing.T) {
	_, hs := newTestServer(t)
	for _, path := range []string{"/", "/game.js", "/style.css", "/levels.json"} {
		code, body := do(t, "GET", hs.URL+path, "")
		if code != 200 || body == "" {
			t.Errorf("GET %s: %d", path, code)
		}
	}
	if code, _ := do(t, "GET", hs.URL+"/missing.js", ""); code != 404 {
		t.Errorf("GET /missing.js: %d, want 404", code)
	}
	if code, _ := do(t, "POST", hs.URL+"/", "x"); code != 405 {
		t.Errorf("POST /: %d, want 405", code)
	}
}

func TestNewServerRefusesBadFolders(t *testing.T) {
	if _, err := NewServer(t.TempDir()); err == nil || !strings.Contains(err.Error(), "index.html") {
		t.Errorf("empty folder: %v", err)
	}
}

func TestReports(t *testing.T) {
	s, hs := newTestServer(t)
	for _, ev := range []string{
		`{"type": "ready", "page": 1, "query": "level=1"}`,
		`{"type": "screen", "screen": "level", "level": 1, "page": 2}`,
		`{"type": "place", "level": 1, "value": 1, "row": 1, "col": 0, "page": 3}`,
		`{"type": "place", "level": 1, "value": 2, "row": 1, "col": 1, "color": "white", "page": 4}`,
		`{"type": "completed", "level": 1, "page": 5}`,
		`{"type": "completed", "level": 1, "page": 6}`,
		`{"type": "screen", "screen": "completed", "level": 1, "page": 7}`,
	} {
		if code, body := do(t, "POST", hs.URL+"/api/report", ev); code != 204 {
			t.Fatalf("POST %s: %d %s", ev, code, body)
		}
	}
	want := State{Screen: "completed", Level: 1, Completed: []int{1}, Placed: 2, Events: 7}
	if got := s.State(); !stateEqual(got, want) {
		t.Errorf("State() = %+v, want %+v", got, want)
	}
	code, body := do(t, "GET", hs.URL+"/api/state", "")
	var st State
	if code != 200 || json.Unmarshal([]byte(body), &st) != nil || !stateEqual(st, want) {
		t.Errorf("GET /api/state: %d %s", code, body)
	}
	code, body = do(t, "GET", hs.URL+"/api/reports?after=5", "")
	var list struct{ Events []Event }
	if code != 200 || json.Unmarshal([]byte(body), &list) != nil {
		t.Fatalf("GET /api/reports: %d %s", code, body)
	}
	if len(list.Events) != 2 || list.Events[0].Seq != 6 || list.Events[1].Screen != "completed" {
		t.Errorf("events after 5: %+v", list.Events)
	}
	if code, _ := do(t, "GET", hs.URL+"/api/reports?after=x", ""); code != 400 {
		t.Errorf("after=x: %d, want 400", code)
	}
	if got := FormatEvent(s.Events(2)[0]); !strings.HasSuffix(got, "place level 1: 1 at row 1, col 0") {
		t.Errorf("FormatEvent = %q", got)
	}
	if got := FormatEvent(s.Events(3)[0]); !strings.HasSuffix(got, "place level 1: 2w at row 1, col 1") {
		t.Errorf("FormatEvent of a white block = %q", got)
	}
}

func stateEqual(a, b State) bool {
	return a.Screen == b.Screen && a.Level == b.Level && slices.Equal(a.Completed, b.Completed) &&
		a.Placed == b.Placed && a.Events == b.Events
}

func TestBadReports(t *testing.T) {
	s, hs := newTestServer(t)
	for _, tc := range []struct {
		body string
		code int
		want string
	}{
		{``, 400, "empty input"},
		{`{"type": "ready"`, 400, "unexpected end"},
		{`{"type": "warp"}`, 400, `unknown event type "warp"`},
		{`{"type": "ready", "extra": 1}`, 400, "unknown field"},
		{`{"type": "ready", "seq": 9}`, 400, "set by the server"},
		{`{"type": "screen", "screen": "level"}`, 400, "needs its level"},
		{`{"type": "screen", "screen": "credits"}`, 400, "unknown screen"},
		{`{"type": "place", "level": 1, "value": 1, "row": 0}`, 400, "needs level, value, row and col"},
		{`{"type": "place", "level": 1, "value": 10, "row": 0, "col": 0}`, 400, "out of range"},
		{`{"type": "place", "level": 1, "value": 1, "row": 0, "col": 0, "color": "red"}`, 400, `color "red"`},
		{`{"type": "lost", "level": 1, "value": 1, "row": 0}`, 400, "a lost event needs level and value, and row and col together"},
		{`{"type": "completed"}`, 400, "needs its level"},
		{`{"type": "ready", "level": -1}`, 400, "non-negative"},
		{`{"type": "ready", "query": "` + strings.Repeat("x", MaxReportSize) + `"}`, 413, "larger than"},
	} {
		code, body := do(t, "POST", hs.URL+"/api/report", tc.body)
		if code != tc.code || !strings.Contains(body, tc.want) || strings.Count(strings.TrimSpace(body), "\n") > 0 {
			t.Errorf("POST %.40q: %d %q, want %d and one line about %q", tc.body, code, body, tc.code, tc.want)
		}
	}
	if code, _ := do(t, "GET", hs.URL+"/api/report", ""); code != 405 {
		t.Errorf("GET /api/report: %d, want 405", code)
	}
	if n := s.Seq(); n != 0 {
		t.Errorf("%d events recorded from bad reports", n)
	}
}

func TestWait(t *testing.T) {
	s, _ := newTestServer(t)
	s.Add(Event{Type: EventKey})
	go func() {
		time.Sleep(20 * time.Millisecond)
		s.Add(Event{Type: EventScreen, Screen: "levels"})
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ev, err := s.Wait(ctx, 0, func(e Event) bool { return e.Type == EventScreen })
	if err != nil || ev.Seq != 2 || ev.Screen != "levels" {
		t.Fatalf("Wait = %+v, %v", ev, err)
	}
	// Events up to after are not looked at again.
	short, cancel2 := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel2()
	if _, err := s.Wait(short, 2, func(e Event) bool { return true }); err == nil {
		t.Error("Wait returned an old event")
	}
}

func TestEventsAreBounded(t *testing.T) {
	s, _ := newTestServer(t)
	for i := 0; i < MaxEvents+10; i++ {
		s.Add(Event{Type: EventKey})
	}
	evs := s.Events(0)
	if len(evs) > MaxEvents || evs[len(evs)-1].Seq != MaxEvents+10 {
		t.Errorf("%d events kept, last %d", len(evs), evs[len(evs)-1].Seq)
	}
	if got := s.Events(MaxEvents + 5); len(got) != 5 || got[0].Seq != MaxEvents+6 {
		t.Errorf("Events(after) after trimming: %d events", len(got))
	}
	if st := s.State(); st.Events != MaxEvents+10 {
		t.Errorf("State().Events = %d", st.Events)
	}
}

func TestControl(t *testing.T) {
	defer func(d time.Duration) { controlWait = d }(controlWait)
	controlWait = 50 * time.Millisecond
	s, hs := newTestServer(t)
	if code, _ := do(t, "GET", hs.URL+"/api/control?after=0", ""); code != 204 {
		t.Errorf("no command: %d, want 204", code)
	}
	if code, _ := do(t, "GET", hs.URL+"/api/control?after=-1", ""); code != 400 {
		t.Errorf("after=-1: %d, want 400", code)
	}
	controlWait = 5 * time.Second
	type answer struct {
		code int
		body string
	}
	got := make(chan answer, 1)
	go func() {
		code, body := do(t, "GET", hs.URL+"/api/control?after=0", "")
		got <- answer{code, body}
	}()
	time.Sleep(20 * time.Millisecond)
	n := s.Goto(url.Values{"level": {"3"}})
	a := <-got
	var c struct {
		Seq   int
		Query string
	}
	if a.code != 200 || json.Unmarshal([]byte(a.body), &c) != nil || c.Seq != n || c.Query != "level=3" {
		t.Errorf("control answer: %d %s, want seq %d and level=3", a.code, a.body, n)
	}
	// A page that already follows the command is not told again.
	controlWait = 50 * time.Millisecond
	if code, _ := do(t, "GET", hs.URL+"/api/control?after=1", ""); code != 204 {
		t.Errorf("after the latest command: %d, want 204", code)
	}
}

func TestListen(t *testing.T) {
	s, err := NewServer(gameDir)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(r.URL + "levels.json")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET levels.json: %d", resp.StatusCode)
	}
	if err := r.Close(); err != nil {
		t.Error(err)
	}
	if _, err := http.Get(r.URL); err == nil {
		t.Error("the server still answers after Close")
	}
}

func FuzzParseEvent(f *testing.F) {
	for _, seed := range []string{
		`{"type": "ready", "page": 1, "cmd": 2, "query": "level=1"}`,
		`{"type": "screen", "screen": "completed", "level": 15}`,
		`{"type": "place", "level": 1, "value": 0, "row": 63, "col": 0}`,
		`{"type": "click", "target": "level 3"}`,
		`{"type": "remove", "level": 2, "value": 9, "row": 1, "col": 1e1}`,
		`{"type": "key", "time": "2026-01-01T00:00:00Z"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := ParseEvent(data)
		if err != nil {
			return
		}
		if !slices.Contains(eventTypes, ev.Type) {
			t.Fatalf("accepted type %q", ev.Type)
		}
		if ev.Type == EventPlace && (ev.Value == nil || ev.Row == nil || ev.Col == nil) {
			t.Fatalf("accepted a place event without its square: %s", data)
		}
		FormatEvent(ev) // must not panic
	})
}
