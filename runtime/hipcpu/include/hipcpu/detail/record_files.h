//===- record_files.h - the files of a launch recording ---------*- C++ -*-===//
//
// docs/validate-record.md's directory (manifest.txt, data/), written the
// same way by runtime/hipcpu (lib/Record.cpp) and by runtime/cudarecord on
// NVIDIA hardware. Header-only and free of hipcpu, so the CUDA-side shim
// builds from it alone. Not thread-safe: callers hold their own lock.
//
// The byte limit is shared out by kernel: a launch gets its contents when
// they fit, or when dropping the contents of later launches of kernels
// that have at least two more launches with contents makes them fit. So a
// kernel that first runs after another has filled the budget still gets
// its first launches recorded, and no kernel gets more at another's cost.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace hipcpu::record {

/// "SEQ-ID.before" / "SEQ-ID.after".
inline std::string dataName(unsigned Seq, unsigned Id, const char *What) {
  return std::to_string(Seq) + "-" + std::to_string(Id) + "." + What;
}

/// A launch's text with every buffer argument's "before X after Y" made
/// "before - after -": its contents were dropped.
inline std::string withoutContents(const std::string &Text) {
  std::string Out;
  std::size_t Pos = 0;
  while (Pos < Text.size()) {
    std::size_t End = Text.find('\n', Pos);
    if (End == std::string::npos)
      End = Text.size();
    std::string Line = Text.substr(Pos, End - Pos);
    std::size_t B = Line.rfind(" before ");
    if (Line.compare(0, 4, "arg ") == 0 && B != std::string::npos)
      Line = Line.substr(0, B) + " before - after -";
    Out += Line + "\n";
    Pos = End + 1;
  }
  return Out;
}

struct RecordFiles {
  std::string Dir; ///< empty: HIPCPU_RECORD unset, nothing is written
  unsigned long long Limit = 256ull << 20, Written = 0, Reserved = 0;
  unsigned NextSeq = 0, NextAlloc = 1;
  bool LimitNoted = false;

  /// One manifest entry: a finished launch, or the limit-reached line.
  struct Entry {
    unsigned Seq = 0;
    std::string Kernel, Text;
    std::vector<std::string> Files; ///< data files it wrote
    unsigned long long Bytes = 0, Reservation = 0;
    bool Contents = false; ///< admitted and not dropped since
  };
  std::vector<Entry> Entries;
  /// Per kernel, its launches admitted with contents and not dropped.
  std::map<std::string, unsigned> Kept;
  /// Data files of launches not yet finished, by sequence number.
  std::map<unsigned, Entry> Open;

  /// Opens HIPCPU_RECORD (limit HIPCPU_RECORD_LIMIT) and writes the header.
  RecordFiles() {
    const char *D = std::getenv("HIPCPU_RECORD");
    const char *L = std::getenv("HIPCPU_RECORD_LIMIT");
    open(D ? D : "", L ? std::strtoull(L, nullptr, 10) : Limit);
  }
  void open(const std::string &D, unsigned long long L) {
    Dir = D;
    Limit = L;
    if (Dir.empty())
      return;
    ::mkdir(Dir.c_str(), 0777);
    ::mkdir((Dir + "/data").c_str(), 0777);
    writeManifest();
  }
  void append(const std::string &Text) {
    if (FILE *F = std::fopen((Dir + "/manifest.txt").c_str(), "a")) {
      std::fwrite(Text.data(), 1, Text.size(), F);
      std::fclose(F);
    }
  }
  /// The whole manifest from Entries, replacing the old one at once.
  void writeManifest() {
    std::string Tmp = Dir + "/manifest.txt.tmp";
    FILE *F = std::fopen(Tmp.c_str(), "w");
    if (!F)
      return;
    std::fprintf(F, "hipcpu-record 1\nlimit %llu\n", Limit);
    for (const Entry &E : Entries)
      std::fwrite(E.Text.data(), 1, E.Text.size(), F);
    std::fclose(F);
    std::rename(Tmp.c_str(), (Dir + "/manifest.txt").c_str());
  }
  /// Writes data file SEQ-ID.WHAT of launch Seq (admitted); its name.
  std::string writeData(unsigned Seq, unsigned Id, const char *What,
                        const void *P, std::size_t N) {
    std::string Name = dataName(Seq, Id, What);
    FILE *F = std::fopen((Dir + "/data/" + Name).c_str(), "wb");
    if (!F)
      return Name;
    std::fwrite(P, 1, N, F);
    std::fclose(F);
    Written += N;
    Entry &E = Open[Seq];
    E.Files.push_back(Name);
    E.Bytes += N;
    return Name;
  }

