#!/usr/bin/env bash
# Hold 1 (inside /work/wt/measure, nice -10): calibrations side by side, one per core (the runner claims a different
# CPU for each run). Phase 1 "idle": nothing else at our priority. Phase 2 "loaded": plus 2 busy-looping node
# processes at the same priority (one per core), killed at the end.
D=/work/calib3-data
cd /work/wt/calib3/packages/core
TB=node_modules/.bin/tombstone-bench
COMMON=(bench/range-tombstone-list.bench.ts --filter benchCopyOnly --sample-ms 20 --warmup-ms 50 --no-alloc)
START=$(date +%s)
left() { echo $(( $1 - ($(date +%s) - START) )); }
cal() { # name, deadline (s from START), args...
  local name=$1 dl=$2; shift 2
  local t; t=$(left "$dl"); [ "$t" -gt 30 ] || { echo "$name skipped"; return; }
  echo "$name start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
  local s; s=$(date +%s.%N)
  timeout -s INT "$t" $TB calibrate "${COMMON[@]}" "$@" --out $D/$name > $D/$name.out 2> $D/$name.err
  echo "$name rc=$? wall=$(echo "$(date +%s.%N) - $s" | bc) end $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
}
echo "== hold1 in slot $(date -u +%FT%TZ) uptime: $(uptime)"
( while true; do echo "$(date -u +%T) $(cat /proc/loadavg)"; sleep 30; done ) > $D/hold1-load.log &
LOADPID=$!
P1=1320
( cal seq-cpu $P1 --rounds 25 --slowdown-rounds 3 ) &
A=$!
sleep 2
( cal fixed-cpu $P1 --fixed-n --rounds 13 --slowdown-rounds 3; cal seq-cpu-b $P1 --rounds 25 --slowdown-rounds 0 ) &
B=$!
wait $A $B
echo "== phase 1 end $(date -u +%FT%TZ) uptime: $(uptime)"
# Phase 1b (runner rebuilt at 06:45:50 with forks keeping the slot's nice): idle, one calibration per core.
P1B=1500
( taskset -p -c 1 $BASHPID >/dev/null; cal idle-seq-cpu $P1B --rounds 25 --slowdown-rounds 2 ) &
A=$!
sleep 2
( taskset -p -c 0 $BASHPID >/dev/null; cal idle-fixed-cpu $P1B --fixed-n --rounds 25 --slowdown-rounds 2 ) &
B=$!
wait $A $B
echo "== phase 1b end $(date -u +%FT%TZ) uptime: $(uptime)"
node -e 'for(;;){}' & L1=$!
node -e 'for(;;){}' & L2=$!
echo "== phase 2 (loaded: busy loops $L1 $L2) $(date -u +%FT%TZ) uptime: $(uptime)"
P2=2040
( taskset -p -c 1 $BASHPID >/dev/null; cal loaded-fixed-cpu $P2 --fixed-n --rounds 25 --slowdown-rounds 1 ) &
A=$!
sleep 2
( taskset -p -c 0 $BASHPID >/dev/null; cal loaded-fixed-wall $P2 --fixed-n --metric nsPerOp --rounds 25 --slowdown-rounds 1 ) &
B=$!
wait $A $B
echo "== phase 2 end $(date -u +%FT%TZ) uptime: $(uptime)"
kill $L1 $L2
kill $LOADPID
sleep 5
echo "== hold1 end $(date -u +%FT%TZ) uptime: $(uptime)"
