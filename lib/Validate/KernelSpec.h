//===- KernelSpec.h - what a kernel needs to run on its own ----*- C++ -*-===//
#pragma once

#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace hipport::validate {

/// How the bytes of one element are compared and generated.
enum class ElemKind { Signed, Unsigned, Float, Bytes };

struct ElemType {
  std::string Spelling; ///< as the kernel's source spells it (for the driver)
  ElemKind Kind = ElemKind::Bytes;
  unsigned Size = 1; ///< bytes
};

/// A buffer element passes when any one bound holds (integers: exact).
struct Tolerance {
  double Abs = 1e-5, Rel = 1e-5;
  uint64_t Ulp = 0;
};

struct Dim3 {
  uint64_t X = 1, Y = 1, Z = 1;
  uint64_t total() const { return X * Y * Z; }
};

enum class ParamKind { Buffer, Scalar };

/// One kernel parameter: a device buffer (pointer parameter) or a scalar.
struct Param {
  std::string Name;
  ParamKind Kind = ParamKind::Scalar;
  /// Buffer: the element type. Scalar: the parameter's own type.
  ElemType Type;
  /// Scalar: a C++ expression of the value.
  std::string Value;
  /// Buffer: elements, whether the harness compares it, and its contents.
  uint64_t Count = 0;
  bool Output = false;
  std::string Fill = "random"; ///< random, zeros, iota, file
  std::string FillFile;        ///< Fill == "file"
  bool HasRange = false;
  double Lo = 0, Hi = 0;
  Tolerance Tol;
  /// How the value or size was found, shown in the report.
  std::string Origin;
};

/// Everything a generated driver needs to launch one kernel alone.
struct KernelSpec {
  std::string Name;          ///< as written in the source
  std::string QualifiedName; ///< for the launch in the driver
  std::string File;          ///< absolute path of the CUDA source
  std::string Relative;      ///< path under the CUDA root
  unsigned Line = 0;
  Dim3 Grid, Block;
  uint64_t SharedBytes = 0;
  uint64_t Seed = 1;
  std::vector<Param> Params;
  /// Why the launch shape or a value is a guess.
  std::vector<std::string> Notes;
  /// Buffers no size parameter sizes (their count is the thread count, a
  /// guess): a program run, or the spec file, must give them.
  std::vector<std::string> Unsized;
  /// Non-empty: this kernel cannot be driven, and why.
  std::string Unsupported;
  bool FromSpecFile = false;

  const Param *param(llvm::StringRef N) const;
};

/// Bytes of a buffer parameter (at least one element).
uint64_t bufferBytes(const Param &P);

/// The element kind and size of a spec-file type name (int32, float64, ...).
bool parseTypeName(llvm::StringRef Name, ElemType &Out);

/// Applies a spec file (docs/validate.md has the schema) over the derived
/// specs. Every error names the file and the JSON pointer of the field.
llvm::Error applySpecFile(const std::string &Path,
                          std::vector<KernelSpec> &Specs);
/// The same, from parsed JSON; Where names the source in errors.
llvm::Error applySpecJson(const nlohmann::json &J, const std::string &Where,
                          std::vector<KernelSpec> &Specs);

/// A complete spec of one kernel in the spec-file schema (recorded with
/// golden outputs so another machine runs exactly the same launch).
nlohmann::json specToJson(const KernelSpec &S);

} // namespace hipport::validate
