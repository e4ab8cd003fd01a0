package encoder

// Copies of the bench module's document types (bench/structs.go), so that
// encoder benchmarks and profiles run without the corpus-loading setup of
// the bench module.
// bTwitter is twitter.json (and twitterescaped.json): a search API
// response.
type bTwitter struct {
	Statuses       []bTwitterStatus `json:"statuses"`
	SearchMetadata bSearchMetadata  `json:"search_metadata"`
}

// bSearchMetadata is twitter.json's search_metadata.
type bSearchMetadata struct {
	CompletedIn float64 `json:"completed_in"`
	MaxID       int64   `json:"max_id"`
	MaxIDStr    string  `json:"max_id_str"`
	NextResults string  `json:"next_results"`
	Query       string  `json:"query"`
	RefreshURL  string  `json:"refresh_url"`
	Count       int     `json:"count"`
	SinceID     int64   `json:"since_id"`
	SinceIDStr  string  `json:"since_id_str"`
}

// bTwitterStatus is one tweet. A retweet holds the original tweet in
// RetweetedStatus.
type bTwitterStatus struct {
	Metadata             bStatusMetadata `json:"metadata"`
	CreatedAt            string          `json:"created_at"`
	ID                   int64           `json:"id"`
	IDStr                string          `json:"id_str"`
	Text                 string          `json:"text"`
	Source               string          `json:"source"`
	Truncated            bool            `json:"truncated"`
	InReplyToStatusID    *int64          `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string         `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *int64          `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string         `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  *string         `json:"in_reply_to_screen_name"`
	User                 bTwitterUser    `json:"user"`
	Geo                  any             `json:"geo"`
	Coordinates          any             `json:"coordinates"`
	Place                any             `json:"place"`
	Contributors         any             `json:"contributors"`
	RetweetedStatus      *bTwitterStatus `json:"retweeted_status,omitempty"`
	RetweetCount         int             `json:"retweet_count"`
	FavoriteCount        int             `json:"favorite_count"`
	Entities             bStatusEntities `json:"entities"`
	Favorited            bool            `json:"favorited"`
	Retweeted            bool            `json:"retweeted"`
	PossiblySensitive    *bool           `json:"possibly_sensitive,omitempty"`
	Lang                 string          `json:"lang"`
}

// bStatusMetadata is a tweet's metadata.
type bStatusMetadata struct {
	ResultType      string `json:"result_type"`
	IsoLanguageCode string `json:"iso_language_code"`
}

