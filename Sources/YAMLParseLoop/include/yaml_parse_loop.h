#ifndef SHARELINT_YAML_PARSE_LOOP_H
#define SHARELINT_YAML_PARSE_LOOP_H
#include <stddef.h>

/// The benchmark's baseline: parses `length` bytes with libyaml's event API and
/// nothing else. Returns the number of events, or -1 on a parse error.
long yaml_parse_loop(const unsigned char *bytes, size_t length);

#endif
