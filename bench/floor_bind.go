package bench

import "math"

// The binding floors' readers: for each binding type, code that stores
// every field of a fresh value from the tape (see tape.putValue for the
// order), written out by hand so that no reflection or dispatch is
// measured: what is left is the stores and allocations themselves.
// Slices whose elements hold no pointers are carved from one block
// (carve); the others are made one by one.

// bindReaders maps each binding document to the reader of its type; each
// returns a pointer to a fresh value.
var bindReaders = map[string]func(r *reader) any{
	"twitter":             func(r *reader) any { v := new(Twitter); r.twitter(v); return v },
	"twitterescaped":      func(r *reader) any { v := new(Twitter); r.twitter(v); return v },
	"citm_catalog":        func(r *reader) any { v := new(Citm); r.citm(v); return v },
	"canada":              func(r *reader) any { v := new(Canada); r.canada(v); return v },
	"golang_source":       func(r *reader) any { v := new(GolangSource); r.golangSource(v); return v },
	"small":               func(r *reader) any { v := new(Small); r.small(v); return v },
	"shape_floats":        func(r *reader) any { v := new([]float64); *v = r.float64s(); return v },
	"shape_ints":          func(r *reader) any { v := new([]int64); *v = r.int64s(); return v },
	"shape_mixed_numbers": func(r *reader) any { v := new([]Sample); *v = r.samples(); return v },
	"shape_events":        func(r *reader) any { v := new([]Event); *v = r.events(); return v },
	"shape_long_strings":  func(r *reader) any { v := new([]Article); *v = r.articles(); return v },
	"shape_wide_object":   func(r *reader) any { v := new(map[string]any); *v = r.anyMap(); return v },
	"shape_mesh":          func(r *reader) any { v := new(Mesh); r.mesh(v); return v },
}

// Scalars.

func (r *reader) str() string   { return r.spanString(r.next()) }
func (r *reader) i64() int64    { return int64(r.next()) }
func (r *reader) int() int      { return int(r.next()) }
func (r *reader) f64() float64  { return math.Float64frombits(r.next()) }
func (r *reader) bool() bool    { return r.next() != 0 }
func (r *reader) present() bool { return r.next() != 0 }
func (r *reader) length() int   { return int(int64(r.next())) } // -1: nil
func (r *reader) i64Ptr() *int64 {
	if !r.present() {
		return nil
	}
	p := new(int64)
	*p = r.i64()
	return p
}

func (r *reader) intPtr() *int {
	if !r.present() {
		return nil
	}
	p := new(int)
	*p = r.int()
	return p
}

func (r *reader) strPtr() *string {
	if !r.present() {
		return nil
	}
	p := new(string)
	*p = r.str()
	return p
}

func (r *reader) boolPtr() *bool {
	if !r.present() {
		return nil
	}
	p := new(bool)
	*p = r.bool()
	return p
}

// Slices and maps of scalars.

func (r *reader) float64s() []float64 {
	n := r.length()
	if n < 0 {
		return nil
	}
	s := carve[float64](r, n)
	for i := range s {
		s[i] = r.f64()
	}
	return s
}

func (r *reader) int64s() []int64 {
	n := r.length()
	if n < 0 {
		return nil
	}
	s := carve[int64](r, n)
	for i := range s {
		s[i] = r.i64()
	}
	return s
}

func (r *reader) ints() []int {
	n := r.length()
	if n < 0 {
		return nil
	}
	s := carve[int](r, n)
	for i := range s {
		s[i] = r.int()
	}
	return s
}

func (r *reader) stringSlice() []string {
	n := r.length()
	if n < 0 {
		return nil
	}
	s := make([]string, n)
	for i := range s {
		s[i] = r.str()
	}
	return s
}

func (r *reader) anys() []any {
	n := r.length()
	if n < 0 {
		return nil
	}
	s := make([]any, n)
	for i := range s {
		s[i] = r.value()
	}
	return s
}

func (r *reader) strMap() map[string]string {
	n := r.length()
	if n < 0 {
		return nil
	}
	m := make(map[string]string, n)
	for range n {
		k := r.str()
		m[k] = r.str()
	}
	return m
}

func (r *reader) anyMap() map[string]any {
	n := r.length()
	if n < 0 {
		return nil
	}
	m := make(map[string]any, n)
	for range n {
		k := r.str()
		m[k] = r.value()
	}
	return m
}

