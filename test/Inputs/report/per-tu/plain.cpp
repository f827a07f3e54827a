// No CUDA here: a per-TU model does not price this TU.
int plainHelper(int x) { return x + 1; }
