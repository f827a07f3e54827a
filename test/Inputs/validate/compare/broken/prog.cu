// A reference that does not build: nothing can be said about the port.
#include <cuda_runtime.h>
int main() { return undeclared_function(); }
