#!/usr/bin/env bash
# Hold 2 (inside /work/wt/measure): the peers script, one instance per core (taskset), 2 rounds each.
D=/work/calib3-data
cd /work/wt/calib3
echo "== hold2 in slot $(date -u +%FT%TZ) uptime: $(uptime)"
( while true; do echo "$(date -u +%T) $(cat /proc/loadavg)"; sleep 30; done ) > $D/hold2-load.log &
LOADPID=$!
PEERS_SECONDS=$(( $(date -d "07:22" +%s) - $(date +%s) )); [ $PEERS_SECONDS -gt 1500 ] && PEERS_SECONDS=1500; echo "peers for $PEERS_SECONDS s"; [ $PEERS_SECONDS -gt 120 ] || { kill $LOADPID; exit 0; }
s=$(date +%s.%N)
( timeout -s INT ${PEERS_SECONDS:-1500} taskset -c 0 node packages/bench/scripts/peers.mjs --rounds 2 --out $D/peers-cpu0.json 2> $D/peers-cpu0.err > $D/peers-cpu0.out; echo "cpu0 rc=$?" ) &
A=$!
( timeout -s INT ${PEERS_SECONDS:-1500} taskset -c 1 node packages/bench/scripts/peers.mjs --rounds 2 --out $D/peers-cpu1.json 2> $D/peers-cpu1.err > $D/peers-cpu1.out; echo "cpu1 rc=$?" ) &
B=$!
wait $A $B
echo "peers wall=$(echo "$(date +%s.%N) - $s" | bc)"
kill $LOADPID
echo "== hold2 end $(date -u +%FT%TZ) uptime: $(uptime)"
