package puzzle

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"unicode/utf8"
)

// encoding/json lets three things pass that a hand-edited file should not:
// a key that matches a field only without regard to letter case ("Pieces"
// for "pieces"), the same key twice in an object (the last one wins), and a
// point with one of its coordinates missing (it becomes 0). checkKeys finds
// them before the decoder runs, guided by the type the data is decoded into.

// maxDepth bounds the nesting checkKeys follows, as encoding/json does.
const maxDepth = 10000

// keyScan walks JSON text. It stops at the first finding (err) or at text
// that is not JSON (bad), which the decoder then reports in its own words.
type keyScan struct {
	data   []byte
	starts map[string][]int // top-level list name -> offsets of its elements
	top    string           // the top-level key being walked
	pos    int
	depth  int
	err    error
	bad    bool
}

// checkKeys returns an error, with its line and column, for the first key in
// data that matches a field of t only in another letter case, the first key
// given twice in one object, or the first point that lacks a coordinate.
// Text that is not JSON is left to the decoder.
//
// It also records in starts (when not nil) where each element of the lists
// of the top-level object starts.
func checkKeys(data []byte, t reflect.Type, starts map[string][]int) error {
	s := &keyScan{data: data, starts: starts}
	s.value(t)
	return s.err
}

func (s *keyScan) fail(at int, format string, args ...any) {
	if s.err == nil && !s.bad {
		line, col := position(s.data, int64(at))
		s.err = errorAt(line, col, format, args...)
	}
}

func (s *keyScan) stopped() bool { return s.err != nil || s.bad }

func (s *keyScan) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// value walks one JSON value that decodes into t (nil: unknown).
func (s *keyScan) value(t reflect.Type) {
	s.skipSpace()
	if s.pos >= len(s.data) {
		s.bad = true
		return
	}
	switch s.data[s.pos] {
	case '{':
		s.nested(func() { s.object(t) })
	case '[':
		s.nested(func() { s.array(t) })
	case '"':
		s.str()
	default:
		start := s.pos
		for s.pos < len(s.data) && !strings.ContainsRune(" \t\n\r,]}:", rune(s.data[s.pos])) {
			s.pos++
		}
		if s.pos == start {
			s.bad = true
		}
	}
}

func (s *keyScan) nested(walk func()) {
	if s.depth++; s.depth > maxDepth {
		s.bad = true
		return
	}
	walk()
	s.depth--
}

// str reads a string and returns its value.
func (s *keyScan) str() string {
	start := s.pos
	if s.pos >= len(s.data) || s.data[s.pos] != '"' {
		s.bad = true
		return ""
	}
	escaped := false
	for s.pos++; s.pos < len(s.data); s.pos++ {
		switch c := s.data[s.pos]; {
		case c == '\\':
			escaped = true
			s.pos++
		case c == '"':
			s.pos++
			raw := s.data[start:s.pos]
			if !escaped {
				return string(raw)[1 : len(raw)-1]
			}
			var v string
			if json.Unmarshal(raw, &v) != nil {
				s.bad = true
			}
			return v
		}
	}
	s.bad = true
	return ""
}

// expect consumes the byte c, after spaces.
func (s *keyScan) expect(c byte) bool {
	s.skipSpace()
	if s.pos >= len(s.data) || s.data[s.pos] != c {
		s.bad = true
		return false
	}
	s.pos++
	return true
}

func (s *keyScan) array(t reflect.Type) {
	s.pos++ // [
	elem := elemType(t)
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		s.pos++
		return
	}
	for !s.stopped() {
		if s.depth == 2 && s.starts != nil {
			s.skipSpace()
			s.starts[s.top] = append(s.starts[s.top], s.pos)
		}
		s.value(elem)
		s.skipSpace()
		if s.pos < len(s.data) && s.data[s.pos] == ']' {
			s.pos++
			return
		}
		s.expect(',')
	}
}

func (s *keyScan) object(t reflect.Type) {
	start := s.pos
	s.pos++ // {
	fields := fieldsOf(t)
	seen := make(map[string]bool)
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
		s.checkPoint(t, fields, seen, start)
		return
	}
	for !s.stopped() {
		s.skipSpace()
		at := s.pos
		key := s.str()
		if s.stopped() || !s.expect(':') {
			return
		}
		if seen[key] {
			s.fail(at, "%s is given twice in this object", Quote(key))
		}
		seen[key] = true
		if s.depth == 1 {
			s.top = key
		}
		s.value(s.field(t, fields, key, at))
		s.skipSpace()
		if s.pos < len(s.data) && s.data[s.pos] == '}' {
			s.pos++
			s.checkPoint(t, fields, seen, start)
			return
		}
		s.expect(',')
	}
}

