//===- FindingStore.h - findings held compactly ----------------*- C++ -*-===//
#pragma once

#include "Core/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace hipport::core {

/// Findings as a lint run holds them from the checks to the reporters: a
/// 28-byte record each, the strings in tables, so that a big TU's findings
/// stay small next to its AST and the report unpacks one at a time (#17:
/// 719k findings on a 50 MB file were 0.9 KB each as core::Finding).
/// Interning is thread-safe (the TUs of a run are parsed in parallel);
/// records live in caller-owned lists (Records) until add() takes them.
class FindingStore {
public:
  /// A finding; its strings are indices into the store's tables.
  struct Record {
    uint32_t File = 0, Offset = 0, Length = 0;
    uint32_t Message = 0; ///< a text
    uint32_t Parts = 0;   ///< its notes, then its fixes, in the part table
    uint16_t Check = 0;
    uint8_t Level = uint8_t(Severity::Warning);
    uint16_t Notes = 0, Fixes = 0;
  };
  /// A note (Text: its message) or a fix (Text: the replacement).
  struct Part {
    uint32_t File = 0, Offset = 0, Length = 0, Text = 0;
  };
  using Records = std::deque<Record>; ///< grows without a copy

  FindingStore() = default;
  FindingStore(FindingStore &&O) noexcept;
  FindingStore &operator=(FindingStore &&O) noexcept;

  /// Interning, each string held once per table.
  uint32_t file(llvm::StringRef Path);
  uint16_t check(llvm::StringRef Id);
  /// A message, note or fix text. Slot says what it is (a check's message,
  /// note or fix): a text that differs from the slot's last one only in its
  /// middle (a kernel's name in a fixed sentence) keeps only that middle.
  uint32_t text(std::string S, uint32_t Slot);
  static uint32_t slot(uint16_t Check, unsigned Kind) {
    return uint32_t(Check) * 3 + Kind;
  }
  /// Appends parts; the index of the first.
  uint32_t parts(const std::vector<Part> &Ps);
  /// A whole finding packed (token scan, build files, parse errors).
  Record pack(const Finding &F);

  const std::string &path(uint32_t File) const { return Files[File]; }
  const std::string &checkId(uint16_t Check) const { return Checks[Check]; }
  std::string textOf(uint32_t Text) const;
  /// <0, 0 or >0 as the two texts' characters compare.
  int compareText(uint32_t A, uint32_t B) const;
  size_t files() const { return Files.size(); }
  size_t checks() const { return Checks.size(); }
  /// Same text (the same id, or the same characters).
  bool sameText(uint32_t A, uint32_t B) const;
  Finding unpack(const Record &R) const;

  /// The findings of the run, in their order.
  Records List;
  size_t size() const { return List.size(); }
  bool empty() const { return List.empty(); }
  Finding operator[](size_t I) const { return unpack(List[I]); }
  /// Every finding unpacked (small consumers: report, validate).
  std::vector<Finding> unpackAll() const;

  /// Range-for over the findings, each unpacked as it is read.
  class Iterator {
  public:
    Iterator(const FindingStore *S, size_t I) : S(S), I(I) {}
    Finding operator*() const { return S->unpack(S->List[I]); }
    Iterator &operator++() {
      ++I;
      return *this;
    }
    bool operator!=(const Iterator &O) const { return I != O.I; }

  private:
    const FindingStore *S;
    size_t I;
  };
  Iterator begin() const { return {this, 0}; }
  Iterator end() const { return {this, List.size()}; }

private:
  /// A text: Base's first Prefix bytes, Middle, then Base's last Suffix.
  struct Text {
    const std::string *Base = nullptr;
    uint32_t Prefix = 0, Suffix = 0, Middle = 0, MiddleLength = 0;
  };
  uint32_t whole(std::string S);
  bool isWhole(uint32_t Id) const {
    return Texts[Id].MiddleLength == 0 &&
           Texts[Id].Prefix == Texts[Id].Base->size();
  }
  FileRange range(uint32_t File, uint32_t Offset, uint32_t Length) const;

  std::mutex Lock;
  std::deque<std::string> Files, Checks; ///< deque: stable references
  std::unordered_map<std::string, uint32_t> FileIds;
  std::unordered_map<std::string, uint16_t> CheckIds;
  std::unordered_set<std::string> Pool; ///< whole texts; nodes: stable
  std::unordered_map<const std::string *, uint32_t> WholeIds;
  std::deque<Text> Texts;
  std::string Middles; ///< the middles of all texts, end to end
  std::unordered_map<uint32_t, uint32_t> LastWhole; ///< slot -> text
  std::deque<Part> PartList;
};

} // namespace hipport::core
