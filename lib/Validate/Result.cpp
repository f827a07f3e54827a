#include "Validate/Result.h"

#include "Validate/Backend.h"

#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

namespace hipport::validate {

const char *statusName(RunStatus S) {
  switch (S) {
  case RunStatus::Pass:
    return "pass";
  case RunStatus::Fail:
    return "FAIL";
  case RunStatus::BuildError:
    return "BUILD-ERROR";
  case RunStatus::RunError:
    return "RUN-ERROR";
  case RunStatus::Timeout:
    return "TIMEOUT";
  case RunStatus::Skipped:
    return "skipped";
  case RunStatus::Compiled:
    return "compiled";
  case RunStatus::NoVerdict:
    return "NO-VERDICT";
  }
  return "?";
}

std::string runLabel(const Backend *Target, int Wave) {
  std::string Name = Target ? Target->name().str() : "?";
  return Wave ? fmt::format("{} w{}", Name, Wave) : Name;
}

std::string RunResult::label() const { return runLabel(Target, Wave); }
std::string ProgramRun::label() const { return runLabel(Target, Wave); }

bool KernelResult::passed() const {
  return allRunsPassed(ReferenceStatus, Runs);
}

bool ValidateResult::allPassed() const {
  for (const KernelResult &K : Kernels)
    if (!K.passed())
      return false;
  return true;
}

bool ProgramResult::allPassed() const {
  return allRunsPassed(ReferenceStatus, Runs);
}

namespace {

const char *checkIdOf(RunStatus S) {
  switch (S) {
  case RunStatus::Fail:
    return "validate-mismatch";
  case RunStatus::BuildError:
    return "validate-build-error";
  case RunStatus::RunError:
    return "validate-run-error";
  case RunStatus::Timeout:
    return "validate-timeout";
  case RunStatus::NoVerdict:
    return "validate-no-verdict";
  default:
    return "validate-skipped";
  }
}

bool isProblem(RunStatus S) {
  return S != RunStatus::Pass && S != RunStatus::Compiled &&
         S != RunStatus::Skipped;
}


} // namespace

std::vector<core::Finding> toFindings(const ValidateResult &R) {
  std::vector<core::Finding> Out;
  for (const KernelResult &K : R.Kernels) {
    core::Finding Base;
    Base.Level = core::Severity::Error;
    Base.Range.File = K.HipFile.empty() ? K.Spec.File : K.HipFile;
    Base.Range.Offset = K.HipFile.empty() ? 0 : K.HipBegin;
    for (const core::Finding &L : K.Lint)
      Base.Notes.push_back({L.Range, L.Message + " [" + L.CheckId + "]"});
    if (isProblem(K.ReferenceStatus)) {
      core::Finding F = Base;
      F.CheckId = "validate-no-verdict";
      F.Message = fmt::format("kernel '{}': no verdict, the reference {}: {}",
                              K.Spec.Name, statusName(K.ReferenceStatus),
                              K.ReferenceMessage);
      Out.push_back(std::move(F));
      continue;
    }
    for (const RunResult &Run : K.Runs) {
      if (!isProblem(Run.Status))
        continue;
      core::Finding F = Base;
      F.CheckId = checkIdOf(Run.Status);
      F.Message = fmt::format("kernel '{}' on {}: {}", K.Spec.Name, Run.label(),
                              runDetail(Run));
      Out.push_back(std::move(F));
    }
  }
  return Out;
}

std::vector<core::Finding> toFindings(const ProgramResult &R,
                                      const std::string &HipDir) {
  std::vector<core::Finding> Out;
  auto Add = [&](RunStatus St, std::string Msg) {
    core::Finding F;
    F.CheckId = checkIdOf(St);
    F.Level = core::Severity::Error;
    F.Range.File = HipDir;
    F.Message = std::move(Msg);
    Out.push_back(std::move(F));
  };
  if (isProblem(R.ReferenceStatus))
    Add(RunStatus::NoVerdict, fmt::format("program: no verdict, the reference "
                                          "{}: {}",
                                          statusName(R.ReferenceStatus),
                                          R.ReferenceMessage));
  for (const ProgramRun &Run : R.Runs)
    if (isProblem(Run.Status)) {
      std::string Msg = fmt::format("program on {}: {}", Run.label(),
                                    Run.Message.empty() ? statusName(Run.Status)
                                                        : Run.Message);
      for (const std::string &D : Run.Differences)
        Msg += "; " + D;
      Add(Run.Status, Msg);
    }
  return Out;
}

std::string runDetail(const RunResult &Run, bool WithElements) {
  for (const BufferResult &B : Run.Buffers)
    if (!B.passed()) {
      std::string D =
          B.Problem.empty()
              ? fmt::format("'{}': {} of {} elements differ", B.Name,
                            B.Mismatches, B.Count)
              : fmt::format("'{}': {}", B.Name, B.Problem);
      if (!WithElements)
        return D;
      if (!B.First.empty())
        D += fmt::format("; first mismatch {}[{}]: expected {}, got {}", B.Name,
                         B.First[0].Index, B.First[0].Expected,
                         B.First[0].Actual);
      if (B.MaxError > 0)
        D += fmt::format("; max error {:.6g}", B.MaxError);
      return D;
    }
  return Run.Message;
}

} // namespace hipport::validate
