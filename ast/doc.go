// Package ast reads and changes JSON documents without decoding all of
// them.
//
// A Node is a JSON value. A Node made from raw JSON text (NewRaw, or a
// lookup such as jet.Get) is lazy: it parses only as much of the text as
// a question needs, one level at a time, and remembers what it has parsed
// so that a second lookup does not scan the same bytes again. Values
// nobody asks about stay unparsed text and are copied as they are when
// the Node is encoded.
//
//	root := ast.NewRaw(doc)
//	name, err := root.GetByPath("statuses", 3, "user", "screen_name").String()
//
// Reading a Node is safe from many goroutines at once, lazy or not: the
// parsed part of an array or object is published with an atomic pointer
// and only ever grows, so readers never see half-built state and never
// take a lock unless they are the one parsing new members. Changing a
// Node (Set, Unset, Add, Pop, SortKeys, UnmarshalJSON) needs exclusive
// access, as with a Go map.
//
// A *Node returned by Get, Index and the iterators points into its
// parent, so changes made through it are seen by the parent. Arrays and
// objects are references: copies of a Node share their members.
//
// Searcher finds values in raw text without building Nodes for what it
// passes over, with a path syntax (Path) that covers dotted keys, array
// indices, '#' for lengths and collections, '*' and '?' wildcards, and
// RFC 6901 JSON Pointers; SetPath, SetRawPath and DeletePath edit raw
// documents by splicing, copying untouched bytes as they are. Preorder
// walks a document with a Visitor, SAX style.
//
// Errors: a path that leads nowhere gives an error that wraps ErrNotFound;
// malformed JSON gives a *wire.SyntaxError (the same type as
// jet.SyntaxError) saying where: its Offset counts bytes as
// encoding/json's does (the offending byte is at index Offset-1, which
// its Pos method returns).
package ast
