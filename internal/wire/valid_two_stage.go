package wire

// ValidTwoStage reports whether Valid runs in two stages on long inputs
// (the vector first stage exists on this CPU): then it is faster than any
// one-pass validating skip, and a lookup that must validate the whole
// document does better to call Valid and then search without validating.
var ValidTwoStage = skHasIdx
