#!/usr/bin/env bash
D=/work/calib3-data
cd /work/wt/calib3/packages/core
TB=node_modules/.bin/tombstone-bench
mkdir -p $D/sum
s() { local name=$1; shift; rm -rf $D/sum/$name; nice -n 19 $TB calibrate "$@" --out $D/sum/$name > $D/sum/$name.txt 2>&1; echo "$name rc=$?"; }
for c in "$@"; do
  case $c in
    *-on-wall) s $c --from $D/${c%-on-wall} --metric nsPerOp ;;
    *-on-cpu) s $c --from $D/${c%-on-cpu} --metric cpuNsPerOp ;;
    *) s $c --from $D/$c ;;
  esac
done
