package puzzle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"strings"
)

// MaxFileSize is the largest puzzle or moves file the reader accepts.
const MaxFileSize = 16 << 20

// ReadAll reads r to the end, refusing more than MaxFileSize bytes.
func ReadAll(r io.Reader) ([]byte, error) {
	var b bytes.Buffer
	b.Grow(sizeHint(r))
	if _, err := b.ReadFrom(io.LimitReader(r, MaxFileSize+1)); err != nil {
		return nil, err
	}
	data := b.Bytes()
	if len(data) > MaxFileSize {
		return nil, Errorf("input is larger than %d MiB", MaxFileSize>>20)
	}
	return data, nil
}

// Decode parses data, one JSON object, into v. It is strict: a field v does
// not have (a typo such as "vlaue") is an error, and so are a field name in
// other letter case ("Pieces"), a field given twice, a point with only one
// of "x" and "y", and anything after the object. A leading UTF-8 byte order
// mark is skipped. Errors name the line and column where the problem is.
func Decode(data []byte, v any) error {
	_, err := decode(data, v)
	return err
}

// decode is Decode that also returns where the elements of the top-level
// lists start, for messages about one element.
func decode(data []byte, v any) (*elementLines, error) {
	data = SkipBOM(data)
	at := &elementLines{data: data, starts: make(map[string][]int)}
	if err := checkKeys(data, reflect.TypeOf(v), at.starts); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return nil, describe(data, dec, err, reflect.TypeOf(v))
	}
	var extra json.RawMessage
	if err := dec.Decode(&extra); err != io.EOF {
		line, col := position(data, dec.InputOffset())
		return nil, errorAt(line, col, "unexpected data after the JSON object")
	}
	return at, nil
}

// elementLines knows where each element of the top-level lists of a file
// ("cells", "pieces", "moves", ...) starts. A nil *elementLines knows
// nothing: a puzzle built in Go has no file.
type elementLines struct {
	data   []byte
	starts map[string][]int // list name -> byte offset of each element
}

// line returns the 1-based line where element i of list starts, 0 when
// unknown.
func (el *elementLines) line(list string, i int) int {
	if el == nil || i < 0 || i >= len(el.starts[list]) {
		return 0
	}
	line, _ := position(el.data, int64(el.starts[list][i]))
	return line
}

// errorf returns an *Error at the line where element i of list starts
// (no line when unknown).
func (el *elementLines) errorf(list string, i int, format string, args ...any) error {
	return errorAt(el.line(list, i), 0, format, args...)
}

// bom is the UTF-8 byte order mark some editors put at the start of a file.
var bom = []byte("\ufeff")

// SkipBOM returns data without a leading UTF-8 byte order mark.
func SkipBOM(data []byte) []byte { return bytes.TrimPrefix(data, bom) }

// Kind returns the "kind" field of a JSON object without decoding the rest.
func Kind(data []byte) (string, error) {
	var head struct {
		Kind *string `json:"kind"`
	}
	data = SkipBOM(data)
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&head); err != nil {
		return "", describe(data, dec, err, reflect.TypeOf(&head))
	}
	if head.Kind == nil {
		return "", Errorf(`no "kind" field: say which game this is, e.g. "kind": "puzlogic"`)
	}
	return *head.Kind, nil
}

// describe turns a decoding error into one line that says where it is, in
// the file's terms: field names as the file writes them, "list" and "object"
// rather than Go's type names. t is the type decoded into.
func describe(data []byte, dec *json.Decoder, err error, t reflect.Type) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return Errorf("empty input: expected a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		line, col := position(data, int64(len(data)))
		return errorAt(line, col, "unexpected end of input")
	case errors.As(err, &syntax):
		// Offset counts the offending byte as read.
		line, col := position(data, syntax.Offset-1)
		return errorAt(line, col, "%s", syntax.Error())
	case errors.As(err, &typ):
		line, col := position(data, typ.Offset)
		field := fieldPath(typ.Field, t)
		if field == "" {
			field = "the file" // the top level, which must be an object
		}
		return errorAt(line, col, "%s: expected %s, found %s", field, typeName(typ.Type), typ.Value)
	default:
		// Unknown fields and other semantic errors: the decoder has read a
		// little past the offending key; point at the key itself.
		msg := strings.TrimPrefix(err.Error(), "json: ")
		offset := dec.InputOffset()
		if key, ok := strings.CutPrefix(msg, "unknown field "); ok {
			if at := bytes.LastIndex(data[:offset], []byte(key)); at >= 0 {
				offset = int64(at)
			}
		}
		line, col := position(data, offset)
		return errorAt(line, col, "%s", Clip(msg, MaxMessage))
	}
}

