#!/bin/bash
# probe 23: the Octave-level SUMMA's time on 2 GPUs, and the GPU engine's breakdown
cd "$(dirname "$0")/../../.."
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tb=target/gpumat-0.1.0.tar.gz
bash tests/with-package.sh $tb "1;" > /dev/null
mp="mpirun --oversubscribe --mca btl self,vader --mca pml ob1 -np 2"
if [ "${1:-}" = panel ]; then
  timeout 100 $mp bash tests/with-package.sh $tb "addpath ('$PWD/tests/dist/probe23'); summa_probe (8192, 1024)" 2>&1 | grep "^rank"
fi
for args in ${SIZES:-"8192,1024" "16384,2048"}; do
  timeout 200 $mp bash tests/with-package.sh $tb "addpath ('$PWD/tests/dist/probe23'); gpu_engine_probe ($args)" 2>&1 | grep -E "^rank|error"
done
