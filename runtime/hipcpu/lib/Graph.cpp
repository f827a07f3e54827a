//===- Graph.cpp - graphs, executable graphs and stream capture -----------===//
//
// Work still completes when its call returns: a graph launch runs its nodes
// one after the other in a topological order, which is one of the orders a
// GPU may pick. Capture keeps, per stream, the graph being built and the
// nodes the next piece of work depends on (its "tail").
//
//===----------------------------------------------------------------------===//
#include "hipcpu/detail/graph.h"
#include "Engine.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace hipcpu {

GraphImpl::~GraphImpl() {
  for (auto &N : Nodes)
    delete N->Child;
  for (auto &[U, Count] : UserObjects)
    U->release(Count);
}

namespace detail {
namespace {
struct Registered {
  const char *Name;
  KernelBinder Bind;
};
std::mutex RegistryMutex;
std::unordered_map<const void *, Registered> &registry() {
  static std::unordered_map<const void *, Registered> R;
  return R;
}
} // namespace

void registerKernel(const void *Func, const char *Name, KernelBinder B) {
  std::lock_guard<std::mutex> L(RegistryMutex);
  registry().emplace(Func, Registered{Name, B});
}

bool bindByAddress(const void *Func, dim3 Grid, dim3 Block, std::size_t Shared,
                   int Width, void **Argv, KernelLaunch &Out) {
  Registered R{};
  {
    std::lock_guard<std::mutex> L(RegistryMutex);
    auto It = registry().find(Func);
    if (It == registry().end()) {
      std::fprintf(stderr,
                   "hipcpu: a kernel given only by address (%p) was never "
                   "launched by type; hipcpu needs its parameter types: "
                   "launch it once or write HIPCPU_REGISTER_KERNEL(kernel)\n",
                   Func);
      return false;
    }
    R = It->second;
  }
  Out = R.Bind(Func, R.Name, Grid, Block, Shared, Width, Argv);
  return true;
}

KernelLaunch::KernelLaunch(const KernelLaunch &O)
    : Func(O.Func), Name(O.Name), Grid(O.Grid), Block(O.Block),
      Shared(O.Shared), Width(O.Width), Ops(O.Ops) {
  if (Ops && O.Store) {
    Store = Ops->Clone(O.Store);
    Ops->Pointers(Store, ArgPtrs);
  }
}
KernelLaunch::KernelLaunch(KernelLaunch &&O) noexcept
    : Func(O.Func), Name(O.Name), Grid(O.Grid), Block(O.Block),
      Shared(O.Shared), Width(O.Width), Store(O.Store), Ops(O.Ops),
      ArgPtrs(std::move(O.ArgPtrs)) {
  O.Store = nullptr;
}
KernelLaunch &KernelLaunch::operator=(KernelLaunch O) noexcept {
  std::swap(Func, O.Func);
  std::swap(Name, O.Name);
  std::swap(Grid, O.Grid);
  std::swap(Block, O.Block);
  std::swap(Shared, O.Shared);
  std::swap(Width, O.Width);
  std::swap(Store, O.Store);
  std::swap(Ops, O.Ops);
  std::swap(ArgPtrs, O.ArgPtrs);
  return *this;
}
KernelLaunch::~KernelLaunch() {
  if (Ops && Store)
    Ops->Free(Store);
}
} // namespace detail

