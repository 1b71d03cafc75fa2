#!/usr/bin/env bash
# Run `make test` several times in a row while two CPU-bound loops keep both cores busy,
# to bring out tests that depend on timing. Usage:
#
#     scripts/stress-test.sh [RUNS]        # RUNS defaults to 3
#
# On a machine shared with other work, start it under `nice`: the loops then load the
# tests as much as ever but no longer starve the other people's processes.
#
# Environment: STRESS_LOOPS (busy loops, default 2), STRESS_RUN_LIMIT (seconds one run may
# take, default 3600; the busy loops never outlive RUNS times this), STRESS_LOG_DIR (where
# each run's output goes, default a new directory under /tmp). Exit status 0 only when
# every run passed; the summary names each test that failed and in which run.
set -u

runs=${1:-3}
loops=${STRESS_LOOPS:-2}
run_limit=${STRESS_RUN_LIMIT:-3600}
case "$runs$loops$run_limit" in
  *[!0-9]*) echo "usage: $0 [RUNS] (RUNS, STRESS_LOOPS, STRESS_RUN_LIMIT are whole numbers)" >&2; exit 2 ;;
esac
[ "$runs" -ge 1 ] || { echo "RUNS must be at least 1" >&2; exit 2; }

cd "$(dirname "$0")/.." || exit 2
log_dir=${STRESS_LOG_DIR:-$(mktemp -d /tmp/stress-test.XXXXXX)}
mkdir -p "$log_dir"

busy_pids=()
run_pid=
clean_up() {
  # a run still going (interrupted script): `timeout` passes the signal to all of make's
  [ -n "$run_pid" ] && kill "$run_pid" 2>/dev/null && wait "$run_pid" 2>/dev/null
  run_pid=
  for pid in "${busy_pids[@]}"; do
    kill "$pid" 2>/dev/null
  done
  for pid in "${busy_pids[@]}"; do
    wait "$pid" 2>/dev/null
  done
  busy_pids=()
}
trap clean_up EXIT
trap 'clean_up; exit 130' INT TERM

# Each loop is bounded in time by `timeout` as well, should this script be killed hard.
busy_seconds=$((runs * run_limit))
for _ in $(seq "$loops"); do
  timeout "$busy_seconds" sh -c 'while :; do :; done' &
  busy_pids+=($!)
done
echo "stress: $runs run(s) of make test, $loops busy loop(s) (pids ${busy_pids[*]}), logs in $log_dir"

failed_runs=0
for run in $(seq "$runs"); do
  log="$log_dir/run-$run.log"
  start=$(date +%s)
  timeout "$run_limit" make test >"$log" 2>&1 &
  run_pid=$!
  wait "$run_pid"
  status=$?
  run_pid=
  seconds=$(($(date +%s) - start))
  if [ "$status" -eq 0 ]; then
    echo "run $run: passed in ${seconds}s ($(grep -Eo '[0-9]+ passed[^=]*' "$log" | tail -n 1))"
  else
    failed_runs=$((failed_runs + 1))
    [ "$status" -eq 124 ] && why="timed out after ${run_limit}s" || why="exit status $status"
    echo "run $run: FAILED ($why) in ${seconds}s; log: $log"
    grep -E '^(FAILED|ERROR) ' "$log" | sed 's/^/    /'
    grep -E '^make: \*\*\*' "$log" | sed 's/^/    /'
  fi
done

clean_up
echo "stress: $((runs - failed_runs)) of $runs run(s) passed"
[ "$failed_runs" -eq 0 ]