// twitter.json.

func (r *reader) twitter(v *Twitter) {
	if n := r.length(); n >= 0 {
		v.Statuses = make([]TwitterStatus, n)
		for i := range v.Statuses {
			r.status(&v.Statuses[i])
		}
	}
	m := &v.SearchMetadata
	m.CompletedIn = r.f64()
	m.MaxID = r.i64()
	m.MaxIDStr = r.str()
	m.NextResults = r.str()
	m.Query = r.str()
	m.RefreshURL = r.str()
	m.Count = r.int()
	m.SinceID = r.i64()
	m.SinceIDStr = r.str()
}

func (r *reader) status(s *TwitterStatus) {
	s.Metadata.ResultType = r.str()
	s.Metadata.IsoLanguageCode = r.str()
	s.CreatedAt = r.str()
	s.ID = r.i64()
	s.IDStr = r.str()
	s.Text = r.str()
	s.Source = r.str()
	s.Truncated = r.bool()
	s.InReplyToStatusID = r.i64Ptr()
	s.InReplyToStatusIDStr = r.strPtr()
	s.InReplyToUserID = r.i64Ptr()
	s.InReplyToUserIDStr = r.strPtr()
	s.InReplyToScreenName = r.strPtr()
	r.user(&s.User)
	s.Geo = r.value()
	s.Coordinates = r.value()
	s.Place = r.value()
	s.Contributors = r.value()
	if r.present() {
		s.RetweetedStatus = new(TwitterStatus)
		r.status(s.RetweetedStatus)
	}
	s.RetweetCount = r.int()
	s.FavoriteCount = r.int()
	r.statusEntities(&s.Entities)
	s.Favorited = r.bool()
	s.Retweeted = r.bool()
	s.PossiblySensitive = r.boolPtr()
	s.Lang = r.str()
}

func (r *reader) user(u *TwitterUser) {
	u.ID = r.i64()
	u.IDStr = r.str()
	u.Name = r.str()
	u.ScreenName = r.str()
	u.Location = r.str()
	u.Description = r.str()
	u.URL = r.strPtr()
	u.Entities.Description.URLs = r.urlEntities()
	if r.present() {
		u.Entities.URL = &URLEntities{URLs: r.urlEntities()}
	}
	u.Protected = r.bool()
	u.FollowersCount = r.int()
	u.FriendsCount = r.int()
	u.ListedCount = r.int()
	u.CreatedAt = r.str()
	u.FavouritesCount = r.int()
	u.UtcOffset = r.intPtr()
	u.TimeZone = r.strPtr()
	u.GeoEnabled = r.bool()
	u.Verified = r.bool()
	u.StatusesCount = r.int()
	u.Lang = r.str()
	u.ContributorsEnabled = r.bool()
	u.IsTranslator = r.bool()
	u.IsTranslationEnabled = r.bool()
	u.ProfileBackgroundColor = r.str()
	u.ProfileBackgroundImageURL = r.str()
	u.ProfileBackgroundImageURLHTTPS = r.str()
	u.ProfileBackgroundTile = r.bool()
	u.ProfileImageURL = r.str()
	u.ProfileImageURLHTTPS = r.str()
	u.ProfileBannerURL = r.str()
	u.ProfileLinkColor = r.str()
	u.ProfileSidebarBorderColor = r.str()
	u.ProfileSidebarFillColor = r.str()
	u.ProfileTextColor = r.str()
	u.ProfileUseBackgroundImage = r.bool()
	u.DefaultProfile = r.bool()
	u.DefaultProfileImage = r.bool()
	u.Following = r.bool()
	u.FollowRequestSent = r.bool()
	u.Notifications = r.bool()
}

func (r *reader) urlEntities() []URLEntity {
	n := r.length()
	if n < 0 {
		return nil
	}
	s := make([]URLEntity, n)
	for i := range s {
		e := &s[i]
		e.URL = r.str()
		e.ExpandedURL = r.str()
		e.DisplayURL = r.str()
		e.Indices = r.ints()
	}
	return s
}

