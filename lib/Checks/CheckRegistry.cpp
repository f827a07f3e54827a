#include "Checks/CheckRegistry.h"

#include "BuildScan/BuildScanner.h"
#include "Checks/BallotMaskWidthCheck.h"
#include "Checks/BallotWordLayoutCheck.h"
#include "Checks/CompileTimeWidthCheck.h"
#include "Checks/HostDispatchWidthCheck.h"
#include "Checks/HostLaunchWidthCheck.h"
#include "Checks/InlinePtxCheck.h"
#include "Checks/LaneMaskLiteralCheck.h"
#include "Checks/LayoutWarpSizeCheck.h"
#include "Checks/NvidiaOnlyFeatureCheck.h"
#include "Checks/ParseErrorCheck.h"
#include "Checks/WidthLiteralNet.h"
#include "Checks/ShuffleWidthCheck.h"
#include "Checks/WarpConstantUseCheck.h"
#include "Checks/WarpSizeConstexprCheck.h"
#include "Checks/WarpSizeLiteralCheck.h"
#include "Checks/SyncShimCheck.h"
#include "Checks/WidthGuardCheck.h"

namespace hipport::checks {

template <typename T>
static std::unique_ptr<Check> make(const CheckOptions &) {
  return std::make_unique<T>();
}

static std::unique_ptr<Check> makePtx(const CheckOptions &O) {
  return std::make_unique<InlinePtxCheck>(O.Ptx);
}

static std::unique_ptr<Check> makeNvidiaOnly(const CheckOptions &O) {
  return std::make_unique<NvidiaOnlyFeatureCheck>(O.Rules, O.Target);
}

/// Build-scanner descriptions, converted once to CheckInfo.
static const std::vector<CheckInfo> &buildInfos() {
  static const std::vector<CheckInfo> Infos = [] {
    std::vector<CheckInfo> V;
    for (const buildscan::ScannerInfo *S : buildscan::scannerInfos())
      V.push_back({S->Id, S->Level, S->Summary});
    return V;
  }();
  return Infos;
}

const std::vector<RegisteredCheck> &registry() {
  static const std::vector<RegisteredCheck> R = [] {
    std::vector<RegisteredCheck> V = {
        {&WarpSizeLiteralCheck::Info, make<WarpSizeLiteralCheck>},
        {&BallotMaskWidthCheck::Info, make<BallotMaskWidthCheck>},
        {&BallotWordLayoutCheck::Info, make<BallotWordLayoutCheck>},
        {&LaneMaskLiteralCheck::Info, make<LaneMaskLiteralCheck>},
        {&ShuffleWidthCheck::Info, make<ShuffleWidthCheck>},
        {&WarpSizeConstexprCheck::Info, make<WarpSizeConstexprCheck>},
        {&InlinePtxCheck::Info, makePtx},
        {&NvidiaOnlyFeatureCheck::Info, makeNvidiaOnly},
        {&WidthGuardCheck::Info, make<WidthGuardCheck>},
        {&HostLaunchWidthCheck::Info, make<HostLaunchWidthCheck>},
        {&HostDispatchWidthCheck::Info, make<HostDispatchWidthCheck>},
        {&WarpConstantUseCheck::Info, make<WarpConstantUseCheck>},
        {&CompileTimeWidthCheck::Info, make<CompileTimeWidthCheck>},
        {&LayoutWarpSizeCheck::Info, make<LayoutWarpSizeCheck>},
        {&SyncShimCheck::Info, make<SyncShimCheck>},
        // Reported by the linter itself, from the parse's outcome.
        {&ParseErrorCheck::Info, nullptr},
        {&WidthLiteralNet::Info, nullptr},
    };
    for (const CheckInfo &I : buildInfos())
      V.push_back({&I, nullptr});
    return V;
  }();
  return R;
}

const CheckInfo *findCheck(llvm::StringRef Id) {
  for (const RegisteredCheck &R : registry())
    if (Id == R.Info->Id)
      return R.Info;
  return nullptr;
}

} // namespace hipport::checks
