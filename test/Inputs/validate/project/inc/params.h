// Found only through the -I given after `--`.
#define TPB 128
#define N 1024
