#!/usr/bin/env bash
# Runs scim2-tester, an independent SCIM 2.0 conformance checker (RFC 7643/7644), against the
# SCIM endpoint of `grove serve --dev`: creates an identity provider, a second owner (SCIM
# needs two), enables SCIM, generates a token, then checks User and Group. Fails on any ERROR
# or CRITICAL result, and when Python >= 3.12 (which scim2-tester needs) is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
SCIM2_TESTER_VERSION=0.5.2
SCIM2_CLIENT_VERSION=0.13.2
PYTHON=${SCIM2_TESTER_PYTHON:-/root/.pyenv/versions/3.12.1/bin/python}
if ! [ -x "$PYTHON" ]; then PYTHON=$(command -v python3.12 || command -v python3 || true); fi
if [ -z "$PYTHON" ] || ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 12))'; then
  echo "error: scim2-tester needs Python >= 3.12 (set SCIM2_TESTER_PYTHON)" >&2
  exit 1
fi
TARGET=${CARGO_TARGET_DIR:-target}
VENV=$TARGET/scim2-tester-venv
if ! "$VENV/bin/python" -c "import importlib.metadata as m; assert m.version('scim2-tester') == '$SCIM2_TESTER_VERSION'" 2>/dev/null; then
  "$PYTHON" -m venv --clear "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check \
    "scim2-tester==$SCIM2_TESTER_VERSION" "scim2-client[httpx2]==$SCIM2_CLIENT_VERSION"
fi
cargo build --quiet -p grove --bin grove
SCRATCH=$(mktemp -d)
PORT=$("$VENV/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
env -u GROVE_DATABASE_URL GROVE_LOG=warn "$TARGET/debug/grove" serve --dev --listen "127.0.0.1:$PORT" \
  --dev-token-file "$SCRATCH/token" >/dev/null 2>"$SCRATCH/grove.log" &
GROVE_PID=$!
trap 'kill $GROVE_PID 2>/dev/null || true; rm -rf "$SCRATCH"' EXIT
for _ in $(seq 1 120); do
  [ -s "$SCRATCH/token" ] && break
  kill -0 $GROVE_PID 2>/dev/null || { cat "$SCRATCH/grove.log" >&2; exit 1; }
  sleep 0.5
done
GROVE_TOKEN=$(sed -n 's/^export GROVE_TOKEN=//p' "$SCRATCH/token")
export GROVE_URL="http://127.0.0.1:$PORT" GROVE_TOKEN
"$VENV/bin/python" - <<'PY'
import os
import sys

from httpx2 import Client
from scim2_client.engines.httpx2 import SyncSCIMClient
from scim2_tester import Status, check_server

url, token = os.environ["GROVE_URL"], os.environ["GROVE_TOKEN"]
api = Client(base_url=url, headers={"Authorization": f"Bearer {token}"})


def call(method, path, body=None):
    r = api.request(method, path, json=body)
    if r.status_code != 200:
        sys.exit(f"{method} {path}: {r.status_code} {r.text}")
    return r.json()


org = call("GET", "/iam/v2beta1/groups?uidp.in_root=true")["groups"][0]["uid"]
idp = call("POST", f"/iam/v2beta1/identityProviders/{org}", {
    "name": "scim2-tester",
    "defaultRole": "00000000000000000000000000000000000000b3",
    "oidc": {"issuer": "https://idp.example.com", "clientId": "grove", "clientSecret": "s3cr3t"},
})["uid"]
second = call("POST", f"/iam/v2beta1/identities/{org}", {
    "name": "second-owner",
    "claimMatch": {"issuer": "https://idp.example.com", "subject": "second-owner"},
})["uid"]
call("POST", f"/iam/v2beta1/roleBindings/{org}", {
    "identityUid": second, "roleUid": "00000000000000000000000000000000000000b1",
})
etag = call("POST", f"/iam/v2beta1/identityProviders/{idp}:generateScimToken", {})
scim_token, endpoint = etag["token"], etag["endpointUrl"]
call("POST", f"/iam/v2beta1/identityProviders/{idp}:setScimEnabled", {"enabled": True, "etag": etag["etag"]})

scim = SyncSCIMClient(Client(base_url=f"{url}{endpoint}", headers={"Authorization": f"Bearer {scim_token}"}))
results = check_server(scim, resource_types=["User", "Group"])
failed = [r for r in results if r.status in (Status.ERROR, Status.CRITICAL)]
for r in results:
    print(f"{r.status.name:10} {r.title}: {r.reason or ''}")
print(f"scim2-tester: {len(results)} checks, {len(failed)} ERROR or CRITICAL")
sys.exit(1 if failed else 0)
PY