// bTwitterUser is a tweet's author.
type bTwitterUser struct {
	ID                             int64         `json:"id"`
	IDStr                          string        `json:"id_str"`
	Name                           string        `json:"name"`
	ScreenName                     string        `json:"screen_name"`
	Location                       string        `json:"location"`
	Description                    string        `json:"description"`
	URL                            *string       `json:"url"`
	Entities                       bUserEntities `json:"entities"`
	Protected                      bool          `json:"protected"`
	FollowersCount                 int           `json:"followers_count"`
	FriendsCount                   int           `json:"friends_count"`
	ListedCount                    int           `json:"listed_count"`
	CreatedAt                      string        `json:"created_at"`
	FavouritesCount                int           `json:"favourites_count"`
	UtcOffset                      *int          `json:"utc_offset"`
	TimeZone                       *string       `json:"time_zone"`
	GeoEnabled                     bool          `json:"geo_enabled"`
	Verified                       bool          `json:"verified"`
	StatusesCount                  int           `json:"statuses_count"`
	Lang                           string        `json:"lang"`
	ContributorsEnabled            bool          `json:"contributors_enabled"`
	IsTranslator                   bool          `json:"is_translator"`
	IsTranslationEnabled           bool          `json:"is_translation_enabled"`
	ProfileBackgroundColor         string        `json:"profile_background_color"`
	ProfileBackgroundImageURL      string        `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string        `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool          `json:"profile_background_tile"`
	ProfileImageURL                string        `json:"profile_image_url"`
	ProfileImageURLHTTPS           string        `json:"profile_image_url_https"`
	ProfileBannerURL               string        `json:"profile_banner_url,omitempty"`
	ProfileLinkColor               string        `json:"profile_link_color"`
	ProfileSidebarBorderColor      string        `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string        `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string        `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool          `json:"profile_use_background_image"`
	DefaultProfile                 bool          `json:"default_profile"`
	DefaultProfileImage            bool          `json:"default_profile_image"`
	Following                      bool          `json:"following"`
	FollowRequestSent              bool          `json:"follow_request_sent"`
	Notifications                  bool          `json:"notifications"`
}

// bUserEntities are the links in a user's profile.
type bUserEntities struct {
	Description bURLEntities  `json:"description"`
	URL         *bURLEntities `json:"url,omitempty"`
}

// bURLEntities is a list of links.
type bURLEntities struct {
	URLs []bURLEntity `json:"urls"`
}

// bURLEntity is one link in a text.
type bURLEntity struct {
	URL         string `json:"url"`
	ExpandedURL string `json:"expanded_url"`
	DisplayURL  string `json:"display_url"`
	Indices     []int  `json:"indices"`
}

// bStatusEntities are the hashtags, links, mentions and media of a tweet.
type bStatusEntities struct {
	Hashtags     []bHashtag     `json:"hashtags"`
	Symbols      []any          `json:"symbols"`
	URLs         []bURLEntity   `json:"urls"`
	UserMentions []bUserMention `json:"user_mentions"`
	Media        []bMedia       `json:"media,omitempty"`
}

// bHashtag is one hashtag in a tweet.
type bHashtag struct {
	Text    string `json:"text"`
	Indices []int  `json:"indices"`
}

// bUserMention is one @mention in a tweet.
type bUserMention struct {
	ScreenName string `json:"screen_name"`
	Name       string `json:"name"`
	ID         int64  `json:"id"`
	IDStr      string `json:"id_str"`
	Indices    []int  `json:"indices"`
}

// bMedia is one picture attached to a tweet.
type bMedia struct {
	ID                int64       `json:"id"`
	IDStr             string      `json:"id_str"`
	Indices           []int       `json:"indices"`
	MediaURL          string      `json:"media_url"`
	MediaURLHTTPS     string      `json:"media_url_https"`
	URL               string      `json:"url"`
	DisplayURL        string      `json:"display_url"`
	ExpandedURL       string      `json:"expanded_url"`
	Type              string      `json:"type"`
	Sizes             bMediaSizes `json:"sizes"`
	SourceStatusID    int64       `json:"source_status_id,omitempty"`
	SourceStatusIDStr string      `json:"source_status_id_str,omitempty"`
}

// bMediaSizes are the renditions of a picture.
type bMediaSizes struct {
	Medium bMediaSize `json:"medium"`
	Small  bMediaSize `json:"small"`
	Thumb  bMediaSize `json:"thumb"`
	Large  bMediaSize `json:"large"`
}

// bMediaSize is one rendition of a picture.
type bMediaSize struct {
	W      int    `json:"w"`
	H      int    `json:"h"`
	Resize string `json:"resize"`
}

// bCitm is citm_catalog.json: a concert hall's catalogue, mostly maps from
// numeric ids (as strings) to names.
type bCitm struct {
	AreaNames                map[string]string     `json:"areaNames"`
	AudienceSubCategoryNames map[string]string     `json:"audienceSubCategoryNames"`
	BlockNames               map[string]string     `json:"blockNames"`
	Events                   map[string]bCitmEvent `json:"events"`
	Performances             []bCitmPerformance    `json:"performances"`
	SeatCategoryNames        map[string]string     `json:"seatCategoryNames"`
	SubTopicNames            map[string]string     `json:"subTopicNames"`
	SubjectNames             map[string]string     `json:"subjectNames"`
	TopicNames               map[string]string     `json:"topicNames"`
	TopicSubTopics           map[string][]int64    `json:"topicSubTopics"`
	VenueNames               map[string]string     `json:"venueNames"`
}

// bCitmEvent is one event of the catalogue.
type bCitmEvent struct {
	Description *string `json:"description"`
	ID          int64   `json:"id"`
	Logo        *string `json:"logo"`
	Name        string  `json:"name"`
	SubTopicIDs []int64 `json:"subTopicIds"`
	SubjectCode *string `json:"subjectCode"`
	Subtitle    *string `json:"subtitle"`
	TopicIDs    []int64 `json:"topicIds"`
}

// bCitmPerformance is one performance of an event.
type bCitmPerformance struct {
	EventID        int64               `json:"eventId"`
	ID             int64               `json:"id"`
	Logo           *string             `json:"logo"`
	Name           *string             `json:"name"`
	Prices         []bCitmPrice        `json:"prices"`
	SeatCategories []bCitmSeatCategory `json:"seatCategories"`
	SeatMapImage   *string             `json:"seatMapImage"`
	Start          int64               `json:"start"`
	VenueCode      string              `json:"venueCode"`
}

// bCitmPrice is the price of a seat category for an audience.
type bCitmPrice struct {
	Amount                int64 `json:"amount"`
	AudienceSubCategoryID int64 `json:"audienceSubCategoryId"`
	SeatCategoryID        int64 `json:"seatCategoryId"`
}

// bCitmSeatCategory lists the areas of a seat category.
type bCitmSeatCategory struct {
	Areas          []bCitmArea `json:"areas"`
	SeatCategoryID int64       `json:"seatCategoryId"`
}

// bCitmArea lists the blocks of an area.
type bCitmArea struct {
	AreaID   int64   `json:"areaId"`
	BlockIDs []int64 `json:"blockIds"`
}

// bCanada is canada.json: a GeoJSON FeatureCollection of polygons.
type bCanada struct {
	Type     string           `json:"type"`
	Features []bCanadaFeature `json:"features"`
}

// bCanadaFeature is one GeoJSON feature.
type bCanadaFeature struct {
	Type       string `json:"type"`
	Properties struct {
		Name string `json:"name"`
	} `json:"properties"`
	Geometry bCanadaGeometry `json:"geometry"`
}

// bCanadaGeometry is a GeoJSON polygon: rings of [longitude, latitude].
type bCanadaGeometry struct {
	Type        string         `json:"type"`
	Coordinates [][][2]float64 `json:"coordinates"`
}

// bGolangSource is golang_source.json (encoding/json's code.json): a tree
// of the Go source files with change statistics.
type bGolangSource struct {
	Tree     *bGolangNode `json:"tree"`
	Username string       `json:"username"`
}

// bGolangNode is one file or directory of bGolangSource.
type bGolangNode struct {
	Name     string         `json:"name"`
	Kids     []*bGolangNode `json:"kids"`
	CLWeight float64        `json:"cl_weight"`
	Touches  int            `json:"touches"`
	MinT     int64          `json:"min_t"`
	MaxT     int64          `json:"max_t"`
	MeanT    int64          `json:"mean_t"`
}

// bSmall is SmallJSON, a ~400-byte product record: 11 keys, three levels
// of nesting, strings with non-ASCII characters and escapes, integers,
// floats, booleans, arrays and a null.
type bSmall struct {
	ID       int64           `json:"id"`
	SKU      string          `json:"sku"`
	Title    string          `json:"title"`
	Price    float64         `json:"price"`
	Discount float64         `json:"discount"`
	InStock  bool            `json:"in_stock"`
	Tags     []string        `json:"tags"`
	Ratings  []float64       `json:"ratings"`
	Seller   bSmallSeller    `json:"seller"`
	Variants []bSmallVariant `json:"variants"`
	Note     *string         `json:"note"`
}

// bSmallSeller is bSmall's seller.
type bSmallSeller struct {
	Name     string        `json:"name"`
	ID       int           `json:"id"`
	Verified bool          `json:"verified"`
	Address  bSmallAddress `json:"address"`
}

// bSmallAddress is bSmallSeller's address.
type bSmallAddress struct {
	Street string     `json:"street"`
	City   string     `json:"city"`
	Zip    string     `json:"zip"`
	Geo    [2]float64 `json:"geo"`
}

// bSmallVariant is one variant of bSmall's product.
type bSmallVariant struct {
	Color string `json:"color"`
	Size  string `json:"size"`
	Qty   int    `json:"qty"`
}
