#!/usr/bin/env bash
# Replacement for hold1's second run (it shared CPU 1 with the first: CPU 0 was claimed by another engineer's test
# run at that moment); pinned to CPU 0 with taskset, started inside hold1's slot at nice -10, ends at 06:55:50.
D=/work/calib3-data
cd /work/wt/calib3/packages/core
TB=node_modules/.bin/tombstone-bench
COMMON=(bench/range-tombstone-list.bench.ts --filter benchCopyOnly --sample-ms 20 --warmup-ms 50 --no-alloc)
t=$(( $(date -d "06:55:50" +%s) - $(date +%s) ))
echo "fixed-cpu start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg) for $t s"
s=$(date +%s.%N)
timeout -s INT $t taskset -c 0 $TB calibrate "${COMMON[@]}" --fixed-n --rounds 5 --slowdown-rounds 3 --out $D/fixed-cpu > $D/fixed-cpu.out 2> $D/fixed-cpu.err
echo "fixed-cpu rc=$? wall=$(echo "$(date +%s.%N) - $s" | bc) end $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
