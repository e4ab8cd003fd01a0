package bench

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strconv"
	"sync"
)

// NDJSON: a stream of top-level values, one per line (logs, event
// exports, bulk APIs), read and written with each library's stream
// decoder and encoder, the API a program uses for it. It is the one
// shape of issue 12 that is not a single value, so it has operations of
// its own rather than a place in Shapes.

// The stream operations, in table order.
const (
	// OpDecodeStream reads every value of an NDJSON document with the
	// library's stream decoder, one Decode call each, into a fresh Go
	// struct each.
	OpDecodeStream = "DecodeStream"
	// OpEncodeStream writes the same values (decoded once by
	// encoding/json) with the library's stream encoder, one Encode call
	// each, into a buffer reused from one operation to the next.
	OpEncodeStream = "EncodeStream"
)

// StreamOps lists the stream operations in table order.
var StreamOps = []string{OpDecodeStream, OpEncodeStream}

// ndjsonLines is the number of values in the NDJSON document.
const ndjsonLines = 4000

// NDJSONDoc is the name of the NDJSON document in tables.
const NDJSONDoc = "shape_ndjson"

// NDJSONAbout says what the NDJSON document holds.
const NDJSONAbout = "4,000 lines, one activity event each (GitHub-archive-like: ids, type, actor and repo objects, a payload with 0-4 commits whose messages have quotes, newlines and non-ASCII)"

// StreamDecoder is a library's stream decoder: Decode reads the next
// value into v, and returns io.EOF at the end of the input.
type StreamDecoder interface{ Decode(v any) error }

// moreDecoder is a stream decoder whose Decode, called at the end of
// the input, reports an error other than io.EOF (jsoniter's, encoding/
// json/v2's on a jsontext.Decoder): it asks More first, as a program
// reading such a stream does.
type moreDecoder struct {
	d interface {
		Decode(v any) error
		More() bool
	}
}

func (m moreDecoder) Decode(v any) error {
	if !m.d.More() {
		return io.EOF
	}
	return m.d.Decode(v)
}

// StreamEncoder is a library's stream encoder: Encode writes v and a
// newline.
type StreamEncoder interface{ Encode(v any) error }

// Activity is the binding of shape_ndjson's lines.
type Activity struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	Actor     ActivityActor   `json:"actor"`
	Repo      ActivityRepo    `json:"repo"`
	Payload   ActivityPayload `json:"payload"`
	Public    bool            `json:"public"`
	CreatedAt string          `json:"created_at"`
}

// ActivityActor is who an Activity is by.
type ActivityActor struct {
	ID    int64  `json:"id"`
	Login string `json:"login"`
	URL   string `json:"url"`
}

// ActivityRepo is the repository an Activity is about.
type ActivityRepo struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	URL  string `json:"url"`
}

// ActivityPayload is what an Activity did.
type ActivityPayload struct {
	Action  string           `json:"action,omitempty"`
	Ref     string           `json:"ref"`
	Size    int              `json:"size"`
	Commits []ActivityCommit `json:"commits"`
}

// ActivityCommit is one commit of a push.
type ActivityCommit struct {
	SHA      string `json:"sha"`
	Message  string `json:"message"`
	Distinct bool   `json:"distinct"`
}

var ndjsonOnce = sync.OnceValue(func() []byte {
	return genNDJSON(rand.New(rand.NewPCG(uint64(len(Shapes)+1), 0x6a657420)))
})

// NDJSONData returns the NDJSON document, made once per process from a
// fixed seed: each line is encoding/json's text of one Activity.
func NDJSONData() []byte { return ndjsonOnce() }

func genNDJSON(r *rand.Rand) []byte {
	types := []string{"PushEvent", "PushEvent", "PushEvent", "CreateEvent", "WatchEvent", "IssuesEvent", "PullRequestEvent", "IssueCommentEvent"}
	actions := []string{"opened", "closed", "started", "created", "reopened"}
	logins := []string{"gopher", "octocat", "rsc", "bradfitz", "jet-bot", "ana-maría", "zoë", "dmitshur", "ianlancetaylor", "mvdan"}
	repos := []string{"golang/go", "jetjson/jet", "bytedance/sonic", "goccy/go-json", "kubernetes/kubernetes", "prometheus/prometheus", "etcd-io/etcd", "grafana/grafana"}
	subjects := []string{"fix the build on arm64", "encoding/json: reject invalid UTF-8", "Update README.md", "add \"fast path\" for short strings", "runtime: reduce GC pauses", "bump deps", "Merge pull request #1234 from feature/ü-names", "docs: explain the\tformat", "revert: \"wire: faster quoting\""}
	bodies := []string{"", "", "\n\nThe old code read past the end.\nFixes #42.", "\n\nSigned-off-by: Gopher <gopher@golang.org>", "\n\nVoir la note « rapide » — ça marche.", "\n\n<details> & more"}
	hex := "0123456789abcdef"
	var b []byte
	for i := range ndjsonLines {
		var a Activity
		a.ID = strconv.FormatInt(30000000000+int64(i)*7+int64(r.IntN(7)), 10)
		a.Type = types[r.IntN(len(types))]
		login := logins[r.IntN(len(logins))]
		a.Actor = ActivityActor{ID: int64(1000 + r.IntN(9000000)), Login: login, URL: "https://api.github.com/users/" + login}
		repo := repos[r.IntN(len(repos))]
		a.Repo = ActivityRepo{ID: int64(10000 + r.IntN(90000000)), Name: repo, URL: "https://api.github.com/repos/" + repo}
		if a.Type == "PushEvent" {
			a.Payload.Ref = "refs/heads/main"
			n := r.IntN(5)
			a.Payload.Size = n
			a.Payload.Commits = make([]ActivityCommit, n)
			for j := range a.Payload.Commits {
				sha := make([]byte, 40)
				for k := range sha {
					sha[k] = hex[r.IntN(16)]
				}
				a.Payload.Commits[j] = ActivityCommit{
					SHA:      string(sha),
					Message:  subjects[r.IntN(len(subjects))] + bodies[r.IntN(len(bodies))],
					Distinct: r.IntN(4) != 0,
				}
			}
		} else {
			a.Payload.Action = actions[r.IntN(len(actions))]
			a.Payload.Commits = []ActivityCommit{}
		}
		a.Public = r.IntN(10) != 0
		a.CreatedAt = fmt.Sprintf("2026-11-%02dT%02d:%02d:%02dZ", 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60))
		line, err := stdjson.Marshal(&a)
		if err != nil {
			panic(err)
		}
		b = append(append(b, line...), '\n')
	}
	return b
}

