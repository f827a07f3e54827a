//===- HipGraphTest.cpp - graphs, stream capture, 3D copies, legacy launch -===//
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace {

__global__ void addOne(float *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] += 1.0f;
}
__global__ void scale(float *X, float F, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] *= F;
}
// Only ever named by address: registered by type.
__global__ void setTo(int *X, int V) { X[threadIdx.x] = V; }
HIPCPU_REGISTER_KERNEL(setTo);

void hostBump(void *P) { ++*static_cast<int *>(P); }

TEST(HipGraph, CaptureRecordsLaunchesCopiesAndHostWork) {
  const int N = 100;
  std::vector<float> H(N, 2.0f), Out(N);
  float *D = nullptr;
  ASSERT_EQ(hipMalloc(&D, N * sizeof(float)), hipSuccess);
  hipStream_t S;
  ASSERT_EQ(hipStreamCreate(&S), hipSuccess);
  int Bumps = 0;
  ASSERT_EQ(hipStreamBeginCapture(S, hipStreamCaptureModeGlobal), hipSuccess);
  hipStreamCaptureStatus St;
  ASSERT_EQ(hipStreamIsCapturing(S, &St), hipSuccess);
  EXPECT_EQ(St, hipStreamCaptureStatusActive);
  ASSERT_EQ(hipMemcpyAsync(D, H.data(), N * sizeof(float),
                           hipMemcpyHostToDevice, S),
            hipSuccess);
  hipLaunchKernelGGL(addOne, dim3(4), dim3(32), 0, S, D, N);
  hipLaunchKernelGGL(scale, dim3(4), dim3(32), 0, S, D, 10.0f, N);
  ASSERT_EQ(hipLaunchHostFunc(S, hostBump, &Bumps), hipSuccess);
  ASSERT_EQ(hipMemcpyAsync(Out.data(), D, N * sizeof(float),
                           hipMemcpyDeviceToHost, S),
            hipSuccess);
  // Nothing ran while capturing.
  EXPECT_EQ(Bumps, 0);
  EXPECT_EQ(Out[0], 0.0f);
  hipGraph_t G = nullptr;
  ASSERT_EQ(hipStreamEndCapture(S, &G), hipSuccess);
  ASSERT_EQ(hipStreamIsCapturing(S, &St), hipSuccess);
  EXPECT_EQ(St, hipStreamCaptureStatusNone);
  std::size_t Count = 0;
  ASSERT_EQ(hipGraphGetNodes(G, nullptr, &Count), hipSuccess);
  EXPECT_EQ(Count, 5u);
  std::size_t Roots = 0;
  ASSERT_EQ(hipGraphGetRootNodes(G, nullptr, &Roots), hipSuccess);
  EXPECT_EQ(Roots, 1u); // a chain

  hipGraphExec_t E = nullptr;
  ASSERT_EQ(hipGraphInstantiate(&E, G, nullptr, nullptr, 0), hipSuccess);
  for (int Run = 0; Run < 2; ++Run)
    ASSERT_EQ(hipGraphLaunch(E, S), hipSuccess);
  ASSERT_EQ(hipStreamSynchronize(S), hipSuccess);
  EXPECT_EQ(Bumps, 2);
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(Out[I], 30.0f) << I; // the copy in restarts from H each run

  // The captured kernel node shows its own copy of the arguments.
  std::vector<hipGraphNode_t> Nodes(Count);
  ASSERT_EQ(hipGraphGetNodes(G, Nodes.data(), &Count), hipSuccess);
  hipGraphNodeType T;
  ASSERT_EQ(hipGraphNodeGetType(Nodes[2], &T), hipSuccess);
  ASSERT_EQ(T, hipGraphNodeTypeKernel);
  hipKernelNodeParams KP;
  ASSERT_EQ(hipGraphKernelNodeGetParams(Nodes[2], &KP), hipSuccess);
  EXPECT_EQ(KP.func, reinterpret_cast<void *>(scale));
  EXPECT_EQ(*static_cast<float *>(KP.kernelParams[1]), 10.0f);
  EXPECT_EQ(KP.gridDim.x, 4u);

  // An executable graph's kernel node takes new arguments; the graph keeps
  // its own.
  float Half = 0.5f;
  void *Args[] = {&D, &Half, const_cast<int *>(&N)};
  KP.kernelParams = Args;
  ASSERT_EQ(hipGraphExecKernelNodeSetParams(E, Nodes[2], &KP), hipSuccess);
  ASSERT_EQ(hipGraphLaunch(E, S), hipSuccess);
  EXPECT_EQ(Out[5], 1.5f);
  // Disabled, the node does nothing.
  unsigned On = 0;
  ASSERT_EQ(hipGraphNodeSetEnabled(E, Nodes[2], 0), hipSuccess);
  ASSERT_EQ(hipGraphNodeGetEnabled(E, Nodes[2], &On), hipSuccess);
  EXPECT_EQ(On, 0u);
  ASSERT_EQ(hipGraphLaunch(E, S), hipSuccess);
  EXPECT_EQ(Out[5], 3.0f);

  EXPECT_EQ(hipGraphExecDestroy(E), hipSuccess);
  EXPECT_EQ(hipGraphDestroy(G), hipSuccess);
  EXPECT_EQ(hipStreamDestroy(S), hipSuccess);
  EXPECT_EQ(hipFree(D), hipSuccess);
}

