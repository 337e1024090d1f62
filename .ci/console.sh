#!/usr/bin/env bash
# The web console in a real browser: Playwright (PyPI) driving Debian's chromium against
# `grove serve --dev`, with the OpenID provider of the login tests (npm oidc-provider, run by
# crates/grove/tests/oidc/provider.mjs) for a viewer's sign-in, and axe-core (npm) on every
# page. Installs what is missing; fails (never skips) when something cannot be installed.
# Screenshots go to docs/console/ and the page weights to docs/console/weights.md.
# No browser is ever downloaded: Playwright is pointed at /usr/bin/chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
PLAYWRIGHT_VERSION=1.65.2
AXE_CORE_VERSION=4.14.1
OIDC_PROVIDER_VERSION=9.13.3
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
fail() { echo "error: $*" >&2; exit 1; }

if ! [ -x "$CHROMIUM" ]; then
  { apt-get update && apt-get install -y --no-install-recommends chromium; } || fail "could not install chromium"
fi
[ -x "$CHROMIUM" ] || fail "chromium is missing at $CHROMIUM"
command -v node >/dev/null && command -v npm >/dev/null || fail "node and npm are needed (the OpenID provider, axe-core)"
PYTHON=${CONSOLE_TEST_PYTHON:-$(command -v python3 || true)}
[ -n "$PYTHON" ] || fail "python3 is needed for Playwright"

TARGET=${CARGO_TARGET_DIR:-target}
VENV=$TARGET/console-venv
if ! "$VENV/bin/python" -c "import importlib.metadata as m; assert m.version('playwright') == '$PLAYWRIGHT_VERSION'" 2>/dev/null; then
  "$PYTHON" -m venv --clear "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "playwright==$PLAYWRIGHT_VERSION" \
    || fail "could not install playwright==$PLAYWRIGHT_VERSION"
fi
NODE_DIR=$TARGET/console-node-$AXE_CORE_VERSION-$OIDC_PROVIDER_VERSION
if ! [ -f "$NODE_DIR/node_modules/axe-core/axe.min.js" ] || ! [ -f "$NODE_DIR/node_modules/oidc-provider/package.json" ]; then
  mkdir -p "$NODE_DIR"
  echo '{"private": true}' >"$NODE_DIR/package.json"
  (cd "$NODE_DIR" && npm install --no-audit --no-fund --no-package-lock --loglevel=error \
    "axe-core@$AXE_CORE_VERSION" "oidc-provider@$OIDC_PROVIDER_VERSION") || fail "npm install failed"
fi

cargo build --quiet -p grove --bin grove
SCRATCH=$(mktemp -d)
free_port() { "$VENV/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
PORT=$(free_port)
IDP_PORT=$(free_port)
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$SCRATCH"' EXIT

NODE_PATH="$(realpath "$NODE_DIR/node_modules")" node crates/grove/tests/oidc/provider.mjs "$IDP_PORT" \
  >"$SCRATCH/provider.out" 2>"$SCRATCH/provider.log" &
PIDS+=($!)
env -u GROVE_DATABASE_URL GROVE_LOG=warn GROVE_DATA_DIR="$SCRATCH/data" "$TARGET/debug/grove" serve --dev \
  --listen "127.0.0.1:$PORT" --dev-token-file "$SCRATCH/token" >/dev/null 2>"$SCRATCH/grove.log" &
PIDS+=($!)
for _ in $(seq 1 120); do
  [ -s "$SCRATCH/token" ] && grep -q '^ready ' "$SCRATCH/provider.out" && break
  for p in "${PIDS[@]}"; do kill -0 "$p" 2>/dev/null || { cat "$SCRATCH/grove.log" "$SCRATCH/provider.log" >&2; fail "a server stopped"; }; done
  sleep 0.5
done
[ -s "$SCRATCH/token" ] || fail "grove did not start"
grep -q '^ready ' "$SCRATCH/provider.out" || fail "the OpenID provider did not start"

mkdir -p docs/console
GROVE_URL="http://127.0.0.1:$PORT" \
GROVE_TOKEN=$(sed -n 's/^export GROVE_TOKEN=//p' "$SCRATCH/token") \
ISSUER="http://127.0.0.1:$IDP_PORT" \
AXE_JS="$NODE_DIR/node_modules/axe-core/axe.min.js" \
CHROMIUM="$CHROMIUM" \
SCREENSHOTS=docs/console \
WEIGHTS=docs/console/weights.md \
  "$VENV/bin/python" crates/console/tests/browser/console_test.py || { tail -n 50 "$SCRATCH/grove.log" >&2; exit 1; }