  /// Whether launch Seq of Kernel, whose allocations hold Bytes, gets its
  /// contents (room for "before" and, at worst, a different "after"). The
  /// first launch refused for room is noted in the manifest.
  bool admit(const std::string &Kernel, unsigned Seq,
             unsigned long long Bytes) {
    if (!Bytes)
      return true; // nothing to store, nothing to count
    unsigned long long Need = 2 * Bytes;
    if (Written + Reserved + Need > Limit && !makeRoom(Kernel, Need)) {
      if (!LimitNoted) {
        LimitNoted = true;
        Entry E;
        E.Seq = Seq;
        E.Text = "limit-reached launch " + std::to_string(Seq) + "\n";
        Entries.push_back(E);
        append(E.Text);
      }
      return false;
    }
    Reserved += Need;
    ++Kept[Kernel];
    Entry &E = Open[Seq];
    E.Contents = true;
    E.Reservation = Need;
    return true;
  }

  /// Launch Seq of Kernel has run: its manifest text is final.
  void finish(const std::string &Kernel, unsigned Seq,
              const std::string &Text) {
    Entry E;
    if (auto It = Open.find(Seq); It != Open.end()) {
      E = std::move(It->second);
      Open.erase(It);
      Reserved -= E.Reservation;
    }
    E.Seq = Seq;
    E.Kernel = Kernel;
    E.Text = Text;
    Entries.push_back(std::move(E));
    append(Text);
  }

private:
  /// Drops the contents of the latest launches of kernels with at least two
  /// more kept launches than Kernel (the most kept first) until Need fits;
  /// drops nothing when that cannot free enough.
  bool makeRoom(const std::string &Kernel, unsigned long long Need) {
    std::map<std::string, unsigned> Count = Kept;
    unsigned Mine = Count[Kernel];
    std::vector<std::size_t> Drop;
    std::vector<bool> Taken(Entries.size());
    unsigned long long Free = 0;
    auto KeptOf = [&](const std::string &K) {
      auto It = Count.find(K);
      return It == Count.end() ? 0u : It->second;
    };
    while (Written + Reserved + Need - Free > Limit) {
      unsigned Max = 0;
      for (const auto &[K, N] : Count)
        if (N >= Mine + 2 && N > Max)
          Max = N;
      // The latest finished launch with contents of a kernel with Max kept
      // (latest in the sequence, not by name: the port spells names its way).
      std::size_t I = Entries.size();
      bool Found = false;
      while (Max && !Found && I-- > 0)
        Found = !Taken[I] && Entries[I].Contents &&
                KeptOf(Entries[I].Kernel) == Max;
      if (!Found)
        return false;
      Taken[I] = true;
      Drop.push_back(I);
      Free += Entries[I].Bytes;
      --Count[Entries[I].Kernel];
    }
    for (std::size_t I : Drop) {
      Entry &E = Entries[I];
      for (const std::string &F : E.Files)
        std::remove((Dir + "/data/" + F).c_str());
      Written -= E.Bytes;
      E.Files.clear();
      E.Bytes = 0;
      E.Contents = false;
      E.Text = withoutContents(E.Text);
      --Kept[E.Kernel];
    }
    writeManifest();
    return true;
  }
};

/// Bytes in hexadecimal, in memory order.
inline std::string hex(const void *P, std::size_t N) {
  static const char *D = "0123456789abcdef";
  std::string S;
  for (std::size_t I = 0; I < N; ++I) {
    unsigned char C = static_cast<const unsigned char *>(P)[I];
    S += D[C >> 4];
    S += D[C & 15];
  }
  return S;
}

} // namespace hipcpu::record
