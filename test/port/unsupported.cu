// Unsupported APIs stay in place and are reported with file:line:col.
// RUN: hipport port %s --diff 2>&1 >/dev/null | FileCheck %s
// RUN: hipport port %s --diff 2>/dev/null | FileCheck %s --check-prefix=DIFF
#include <cuda_runtime.h>

void f() {
  // CHECK: unsupported.cu:[[@LINE+2]]:3: warning: 'cudaBindTexture' has no HIP equivalent: {{.+}} [port-unsupported-api]
  // DIFF-NOT: {{^[-+].*BindTexture}}
  cudaBindTexture(0, 0, 0, 0);
}
