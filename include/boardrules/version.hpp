#pragma once
/// \file
/// The library's version (semantic versioning). The build reads the CMake project version from
/// the three numbers below, so they are the one place the version is written.

/// Incompatible API changes raise the major version.
#define BOARDRULES_VERSION_MAJOR 0
/// Compatible additions raise the minor version.
#define BOARDRULES_VERSION_MINOR 4
/// Fixes raise the patch version.
#define BOARDRULES_VERSION_PATCH 0

#define BOARDRULES_VERSION_STRINGIFY_(x) #x
#define BOARDRULES_VERSION_STRINGIFY(x) BOARDRULES_VERSION_STRINGIFY_(x)

/// The version as text, "MAJOR.MINOR.PATCH".
#define BOARDRULES_VERSION_STRING                        \
  BOARDRULES_VERSION_STRINGIFY(BOARDRULES_VERSION_MAJOR) \
  "." BOARDRULES_VERSION_STRINGIFY(BOARDRULES_VERSION_MINOR) "." BOARDRULES_VERSION_STRINGIFY(BOARDRULES_VERSION_PATCH)

/// The version as one number, MAJOR * 10000 + MINOR * 100 + PATCH, for `#if` comparisons.
#define BOARDRULES_VERSION \
  (BOARDRULES_VERSION_MAJOR * 10000 + BOARDRULES_VERSION_MINOR * 100 + BOARDRULES_VERSION_PATCH)