TEST(HipGraph, ForkAndJoinThroughEvents) {
  float *A = nullptr, *B = nullptr;
  ASSERT_EQ(hipMalloc(&A, 32 * sizeof(float)), hipSuccess);
  ASSERT_EQ(hipMalloc(&B, 32 * sizeof(float)), hipSuccess);
  ASSERT_EQ(hipMemset(A, 0, 32 * sizeof(float)), hipSuccess);
  ASSERT_EQ(hipMemset(B, 0, 32 * sizeof(float)), hipSuccess);
  hipStream_t S1, S2;
  hipEvent_t Fork, Join;
  ASSERT_EQ(hipStreamCreate(&S1), hipSuccess);
  ASSERT_EQ(hipStreamCreate(&S2), hipSuccess);
  ASSERT_EQ(hipEventCreate(&Fork), hipSuccess);
  ASSERT_EQ(hipEventCreate(&Join), hipSuccess);
  ASSERT_EQ(hipStreamBeginCapture(S1, hipStreamCaptureModeGlobal), hipSuccess);
  hipLaunchKernelGGL(addOne, dim3(1), dim3(32), 0, S1, A, 32);
  ASSERT_EQ(hipEventRecord(Fork, S1), hipSuccess);
  ASSERT_EQ(hipStreamWaitEvent(S2, Fork, 0), hipSuccess);
  hipLaunchKernelGGL(addOne, dim3(1), dim3(32), 0, S2, B, 32);
  hipLaunchKernelGGL(addOne, dim3(1), dim3(32), 0, S1, A, 32);
  ASSERT_EQ(hipEventRecord(Join, S2), hipSuccess);
  ASSERT_EQ(hipStreamWaitEvent(S1, Join, 0), hipSuccess);
  hipLaunchKernelGGL(scale, dim3(1), dim3(32), 0, S1, B, 3.0f, 32);
  hipGraph_t G;
  ASSERT_EQ(hipStreamEndCapture(S1, &G), hipSuccess);
  std::size_t Edges = 0;
  ASSERT_EQ(hipGraphGetEdges(G, nullptr, nullptr, &Edges), hipSuccess);
  EXPECT_EQ(Edges, 4u); // a->a2, a->b, a2->scale, b->scale
  hipGraphExec_t E;
  ASSERT_EQ(hipGraphInstantiate(&E, G, nullptr, nullptr, 0), hipSuccess);
  ASSERT_EQ(hipGraphLaunch(E, S1), hipSuccess);
  float HA = 0, HB = 0;
  ASSERT_EQ(hipMemcpy(&HA, A + 7, sizeof HA, hipMemcpyDeviceToHost), hipSuccess);
  ASSERT_EQ(hipMemcpy(&HB, B + 7, sizeof HB, hipMemcpyDeviceToHost), hipSuccess);
  EXPECT_EQ(HA, 2.0f);
  EXPECT_EQ(HB, 3.0f);
  hipGraphExecDestroy(E);
  hipGraphDestroy(G);
  hipFree(A);
  hipFree(B);
}

