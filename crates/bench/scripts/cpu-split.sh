#!/bin/bash
# Where one scenario's CPU goes: runs `grove-bench --only SCENARIO` alone for 16 s at 100 000
# groups and, in the middle of it, reads 4 s of CPU ticks (user and system, /proc/PID/stat)
# of the served process (grove, or the thin server), of the load generator and of every
# PostgreSQL process, then prints each per request answered.
#
# Usage (from the workspace root, after `cargo build --release -p grove -p grove-bench`):
#   crates/bench/scripts/cpu-split.sh get
set -euo pipefail
scenario=${1:?usage: cpu-split.sh SCENARIO}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
target/release/grove-bench --only "$scenario" --rounds 1 --seconds 16 --groups 100000 \
    --json "$work/run.json" >"$work/run.log" 2>&1 &
bench=$!
for _ in $(seq 600); do grep -q "running $scenario " "$work/run.log" && break; sleep 0.2; done
sleep 8
ticks() { awk '{u += $14; s += $15} END {print u + 0, s + 0}' "${@/#//proc/}" 2>/dev/null; }
served=$(pgrep -f -- '--thin-server' | head -1 || true)
served=${served:-$(pgrep -x grove | head -1)}
mapfile -t postgres < <(pgrep -x postgres)
stat_of() { for p in "$@"; do echo "$p/stat"; done; }
before="$(ticks $(stat_of "$served")) $(ticks $(stat_of "$bench")) $(ticks $(stat_of "${postgres[@]}")) $(date +%s.%N)"
sleep 4
after="$(ticks $(stat_of "$served")) $(ticks $(stat_of "$bench")) $(ticks $(stat_of "${postgres[@]}")) $(date +%s.%N)"
wait "$bench"
python3 - "$scenario" "$work/run.json" $before $after <<'PY'
import json, sys
scenario, report = sys.argv[1], json.load(open(sys.argv[2]))
rate = report["scenarios"][0]["api"]["req_per_s"]
a, b = [float(x) for x in sys.argv[3:10]], [float(x) for x in sys.argv[10:17]]
seconds = b[6] - a[6]
us = [(y - x) / 100 / seconds / rate * 1e6 for x, y in zip(a[:6], b[:6])]
print(f"{scenario}: {rate:.0f} req/s; µs per request (user + sys): server {us[0]:.1f} + {us[1]:.1f}, "
      f"load generator {us[2]:.1f} + {us[3]:.1f}, PostgreSQL {us[4]:.1f} + {us[5]:.1f}; total {sum(us):.1f}")
PY