func (r *reader) statusEntities(e *StatusEntities) {
	if n := r.length(); n >= 0 {
		e.Hashtags = make([]Hashtag, n)
		for i := range e.Hashtags {
			h := &e.Hashtags[i]
			h.Text = r.str()
			h.Indices = r.ints()
		}
	}
	e.Symbols = r.anys()
	e.URLs = r.urlEntities()
	if n := r.length(); n >= 0 {
		e.UserMentions = make([]UserMention, n)
		for i := range e.UserMentions {
			m := &e.UserMentions[i]
			m.ScreenName = r.str()
			m.Name = r.str()
			m.ID = r.i64()
			m.IDStr = r.str()
			m.Indices = r.ints()
		}
	}
	if n := r.length(); n >= 0 {
		e.Media = make([]Media, n)
		for i := range e.Media {
			r.media(&e.Media[i])
		}
	}
}

func (r *reader) media(m *Media) {
	m.ID = r.i64()
	m.IDStr = r.str()
	m.Indices = r.ints()
	m.MediaURL = r.str()
	m.MediaURLHTTPS = r.str()
	m.URL = r.str()
	m.DisplayURL = r.str()
	m.ExpandedURL = r.str()
	m.Type = r.str()
	r.mediaSize(&m.Sizes.Medium)
	r.mediaSize(&m.Sizes.Small)
	r.mediaSize(&m.Sizes.Thumb)
	r.mediaSize(&m.Sizes.Large)
	m.SourceStatusID = r.i64()
	m.SourceStatusIDStr = r.str()
}

func (r *reader) mediaSize(s *MediaSize) {
	s.W = r.int()
	s.H = r.int()
	s.Resize = r.str()
}

// citm_catalog.json.

func (r *reader) citm(v *Citm) {
	v.AreaNames = r.strMap()
	v.AudienceSubCategoryNames = r.strMap()
	v.BlockNames = r.strMap()
	if n := r.length(); n >= 0 {
		v.Events = make(map[string]CitmEvent, n)
		for range n {
			k := r.str()
			var e CitmEvent
			e.Description = r.strPtr()
			e.ID = r.i64()
			e.Logo = r.strPtr()
			e.Name = r.str()
			e.SubTopicIDs = r.int64s()
			e.SubjectCode = r.strPtr()
			e.Subtitle = r.strPtr()
			e.TopicIDs = r.int64s()
			v.Events[k] = e
		}
	}
	if n := r.length(); n >= 0 {
		v.Performances = make([]CitmPerformance, n)
		for i := range v.Performances {
			r.performance(&v.Performances[i])
		}
	}
	v.SeatCategoryNames = r.strMap()
	v.SubTopicNames = r.strMap()
	v.SubjectNames = r.strMap()
	v.TopicNames = r.strMap()
	if n := r.length(); n >= 0 {
		v.TopicSubTopics = make(map[string][]int64, n)
		for range n {
			k := r.str()
			v.TopicSubTopics[k] = r.int64s()
		}
	}
	v.VenueNames = r.strMap()
}

func (r *reader) performance(p *CitmPerformance) {
	p.EventID = r.i64()
	p.ID = r.i64()
	p.Logo = r.strPtr()
	p.Name = r.strPtr()
	if n := r.length(); n >= 0 {
		p.Prices = carve[CitmPrice](r, n)
		for i := range p.Prices {
			q := &p.Prices[i]
			q.Amount = r.i64()
			q.AudienceSubCategoryID = r.i64()
			q.SeatCategoryID = r.i64()
		}
	}
	if n := r.length(); n >= 0 {
		p.SeatCategories = make([]CitmSeatCategory, n)
		for i := range p.SeatCategories {
			c := &p.SeatCategories[i]
			if n := r.length(); n >= 0 {
				c.Areas = make([]CitmArea, n)
				for j := range c.Areas {
					c.Areas[j].AreaID = r.i64()
					c.Areas[j].BlockIDs = r.int64s()
				}
			}
			c.SeatCategoryID = r.i64()
		}
	}
	p.SeatMapImage = r.strPtr()
	p.Start = r.i64()
	p.VenueCode = r.str()
}

// canada.json.

func (r *reader) canada(v *Canada) {
	v.Type = r.str()
	n := r.length()
	if n < 0 {
		return
	}
	v.Features = make([]CanadaFeature, n)
	for i := range v.Features {
		f := &v.Features[i]
		f.Type = r.str()
		f.Properties.Name = r.str()
		f.Geometry.Type = r.str()
		if n := r.length(); n >= 0 {
			f.Geometry.Coordinates = make([][][2]float64, n)
			for j := range f.Geometry.Coordinates {
				n := r.length()
				if n < 0 {
					continue
				}
				ring := carve[[2]float64](r, n)
				for k := range ring {
					ring[k][0] = r.f64()
					ring[k][1] = r.f64()
				}
				f.Geometry.Coordinates[j] = ring
			}
		}
	}
}

