void vecadd(float *a, int n);
int main(void) {
  float a[64];
  vecadd(a, 64);
  return a[3] == 3.0f ? 0 : 1;
}
