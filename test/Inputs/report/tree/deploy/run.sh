#!/bin/sh
export CUDA_VISIBLE_DEVICES=0,1
nvidia-smi --query-gpu=utilization.gpu --format=csv
./build/tree
