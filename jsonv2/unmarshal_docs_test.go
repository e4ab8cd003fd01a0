//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
)

// Typed views of the corpus documents' shapes, each document decoded
// into each (so most pairings end in a semantic error, compared too).

// twitterLike is twitter.json's shape.
type twitterLike struct {
	Statuses       []tweet `json:"statuses"`
	SearchMetadata struct {
		CompletedIn float64 `json:"completed_in"`
		MaxID       int64   `json:"max_id"`
		MaxIDStr    string  `json:"max_id_str"`
		Query       string  `json:"query"`
		Count       int     `json:"count"`
		SinceID     uint64  `json:"since_id"`
		NextResults *string `json:"next_results"`
	} `json:"search_metadata"`
}

type tweet struct {
	Metadata          map[string]string `json:"metadata"`
	CreatedAt         string            `json:"created_at"`
	ID                int64             `json:"id"`
	IDStr             int64             `json:"id_str,string"`
	Text              string            `json:"text"`
	Source            string            `json:"source"`
	Truncated         bool              `json:"truncated"`
	InReplyToStatusID *int64            `json:"in_reply_to_status_id"`
	InReplyToUserID   *uint32           `json:"in_reply_to_user_id"`
	User              *twitterUser      `json:"user"`
	Geo               any               `json:"geo"`
	Coordinates       *[2]float64       `json:"coordinates"`
	Place             map[string]any    `json:"place"`
	RetweetCount      int               `json:"retweet_count"`
	FavoriteCount     int16             `json:"favorite_count"`
	Entities          struct {
		Hashtags     []struct{ Text string } `json:"hashtags"`
		URLs         []map[string]any        `json:"urls"`
		UserMentions []struct {
			ScreenName string  `json:"screen_name"`
			ID         int64   `json:"id"`
			Indices    [2]int8 `json:"indices"`
		} `json:"user_mentions"`
	} `json:"entities"`
	Favorited bool   `json:"favorited"`
	Lang      string `json:"lang,omitempty"`
	Retweeted *tweet `json:"retweeted_status,omitzero"`
}

type twitterUser struct {
	ID             int64  `json:"id"`
	Name           string `json:"name"`
	ScreenName     string `json:"screen_name,case:ignore"`
	Description    []byte `json:"description"` // base64: fails on most
	Protected      bool   `json:"protected"`
	FollowersCount int32  `json:"followers_count"`
	Verified       bool
	Extra          map[string]any `json:",embed"`
}

// twitterLoose is twitter.json with every user kept raw and unknown
// members of a status gathered in a raw value.
type twitterLoose struct {
	Statuses []struct {
		ID    float32          `json:"id"`
		User  stdjsonValueHold `json:"user"`
		Text  *string          `json:"text"`
		Extra rawValue         `json:",embed"`
	} `json:"statuses"`
	SearchMetadata map[string]any `json:"search_metadata"`
}

type stdjsonValueHold struct {
	V rawValue `json:",embed"`
}

// citmLike is citm_catalog.json's shape, with integer map keys.
type citmLike struct {
	AreaNames                map[int64]string        `json:"areaNames"`
	AudienceSubCategoryNames map[string]string       `json:"audienceSubCategoryNames"`
	BlockNames               map[string]string       `json:"blockNames"`
	Events                   map[uint64]citmEvent    `json:"events"`
	Performances             []citmPerformance       `json:"performances"`
	SeatCategoryNames        map[string]string       `json:"seatCategoryNames"`
	SubTopicNames            map[int32]string        `json:"subTopicNames"`
	SubjectNames             map[string]string       `json:"subjectNames"`
	TopicNames               map[string]string       `json:"topicNames"`
	TopicSubTopics           map[string][]int64      `json:"topicSubTopics"`
	VenueNames               map[string]string       `json:"venueNames"`
	Unknown                  map[string]jsonValueAny `json:",embed"`
}

type jsonValueAny = any

type citmEvent struct {
	Description *string  `json:"description"`
	ID          int      `json:"id"`
	Logo        *string  `json:"logo"`
	Name        string   `json:"name"`
	SubTopicIDs []uint32 `json:"subTopicIds"`
	SubjectCode any      `json:"subjectCode"`
	Subtitle    *string  `json:"subtitle"`
	TopicIDs    []int    `json:"topicIds"`
}

type citmPerformance struct {
	EventID int64   `json:"eventId"`
	ID      int64   `json:"id"`
	Logo    *string `json:"logo"`
	Name    *string `json:"name"`
	Prices  []struct {
		Amount                int   `json:"amount"`
		AudienceSubCategoryID int64 `json:"audienceSubCategoryId"`
		SeatCategoryID        int64 `json:"seatCategoryId"`
	} `json:"prices"`
	SeatCategories []struct {
		Areas []struct {
			AreaID   int   `json:"areaId"`
			BlockIDs []int `json:"blockIds"`
		} `json:"areas"`
		SeatCategoryID int `json:"seatCategoryId"`
	} `json:"seatCategories"`
	SeatMapImage *string `json:"seatMapImage"`
	Start        int64   `json:"start"`
	VenueCode    string  `json:"venueCode"`
}

