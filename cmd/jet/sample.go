package main

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
)

// The sample documents `jet bench` measures are generated here, from a
// fixed seed, so the command needs no files and no network. They imitate
// the shapes of the standard benchmark corpus: an API response full of
// objects and strings, a GeoJSON-like block of floats, and small
// documents.

// Status imitates one entry of a social network API response.
type Status struct {
	ID        int64    `json:"id"`
	IDStr     string   `json:"id_str"`
	Text      string   `json:"text"`
	CreatedAt string   `json:"created_at"`
	Source    string   `json:"source"`
	Truncated bool     `json:"truncated"`
	User      User     `json:"user"`
	Entities  Entities `json:"entities"`
	Retweets  int      `json:"retweet_count"`
	Favorites int      `json:"favorite_count"`
	Lang      string   `json:"lang"`
	Geo       *Point   `json:"geo"`
}

// User is the author of a Status.
type User struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	ScreenName  string `json:"screen_name"`
	Location    string `json:"location"`
	Description string `json:"description"`
	URL         string `json:"url"`
	Followers   int    `json:"followers_count"`
	Friends     int    `json:"friends_count"`
	Verified    bool   `json:"verified"`
	Color       string `json:"profile_background_color"`
}

// Entities lists what a Status text refers to.
type Entities struct {
	Hashtags []Tag     `json:"hashtags"`
	URLs     []LinkRef `json:"urls"`
	Mentions []Mention `json:"user_mentions"`
}

// Tag is a hashtag in a Status.
type Tag struct {
	Text    string `json:"text"`
	Indices []int  `json:"indices"`
}

// LinkRef is a link in a Status.
type LinkRef struct {
	URL         string `json:"url"`
	ExpandedURL string `json:"expanded_url"`
	Indices     []int  `json:"indices"`
}

// Mention is a user mentioned in a Status.
type Mention struct {
	ScreenName string `json:"screen_name"`
	ID         int64  `json:"id"`
	Indices    []int  `json:"indices"`
}

// Point is a geographic position.
type Point struct {
	Type        string    `json:"type"`
	Coordinates []float64 `json:"coordinates"`
}

// Timeline is the API response: many statuses.
type Timeline struct {
	Statuses []Status `json:"statuses"`
	Count    int      `json:"count"`
	NextPage string   `json:"next_page"`
}

// Feature is a GeoJSON feature with a polygon.
type Feature struct {
	Type       string            `json:"type"`
	Properties map[string]string `json:"properties"`
	Geometry   struct {
		Type        string        `json:"type"`
		Coordinates [][][]float64 `json:"coordinates"`
	} `json:"geometry"`
}

var words = strings.Fields(`the quick brown fox jumps over lazy dog json go fast
	parse encode decode stream value token array object number string null true
	false café naïve 東京 日本語 テキスト 😀 "quoted" back\slash tab	line
	<html> & more`)

func sentence(r *rand.Rand, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(words[r.Intn(len(words))])
	}
	return b.String()
}

func makeTimeline(n int) Timeline {
	r := rand.New(rand.NewSource(1))
	tl := Timeline{Count: n, NextPage: "?max_id=505874847260352512&q=%E4%B8%80&count=100"}
	for i := 0; i < n; i++ {
		id := int64(505874924095815681) - int64(i)*7919
		s := Status{
			ID: id, IDStr: fmt.Sprint(id), Text: sentence(r, 8+r.Intn(12)),
			CreatedAt: "Sun Aug 31 00:29:15 +0000 2014",
			Source:    `<a href="http://twitter.com/download/iphone" rel="nofollow">Twitter for iPhone</a>`,
			Truncated: r.Intn(5) == 0, Retweets: r.Intn(1000), Favorites: r.Intn(100), Lang: "ja",
			User: User{
				ID: int64(1186275104 + i), Name: sentence(r, 2), ScreenName: fmt.Sprintf("user_%d", i),
				Location: sentence(r, 1), Description: sentence(r, 15), URL: "http://t.co/" + fmt.Sprint(i),
				Followers: r.Intn(100000), Friends: r.Intn(2000), Verified: r.Intn(10) == 0, Color: "C0DEED",
			},
		}
		for k := r.Intn(3); k > 0; k-- {
			s.Entities.Hashtags = append(s.Entities.Hashtags, Tag{Text: sentence(r, 1), Indices: []int{k, k + 5}})
		}
		for k := r.Intn(2); k > 0; k-- {
			s.Entities.URLs = append(s.Entities.URLs, LinkRef{URL: "http://t.co/x", ExpandedURL: "http://example.com/" + sentence(r, 1), Indices: []int{3, 25}})
		}
		s.Entities.Mentions = []Mention{{ScreenName: "someone", ID: 12345, Indices: []int{0, 8}}}
		if r.Intn(4) == 0 {
			s.Geo = &Point{Type: "Point", Coordinates: []float64{35.6 + r.Float64(), 139.7 + r.Float64()}}
		}
		tl.Statuses = append(tl.Statuses, s)
	}
	return tl
}

func makeFeature(n int) Feature {
	r := rand.New(rand.NewSource(2))
	f := Feature{Type: "Feature", Properties: map[string]string{"name": "Somewhere"}}
	f.Geometry.Type = "Polygon"
	for ring := 0; ring < 4; ring++ {
		var pts [][]float64
		for i := 0; i < n/4; i++ {
			pts = append(pts, []float64{-65.613616943359375 + r.Float64()*10, 43.420273437500009 + r.Float64()*5})
		}
		f.Geometry.Coordinates = append(f.Geometry.Coordinates, pts)
	}
	return f
}

// sample is one document of the benchmark with a typed target.
type sample struct {
	name   string
	data   []byte
	target func() any
}

func samples() []sample {
	tl, _ := json.Marshal(makeTimeline(400))
	geo, _ := json.Marshal(makeFeature(8000))
	small, _ := json.Marshal(makeTimeline(1).Statuses[0].User)
	return []sample{
		{"api response", tl, func() any { return new(Timeline) }},
		{"geo floats", geo, func() any { return new(Feature) }},
		{"small object", small, func() any { return new(User) }},
	}
}
