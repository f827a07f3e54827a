// A name the project declares itself is the project's: never renamed,
// even where it collides with a name in the rules.
// REQUIRES: cuda
// RUN: hipport port %s --rules %S/Inputs/user-name-rules.json --diff | FileCheck %s --implicit-check-not='{{^[+].*ProjectHelper}}'
// CHECK: +#include "hip/hip_runtime.h"
static int calls = 0;
inline int cudaProjectHelper(unsigned flags) { return int(flags) + ++calls; }
int main() { return cudaProjectHelper(0) - 1; }