TEST(HipGraph, BuiltByHandWithEveryNodeKind) {
  int *D = nullptr;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof(int)), hipSuccess);
  std::vector<int> H(64, -1);
  int Bumps = 0;
  hipGraph_t G, Child;
  ASSERT_EQ(hipGraphCreate(&G, 0), hipSuccess);
  ASSERT_EQ(hipGraphCreate(&Child, 0), hipSuccess);
  hipGraphNode_t Set, K, Copy, Host, Sub, Empty, Rec;
  hipMemsetParams MP{};
  MP.dst = D;
  MP.value = 0x01010101;
  MP.elementSize = 4;
  MP.width = 64;
  MP.height = 1;
  ASSERT_EQ(hipGraphAddMemsetNode(&Set, G, nullptr, 0, &MP), hipSuccess);
  int Seven = 7;
  void *Args[] = {&D, &Seven};
  hipKernelNodeParams KP{};
  KP.func = reinterpret_cast<void *>(setTo);
  KP.gridDim = dim3(1);
  KP.blockDim = dim3(16);
  KP.kernelParams = Args;
  ASSERT_EQ(hipGraphAddKernelNode(&K, G, &Set, 1, &KP), hipSuccess);
  Seven = 99; // the node copied the argument when it was made
  ASSERT_EQ(hipGraphAddMemcpyNode1D(&Copy, G, &K, 1, H.data(), D,
                                    64 * sizeof(int), hipMemcpyDeviceToHost),
            hipSuccess);
  hipHostNodeParams HP{hostBump, &Bumps};
  ASSERT_EQ(hipGraphAddHostNode(&Host, Child, nullptr, 0, &HP), hipSuccess);
  ASSERT_EQ(hipGraphAddChildGraphNode(&Sub, G, &Copy, 1, Child), hipSuccess);
  ASSERT_EQ(hipGraphAddEmptyNode(&Empty, G, &Sub, 1), hipSuccess);
  hipEvent_t Ev;
  ASSERT_EQ(hipEventCreate(&Ev), hipSuccess);
  ASSERT_EQ(hipGraphAddEventRecordNode(&Rec, G, &Empty, 1, Ev), hipSuccess);
  hipEvent_t Got = nullptr;
  ASSERT_EQ(hipGraphEventRecordNodeGetEvent(Rec, &Got), hipSuccess);
  EXPECT_EQ(Got, Ev);
  std::size_t Deps = 0;
  ASSERT_EQ(hipGraphNodeGetDependencies(K, nullptr, &Deps), hipSuccess);
  EXPECT_EQ(Deps, 1u);
  ASSERT_EQ(hipGraphNodeGetDependentNodes(K, nullptr, &Deps), hipSuccess);
  EXPECT_EQ(Deps, 1u);

  hipGraph_t Copyg;
  ASSERT_EQ(hipGraphClone(&Copyg, G), hipSuccess);
  hipGraphNode_t KInClone = nullptr;
  ASSERT_EQ(hipGraphNodeFindInClone(&KInClone, K, Copyg), hipSuccess);
  EXPECT_NE(KInClone, K);
  hipGraphExec_t E;
  ASSERT_EQ(hipGraphInstantiateWithFlags(&E, Copyg, 0), hipSuccess);
  ASSERT_EQ(hipGraphLaunch(E, 0), hipSuccess);
  EXPECT_EQ(H[3], 7);
  EXPECT_EQ(H[40], 0x01010101);
  EXPECT_EQ(Bumps, 1);
  float Ms = -1;
  EXPECT_EQ(hipEventElapsedTime(&Ms, Ev, Ev), hipSuccess);

  // A graph of the same shape updates the executable one.
  int Eight = 8;
  void *Args8[] = {&D, &Eight};
  KP.kernelParams = Args8;
  ASSERT_EQ(hipGraphKernelNodeSetParams(KInClone, &KP), hipSuccess);
  hipGraphNode_t ErrNode;
  hipGraphExecUpdateResult R;
  ASSERT_EQ(hipGraphExecUpdate(E, Copyg, &ErrNode, &R), hipSuccess);
  EXPECT_EQ(R, hipGraphExecUpdateSuccess);
  ASSERT_EQ(hipGraphLaunch(E, 0), hipSuccess);
  EXPECT_EQ(H[3], 8);
  // One of another shape does not.
  ASSERT_EQ(hipGraphDestroyNode(Empty), hipSuccess);
  EXPECT_NE(hipGraphExecUpdate(E, G, &ErrNode, &R), hipSuccess);
  EXPECT_EQ(R, hipGraphExecUpdateErrorTopologyChanged);

  const char *Dot = "hipcpu-graph-test.dot";
  ASSERT_EQ(hipGraphDebugDotPrint(G, Dot, 0), hipSuccess);
  std::ifstream In(Dot);
  std::string Text((std::istreambuf_iterator<char>(In)), {});
  EXPECT_NE(Text.find("setTo"), std::string::npos);
  std::remove(Dot);

  hipGraphExecDestroy(E);
  hipGraphDestroy(Copyg);
  hipGraphDestroy(G);
  hipGraphDestroy(Child);
  hipFree(D);
}

