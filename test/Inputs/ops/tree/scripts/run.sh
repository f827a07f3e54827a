#!/bin/sh
export CUDA_VISIBLE_DEVICES=${GPUS:-0,1}
nvidia-smi topo -m
nvidia-smi --query-gpu=name,memory.used --format=csv
CUDA_LAUNCH_BLOCKING=1 python3 train.py "$@"
docker run --rm --gpus all registry.example.com/trainer:1.4 nvidia-smi --list-gpus
