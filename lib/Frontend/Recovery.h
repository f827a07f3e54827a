//===- Recovery.h - a second parse of a TU whose headers are missing -*- C++ -*-===//
#pragma once

#include "Frontend/Frontend.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace hipport::frontend {

/// What a recovery parse adds to a TU that did not parse, learnt from
/// clang's errors: missing headers read as empty files, and a stub prelude
/// declaring the names those headers would have declared (namespaces, types
/// that accept and convert to anything, functions, variables, members of
/// stub types), so that functions whose signatures use them keep their
/// bodies. A guess, not the real declarations: lint only, never port.
class RecoveryStubs {
public:
  /// Variable: an object (`x.f`, `x[i]`); Constant: an integer constant
  /// of its own value (an enumerator, a width macro's name: `case`
  /// labels, array bounds and template arguments need one).
  enum class Kind { Namespace, Type, TypeTemplate, Function, Variable, Constant };
  /// Learns from the errors of one parse; true when anything new was learnt
  /// (a stub added, or a stub dropped because the TU declares it itself).
  bool learn(const std::vector<ParseError> &Errors);

  /// The stub prelude (a system header: nothing in it is reported).
  std::string preludeText() const;
  /// Missing headers as they were spelled in `#include`.
  const std::set<std::string> &headers() const { return Headers; }
  /// Qualified names of the stubbed declarations, for the finding's message.
  std::vector<std::string> names() const;
  bool empty() const { return Headers.empty() && Names.empty(); }

  /// The virtual folder of the empty headers and the prelude (-idirafter).
  static const char *dir();
  /// The virtual path of the prelude (-include).
  static std::string preludePath();

private:
  struct Stub {
    Kind K = Kind::Type;
    /// TypeTemplate: per template argument of its first use, true for a
    /// value (non-type) argument.
    std::vector<bool> ValueArgs;
  };
  bool add(const std::string &Qualified, Kind K, std::vector<bool> ValueArgs = {});
  /// Kind of a member: Function, Variable or Constant.
  bool addMember(const std::string &Type, const std::string &Member, Kind K);
  bool addChain(const std::string &Scope, const std::string &First,
                const std::vector<std::string> &Next);
  void renderScope(const std::string &Scope, std::string &Out, unsigned &Next) const;

  std::set<std::string> Headers;
  std::map<std::string, Stub> Names; ///< qualified name -> stub
  /// Stub type (qualified, `__hipport_any` for all) -> member -> kind.
  std::map<std::string, std::map<std::string, Kind>> Members;
  /// Names the TU turned out to declare itself: never stubbed again.
  std::set<std::string> Dropped;
};

/// Parses with Stubs; the parse's outcome (its own errors).
using StubbedParse = std::function<TUOutcome(const RecoveryStubs &Stubs)>;
/// Parses without stubs (the TU's plain command line).
using PlainParse = std::function<TUOutcome()>;

/// The recovery loop for TU, whose plain parse (First) failed: learns stubs
/// from the errors and parses again, at most MaxRecoveryParses times, until
/// the errors stop shrinking. The last parse run is the one with the fewest
/// errors (a worse one is redone), so the action's results are its. The
/// outcome keeps First's errors and Parsed = false, with Recovered set when
/// a stubbed parse won. A TU recovered by an earlier pass starts from that
/// pass's stubs without a plain parse (First is then not consulted: null).
TUOutcome recoverParse(const std::string &TU, const TUOutcome *First,
                       const PlainParse &Plain, const StubbedParse &Stubbed);

/// The stubs an earlier pass learnt for TU, if any (a HIP pass after the
/// first pass starts from them).
bool recoveredBefore(const std::string &TU);

/// True when HIPPORT_RECOVERY is "on": the recovery parse is opt-in.
bool recoveryEnabled();

constexpr unsigned MaxRecoveryParses = 3;

} // namespace hipport::frontend
