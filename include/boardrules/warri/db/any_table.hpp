#pragma once
/// \file
/// A Warri endgame table named by a path, whichever kind it is: a file (table_file.hpp) or the
/// directory of a sliced table (sliced_table.hpp). Probes as both do (constant time,
/// allocation-free); play.hpp's best_move and database_verdict take it.

#include "boardrules/core/config.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

#include "boardrules/core/error.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/index.hpp"
#include "boardrules/warri/db/slice_file.hpp"
#include "boardrules/warri/db/sliced_table.hpp"
#include "boardrules/warri/db/table_file.hpp"
#include "boardrules/warri/db/value.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

/// A table of one file or a sliced one. Move-only.
class AnyTable {
 public:
  std::string variant;  ///< the variant's name the table records
  Decisions decisions;
  int max_seeds = 0;

  /// The value of a board (WA-8.5); nullopt when it has more than max_seeds seeds. Allocation-free.
  [[nodiscard]] std::optional<Value> probe(const Board& b) const noexcept {
    return file_ ? file_->probe(b) : sliced_->probe(b);
  }
  /// The value of a position's board (WA-8.1: from the side to move's view).
  template <class R>
  [[nodiscard]] std::optional<Value> probe(const BasicPosition<R>& p) const noexcept {
    return probe(board_of(p));
  }
  /// The table of one file, or null.
  [[nodiscard]] const Table* file() const noexcept { return file_ ? &*file_ : nullptr; }
  /// The sliced table, or null.
  [[nodiscard]] const SlicedTable* sliced() const noexcept { return sliced_ ? &*sliced_ : nullptr; }

  /// Opens `path`: a directory as a sliced table (SlicedTable::open, with `access`), anything else
  /// as a file (read_database). With `expected`, a table built for other decisions is refused.
  /// Their errors, and ErrorCode::io for a directory without a manifest.
  [[nodiscard]] static Result<AnyTable> open(const std::string& path, const Decisions* expected = nullptr,
                                             SliceAccess access = SliceAccess::Load) {
    AnyTable t;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
      if (!std::filesystem::exists(manifest_path(path), ec))
        return make_error(ErrorCode::io,
                          std::string("is a directory, not a table file, and holds no sliced table (no ") +
                              kManifestName + ")",
                          path);
      Result<SlicedTable> s = SlicedTable::open(path, expected, access);
      if (!s) return s.error();
      t.sliced_.emplace(std::move(*s));
      t.variant = t.sliced_->variant;
      t.decisions = t.sliced_->decisions;
      t.max_seeds = t.sliced_->max_seeds;
    } else {
      Result<Table> f = read_database(path, expected);
      if (!f) return f.error();
      t.file_.emplace(std::move(*f));
      t.variant = t.file_->variant;
      t.decisions = t.file_->decisions;
      t.max_seeds = t.file_->max_seeds;
    }
    return t;
  }

 private:
  AnyTable() = default;
  std::optional<Table> file_;
  std::optional<SlicedTable> sliced_;
};

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
