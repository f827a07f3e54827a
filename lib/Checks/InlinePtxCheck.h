//===- InlinePtxCheck.h - ptx-inline-asm -----------------------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"
#include "Checks/PtxTable.h"

#include <memory>

namespace hipport::checks {

/// Finds inline PTX assembly, which does not compile for AMD GPUs, and names
/// the HIP intrinsic that replaces the instruction where rules/ptx-*.json
/// knows one. In HIP sources only asm that looks like PTX is reported, so
/// AMD GCN assembly is left alone.
class InlinePtxCheck : public Check {
public:
  static const CheckInfo Info;
  explicit InlinePtxCheck(std::shared_ptr<const PtxTable> Table)
      : Check(Info), Table(std::move(Table)) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &F) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;

private:
  std::shared_ptr<const PtxTable> Table;
};

} // namespace hipport::checks