namespace graph {
int runKernelNode(GraphNodeImpl &N) { return N.Kernel.run(); }
int submitKernel(StreamImpl *S, detail::KernelLaunch L) {
  GraphNodeImpl P;
  P.Kind = NodeKernel;
  P.Kernel = std::move(L);
  P.Run = &runKernelNode;
  return submit(S, std::move(P));
}
namespace {
void unlink(std::vector<GraphNodeImpl *> &V, GraphNodeImpl *N) {
  V.erase(std::remove(V.begin(), V.end(), N), V.end());
}
} // namespace

GraphNodeImpl *addNode(GraphImpl *G, GraphNodeImpl *const *Deps,
                       std::size_t NumDeps, GraphNodeImpl Proto) {
  auto Owned = std::make_unique<GraphNodeImpl>(std::move(Proto));
  GraphNodeImpl *N = Owned.get();
  N->Owner = G;
  N->Deps.clear();
  N->Dependents.clear();
  G->Nodes.push_back(std::move(Owned));
  for (std::size_t I = 0; I < NumDeps; ++I)
    addEdge(Deps[I], N);
  return N;
}

int addEdge(GraphNodeImpl *From, GraphNodeImpl *To) {
  if (!From || !To || From->Owner != To->Owner || From == To)
    return ErrorInvalidValue;
  if (std::find(To->Deps.begin(), To->Deps.end(), From) != To->Deps.end())
    return ErrorInvalidValue;
  To->Deps.push_back(From);
  From->Dependents.push_back(To);
  return Success;
}

int removeEdge(GraphNodeImpl *From, GraphNodeImpl *To) {
  if (!From || !To ||
      std::find(To->Deps.begin(), To->Deps.end(), From) == To->Deps.end())
    return ErrorInvalidValue;
  unlink(To->Deps, From);
  unlink(From->Dependents, To);
  return Success;
}

int destroyNode(GraphNodeImpl *N) {
  if (!N || !N->Owner)
    return ErrorInvalidValue;
  for (GraphNodeImpl *D : N->Deps)
    unlink(D->Dependents, N);
  for (GraphNodeImpl *D : N->Dependents)
    unlink(D->Deps, N);
  delete N->Child;
  N->Child = nullptr;
  auto &Nodes = N->Owner->Nodes;
  Nodes.erase(std::find_if(Nodes.begin(), Nodes.end(),
                           [&](const auto &P) { return P.get() == N; }));
  return Success;
}

GraphImpl *clone(const GraphImpl *G,
                 std::map<const GraphNodeImpl *, GraphNodeImpl *> *Map) {
  auto *C = new GraphImpl;
  std::map<const GraphNodeImpl *, GraphNodeImpl *> Local;
  auto &M = Map ? *Map : Local;
  for (const auto &N : G->Nodes) {
    auto Copy = std::make_unique<GraphNodeImpl>(*N);
    Copy->Owner = C;
    Copy->Deps.clear();
    Copy->Dependents.clear();
    Copy->Origin = N.get();
    if (N->Child)
      Copy->Child = clone(N->Child, nullptr);
    M[N.get()] = Copy.get();
    C->Nodes.push_back(std::move(Copy));
  }
  for (const auto &N : G->Nodes)
    for (GraphNodeImpl *D : N->Deps)
      addEdge(M[D], M[N.get()]);
  for (auto &[U, Count] : G->UserObjects) {
    U->Refs.fetch_add(Count);
    C->UserObjects[U] += Count;
  }
  return C;
}

bool topoOrder(const GraphImpl *G, std::vector<GraphNodeImpl *> &Out) {
  // Kahn's algorithm, taking nodes in creation order where there is a
  // choice, so a chain of captured work runs in the order it was enqueued.
  std::map<const GraphNodeImpl *, std::size_t> Waiting;
  for (const auto &N : G->Nodes)
    Waiting[N.get()] = N->Deps.size();
  Out.clear();
  std::vector<bool> Done(G->Nodes.size());
  for (bool Progress = true; Progress;) {
    Progress = false;
    for (std::size_t I = 0; I < G->Nodes.size(); ++I) {
      GraphNodeImpl *N = G->Nodes[I].get();
      if (Done[I] || Waiting[N] != 0)
        continue;
      Done[I] = Progress = true;
      Out.push_back(N);
      for (GraphNodeImpl *D : N->Dependents)
        --Waiting[D];
    }
  }
  return Out.size() == G->Nodes.size();
}

int instantiate(GraphExecImpl **E, const GraphImpl *G, unsigned long long F) {
  if (!E || !G)
    return ErrorInvalidValue;
  auto X = std::make_unique<GraphExecImpl>();
  X->G.reset(clone(G, &X->FromOriginal));
  X->Flags = F;
  if (!topoOrder(X->G.get(), X->Order))
    return ErrorInvalidValue; // a cycle
  *E = X.release();
  return Success;
}

int runGraph(GraphImpl *G) {
  std::vector<GraphNodeImpl *> Order;
  if (!topoOrder(G, Order))
    return ErrorInvalidValue;
  for (GraphNodeImpl *N : Order)
    if (N->Enabled && N->Run)
      if (int Rc = N->Run(*N))
        return Rc;
  return Success;
}

int launch(GraphExecImpl *E) {
  if (!E)
    return ErrorInvalidValue;
  for (GraphNodeImpl *N : E->Order)
    if (N->Enabled && N->Run)
      if (int Rc = N->Run(*N))
        return host::finishLaunch(Rc);
  return Success;
}

int update(GraphExecImpl *E, const GraphImpl *G, GraphNodeImpl **ErrNode) {
  // The update results, numbered as hipGraphExecUpdateResult: 2 topology
  // changed, 3 node type changed.
  if (!E || !G)
    return 1;
  if (G->Nodes.size() != E->G->Nodes.size())
    return 2;
  for (std::size_t I = 0; I < G->Nodes.size(); ++I) {
    const GraphNodeImpl &A = *G->Nodes[I], &B = *E->G->Nodes[I];
    if (A.Kind != B.Kind) {
      if (ErrNode)
        *ErrNode = G->Nodes[I].get();
      return 3;
    }
    if (A.Deps.size() != B.Deps.size())
      return 2;
  }
  GraphExecImpl Fresh;
  Fresh.G.reset(clone(G, &Fresh.FromOriginal));
  if (!topoOrder(Fresh.G.get(), Fresh.Order))
    return 2;
  // Keep what callers hold: nodes of the graph E was made from map to the
  // new copies at the same position.
  std::map<const GraphNodeImpl *, GraphNodeImpl *> Keep;
  for (auto &[Orig, Old] : E->FromOriginal) {
    auto Pos = std::find_if(E->G->Nodes.begin(), E->G->Nodes.end(),
                            [&](const auto &P) { return P.get() == Old; }) -
               E->G->Nodes.begin();
    Keep[Orig] = Fresh.G->Nodes[Pos].get();
  }
  for (auto &[Orig, New] : Fresh.FromOriginal)
    Keep[Orig] = New;
  E->G = std::move(Fresh.G);
  E->Order = std::move(Fresh.Order);
  E->FromOriginal = std::move(Keep);
  return 0;
}

int writeDot(const GraphImpl *G, const char *Path) {
  static const char *const Names[] = {
      "kernel", "memcpy", "memset", "host", "graph", "empty",
      "wait_event", "event_record", "ext_signal", "ext_wait",
      "mem_alloc", "mem_free"};
  std::FILE *F = Path ? std::fopen(Path, "w") : nullptr;
  if (!F)
    return ErrorInvalidValue;
  std::fprintf(F, "digraph hipcpu_graph {\n");
  std::map<const GraphNodeImpl *, std::size_t> Id;
  for (const auto &N : G->Nodes) {
    std::size_t I = Id.size();
    Id[N.get()] = I;
    const char *Label = N->Kind == NodeKernel ? N->Kernel.Name
                                              : Names[N->Kind % 12];
    std::fprintf(F, "  n%zu [label=\"%s\"];\n", I, Label);
  }
  for (const auto &N : G->Nodes)
    for (GraphNodeImpl *D : N->Deps)
      std::fprintf(F, "  n%zu -> n%zu;\n", Id[D], Id[N.get()]);
  std::fprintf(F, "}\n");
  std::fclose(F);
  return Success;
}

namespace {
std::atomic<long long> GraphMemUsed{0}, GraphMemHigh{0};
} // namespace
void graphMemAdd(long long Bytes) {
  long long Now = GraphMemUsed += Bytes;
  long long High = GraphMemHigh.load();
  while (Now > High && !GraphMemHigh.compare_exchange_weak(High, Now))
    ;
}
void graphMemAttr(int Attr, unsigned long long *V) {
  // Used and reserved are the same on a CPU: 0/2 current, 1/3 high.
  *V = static_cast<unsigned long long>((Attr & 1) ? GraphMemHigh.load()
                                                  : GraphMemUsed.load());
}
void graphMemResetHigh() { GraphMemHigh = GraphMemUsed.load(); }

//===--- Stream capture --------------------------------------------------===//
std::atomic<int> ActiveCaptures{0};

namespace {
struct Capture {
  GraphImpl *G = nullptr;
  std::vector<GraphNodeImpl *> Tail;
  unsigned long long Id = 0;
  int Mode = 0;
  bool Owned = true; ///< the graph is returned by EndCapture
  StreamImpl *Origin = nullptr;
};
std::mutex CaptureMutex;
std::map<StreamImpl *, Capture> Captures;
/// An event recorded on a capturing stream: the nodes a waiting stream
/// then depends on.
std::map<EventImpl *, Capture> EventCaptures;
unsigned long long NextId = 1;
thread_local int ThreadMode = 0;
} // namespace

int beginCapture(StreamImpl *S, int Mode, GraphImpl *Into,
                 GraphNodeImpl *const *Deps, std::size_t NumDeps) {
  if (!S)
    return ErrorInvalidValue; // the legacy stream cannot capture
  std::lock_guard<std::mutex> L(CaptureMutex);
  if (Captures.count(S))
    return ErrorInvalidValue;
  Capture C;
  C.G = Into ? Into : new GraphImpl;
  C.Owned = !Into;
  C.Tail.assign(Deps, Deps + NumDeps);
  C.Id = NextId++;
  C.Mode = Mode;
  C.Origin = S;
  Captures[S] = C;
  ++ActiveCaptures;
  return Success;
}

int endCapture(StreamImpl *S, GraphImpl **Out) {
  std::lock_guard<std::mutex> L(CaptureMutex);
  auto It = Captures.find(S);
  if (It == Captures.end() || It->second.Origin != S)
    return ErrorInvalidValue;
  GraphImpl *G = It->second.G;
  bool Owned = It->second.Owned;
  // Streams forked from this capture end with it (they must have joined).
  for (auto I = Captures.begin(); I != Captures.end();)
    if (I->second.G == G) {
      I = Captures.erase(I);
      --ActiveCaptures;
    } else
      ++I;
  for (auto I = EventCaptures.begin(); I != EventCaptures.end();)
    I = I->second.G == G ? EventCaptures.erase(I) : std::next(I);
  if (Out)
    *Out = G;
  else if (Owned)
    delete G;
  return Success;
}

int captureInfo(StreamImpl *S, int *Status, unsigned long long *Id,
                GraphImpl **G, const std::vector<GraphNodeImpl *> **Deps) {
  std::lock_guard<std::mutex> L(CaptureMutex);
  auto It = S ? Captures.find(S) : Captures.end();
  bool On = It != Captures.end();
  if (Status)
    *Status = On ? 1 : 0;
  if (Id)
    *Id = On ? It->second.Id : 0;
  if (G)
    *G = On ? It->second.G : nullptr;
  if (Deps)
    *Deps = On ? &It->second.Tail : nullptr;
  return Success;
}

int updateCaptureDeps(StreamImpl *S, GraphNodeImpl *const *Deps, std::size_t N,
                      unsigned Flags) {
  std::lock_guard<std::mutex> L(CaptureMutex);
  auto It = S ? Captures.find(S) : Captures.end();
  if (It == Captures.end())
    return ErrorInvalidValue;
  if (Flags == 0) // hipStreamAddCaptureDependencies
    It->second.Tail.insert(It->second.Tail.end(), Deps, Deps + N);
  else // hipStreamSetCaptureDependencies
    It->second.Tail.assign(Deps, Deps + N);
  return Success;
}

int exchangeCaptureMode(int *Mode) {
  if (!Mode)
    return ErrorInvalidValue;
  std::swap(*Mode, ThreadMode);
  return Success;
}

int submit(StreamImpl *S, GraphNodeImpl Proto) {
  {
    std::lock_guard<std::mutex> L(CaptureMutex);
    auto It = S ? Captures.find(S) : Captures.end();
    if (It != Captures.end()) {
      Capture &C = It->second;
      GraphNodeImpl *N =
          addNode(C.G, C.Tail.data(), C.Tail.size(), std::move(Proto));
      C.Tail.assign(1, N);
      return Success;
    }
  }
  return Proto.Run ? Proto.Run(Proto) : Success;
}

int recordEvent(EventImpl *E, StreamImpl *S) {
  if (anyCapture()) {
    std::lock_guard<std::mutex> L(CaptureMutex);
    auto It = S ? Captures.find(S) : Captures.end();
    if (It != Captures.end()) {
      EventCaptures[E] = It->second;
      return Success;
    }
    EventCaptures.erase(E);
  }
  return host::eventRecord(E);
}

int waitEvent(StreamImpl *S, EventImpl *E) {
  if (!anyCapture())
    return Success;
  std::lock_guard<std::mutex> L(CaptureMutex);
  auto Ev = EventCaptures.find(E);
  if (Ev == EventCaptures.end() || !S)
    return Success;
  auto It = Captures.find(S);
  if (It == Captures.end()) {
    // A fork: S joins the capture after the event's nodes.
    Capture C = Ev->second;
    C.Origin = Ev->second.Origin;
    Captures[S] = C;
    ++ActiveCaptures;
    return Success;
  }
  if (It->second.G != Ev->second.G)
    return ErrorInvalidValue;
  for (GraphNodeImpl *N : Ev->second.Tail) // a join
    if (std::find(It->second.Tail.begin(), It->second.Tail.end(), N) ==
        It->second.Tail.end())
      It->second.Tail.push_back(N);
  return Success;
}
} // namespace graph

namespace host {
namespace {
thread_local std::vector<PendingCall> Calls;
} // namespace
int configureCall(dim3 Grid, dim3 Block, std::size_t Shared, StreamImpl *S) {
  PendingCall C;
  C.Grid = Grid;
  C.Block = Block;
  C.Shared = Shared;
  C.Stream = S;
  Calls.push_back(std::move(C));
  return Success;
}
int setupArgument(const void *Arg, std::size_t Size, std::size_t Offset) {
  if (Calls.empty() || !Arg)
    return ErrorInvalidConfiguration;
  PendingCall &C = Calls.back();
  if (C.Buf.size() < Offset + Size)
    C.Buf.resize(Offset + Size);
  std::memcpy(C.Buf.data() + Offset, Arg, Size);
  C.Offsets.push_back(Offset);
  return Success;
}
int takeCall(PendingCall &Out) {
  if (Calls.empty())
    return ErrorInvalidConfiguration;
  Out = std::move(Calls.back());
  Calls.pop_back();
  for (std::size_t O : Out.Offsets)
    Out.Argv.push_back(Out.Buf.data() + O);
  return Success;
}
} // namespace host
} // namespace hipcpu
