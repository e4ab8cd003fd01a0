// Command jet does the everyday JSON jobs from the shell, on top of the
// jet library: pretty-print and compact, validate with the place of the
// first error, read, set and delete values at a path, list keys and
// lengths, process newline-delimited JSON on all cores, and measure jet
// against encoding/json.
//
// Usage:
//
//	jet fmt [--indent N|tab] [--compact] [--sort-keys] [--escape-html] [FILE...]
//	jet valid [FILE...]
//	jet get [-r] PATH [FILE]
//	jet set [--in-place] PATH VALUE [FILE]
//	jet del [--in-place] PATH [FILE]
//	jet keys [PATH] [FILE]
//	jet len [PATH] [FILE]
//	jet ndjson valid|fmt|get [-j N] ... [FILE...]
//	jet bench
//
// Inputs are files or standard input ("-" or no file). fmt and valid
// stream their input through a fixed buffer, so a file of any size is
// processed in bounded memory.
//
// Exit status: 0 success, 1 invalid input or path not found, 2 usage
// error. Output is colored only when standard output is a terminal and
// NO_COLOR is not set.
package main
