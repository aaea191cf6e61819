#ifndef SHARELINT_CYAML_SHIM_H
#define SHARELINT_CYAML_SHIM_H
#include <yaml.h>
#endif
