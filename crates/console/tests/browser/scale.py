"""The console at 100 000 groups: seeds 100 groups under the dev organization with 1 000
children each (through the API), then times the console's tree pages against the API call
each wraps (median of N requests, one connection, signed in with the dev button).

Usage: GROVE_URL=http://127.0.0.1:8080 GROVE_TOKEN=... python3 scale.py [rounds]
"""

import http.client
import json
import os
import re
import statistics
import sys
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

URL = urllib.parse.urlparse(os.environ["GROVE_URL"])
TOKEN = os.environ["GROVE_TOKEN"]
ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 30
TOP, EACH = 100, 1000


def connect():
    return http.client.HTTPConnection(URL.hostname, URL.port, timeout=60)


def call(conn, method, path, body=None, headers=None):
    h = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}
    h.update(headers or {})
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=h)
    r = conn.getresponse()
    return r.status, r.getheaders(), r.read()


def create_children(parent, names):
    conn = connect()
    uids = []
    for name in names:
        status, _, body = call(conn, "POST", f"/iam/v2beta1/groups/{parent}", {"name": name})
        assert status == 200, body
        uids.append(json.loads(body)["uid"])
    return uids


def seed(org):
    started = time.time()
    tops = create_children(org, [f"team-{i:03}" for i in range(TOP)])
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda t: create_children(t, [f"svc-{j:04}" for j in range(EACH)]), tops))
    print(f"seeded {TOP + TOP * EACH} groups in {time.time() - started:.0f} s", file=sys.stderr)
    return tops


def sign_in(conn):
    conn.request("GET", "/console/sign-in")
    r = conn.getresponse()
    page = r.read().decode()
    cookie = r.getheader("Set-Cookie").split(";")[0]
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    conn.request("POST", "/console/sign-in/dev", body=f"csrf={csrf}",
                 headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
    r = conn.getresponse()
    r.read()
    return [v for k, v in r.getheaders() if k.lower() == "set-cookie" and v.startswith("grove_console=")][0].split(";")[0]


def median_ms(conn, path, headers):
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        conn.request("GET", path, headers=headers)
        r = conn.getresponse()
        r.read()
        assert r.status == 200, (path, r.status)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main():
    conn = connect()
    _, _, body = call(conn, "GET", "/iam/v2beta1/groups?uidp.in_root=true")
    org = json.loads(body)["groups"][0]["uid"]
    _, _, body = call(conn, "GET", f"/iam/v2beta1/groups?uidp.children_of={org}&page_size=1")
    tops = None
    if json.loads(body).get("groups"):
        _, _, body = call(conn, "GET", f"/iam/v2beta1/groups?uidp.children_of={org}&page_size={TOP}&order_by=name")
        tops = [g["uid"] for g in json.loads(body)["groups"]]
    else:
        tops = seed(org)
        conn = connect()  # the server closed the first connection while it sat idle during the seeding
    api = {"Authorization": f"Bearer {TOKEN}"}
    console = {"Cookie": sign_in(conn)}
    team = tops[TOP // 2]
    rows = [
        ("Tree page (`/console/groups`)", "/console/groups", console,
         "GetGroup of the org (the caller's one scope)", f"/iam/v2beta1/groups/{org}"),
        ("Expanding the org (100 children)", f"/console/groups/children?parent={org}&level=2", console,
         "the same ListGroups", f"/iam/v2beta1/groups?uidp.children_of={org}&page_size=100&order_by=name"),
        ("Expanding a team (1 000 children, first 100)", f"/console/groups/children?parent={team}&level=3", console,
         "ListGroups children of the team, 100 by name", f"/iam/v2beta1/groups?uidp.children_of={team}&page_size=100&order_by=name"),
    ]
    print("| Console request | ms (median) | API call it wraps | ms (median) | ratio |")
    print("|---|---:|---|---:|---:|")
    for label, path, h, api_label, api_path in rows:
        c = median_ms(conn, path, h)
        a = median_ms(conn, api_path, api)
        print(f"| {label} | {c:.2f} | {api_label} | {a:.2f} | {c / a:.2f} |")
    g = median_ms(conn, f"/console/group?uid={team}", console)
    print(f"\nA team's page (`/console/group`, 7 service calls and its tabs): {g:.2f} ms median")


if __name__ == "__main__":
    main()