int Destroyed = 0;
void destroyObj(void *P) { Destroyed += *static_cast<int *>(P); }

TEST(HipGraph, UserObjectsAndGraphMemory) {
  int Tag = 5;
  hipUserObject_t O;
  ASSERT_EQ(hipUserObjectCreate(&O, &Tag, destroyObj, 1, 0), hipSuccess);
  hipGraph_t G;
  ASSERT_EQ(hipGraphCreate(&G, 0), hipSuccess);
  ASSERT_EQ(hipGraphRetainUserObject(G, O, 1, hipGraphUserObjectMove),
            hipSuccess);
  ASSERT_EQ(hipUserObjectRetain(O, 1), hipSuccess);
  ASSERT_EQ(hipUserObjectRelease(O, 1), hipSuccess);
  EXPECT_EQ(Destroyed, 0);

  hipMemAllocNodeParams AP{};
  AP.bytesize = 4096;
  hipGraphNode_t Alloc, Free;
  ASSERT_EQ(hipGraphAddMemAllocNode(&Alloc, G, nullptr, 0, &AP), hipSuccess);
  ASSERT_NE(AP.dptr, nullptr);
  ASSERT_EQ(hipGraphAddMemFreeNode(&Free, G, &Alloc, 1, AP.dptr), hipSuccess);
  void *Freed = nullptr;
  ASSERT_EQ(hipGraphMemFreeNodeGetParams(Free, &Freed), hipSuccess);
  EXPECT_EQ(Freed, AP.dptr);
  hipMemAllocNodeParams Back{};
  ASSERT_EQ(hipGraphMemAllocNodeGetParams(Alloc, &Back), hipSuccess);
  EXPECT_EQ(Back.bytesize, 4096u);
  unsigned long long Used = 0;
  ASSERT_EQ(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &Used),
            hipSuccess);
  EXPECT_GE(Used, 4096u);
  unsigned long long Zero = 0;
  EXPECT_EQ(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &Zero),
            hipSuccess);
  EXPECT_EQ(hipDeviceGraphMemTrim(0), hipSuccess);
  hipGraphExec_t E;
  ASSERT_EQ(hipGraphInstantiate(&E, G, nullptr, nullptr, 0), hipSuccess);
  ASSERT_EQ(hipGraphUpload(E, 0), hipSuccess);
  ASSERT_EQ(hipGraphLaunch(E, 0), hipSuccess);
  unsigned long long Flags = 1;
  ASSERT_EQ(hipGraphExecGetFlags(E, &Flags), hipSuccess);
  EXPECT_EQ(Flags, 0u);
  hipGraphExecDestroy(E); // its copy held a reference too
  EXPECT_EQ(Destroyed, 0);
  hipGraphDestroy(G);
  EXPECT_EQ(Destroyed, 5);
  hipFree(AP.dptr);
}

