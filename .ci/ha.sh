#!/usr/bin/env bash
# The failover drill (docs/high-availability.md): a pg_auto_failover formation on loopback with
# two grove nodes, a switchover and a killed primary. Installs Debian's pg_auto_failover when
# missing and fails (never skips) when it cannot.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v pg_autoctl >/dev/null; then
  if ! { apt-get update && apt-get install -y --no-install-recommends postgresql-15-auto-failover; }; then
    echo "error: could not install postgresql-15-auto-failover, which the failover drill needs" >&2
    exit 1
  fi
fi
cargo xtask ha drill
