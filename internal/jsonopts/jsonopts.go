// Package jsonopts holds the options that jet's jsontext package and its
// encoding/json/v2 package share: one set of boolean flags, the few
// options that carry a value, and the rule by which a list of options is
// joined (a later option overrides an earlier one).
//
// Options of every kind share one interface, so that a caller may pass
// jsontext's options to the v2 package and the other way round, as Go's
// own packages allow. The interface's method takes a type of this
// internal package, so only jet's packages can implement it.
package jsonopts

// NotForPublicUse is the parameter type of Options' method: code outside
// jet cannot name it, so it cannot declare options of its own.
type NotForPublicUse struct{}

// Options is an option or a set of options.
type Options interface {
	JSONOptions(NotForPublicUse)
}

// Bools is a set of boolean options and their value: each bit above bit 0
// names a flag, and bit 0 is the value all of them are set to.
type Bools uint64

// JSONOptions marks Bools as Options.
func (Bools) JSONOptions(NotForPublicUse) {}

// The flags of the syntax layer (encoding and decoding).
const (
	valueBit Bools = 1 << iota // the value carried by a Bools

	AllowDuplicateNames   // encode or decode
	AllowInvalidUTF8      // encode or decode
	EscapeForHTML         // encode
	EscapeForJS           // encode
	PreserveRawStrings    // encode
	CanonicalizeRawInts   // encode
	CanonicalizeRawFloats // encode
	ReorderRawObjects     // encode
	Multiline             // encode
	SpaceAfterColon       // encode
	SpaceAfterComma       // encode
	Indent                // encode; its value is Struct.Indent
	IndentPrefix          // encode; its value is Struct.IndentPrefix
	OmitTopLevelNewline   // encode; internal: Value.Format and Marshal
	DepthLimit            // decode; internal: its value is Struct.DepthLimit

	endCoderFlags
)

// The flags of the semantic layer (marshaling and unmarshaling), kept
// here so that one set of bits carries every option.
const (
	_ Bools = endCoderFlags >> 1 << iota

	StringifyNumbers
	Deterministic
	FormatNilMapAsNull
	FormatNilSliceAsNull
	OmitZeroStructFields
	MatchCaseInsensitiveNames
	RejectUnknownMembers
	Marshalers   // its value is Struct.Marshalers
	Unmarshalers // its value is Struct.Unmarshalers
	StringTag
	FormatTag // its value is Struct.Format

	endArshalFlags
)

// Groups of flags.
const (
	// AnyWhitespace: the output may hold whitespace.
	AnyWhitespace = Multiline | SpaceAfterColon | SpaceAfterComma
	// AnyEscape: strings may need escapes beyond the minimal ones.
	AnyEscape = EscapeForHTML | EscapeForJS
	// CanonicalizeNumbers: some raw numbers are reformatted.
	CanonicalizeNumbers = CanonicalizeRawInts | CanonicalizeRawFloats
	// ValueFlags are the flags whose value lives in Struct's fields.
	ValueFlags = Indent | IndentPrefix | DepthLimit | Marshalers | Unmarshalers | FormatTag
	// TagFlags apply to one level of a value only.
	TagFlags = StringTag | FormatTag
)

// Flags records which flags were set (Presence) and to what (Values).
type Flags struct {
	Presence, Values uint64
}

// Get reports the value of the flags in f (true if any is true).
func (f Flags) Get(b Bools) bool { return f.Values&uint64(b&^valueBit) != 0 }

// Has reports whether any of the flags in b was set.
func (f Flags) Has(b Bools) bool { return f.Presence&uint64(b&^valueBit) != 0 }

// Set sets the flags in b to b's value.
func (f *Flags) Set(b Bools) {
	m := uint64(b &^ valueBit)
	f.Presence |= m
	if b&valueBit != 0 {
		f.Values |= m
	} else {
		f.Values &^= m
	}
}

// Clear forgets the flags in b: they are neither set nor true.
func (f *Flags) Clear(b Bools) {
	m := uint64(b &^ valueBit)
	f.Presence &^= m
	f.Values &^= m
}

// Join sets every flag that g sets, to g's value.
func (f *Flags) Join(g Flags) {
	f.Presence |= g.Presence
	f.Values = f.Values&^g.Presence | g.Values&g.Presence
}

// Struct is a list of options joined into one value, cheap to pass and
// to query.
type Struct struct {
	Flags Flags

	Indent       string // WithIndent
	IndentPrefix string // WithIndentPrefix
	DepthLimit   int    // DepthLimitOption: jet's own packages only

	Marshalers   any    // v2's WithMarshalers
	Unmarshalers any    // v2's WithUnmarshalers
	Format       string // a `format` tag option, while FormatTag is set
}

