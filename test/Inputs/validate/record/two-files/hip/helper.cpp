float hostSum(const float *x, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}
