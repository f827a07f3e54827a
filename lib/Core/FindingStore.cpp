#include "Core/FindingStore.h"

#include <algorithm>

namespace hipport::core {

FindingStore::FindingStore(FindingStore &&O) noexcept { *this = std::move(O); }

FindingStore &FindingStore::operator=(FindingStore &&O) noexcept {
  List = std::move(O.List);
  Files = std::move(O.Files);
  Checks = std::move(O.Checks);
  FileIds = std::move(O.FileIds);
  CheckIds = std::move(O.CheckIds);
  Pool = std::move(O.Pool);
  WholeIds = std::move(O.WholeIds);
  Texts = std::move(O.Texts);
  Middles = std::move(O.Middles);
  LastWhole = std::move(O.LastWhole);
  PartList = std::move(O.PartList);
  return *this;
}

uint32_t FindingStore::file(llvm::StringRef Path) {
  std::lock_guard<std::mutex> G(Lock);
  auto [It, New] = FileIds.try_emplace(Path.str(), uint32_t(Files.size()));
  if (New)
    Files.push_back(Path.str());
  return It->second;
}

uint16_t FindingStore::check(llvm::StringRef Id) {
  std::lock_guard<std::mutex> G(Lock);
  auto [It, New] = CheckIds.try_emplace(Id.str(), uint16_t(Checks.size()));
  if (New)
    Checks.push_back(Id.str());
  return It->second;
}

uint32_t FindingStore::whole(std::string S) {
  const std::string *P = &*Pool.insert(std::move(S)).first;
  auto [It, New] = WholeIds.try_emplace(P, uint32_t(Texts.size()));
  if (New)
    Texts.push_back({P, uint32_t(P->size()), 0, 0, 0});
  return It->second;
}

uint32_t FindingStore::text(std::string S, uint32_t Slot) {
  std::lock_guard<std::mutex> G(Lock);
  auto Last = LastWhole.find(Slot);
  if (Last != LastWhole.end()) {
    const std::string &B = *Texts[Last->second].Base;
    if (S == B)
      return Last->second;
    size_t Max = std::min(S.size(), B.size()), Pre = 0, Suf = 0;
    while (Pre < Max && S[Pre] == B[Pre])
      ++Pre;
    while (Suf < Max - Pre && S[S.size() - 1 - Suf] == B[B.size() - 1 - Suf])
      ++Suf;
    // Worth it where most of the text is the slot's sentence.
    if (Pre + Suf >= 16 && 2 * (Pre + Suf) >= S.size()) {
      Text T{&B, uint32_t(Pre), uint32_t(Suf), uint32_t(Middles.size()),
             uint32_t(S.size() - Pre - Suf)};
      Middles.append(S, Pre, T.MiddleLength);
      Texts.push_back(T);
      return uint32_t(Texts.size() - 1);
    }
  }
  uint32_t Id = whole(std::move(S));
  LastWhole[Slot] = Id;
  return Id;
}

uint32_t FindingStore::parts(const std::vector<Part> &Ps) {
  std::lock_guard<std::mutex> G(Lock);
  uint32_t First = uint32_t(PartList.size());
  PartList.insert(PartList.end(), Ps.begin(), Ps.end());
  return First;
}

FindingStore::Record FindingStore::pack(const Finding &F) {
  Record R;
  R.Check = check(F.CheckId);
  R.Level = uint8_t(F.Level);
  R.File = file(F.Range.File);
  R.Offset = F.Range.Offset;
  R.Length = F.Range.Length;
  R.Message = text(F.Message, slot(R.Check, 0));
  std::vector<Part> Ps;
  for (const Note &N : F.Notes)
    Ps.push_back({file(N.Range.File), N.Range.Offset, N.Range.Length,
                  text(N.Message, slot(R.Check, 1))});
  for (const FixIt &X : F.Fixes)
    Ps.push_back({file(X.Range.File), X.Range.Offset, X.Range.Length,
                  text(X.Replacement, slot(R.Check, 2))});
  R.Notes = uint16_t(F.Notes.size());
  R.Fixes = uint16_t(F.Fixes.size());
  if (!Ps.empty())
    R.Parts = parts(Ps);
  return R;
}

std::string FindingStore::textOf(uint32_t Id) const {
  const Text &T = Texts[Id];
  std::string S = T.Base->substr(0, T.Prefix);
  S.append(Middles, T.Middle, T.MiddleLength);
  S.append(*T.Base, T.Base->size() - T.Suffix, T.Suffix);
  return S;
}

bool FindingStore::sameText(uint32_t A, uint32_t B) const {
  if (A == B)
    return true;
  if (isWhole(A) && isWhole(B))
    return false; // pooled: different ids, different texts
  return textOf(A) == textOf(B);
}

int FindingStore::compareText(uint32_t A, uint32_t B) const {
  if (A == B)
    return 0;
  if (isWhole(A) && isWhole(B))
    return Texts[A].Base->compare(*Texts[B].Base);
  return textOf(A).compare(textOf(B));
}

FileRange FindingStore::range(uint32_t File, uint32_t Offset,
                              uint32_t Length) const {
  return {Files[File], Offset, Length};
}

Finding FindingStore::unpack(const Record &R) const {
  Finding F;
  F.CheckId = Checks[R.Check];
  F.Level = Severity(R.Level);
  F.Range = range(R.File, R.Offset, R.Length);
  F.Message = textOf(R.Message);
  F.Notes.reserve(R.Notes);
  F.Fixes.reserve(R.Fixes);
  for (unsigned I = 0; I < R.Notes; ++I) {
    const Part &P = PartList[R.Parts + I];
    F.Notes.push_back({range(P.File, P.Offset, P.Length), textOf(P.Text)});
  }
  for (unsigned I = 0; I < R.Fixes; ++I) {
    const Part &P = PartList[R.Parts + R.Notes + I];
    F.Fixes.push_back({range(P.File, P.Offset, P.Length), textOf(P.Text)});
  }
  return F;
}

std::vector<Finding> FindingStore::unpackAll() const {
  std::vector<Finding> Out;
  Out.reserve(List.size());
  for (const Record &R : List)
    Out.push_back(unpack(R));
  return Out;
}

} // namespace hipport::core
