//===- hipcpu/detail/graph.h - graphs and stream capture, spelling-free ---===//
//
// A graph is a list of nodes with edges; each node owns what it needs to run
// (a kernel's arguments are copied when the node is made, as on a GPU). An
// executable graph is a deep copy run in a topological order. A capturing
// stream turns the work enqueued on it into nodes instead of running it.
// api_graph.inc gives all this both spellings' names and parameter structs.
//
//===----------------------------------------------------------------------===//
#ifndef HIPCPU_DETAIL_GRAPH_H
#define HIPCPU_DETAIL_GRAPH_H

#include "hipcpu/detail/host.h"

#include <atomic>
#include <map>
#include <memory> // unique_ptr
#include <vector>

namespace hipcpu {

struct GraphImpl;
struct GraphNodeImpl;
struct GraphExecImpl;

/// A reference-counted user object (hipUserObjectCreate).
struct UserObjectImpl {
  std::atomic<int> Refs{1};
  void *Ptr = nullptr;
  void (*Destroy)(void *) = nullptr;
  void release(int N) {
    if (Refs.fetch_sub(N) == N) {
      if (Destroy)
        Destroy(Ptr);
      delete this;
    }
  }
};

/// The node kinds, numbered as hipGraphNodeType and cudaGraphNodeType are.
enum GraphNodeKind : int {
  NodeKernel = 0,
  NodeMemcpy = 1,
  NodeMemset = 2,
  NodeHost = 3,
  NodeGraph = 4,
  NodeEmpty = 5,
  NodeWaitEvent = 6,
  NodeEventRecord = 7,
  NodeMemAlloc = 10,
  NodeMemFree = 11,
};

struct GraphNodeImpl {
  int Kind = NodeEmpty;
  GraphImpl *Owner = nullptr;
  std::vector<GraphNodeImpl *> Deps, Dependents;
  /// Runs the node; reads everything from the node, so a copy runs too.
  int (*Run)(GraphNodeImpl &) = nullptr;
  detail::KernelLaunch Kernel;  ///< NodeKernel
  std::vector<char> Params;     ///< the spelled parameter struct, as bytes
  std::vector<char> KernelAttr; ///< hipKernelNodeAttrValue, as bytes
  GraphImpl *Child = nullptr;   ///< NodeGraph: owned
  EventImpl *Event = nullptr;   ///< NodeWaitEvent, NodeEventRecord
  bool Enabled = true;
  GraphNodeImpl *Origin = nullptr; ///< the node this one was cloned from
};

struct GraphImpl {
  std::vector<std::unique_ptr<GraphNodeImpl>> Nodes;
  std::map<UserObjectImpl *, int> UserObjects;
  ~GraphImpl();
};

struct GraphExecImpl {
  std::unique_ptr<GraphImpl> G;
  std::vector<GraphNodeImpl *> Order;
  std::map<const GraphNodeImpl *, GraphNodeImpl *> FromOriginal;
  unsigned long long Flags = 0;
};

namespace graph {
/// A node for \p G after \p Deps (which must be nodes of G).
GraphNodeImpl *addNode(GraphImpl *G, GraphNodeImpl *const *Deps,
                       std::size_t NumDeps, GraphNodeImpl Proto);
int destroyNode(GraphNodeImpl *N);
int addEdge(GraphNodeImpl *From, GraphNodeImpl *To);
int removeEdge(GraphNodeImpl *From, GraphNodeImpl *To);
/// A deep copy; \p Map (optional) receives original -> copy.
GraphImpl *clone(const GraphImpl *G,
                 std::map<const GraphNodeImpl *, GraphNodeImpl *> *Map);
/// The nodes of \p G in an order that respects every edge; false on a cycle.
bool topoOrder(const GraphImpl *G, std::vector<GraphNodeImpl *> &Out);
int instantiate(GraphExecImpl **E, const GraphImpl *G, unsigned long long F);
/// Runs every enabled node in order; the first error stops the run.
int runGraph(GraphImpl *G);
int launch(GraphExecImpl *E);
/// Replaces the nodes of \p E by those of \p G when both have the same
/// shape (kinds and edges); 0 on success, else the update result code.
int update(GraphExecImpl *E, const GraphImpl *G, GraphNodeImpl **ErrNode);
int writeDot(const GraphImpl *G, const char *Path);
/// Graph memory (hipGraphAddMemAllocNode) in bytes: used now, and highest.
void graphMemAdd(long long Bytes);
void graphMemAttr(int Attr, unsigned long long *V);
void graphMemResetHigh();

//===--- Stream capture --------------------------------------------------===//
extern std::atomic<int> ActiveCaptures;
inline bool anyCapture() {
  return ActiveCaptures.load(std::memory_order_relaxed) != 0;
}
int beginCapture(StreamImpl *S, int Mode, GraphImpl *Into,
                 GraphNodeImpl *const *Deps, std::size_t NumDeps);
int endCapture(StreamImpl *S, GraphImpl **Out);
/// Status 0 none, 1 active, 2 invalidated (as the enums number them).
int captureInfo(StreamImpl *S, int *Status, unsigned long long *Id,
                GraphImpl **G, const std::vector<GraphNodeImpl *> **Deps);
int updateCaptureDeps(StreamImpl *S, GraphNodeImpl *const *Deps,
                      std::size_t N, unsigned Flags);
int exchangeCaptureMode(int *Mode);
/// Work enqueued on \p S: a node of its capture when it is capturing, run
/// now otherwise. Events carry captures across streams (fork and join).
int submit(StreamImpl *S, GraphNodeImpl Proto);
/// submit() of a kernel node running \p L.
int submitKernel(StreamImpl *S, detail::KernelLaunch L);
/// A kernel node's work.
int runKernelNode(GraphNodeImpl &N);
int recordEvent(EventImpl *E, StreamImpl *S);
int waitEvent(StreamImpl *S, EventImpl *E);
} // namespace graph

namespace host {
/// What an address is: 0 unknown, 1 pinned host, 2 device, 3 managed
/// memory (numbered as hipMemoryType); interior pointers count.
int pointerKind(const void *P);
/// The legacy launch API (hipConfigureCall, hipSetupArgument,
/// hipLaunchByPtr): configurations stack per thread.
struct PendingCall {
  dim3 Grid, Block;
  std::size_t Shared = 0;
  StreamImpl *Stream = nullptr;
  std::vector<char> Buf;
  std::vector<std::size_t> Offsets;
  std::vector<void *> Argv; ///< into Buf, made by takeCall
};
int configureCall(dim3 Grid, dim3 Block, std::size_t Shared, StreamImpl *S);
int setupArgument(const void *Arg, std::size_t Size, std::size_t Offset);
int takeCall(PendingCall &Out);
} // namespace host

namespace detail {
/// Launches through hipLaunchKernelGGL: recorded when the stream captures.
template <class... Params, class... Args>
int launchOn(StreamImpl *S, const char *Name, void (*Kernel)(Params...),
             dim3 Grid, dim3 Block, std::size_t SharedBytes, int Width,
             Args &&...A) {
  if (!graph::anyCapture())
    return launchKernel(Name, Kernel, Grid, Block, SharedBytes, Width,
                        std::forward<Args>(A)...);
  // Through the binder the registry already instantiates for this kernel.
  std::tuple<std::decay_t<Params>...> Copy(
      static_cast<std::decay_t<Params>>(std::forward<Args>(A))...);
  std::vector<void *> Argv;
  argPointers(Argv, Copy, std::index_sequence_for<Params...>{});
  registerTyped(Kernel, Name);
  return graph::submitKernel(
      S, bindArgv<Params...>(reinterpret_cast<const void *>(Kernel), Name,
                             Grid, Block, SharedBytes, Width, Argv.data()));
}
/// A launch's stream argument: a stream, or 0/NULL/nullptr.
template <class T> StreamImpl *toStream(T S) {
  if constexpr (std::is_pointer_v<T>)
    return reinterpret_cast<StreamImpl *>(S);
  else
    return nullptr;
}
} // namespace detail
} // namespace hipcpu

#endif // HIPCPU_DETAIL_GRAPH_H