// typeName names a Go type in the terms of a JSON file.
func typeName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "list"
	case reflect.Struct, reflect.Map:
		return "object"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "int"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "bool"
	}
	return "value"
}

// fieldPath drops from encoding/json's dotted field path the Go names of
// embedded structs, which the file does not write: "cells.Point.x" is
// "cells.x".
func fieldPath(path string, t reflect.Type) string {
	if path == "" {
		return ""
	}
	embedded := make(map[string]bool)
	embeddedNames(t, embedded, make(map[reflect.Type]bool))
	parts := strings.Split(path, ".")
	kept := parts[:0]
	for _, p := range parts {
		if !embedded[p] {
			kept = append(kept, p)
		}
	}
	return Clip(strings.Join(kept, "."), 80)
}

// embeddedNames adds the names of the embedded struct fields reachable from
// t to names.
func embeddedNames(t reflect.Type, names map[string]bool, seen map[reflect.Type]bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return
	}
	seen[t] = true
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Tag.Get("json") == "" {
			names[f.Name] = true
		}
		embeddedNames(f.Type, names, seen)
	}
}

// position converts a byte offset into a 1-based line and column.
func position(data []byte, offset int64) (line, col int) {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	if offset < 0 {
		offset = 0
	}
	before := data[:offset]
	line = bytes.Count(before, []byte{'\n'}) + 1
	col = int(offset) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// Encode writes v as JSON laid out for people: each field of the top-level
// object on its own line, each element of a list of objects on its own line,
// everything below that on one line. Characters such as < and > are
// written as they are (an Unequal grid's signs), not escaped as for HTML.
func Encode(w io.Writer, v any) error {
	var plain bytes.Buffer
	enc := json.NewEncoder(&plain)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	data := bytes.TrimSuffix(plain.Bytes(), []byte("\n"))
	var out bytes.Buffer
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		// Not an object: one line.
		out.Write(spaced(data))
		out.WriteByte('\n')
		_, err = w.Write(out.Bytes())
		return err
	}
	out.WriteString("{")
	for i := 0; dec.More(); i++ {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
		if i > 0 {
			out.WriteByte(',')
		}
		name, _ := json.Marshal(key)
		fmt.Fprintf(&out, "\n  %s: ", name)
		writeField(&out, raw)
	}
	out.WriteString("\n}\n")
	_, err := w.Write(out.Bytes())
	return err
}

// writeField writes a top-level value: a list of objects or lists one element
// a line, anything else on one line.
func writeField(out *bytes.Buffer, raw json.RawMessage) {
	var elems []json.RawMessage
	if json.Unmarshal(raw, &elems) != nil || len(elems) == 0 || (elems[0][0] != '{' && elems[0][0] != '[') {
		out.Write(spaced(raw))
		return
	}
	out.WriteString("[")
	for i, e := range elems {
		if i > 0 {
			out.WriteByte(',')
		}
		out.WriteString("\n    ")
		out.Write(spaced(e))
	}
	out.WriteString("\n  ]")
}

// spaced returns compact JSON with a space after each colon and comma outside
// strings, as people write it.
func spaced(compact []byte) []byte {
	out := make([]byte, 0, len(compact)+len(compact)/4)
	inString, escaped := false, false
	for _, b := range compact {
		out = append(out, b)
		switch {
		case inString && escaped:
			escaped = false
		case inString && b == '\\':
			escaped = true
		case b == '"':
			inString = !inString
		case !inString && (b == ':' || b == ','):
			out = append(out, ' ')
		}
	}
	return out
}

// sizeHint is how many bytes ReadAll makes room for at first: the size of
// a regular file and a little more, so that it is read with one
// allocation, and 64 KiB for anything else (a pipe, a terminal).
func sizeHint(r io.Reader) int {
	const other = 64 << 10
	f, ok := r.(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return other
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return other
	}
	return int(min(info.Size(), MaxFileSize)) + bytes.MinRead
}
