package decoder

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// Benchmarks the lead uses while tuning; the comparisons with other
// libraries live in the bench module.

type canadaDoc struct {
	Type     string `json:"type"`
	Features []struct {
		Type       string            `json:"type"`
		Properties map[string]string `json:"properties"`
		Geometry   struct {
			Type        string         `json:"type"`
			Coordinates [][][2]float64 `json:"coordinates"`
		} `json:"geometry"`
	} `json:"features"`
}

type canadaDocSlices struct {
	Type     string `json:"type"`
	Features []struct {
		Type       string            `json:"type"`
		Properties map[string]string `json:"properties"`
		Geometry   struct {
			Type        string        `json:"type"`
			Coordinates [][][]float64 `json:"coordinates"`
		} `json:"geometry"`
	} `json:"features"`
}

func corpus(b *testing.B, name string) []byte {
	data, err := os.ReadFile("../../shared/corpus/" + name)
	if err != nil {
		b.Skip("corpus not found (../shared/corpus): ", err)
	}
	return data
}

func BenchmarkPerfCanadaSlices(b *testing.B) {
	data := corpus(b, "canada.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var v canadaDocSlices
		if err := Decode(data, &v, 0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPerfCanadaSlicesStd(b *testing.B) {
	data := corpus(b, "canada.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var v canadaDocSlices
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPerfCanadaAny(b *testing.B) {
	data := corpus(b, "canada.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var v any
		if err := Decode(data, &v, 0); err != nil {
			b.Fatal(err)
		}
	}
}

type twitterDoc struct {
	Statuses       []twStatus `json:"statuses"`
	SearchMetadata struct {
		CompletedIn float64 `json:"completed_in"`
		MaxID       int64   `json:"max_id"`
		MaxIDStr    string  `json:"max_id_str"`
		NextResults string  `json:"next_results"`
		Query       string  `json:"query"`
		RefreshURL  string  `json:"refresh_url"`
		Count       int     `json:"count"`
		SinceID     int     `json:"since_id"`
		SinceIDStr  string  `json:"since_id_str"`
	} `json:"search_metadata"`
}

type twStatus struct {
	Metadata struct {
		ResultType      string `json:"result_type"`
		IsoLanguageCode string `json:"iso_language_code"`
	} `json:"metadata"`
	CreatedAt            string     `json:"created_at"`
	ID                   int64      `json:"id"`
	IDStr                string     `json:"id_str"`
	Text                 string     `json:"text"`
	Source               string     `json:"source"`
	Truncated            bool       `json:"truncated"`
	InReplyToStatusID    *int64     `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string    `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *int64     `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string    `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  *string    `json:"in_reply_to_screen_name"`
	User                 twUser     `json:"user"`
	Geo                  any        `json:"geo"`
	Coordinates          any        `json:"coordinates"`
	Place                any        `json:"place"`
	Contributors         any        `json:"contributors"`
	RetweetedStatus      *twStatus  `json:"retweeted_status"`
	RetweetCount         int        `json:"retweet_count"`
	FavoriteCount        int        `json:"favorite_count"`
	Entities             twEntities `json:"entities"`
	Favorited            bool       `json:"favorited"`
	Retweeted            bool       `json:"retweeted"`
	PossiblySensitive    bool       `json:"possibly_sensitive"`
	Lang                 string     `json:"lang"`
}

type twUser struct {
	ID          int64   `json:"id"`
	IDStr       string  `json:"id_str"`
	Name        string  `json:"name"`
	ScreenName  string  `json:"screen_name"`
	Location    string  `json:"location"`
	Description string  `json:"description"`
	URL         *string `json:"url"`
	Entities    struct {
		URL         *twURLs `json:"url"`
		Description twURLs  `json:"description"`
	} `json:"entities"`
	Protected                      bool    `json:"protected"`
	FollowersCount                 int     `json:"followers_count"`
	FriendsCount                   int     `json:"friends_count"`
	ListedCount                    int     `json:"listed_count"`
	CreatedAt                      string  `json:"created_at"`
	FavouritesCount                int     `json:"favourites_count"`
	UtcOffset                      *int    `json:"utc_offset"`
	TimeZone                       *string `json:"time_zone"`
	GeoEnabled                     bool    `json:"geo_enabled"`
	Verified                       bool    `json:"verified"`
	StatusesCount                  int     `json:"statuses_count"`
	Lang                           string  `json:"lang"`
	ContributorsEnabled            bool    `json:"contributors_enabled"`
	IsTranslator                   bool    `json:"is_translator"`
	IsTranslationEnabled           bool    `json:"is_translation_enabled"`
	ProfileBackgroundColor         string  `json:"profile_background_color"`
	ProfileBackgroundImageURL      string  `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string  `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool    `json:"profile_background_tile"`
	ProfileImageURL                string  `json:"profile_image_url"`
	ProfileImageURLHTTPS           string  `json:"profile_image_url_https"`
	ProfileBannerURL               string  `json:"profile_banner_url"`
	ProfileLinkColor               string  `json:"profile_link_color"`
	ProfileSidebarBorderColor      string  `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string  `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string  `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool    `json:"profile_use_background_image"`
	DefaultProfile                 bool    `json:"default_profile"`
	DefaultProfileImage            bool    `json:"default_profile_image"`
	Following                      bool    `json:"following"`
	FollowRequestSent              bool    `json:"follow_request_sent"`
	Notifications                  bool    `json:"notifications"`
}

type twURLs struct {
	URLs []twURL `json:"urls"`
}

type twURL struct {
	URL         string `json:"url"`
	ExpandedURL string `json:"expanded_url"`
	DisplayURL  string `json:"display_url"`
	Indices     []int  `json:"indices"`
}

type twEntities struct {
	Hashtags []struct {
		Text    string `json:"text"`
		Indices []int  `json:"indices"`
	} `json:"hashtags"`
	Symbols      []any   `json:"symbols"`
	URLs         []twURL `json:"urls"`
	UserMentions []struct {
		ScreenName string `json:"screen_name"`
		Name       string `json:"name"`
		ID         int64  `json:"id"`
		IDStr      string `json:"id_str"`
		Indices    []int  `json:"indices"`
	} `json:"user_mentions"`
	Media []struct {
		ID            int64  `json:"id"`
		IDStr         string `json:"id_str"`
		Indices       []int  `json:"indices"`
		MediaURL      string `json:"media_url"`
		MediaURLHTTPS string `json:"media_url_https"`
		URL           string `json:"url"`
		DisplayURL    string `json:"display_url"`
		ExpandedURL   string `json:"expanded_url"`
		Type          string `json:"type"`
		Sizes         map[string]struct {
			W      int    `json:"w"`
			H      int    `json:"h"`
			Resize string `json:"resize"`
		} `json:"sizes"`
	} `json:"media"`
}

func BenchmarkPerfTwitterStruct(b *testing.B) {
	data := corpus(b, "twitter.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var v twitterDoc
		if err := Decode(data, &v, 0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPerfTwitterStructStd(b *testing.B) {
	data := corpus(b, "twitter.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var v twitterDoc
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

func TestPerfTwitterStructMatchesStd(t *testing.T) {
	data, err := os.ReadFile("../../shared/corpus/twitter.json")
	if err != nil {
		t.Skip("corpus not found (../shared/corpus): ", err)
	}
	var a, b twitterDoc
	if err := json.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	if err := Decode(data, &b, 0); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatal("twitter struct differs from encoding/json")
	}
}