TEST(HipGraph, PointerAttributesAndThreeDimensionalCopies) {
  float *Dev = nullptr, *Host = nullptr;
  ASSERT_EQ(hipMalloc(&Dev, 4 * 3 * 2 * sizeof(float)), hipSuccess);
  ASSERT_EQ(hipHostMalloc(&Host, 64, 0), hipSuccess);
  hipPointerAttribute_t A;
  ASSERT_EQ(hipPointerGetAttributes(&A, Dev + 3), hipSuccess);
  EXPECT_EQ(A.type, hipMemoryTypeDevice);
  EXPECT_EQ(A.device, 0);
  ASSERT_EQ(hipPointerGetAttributes(&A, Host), hipSuccess);
  EXPECT_EQ(A.type, hipMemoryTypeHost);
  int Stack = 0;
  ASSERT_EQ(hipPointerGetAttributes(&A, &Stack), hipSuccess);
  EXPECT_EQ(A.type, hipMemoryTypeUnregistered);

  // A 4x3x2 float box from a 6-float-pitched host volume into device memory.
  std::vector<float> Src(6 * 3 * 2);
  for (std::size_t I = 0; I < Src.size(); ++I)
    Src[I] = float(I);
  hipMemcpy3DParms P{};
  P.srcPtr = make_hipPitchedPtr(Src.data(), 6 * sizeof(float), 6, 3);
  P.dstPtr = make_hipPitchedPtr(Dev, 4 * sizeof(float), 4, 3);
  P.extent = make_hipExtent(4 * sizeof(float), 3, 2);
  P.kind = hipMemcpyHostToDevice;
  ASSERT_EQ(hipMemcpy3D(&P), hipSuccess);
  std::vector<float> Back(24);
  ASSERT_EQ(hipMemcpy3DAsync(&P, 0), hipSuccess);
  ASSERT_EQ(hipMemcpy(Back.data(), Dev, 24 * sizeof(float), hipMemcpyDeviceToHost),
            hipSuccess);
  EXPECT_EQ(Back[5], 7.0f);   // row 1, column 1
  EXPECT_EQ(Back[12], 18.0f); // slice 1
  hipFree(Dev);
  hipHostFree(Host);
}

TEST(HipGraph, LegacyLaunchByPointer) {
  int *D = nullptr;
  ASSERT_EQ(hipMalloc(&D, 16 * sizeof(int)), hipSuccess);
  int V = 42;
  ASSERT_EQ(hipConfigureCall(dim3(1), dim3(16), 0, 0), hipSuccess);
  ASSERT_EQ(hipSetupArgument(&D, sizeof D, 0), hipSuccess);
  ASSERT_EQ(hipSetupArgument(&V, sizeof V, 8), hipSuccess);
  ASSERT_EQ(hipLaunchByPtr(reinterpret_cast<const void *>(setTo)), hipSuccess);
  int H = 0;
  ASSERT_EQ(hipMemcpy(&H, D + 15, sizeof H, hipMemcpyDeviceToHost), hipSuccess);
  EXPECT_EQ(H, 42);
  hipFree(D);
}

__global__ void matchKernel(unsigned long long *Any, int *All) {
  int V = threadIdx.x % 3;
  Any[threadIdx.x] = __match_any_sync(__activemask(), V);
  int Pred = 0;
  __match_all_sync(__activemask(), threadIdx.x / 64, &Pred);
  All[threadIdx.x] = Pred;
}

TEST(HipGraph, MatchCollectives) {
  for (int W : {32, 64}) {
    hipcpu::setWarpSize(W);
    unsigned long long *Any = nullptr;
    int *All = nullptr;
    ASSERT_EQ(hipMallocManaged(&Any, 64 * sizeof(*Any)), hipSuccess);
    ASSERT_EQ(hipMallocManaged(&All, 64 * sizeof(int)), hipSuccess);
    hipLaunchKernelGGL(matchKernel, dim3(1), dim3(64), 0, 0, Any, All);
    ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
    unsigned long long Want = 0;
    for (int L = 0; L < W; ++L)
      if (L % 3 == 1)
        Want |= 1ull << L;
    EXPECT_EQ(Any[1], Want) << W;
    EXPECT_EQ(All[0], 1);
    hipFree(Any);
    hipFree(All);
  }
  hipcpu::setWarpSize(64);
}

} // namespace