// JSONOptions marks a *Struct as Options.
func (*Struct) JSONOptions(NotForPublicUse) {}

// IndentOption is the option WithIndent makes.
type IndentOption string

// JSONOptions marks IndentOption as Options.
func (IndentOption) JSONOptions(NotForPublicUse) {}

// IndentPrefixOption is the option WithIndentPrefix makes.
type IndentPrefixOption string

// JSONOptions marks IndentPrefixOption as Options.
func (IndentPrefixOption) JSONOptions(NotForPublicUse) {}

// DepthLimitOption sets the deepest nesting a Decoder accepts, in place
// of jsontext's own limit of 10000 (lower or higher). Only
// jet's packages make it: its readers of encoding/json's dialect honour
// a configured limit when they ask the reference grammar about an error.
type DepthLimitOption int

// JSONOptions marks DepthLimitOption as Options.
func (DepthLimitOption) JSONOptions(NotForPublicUse) {}

// Joiner is implemented by options declared in other jet packages (the
// v2 package's marshalers, for example): they join themselves into a
// Struct.
type Joiner interface {
	Options
	JoinInto(*Struct)
}

// Join applies opts to s in order; a nil option is ignored.
func (s *Struct) Join(opts ...Options) {
	for _, o := range opts {
		switch o := o.(type) {
		case nil:
		case Bools:
			s.Flags.Set(o)
		case IndentOption:
			s.Flags.Set(Multiline | Indent | valueBit)
			s.Indent = string(o)
		case IndentPrefixOption:
			s.Flags.Set(Multiline | IndentPrefix | valueBit)
			s.IndentPrefix = string(o)
		case DepthLimitOption:
			s.Flags.Set(DepthLimit | valueBit)
			s.DepthLimit = int(o)
		case *Struct:
			s.joinStruct(o)
		case Joiner:
			o.JoinInto(s)
		}
	}
}

func (s *Struct) joinStruct(o *Struct) {
	s.Flags.Join(o.Flags)
	if o.Flags.Presence&uint64(ValueFlags) == 0 {
		return
	}
	if o.Flags.Has(Indent) {
		s.Indent = o.Indent
	}
	if o.Flags.Has(IndentPrefix) {
		s.IndentPrefix = o.IndentPrefix
	}
	if o.Flags.Has(DepthLimit) {
		s.DepthLimit = o.DepthLimit
	}
	if o.Flags.Has(Marshalers) {
		s.Marshalers = o.Marshalers
	}
	if o.Flags.Has(Unmarshalers) {
		s.Unmarshalers = o.Unmarshalers
	}
	if o.Flags.Has(FormatTag) {
		s.Format = o.Format
	}
}

// InitMultiline fills in what Multiline implies where the caller did not
// say: a space after each colon, none after each comma, a tab to indent.
func (s *Struct) InitMultiline() {
	if !s.Flags.Has(SpaceAfterColon) {
		s.Flags.Set(SpaceAfterColon | valueBit)
	}
	if !s.Flags.Has(SpaceAfterComma) {
		s.Flags.Set(SpaceAfterComma)
	}
	if !s.Flags.Has(Indent) {
		s.Flags.Set(Indent | valueBit)
		s.Indent = "\t"
	}
}

// True returns b with its value set: the option "b is true".
func True(b Bools) Bools { return b | valueBit }

// Get returns the value that opts gives the option setter makes, and
// whether opts gives it one (the v2 package's GetOption).
func Get[T any](opts Options, setter func(T) Options) (T, bool) {
	s, ok := opts.(*Struct)
	if !ok {
		s = new(Struct)
		s.Join(opts)
	}
	var zero T
	switch o := setter(zero).(type) {
	case Bools:
		if !s.Flags.Has(o) {
			return zero, false
		}
		return any(s.Flags.Get(o)).(T), true
	case IndentOption:
		if !s.Flags.Has(Indent) {
			return zero, false
		}
		return any(s.Indent).(T), true
	case IndentPrefixOption:
		if !s.Flags.Has(IndentPrefix) {
			return zero, false
		}
		return any(s.IndentPrefix).(T), true
	case Joiner:
		// The options of other packages: learn which flag it sets.
		var probe Struct
		o.JoinInto(&probe)
		switch {
		case probe.Flags.Has(Marshalers):
			if v, ok := s.Marshalers.(T); ok && s.Flags.Has(Marshalers) {
				return v, true
			}
		case probe.Flags.Has(Unmarshalers):
			if v, ok := s.Unmarshalers.(T); ok && s.Flags.Has(Unmarshalers) {
				return v, true
			}
		}
	}
	return zero, false
}