// citmNarrow is citm_catalog.json with too-small integers (errors on
// overflow) and fixed-length arrays.
type citmNarrow struct {
	AreaNames    map[int16]string `json:"areaNames"`
	Performances []struct {
		EventID int32   `json:"eventId"`
		Prices  [2]any  `json:"prices"`
		Start   float32 `json:"start"`
	} `json:"performances"`
}

// canadaLike is canada.json's shape.
type canadaLike struct {
	Type     string `json:"type"`
	Features []struct {
		Type       string            `json:"type"`
		Properties map[string]string `json:"properties"`
		Geometry   struct {
			Type        string          `json:"type"`
			Coordinates [][][2]float64  `json:"coordinates"`
			Extra       map[string]bool `json:",embed"`
		} `json:"geometry"`
	} `json:"features"`
}

// canadaLoose reads the coordinates as float32 and as any.
type canadaLoose struct {
	Features []struct {
		Geometry *struct {
			Coordinates [][][]float32 `json:"coordinates"`
		} `json:"geometry"`
		Properties any `json:"properties"`
	} `json:"features"`
	Other rawValue `json:",embed"`
}

// canadaInts reads the coordinates as integers: fractions are errors.
type canadaInts struct {
	Features []struct {
		Geometry struct {
			Coordinates [][][]int `json:"coordinates"`
		} `json:"geometry"`
	} `json:"features"`
}

// treeLike is golang_source.json's shape.
type treeLike struct {
	Tree     *treeNode `json:"tree"`
	Username string    `json:"username"`
}

type treeNode struct {
	Name     string      `json:"name"`
	Kids     []*treeNode `json:"kids"`
	CLWeight float64     `json:"cl_weight"`
	Touches  int         `json:"touches"`
	MinT     int64       `json:"min_t"`
	MaxT     int64       `json:"max_t,string"` // a number where a string is wanted
	MeanT    int64       `json:"mean_t"`
}

// fhirLike is synthea_fhir.json's shape, loosely.
type fhirLike struct {
	ResourceType string `json:"resourceType"`
	Type         string `json:"type"`
	Entry        []struct {
		FullURL  string         `json:"fullUrl"`
		Resource map[string]any `json:"resource"`
		Request  struct {
			Method string `json:"method"`
			URL    string `json:"url"`
		} `json:"request"`
	} `json:"entry"`
}

// docDests are the destinations every document is decoded into.
func docDests() []uDest {
	return []uDest{
		uDestOf[any]("any", nil),
		uDestOf[map[string]any]("map", nil),
		uDestOf[[]any]("slice", nil),
		uDestOf[twitterLike]("twitter", nil),
		uDestOf[twitterLoose]("twitterLoose", nil),
		uDestOf[citmLike]("citm", nil),
		uDestOf[citmNarrow]("citmNarrow", nil),
		uDestOf[canadaLike]("canada", nil),
		uDestOf[canadaLoose]("canadaLoose", nil),
		uDestOf[canadaInts]("canadaInts", nil),
		uDestOf[treeLike]("tree", nil),
		uDestOf[fhirLike]("fhir", nil),
		uDestOf[map[string]rawValue]("rawmap", nil),
		uDestOf[rawValue]("raw", nil),
		uDestOf[map[string]string]("strmap", nil),
		uDestOf[[]string]("strslice", nil),
		uDestOf[string]("string", nil),
		uDestOf[float64]("float64", nil),
		uDestOf[int32]("int32", nil),
		uDestOf[bool]("bool", nil),
	}
}

// TestUnmarshalCorpusAgainstStd decodes every corpus document into each
// destination under a few option sets.
func TestUnmarshalCorpusAgainstStd(t *testing.T) {
	docs := testdocs.Corpus(t)
	sets := []uOpts{{name: "none"}, uOptsOf(uAllowDup, uAllowUTF8), uStringify, uOptsOf(uAnyCase, uReject)}
	if testing.Short() {
		sets = sets[:1]
	}
	fails := newUFailures(t)
	for _, d := range docs {
		for _, dest := range docDests() {
			for _, o := range sets {
				fails.add(d.Name+" -> "+dest.name+" "+o.name, diffUnmarshal(d.Data, dest, o))
			}
		}
	}
	fails.done()
}

// TestUnmarshalSuiteAgainstStd decodes every JSONTestSuite document into
// each destination under every option set.
func TestUnmarshalSuiteAgainstStd(t *testing.T) {
	docs := testdocs.Suite(t, "")
	fails := newUFailures(t)
	for _, d := range docs {
		for _, dest := range docDests() {
			for _, o := range uOptionSets() {
				fails.add(d.Name+" "+quote(d.Data)+" -> "+dest.name+" "+o.name, diffUnmarshal(d.Data, dest, o))
			}
		}
	}
	fails.done()
}
