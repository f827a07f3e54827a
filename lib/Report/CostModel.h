//===- CostModel.h - hours per item kind, from rules/cost-model.json -*- C++ -*-===//
#pragma once

#include "Report/ReportModel.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace hipport::report {

/// What one unit of an item kind costs, as a range of hours.
struct CostItem {
  std::string Kind;
  std::string Category;
  std::string Unit; ///< what is counted: "kernel", "distinct API", ...
  double Low = 0, High = 0;
  std::string Note;
  /// What calibration says of it (bench/calibration): residual edit sites a
  /// person made per unit, and in how many fitted ports the item occurred.
  /// Negative when the item was not calibrated.
  double SitesPerUnit = -1;
  unsigned Pairs = 0;
};

/// A calibrated predictor of the manual edit that is not a priced item
/// (rules/cost-model.json "inputs"): residual edit sites per unit.
struct CostInput {
  double SitesPerUnit = 0;
  unsigned Pairs = 0;
  std::string Note;
};

/// How a model turns counts into predicted manual edit sites.
enum class CostForm {
  /// Sum over the tree of count x sitesPerUnit (items' and inputs'
  /// evidence): models 1-4, schema versions 1 and 2.
  Linear,
  /// Per translation unit, exp(intercept + sum w_k log(1 + count_k)) - 1,
  /// summed over the tree's TUs (schema 3, "perTu"): a log fit is not
  /// additive, so it is applied where it was fitted, one TU at a time.
  PerTuLog,
};

/// One weight of a per-TU log model, with its calibration evidence.
struct LogWeight {
  double Weight = 0;
  unsigned Pairs = 0; ///< fitted ports with a nonzero count of it
};

/// The "perTu" block of a schema-3 model (docs/cost-model.md).
struct PerTuLogModel {
  double Intercept = 0;
  /// Hours per predicted site, low and high: judgement, not fitted.
  double HoursPerSiteLow = 0, HoursPerSiteHigh = 0;
  /// By input: an item kind, "source-line" (the TU's source lines) or
  /// "manual-site" (the split's manual edits in the TU's source).
  std::map<std::string, LogWeight> Weights;
};

/// Hours per item kind and the categories they roll up into. Every kind the
/// estimate uses must be present, so a model that forgets one is rejected
/// up front rather than silently pricing it at zero.
class CostModel {
public:
  /// Loads File; with Base, File overrides Base item by item (a partial
  /// file), else it must be complete. Every problem is reported at once,
  /// one "file:/json/pointer: message" line each.
  static llvm::Expected<CostModel> load(const std::string &File,
                                        const CostModel *Base = nullptr);
  /// rules/cost-model.json, then Override over it when given.
  static llvm::Expected<CostModel> loadBuiltin(const std::string &Override);
  static std::string builtinFile();
  /// The item kinds the estimate prices.
  static const std::vector<std::string> &requiredKinds();

  /// The names an "inputs" block may use.
  static const std::vector<std::string> &knownInputs();

  const CostItem &item(const std::string &Kind) const;
  /// Calibrated sites per unit of an input; 0 when the model has none.
  double inputWeight(const std::string &Name) const;
  const std::map<std::string, CostInput> &inputs() const { return Inputs; }
  const std::vector<std::pair<std::string, std::string>> &categories() const {
    return Categories;
  }
  const std::map<std::string, CostItem> &items() const { return Items; }
  /// The table's "model" string (its revision), the last file's that has one.
  const std::string &modelVersion() const { return Model; }
  /// The files it came from, in load order.
  const std::vector<std::string> &files() const { return Files; }
  CostForm form() const { return Form; }
  /// "linear" or "per-tu-log", as the JSON spells it.
  const char *formName() const;
  /// The file format's "version" (the schema), the last file's.
  unsigned schemaVersion() const { return Schema; }
  const PerTuLogModel &perTu() const { return PerTu; }
  /// The names a per-TU weight may use: the item kinds, "source-line" and
  /// "manual-site".
  static bool isPerTuInput(const std::string &Name);

private:
  std::map<std::string, CostItem> Items;
  std::map<std::string, CostInput> Inputs;
  std::vector<std::pair<std::string, std::string>> Categories;
  std::vector<std::string> Files;
  std::string Model;
  CostForm Form = CostForm::Linear;
  unsigned Schema = 2;
  PerTuLogModel PerTu;
};

/// Prices the inventory of R with M: fills R.Est, per-kernel hours, the
/// hours of R.Directories.
void estimate(Report &R, const CostModel &M);

/// The directory a file is counted under in the per-directory roll-ups: its
/// first two path components ("." for files at the root).
std::string directoryOf(const std::string &Rel);

} // namespace hipport::report
