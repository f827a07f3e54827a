//===- CudaGraphTest.cpp - stream capture and graphs in the CUDA spelling --===//
#include <gtest/gtest.h>

namespace {

__global__ void twice(int *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] *= 2;
}

TEST(CudaGraph, CapturedLoopReplays) {
  const int N = 64;
  int *D = nullptr;
  ASSERT_EQ(cudaMalloc(&D, N * sizeof(int)), cudaSuccess);
  int H[N];
  for (int I = 0; I < N; ++I)
    H[I] = I;
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreate(&S), cudaSuccess);
  ASSERT_EQ(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal), cudaSuccess);
  ASSERT_EQ(cudaMemcpyAsync(D, H, sizeof H, cudaMemcpyHostToDevice, S),
            cudaSuccess);
  for (int K = 0; K < 3; ++K)
    hipLaunchKernelGGL(twice, dim3(2), dim3(32), 0, S, D, N);
  ASSERT_EQ(cudaMemcpyAsync(H, D, sizeof H, cudaMemcpyDeviceToHost, S),
            cudaSuccess);
  cudaGraph_t G;
  ASSERT_EQ(cudaStreamEndCapture(S, &G), cudaSuccess);
  EXPECT_EQ(H[5], 5); // nothing ran yet
  cudaGraphExec_t E;
  ASSERT_EQ(cudaGraphInstantiate(&E, G, 0), cudaSuccess); // CUDA 12's form
  ASSERT_EQ(cudaGraphLaunch(E, S), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(S), cudaSuccess);
  EXPECT_EQ(H[5], 40);
  ASSERT_EQ(cudaGraphLaunch(E, S), cudaSuccess);
  EXPECT_EQ(H[5], 320); // the copy in read the updated H
  cudaStreamCaptureStatus St;
  unsigned long long Id = 1;
  ASSERT_EQ(cudaStreamGetCaptureInfo(S, &St, &Id), cudaSuccess);
  EXPECT_EQ(St, cudaStreamCaptureStatusNone);
  cudaGraphExecDestroy(E);
  cudaGraphDestroy(G);
  cudaStreamDestroy(S);
  cudaFree(D);
}

} // namespace
