package bench

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// CorpusEnv names the environment variable that overrides the corpus
// directory.
const CorpusEnv = "JET_CORPUS"

// CorpusFiles are the corpus documents, by name without ".json", in the
// order tables show them.
var CorpusFiles = []string{
	"twitter",
	"twitterescaped",
	"citm_catalog",
	"canada",
	"golang_source",
	"synthea_fhir",
	"string_unicode",
	"string_escaped",
}

// TinyDocs are the tiny documents of the corpus README, written inline.
var TinyDocs = []struct {
	Name string
	JSON string
}{
	{"tiny_mixed", `[1,"string",{"a":1,"b":2},[3,4,5]]`},
	{"tiny_nested_array", `[[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5]]`},
	{"tiny_hash", `{"username":"jhawthorn","id":123,"event":"wrote json serializer"}`},
}

// SmallJSON is the "small" binding document (decoded into Small): about
// 400 bytes, 11 keys, three levels deep.
const SmallJSON = `{"id":9007199254740993,"sku":"JET-ÄÖÜ-7","title":"Fast JSON \"for\" Go","price":129.95,"discount":0.15,"in_stock":true,"tags":["json","go","日本語"],"ratings":[4.5,5,-0.1],"seller":{"name":"Gopher Tools","id":42,"verified":true,"address":{"street":"Main St 1","city":"Zürich","zip":"8001","geo":[47.3769,8.5417]}},"variants":[{"color":"red","size":"M","qty":3},{"color":"blue\/teal","size":"L","qty":0}],"note":null}`

// ErrNoCorpus is returned by CorpusDir when the corpus cannot be found.
var ErrNoCorpus = errors.New("benchmark corpus not found")

// CorpusDir returns the corpus directory: $JET_CORPUS if set, else
// ../../shared/corpus relative to this package's directory (the layout of
// the jet workspace), found from the source file's recorded path or, in
// -trimpath builds, from the working directory. The directory must hold
// twitter.json.
func CorpusDir() (string, error) {
	var candidates []string
	if env := os.Getenv(CorpusEnv); env != "" {
		candidates = []string{env}
	} else {
		if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
			candidates = append(candidates, filepath.Join(filepath.Dir(file), "..", "..", "shared", "corpus"))
		}
		candidates = append(candidates, filepath.Join("..", "..", "shared", "corpus"))
	}
	for _, dir := range candidates {
		if _, err := os.Stat(filepath.Join(dir, "twitter.json")); err == nil {
			return filepath.Abs(dir)
		}
	}
	return "", fmt.Errorf("%w in %s (set $%s to the directory holding twitter.json)", ErrNoCorpus, candidates[0], CorpusEnv)
}

// LoadCorpus reads every file of CorpusFiles from dir, keyed by name.
func LoadCorpus(dir string) (map[string][]byte, error) {
	docs := make(map[string][]byte, len(CorpusFiles))
	for _, name := range CorpusFiles {
		data, err := os.ReadFile(filepath.Join(dir, name+".json"))
		if err != nil {
			return nil, err
		}
		docs[name] = data
	}
	return docs, nil
}
