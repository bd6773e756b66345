#pragma once
// Reading the line-based data files of tests/data/: one case a line, blank lines and '#' comments
// between them.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

namespace data_file {

/// Calls `f(line)` for every line of tests/data/<path> but blank lines and '#' comments, the file
/// REQUIREd readable.
template <class F>
void for_each_line(const std::string& path, F&& f) {
  std::ifstream in(BOARDRULES_TEST_DATA_DIR "/" + path);
  INFO("tests/data/" << path);
  REQUIRE(in.good());
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    f(static_cast<const std::string&>(line));
  }
}

}  // namespace data_file