// golang_source.json.

func (r *reader) golangSource(v *GolangSource) {
	if r.present() {
		v.Tree = r.golangNode()
	}
	v.Username = r.str()
}

func (r *reader) golangNode() *GolangNode {
	g := new(GolangNode)
	g.Name = r.str()
	if n := r.length(); n >= 0 {
		g.Kids = make([]*GolangNode, n)
		for i := range g.Kids {
			if r.present() {
				g.Kids[i] = r.golangNode()
			}
		}
	}
	g.CLWeight = r.f64()
	g.Touches = r.int()
	g.MinT = r.i64()
	g.MaxT = r.i64()
	g.MeanT = r.i64()
	return g
}

// small.

func (r *reader) small(v *Small) {
	v.ID = r.i64()
	v.SKU = r.str()
	v.Title = r.str()
	v.Price = r.f64()
	v.Discount = r.f64()
	v.InStock = r.bool()
	v.Tags = r.stringSlice()
	v.Ratings = r.float64s()
	v.Seller.Name = r.str()
	v.Seller.ID = r.int()
	v.Seller.Verified = r.bool()
	a := &v.Seller.Address
	a.Street = r.str()
	a.City = r.str()
	a.Zip = r.str()
	a.Geo[0] = r.f64()
	a.Geo[1] = r.f64()
	if n := r.length(); n >= 0 {
		v.Variants = make([]SmallVariant, n)
		for i := range v.Variants {
			w := &v.Variants[i]
			w.Color = r.str()
			w.Size = r.str()
			w.Qty = r.int()
		}
	}
	v.Note = r.strPtr()
}

// The shapes.

func (r *reader) samples() []Sample {
	n := r.length()
	if n < 0 {
		return nil
	}
	s := carve[Sample](r, n)
	for i := range s {
		s[i].T = r.i64()
		s[i].V = r.f64()
		s[i].Q = r.int()
	}
	return s
}

func (r *reader) events() []Event {
	n := r.length()
	if n < 0 {
		return nil
	}
	s := make([]Event, n)
	for i := range s {
		e := &s[i]
		e.TS = r.str()
		e.Level = r.str()
		e.Msg = r.str()
		e.User = r.str()
		e.Path = r.str()
		e.Status = r.int()
		e.LatencyMS = r.f64()
		e.Cached = r.bool()
		e.Region = r.str()
	}
	return s
}

func (r *reader) articles() []Article {
	n := r.length()
	if n < 0 {
		return nil
	}
	s := make([]Article, n)
	for i := range s {
		s[i].ID = r.int()
		s[i].Title = r.str()
		s[i].Body = r.str()
	}
	return s
}

func (r *reader) mesh(v *Mesh) {
	v.Name = r.str()
	if n := r.length(); n >= 0 {
		v.Vertices = carve[[3]float64](r, n)
		for i := range v.Vertices {
			for k := range 3 {
				v.Vertices[i][k] = r.f64()
			}
		}
	}
	if n := r.length(); n >= 0 {
		v.Faces = carve[[3]int](r, n)
		for i := range v.Faces {
			for k := range 3 {
				v.Faces[i][k] = r.int()
			}
		}
	}
}

// activity fills a from the tape: the stream floor's reader (it is not
// in bindReaders, whose documents are single values).
func (r *reader) activity(a *Activity) {
	a.ID = r.str()
	a.Type = r.str()
	a.Actor.ID = r.i64()
	a.Actor.Login = r.str()
	a.Actor.URL = r.str()
	a.Repo.ID = r.i64()
	a.Repo.Name = r.str()
	a.Repo.URL = r.str()
	a.Payload.Action = r.str()
	a.Payload.Ref = r.str()
	a.Payload.Size = r.int()
	if n := r.length(); n >= 0 {
		c := make([]ActivityCommit, n)
		for i := range c {
			c[i].SHA = r.str()
			c[i].Message = r.str()
			c[i].Distinct = r.bool()
		}
		a.Payload.Commits = c
	}
	a.Public = r.bool()
	a.CreatedAt = r.str()
}
