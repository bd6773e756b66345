// Built with -fno-exceptions: value() of a Result or a Status holding an error prints the error
// on stderr and aborts (the test expects the abort and the message; tests/core/expect_abort.cmake).
//   result_abort result   value() of a Result<int>
//   result_abort status   value() of a Status
//   result_abort ok       value() of both on success: exits 0

#include <cstdio>
#include <string_view>

#include "boardrules/core/error.hpp"

#if defined(__cpp_exceptions)
#error "result_abort.cpp must be built without exceptions"
#endif

int main(int argc, char** argv) {
  using namespace boardrules;
  const std::string_view what = argc > 1 ? argv[1] : "";
  if (what == "result") {
    const Result<int> r = make_error(ErrorCode::syntax, "not a digit", "digit", 3);
    std::printf("%d\n", r.value());
  } else if (what == "status") {
    const Status s = make_error(ErrorCode::io, "cannot open", "file.txt");
    s.value();
  } else if (what == "ok") {
    const Result<int> r = 7;
    const Status s;
    s.value();
    return r.value() == 7 ? 0 : 1;
  }
  return 0;  // no abort: the test fails
}