// streamScenarios returns the stream scenarios, over the NDJSON
// document.
func streamScenarios() []*Scenario {
	data := NDJSONData()
	dec := &Scenario{Op: OpDecodeStream, Doc: NDJSONDoc, Size: int64(len(data)), stream: true,
		floor: floorDecodeStream(data),
		op: func(lib *Library) func() error {
			return func() error {
				_, err := decodeStream(lib, data, false)
				return err
			}
		}}
	// (Its floor is that of encoding the values as one array, a byte
	// more: n-1 commas and two brackets for n newlines.)
	enc := &Scenario{Op: OpEncodeStream, Doc: NDJSONDoc, stream: true, floor: floorEncode}
	enc.build = func() (any, error) {
		vs, err := decodeStream(stdLibrary(), data, true)
		if err == nil && enc.Size == 0 {
			var buf bytes.Buffer
			e := stdjson.NewEncoder(&buf)
			for i := range vs {
				if err := e.Encode(&vs[i]); err != nil {
					return nil, err
				}
			}
			enc.Size = int64(buf.Len())
		}
		return vs, err
	}
	enc.op = func(lib *Library) func() error {
		vs := enc.value.([]Activity)
		var buf bytes.Buffer
		return func() error {
			buf.Reset()
			_, err := encodeStream(lib, &buf, vs)
			return err
		}
	}
	return []*Scenario{dec, enc}
}

// errShortStream is decodeStream's error for a decoder that ends early.
var errShortStream = errors.New("the stream decoder stopped before the end of the input")

// decodeStream reads every value of data with lib's stream decoder, each
// into a fresh Activity, and returns them if keep is set.
func decodeStream(lib *Library, data []byte, keep bool) ([]Activity, error) {
	d := lib.NewDecoder(bytes.NewReader(data))
	var out []Activity
	for n := 0; ; n++ {
		a := new(Activity)
		if err := d.Decode(a); err != nil {
			if err == io.EOF && n != ndjsonLines {
				return out, errShortStream
			}
			if err == io.EOF {
				err = nil
			}
			return out, err
		}
		if keep {
			out = append(out, *a)
		}
	}
}

// floorDecodeStream is the floor of DecodeStream: the values built from
// a tape (see FloorDecodeBinding), each a fresh Activity.
func floorDecodeStream(data []byte) func(*Scenario) (func() error, error) {
	return func(*Scenario) (func() error, error) {
		read, err := FloorDecodeStream(data)
		if err != nil {
			return nil, err
		}
		return func() error {
			floorSink = read()
			return nil
		}, nil
	}
}

// FloorDecodeStream returns the floor of reading the NDJSON document
// data: each call builds its values, each a fresh Activity, and returns
// the last (the others are garbage at once, as in a program that
// handles a stream value by value).
func FloorDecodeStream(data []byte) (func() *Activity, error) {
	vs, err := decodeStream(stdLibrary(), data, true)
	if err != nil {
		return nil, err
	}
	t := new(tape)
	t.putValue(reflect.ValueOf(vs))
	if t.err != nil {
		return nil, t.err
	}
	return func() *Activity {
		r := newReader(t)
		var a *Activity
		for range r.length() {
			a = new(Activity)
			r.activity(a)
		}
		return a
	}, nil
}

// encodeStream writes vs to w with lib's stream encoder and returns
// the encoder.
func encodeStream(lib *Library, w io.Writer, vs []Activity) (StreamEncoder, error) {
	e := lib.NewEncoder(w)
	for i := range vs {
		if err := e.Encode(&vs[i]); err != nil {
			return e, err
		}
	}
	return e, nil
}

// stdLibrary is the encoding/json entry.
func stdLibrary() *Library {
	for _, lib := range Libraries() {
		if lib.Name == "encoding-json" {
			return lib
		}
	}
	panic("bench: no encoding-json entry")
}