// field returns the type the value of key decodes into, after checking that
// key is not a field's name in other letter case.
func (s *keyScan) field(t reflect.Type, fields *structFields, key string, at int) reflect.Type {
	if fields == nil {
		return elemType(t)
	}
	if ft, ok := fields.types[key]; ok {
		return ft
	}
	for name := range fields.types {
		if strings.EqualFold(name, key) {
			s.fail(at, "unknown field %s: field names are written %q", Quote(key), name)
			return nil
		}
	}
	return nil // an unknown field: the decoder says so
}

// checkPoint checks that an object decoded into a Point or Rect has every
// coordinate, and that one with a screen position (a click, a cell, a
// piece) has both "x" and "y" or neither.
func (s *keyScan) checkPoint(t reflect.Type, fields *structFields, seen map[string]bool, start int) {
	if fields == nil {
		return
	}
	for _, name := range fields.required {
		if !seen[name] {
			s.fail(start, "%s has no %q: it needs %s", fields.what, name, fields.list)
			return
		}
	}
	_, hasX := fields.types["x"]
	_, hasY := fields.types["y"]
	if hasX && hasY && seen["x"] != seen["y"] {
		have, lack := "x", "y"
		if seen["y"] {
			have, lack = "y", "x"
		}
		s.fail(start, "%q without %q: a screen position needs both, or neither", have, lack)
	}
}

// structFields describes the JSON fields of a struct type.
type structFields struct {
	types    map[string]reflect.Type // by JSON name, embedded fields' included
	required []string                // fields an object of this type must have
	what     string                  // the type in messages: "a point"
	list     string                  // the required fields in messages
}

var fieldCache sync.Map // reflect.Type -> *structFields

// fieldsOf returns the fields of t, or nil when t (after pointers) is not a
// plain struct: a map, an interface, or a type that decodes itself.
func fieldsOf(t reflect.Type) *structFields {
	t = deref(t)
	if t == nil || t.Kind() != reflect.Struct || decodesItself(t) {
		return nil
	}
	if f, ok := fieldCache.Load(t); ok {
		return f.(*structFields)
	}
	f := &structFields{types: make(map[string]reflect.Type)}
	addFields(t, f.types, 0)
	switch t {
	case reflect.TypeOf(Point{}):
		f.required, f.what, f.list = []string{"x", "y"}, "this point", `"x" and "y"`
	case reflect.TypeOf(Rect{}):
		f.required, f.what, f.list = []string{"x", "y", "width", "height"}, "this rectangle", `"x", "y", "width" and "height"`
	}
	fieldCache.Store(t, f)
	return f
}

// addFields adds the JSON fields of struct t to types, with those of its
// embedded structs (whose own fields come first, as in encoding/json).
func addFields(t reflect.Type, types map[string]reflect.Type, depth int) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			if et := deref(f.Type); et != nil && et.Kind() == reflect.Struct && depth < 8 {
				addFields(et, types, depth+1)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, taken := types[name]; !taken || depth == 0 {
			types[name] = f.Type
		}
	}
}

var unmarshaler = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()

func decodesItself(t reflect.Type) bool {
	return t.Implements(unmarshaler) || reflect.PointerTo(t).Implements(unmarshaler)
}

func deref(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// elemType returns the type of the elements of a list or the values of a
// map that decode into t, or nil.
func elemType(t reflect.Type) reflect.Type {
	t = deref(t)
	if t == nil || decodesItself(t) {
		return nil
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return t.Elem()
	}
	return nil
}

// MaxMessage is about the longest error message puzbot prints, in bytes:
// longer ones are clipped in the middle (Clip).
const MaxMessage = 200

// Clip shortens s to at most about n bytes by cutting out its middle, which
// it replaces with "…", so that a message that echoes a huge input stays one
// short line that still shows how it ends. It cuts between characters.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	head, tail := n*2/3, n/3-1
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	cut := len(s) - tail
	for cut < len(s) && !utf8.RuneStart(s[cut]) {
		cut++
	}
	return s[:head] + "…" + s[cut:]
}

// OneLine puts s on one line for a message: its control characters (which
// input may bring in: line breaks, tabs, NULs, escapes) become spaces, and
// each run of white space one space; then Clip shortens it to about n bytes.
func OneLine(s string, n int) string {
	s = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
	return Clip(strings.Join(strings.Fields(s), " "), n)
}

// Quote quotes s as %q does, shortened with Clip to about 40 bytes, for
// messages that echo a value from a file.
func Quote(s string) string {
	if len(s) > 40 {
		s = Clip(s, 40)
	}
	return fmt.Sprintf("%q", s)
}
