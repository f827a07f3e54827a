#!/bin/sh
nvcc -arch=sm_90 -rdc=true src/scan.cu -o scan -lcurand
echo done
