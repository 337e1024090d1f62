"""The web console in a real browser: Playwright driving Debian's chromium against
`grove serve --dev` (started by .ci/console.sh), an OpenID provider for the viewer's login,
axe-core on every page, no console errors, page weights measured, screenshots written.

Environment: GROVE_URL, GROVE_TOKEN (the dev token, for checks over the API), ISSUER (the
test OpenID provider), AXE_JS (path of axe.min.js), CHROMIUM (the browser's path),
SCREENSHOTS (directory for the PNGs), WEIGHTS (file for the page-weight table).
Exits non-zero on the first failure.
"""

import gzip
import json
import os
import sys
import urllib.error
import urllib.request

from playwright.sync_api import expect, sync_playwright

URL = os.environ["GROVE_URL"]
TOKEN = os.environ["GROVE_TOKEN"]
ISSUER = os.environ["ISSUER"]
AXE_JS = os.environ["AXE_JS"]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = os.environ["SCREENSHOTS"]
WEIGHTS = os.environ.get("WEIGHTS")
VIEWER_ROLE = "00000000000000000000000000000000000000b3"
NAV = ["Groups", "Identities", "Roles", "Invites", "Identity providers", "Repositories", "Advisories", "Audit",
       "Subscriptions", "Dead letters"]
MAX_FIRST_LOAD_GZIP = 150 * 1024

console_errors = []
weights = []  # (page, raw bytes, gzip bytes)


def api(method, path, body=None, token=TOKEN):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(URL + path, data=data, method=method)
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request) as r:
            text = r.read()
            return r.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def must(method, path, body=None):
    status, answer = api(method, path, body)
    if status != 200:
        sys.exit(f"{method} {path}: {status} {answer}")
    return answer


def watch(page):
    """Records console errors and uncaught exceptions of Grove's pages."""

    def on_console(msg):
        where = msg.location.get("url", "") if msg.location else ""
        if msg.type == "error" and (where.startswith(URL) or page.url.startswith(URL)):
            console_errors.append(f"{page.url}: {msg.text} ({where})")

    page.on("console", on_console)
    page.on("pageerror", lambda e: console_errors.append(f"{page.url}: uncaught {e}"))


def audit(page, name):
    """axe-core on the page (no serious or critical violation), a screenshot, and the weight
    of a first load (the document, its style sheet, script and icon)."""
    results = page.evaluate(
        """async () => await axe.run(document, {
            runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
        })"""
    )
    bad = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
    if bad:
        for v in bad:
            print(f"axe {name}: {v['impact']} {v['id']}: {v['help']}", file=sys.stderr)
            for node in v["nodes"][:5]:
                print(f"    {node['target']}: {node['failureSummary']}", file=sys.stderr)
        sys.exit(f"axe-core found serious or critical violations on {name}")
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)
    html = page.evaluate("() => document.documentElement.outerHTML").encode()
    assets = page.evaluate(
        """async () => {
            const urls = [...document.querySelectorAll('link[rel=stylesheet], script[src], link[rel=icon]')]
                .map(e => e.href || e.src);
            const out = [];
            for (const u of urls) { out.push(await (await fetch(u)).text()); }
            return out;
        }"""
    )
    raw = len(html) + sum(len(a.encode()) for a in assets)
    packed = len(gzip.compress(html)) + sum(len(gzip.compress(a.encode())) for a in assets)
    weights.append((name, raw, packed))
    if packed > MAX_FIRST_LOAD_GZIP:
        sys.exit(f"{name}: first load {packed} bytes compressed, more than {MAX_FIRST_LOAD_GZIP}")


def nav(page, name):
    page.get_by_role("navigation", name="Console").get_by_role("link", name=name, exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(name)


def field(page, label):
    """The visible form field labelled `label` (hidden forms hold fields of the same name)."""
    return page.get_by_label(label, exact=True).filter(visible=True)


def status_says(page, text):
    expect(page.get_by_role("status").filter(has_text=text)).to_be_visible()


def main():
    org = must("GET", "/iam/v2beta1/groups?uidp.in_root=true")["groups"][0]
    org_uid, org_name = org["uid"], org["name"]
    bot = must(
        "POST",
        f"/iam/v2beta1/identities/{org_uid}",
        {"name": "ci-bot", "claimMatch": {"issuer": "https://token.actions.githubusercontent.com",
                                          "subject": "repo:example/app:ref:refs/heads/main"}},
    )
    idp = must(
        "POST",
        f"/iam/v2beta1/identityProviders/{org_uid}",
        {"name": "Example SSO", "defaultRole": VIEWER_ROLE,
         "oidc": {"issuer": ISSUER, "clientId": "grove-confidential-basic", "clientSecret": "basic-client-secret"}},
    )
    must("POST", f"/iam/v2beta1/externalGroupRoleMappings/{idp['uid']}",
         {"externalGroupId": "engineering", "roleUid": VIEWER_ROLE, "scope": org_uid})

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(path=AXE_JS)
        page = context.new_page()
        watch(page)

        # Sign in.
        page.goto(URL + "/console")
        expect(page.get_by_role("heading", level=1)).to_have_text("Sign in to Grove")
        audit(page, "sign-in")
        page.get_by_role("button", name="Sign in as dev-admin").click()
        expect(page).to_have_url(URL + "/console/groups")
        expect(page.get_by_role("heading", level=1)).to_have_text("Groups")
        for name in NAV:
            expect(page.get_by_role("navigation", name="Console").get_by_role("link", name=name, exact=True)).to_be_visible()

        # Create two groups; see them in the tree and over the API.
        for name, description in [("platform", "Build and release"), ("security", "Scanners")]:
            page.get_by_role("button", name="Create group").click()
            field(page, "Name").fill(name)
            field(page, "Description").fill(description)
            page.get_by_role("button", name="Create", exact=True).click()
            status_says(page, f"Group {name} created.")
        tree = page.get_by_role("tree", name="Groups")
        tree.get_by_role("treeitem", name=org_name, exact=True).focus()
        page.keyboard.press("ArrowRight")
        expect(tree.get_by_role("treeitem", name="platform", exact=True)).to_be_visible()
        expect(tree.get_by_role("treeitem", name="security", exact=True)).to_be_visible()
        children = must("GET", f"/iam/v2beta1/groups?uidp.children_of={org_uid}&order_by=name")["groups"]
        assert [g["name"] for g in children] == ["platform", "security"], children
        platform = children[0]["uid"]
        audit(page, "groups")

        # A group's page: grant a role, see it, revoke it.
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        expect(page.get_by_role("heading", level=1)).to_have_text("platform")
        page.get_by_role("tab", name="Role bindings").click()
        page.get_by_role("button", name="Grant role").click()
        field(page, "Identity").fill(bot["uid"])
        field(page, "Role").select_option(label="viewer")
        page.get_by_role("button", name="Grant", exact=True).click()
        status_says(page, "Role viewer granted.")
        expect(page.get_by_role("tab", name="Role bindings")).to_have_attribute("aria-selected", "true")
        row = page.get_by_role("row").filter(has_text="ci-bot").filter(has_text="This group")
        expect(row).to_be_visible()
        bindings = must("GET", f"/iam/v2beta1/roleBindings?uidp.children_of={platform}")
        found = [b for b in bindings.get("roleBindings", bindings.get("bindings", [])) if b["identity"]["uid"] == bot["uid"]]
        assert len(found) == 1 and found[0]["role"]["uid"] == VIEWER_ROLE, bindings
        audit(page, "group")
        page.get_by_role("button", name="Revoke viewer from ci-bot").click()
        status_says(page, "Role binding revoked.")
        expect(row).to_have_count(0)
        bindings = must("GET", f"/iam/v2beta1/roleBindings?uidp.children_of={platform}")
        assert not bindings.get("roleBindings", bindings.get("bindings", [])), bindings

        # Rename, then delete with the confirmation naming what is inside.
        page.get_by_role("button", name="Rename").click()
        field(page, "Name").fill("platform-team")
        page.get_by_role("button", name="Save").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("platform-team")
        assert must("GET", f"/iam/v2beta1/groups/{platform}")["name"] == "platform-team"
        page.goto(URL + "/console/groups")
        page.get_by_role("tree", name="Groups").get_by_role("treeitem", name=org_name, exact=True).focus()
        page.keyboard.press("ArrowRight")
        page.get_by_role("treeitem", name="security", exact=True).locator(".label").click()
        page.get_by_role("link", name="Delete group").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Delete group security?")
        expect(page.get_by_role("listitem").filter(has_text="0 subgroups")).to_be_visible()
        audit(page, "delete-group")
        page.get_by_role("button", name="Delete security").click()
        status_says(page, "Group deleted.")
        children = must("GET", f"/iam/v2beta1/groups?uidp.children_of={org_uid}")["groups"]
        assert [g["name"] for g in children] == ["platform-team"], children

        # Invites: create, copy the code once, revoke.
        nav(page, "Invites")
        page.get_by_role("button", name="Create invite").click()
        field(page, "Role").select_option(label="viewer")
        page.get_by_role("button", name="Create", exact=True).click()
        code = page.get_by_label("Invite code")
        expect(code).to_be_visible()
        assert len(code.input_value()) > 40, code.input_value()
        invites = must("GET", f"/iam/v2beta1/groupInvites?uidp.children_of={org_uid}")
        listed = invites.get("groupInvites", invites.get("invites", []))
        assert len(listed) == 1, invites
        audit(page, "invites")
        page.reload()
        expect(page.get_by_label("Invite code")).to_have_count(0)
        page.get_by_role("button", name=f"Revoke invite {listed[0]['uid']}").click()
        status_says(page, "Invite revoked")
        invites = must("GET", f"/iam/v2beta1/groupInvites?uidp.children_of={org_uid}")
        assert not invites.get("groupInvites", invites.get("invites", [])), invites

        # A group's account association: a refused create shown plainly, then create, edit, and
        # delete after the confirmation naming what it links; each seen over the API.
        page.goto(URL + f"/console/group?uid={platform}")
        page.get_by_role("link", name="Account association of this group").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Account association of platform-team")
        expect(page.get_by_text("This group has no account association.")).to_be_visible()
        page.get_by_role("button", name="Create account association").click()
        field(page, "Name").fill("platform-clouds")
        field(page, "AWS account id").fill("123456789012")
        field(page, "Google Cloud project id").fill("Not_A_Project")
        field(page, "Google Cloud project number").fill("42")
        page.get_by_role("button", name="Create", exact=True).click()
        expect(page.get_by_role("alert")).to_contain_text("google.projectId must be a Google Cloud project id")
        status, _ = api("GET", f"/iam/v2beta1/accountAssociations/{platform}")
        assert status == 404, status
        page.get_by_role("button", name="Create account association").click()
        field(page, "Name").fill("platform-clouds")
        field(page, "AWS account id").fill("123456789012")
        page.get_by_role("button", name="Create", exact=True).click()
        status_says(page, "Account association created.")
        assert must("GET", f"/iam/v2beta1/accountAssociations/{platform}")["amazon"] == {"account": "123456789012"}
        audit(page, "account-association")
        page.get_by_role("button", name="Edit account association").click()
        field(page, "AWS account id").fill("210987654321")
        field(page, "Google Cloud project id").fill("platform-prod")
        field(page, "Google Cloud project number").fill("314159")
        page.get_by_role("button", name="Save").click()
        status_says(page, "Account association saved.")
        saved = must("GET", f"/iam/v2beta1/accountAssociations/{platform}")
        assert saved["amazon"] == {"account": "210987654321"}, saved
        assert saved["google"] == {"projectId": "platform-prod", "projectNumber": "314159"}, saved
        nav(page, "Account associations")
        page.get_by_role("table", name="Account associations").get_by_role("link", name="platform-clouds").click()
        page.get_by_role("link", name="Delete account association").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Delete account association platform-clouds?")
        expect(page.get_by_text("AWS account 210987654321, Google Cloud project platform-prod")).to_be_visible()
        audit(page, "delete-account-association")
        page.get_by_role("button", name="Delete platform-clouds").click()
        status_says(page, "Account association deleted.")
        status, _ = api("GET", f"/iam/v2beta1/accountAssociations/{platform}")
        assert status == 404, status
        must("POST", f"/iam/v2beta1/accountAssociations/{org_uid}", {"name": "org-clouds", "amazon": {"account": "111122223333"}})

        # Identity providers show each provider's group mappings and SCIM state.
        nav(page, "Identity providers")
        provider = page.get_by_role("region", name="Example SSO")
        expect(provider.get_by_role("definition").filter(has_text="Off")).to_be_visible()
        mappings = provider.get_by_role("table", name="Group mappings")
        expect(mappings.get_by_role("row").filter(has_text="engineering").filter(has_text=VIEWER_ROLE)).to_be_visible()

        # Every other page.
        for name, shot in [("Identities", "identities"), ("Roles", "roles"), ("Identity providers", "identity-providers"),
                           ("Account associations", "account-associations"), ("Repositories", "repositories"),
                           ("Advisories", "advisories"), ("Audit", "audit")]:
            nav(page, name)
            audit(page, shot)
        nav(page, "Identities")
        expect(page.get_by_role("cell", name="ci-bot", exact=True)).to_be_visible()
        nav(page, "Audit")
        changes = page.get_by_role("table", name="Changes, newest first")
        expect(changes.get_by_role("row").filter(has_text="console").first).to_be_visible()

        # Subscriptions: subscribe a sink to the organization, delete it after a confirmation.
        nav(page, "Subscriptions")
        page.get_by_role("button", name="Create subscription").click()
        field(page, "Sink (an https URL)").fill("https://hooks.example.com/console")
        page.get_by_role("button", name="Create", exact=True).click()
        status_says(page, "receives the events of the group")
        expect(page.get_by_role("cell", name="https://hooks.example.com/console", exact=True)).to_be_visible()
        audit(page, "subscriptions")
        sub_uid = must("GET", "/events/v2beta1/subscriptions")["subscriptions"][0]["uid"]
        page.get_by_role("link", name=f"Delete subscription {sub_uid}").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Delete subscription?")
        audit(page, "delete-subscription")
        page.get_by_role("button", name="Delete subscription").click()
        status_says(page, f"Subscription {sub_uid} deleted.")
        assert not must("GET", "/events/v2beta1/subscriptions").get("subscriptions"), "deleted"
        # Dead letters: none yet (the relay's deliveries are retried for minutes first).
        nav(page, "Dead letters")
        expect(page.get_by_text("No dead letters.")).to_be_visible()
        audit(page, "dead-letters")

        # Sign out revokes the session.
        page.get_by_role("button", name="Sign out").click()
        status_says(page, "You are signed out.")
        page.goto(URL + "/console/groups")
        expect(page).to_have_url(URL + "/console/sign-in")
        context.close()

        # A viewer, signed in through the organization's identity provider, cannot write.
        viewer = browser.new_context(viewport={"width": 1280, "height": 900})
        viewer.add_init_script(path=AXE_JS)
        page = viewer.new_page()
        watch(page)
        page.goto(URL + "/console/sign-in")
        field(page, "Identity provider").fill(idp["uid"])
        page.get_by_role("button", name="Continue").click()
        page.locator("input[name=login]").fill("alice")
        page.locator("input[name=password]").fill("alice-password")
        page.get_by_role("button", name="Sign in").click()
        allow = page.get_by_role("button", name="Allow")
        if allow.count():
            allow.click()
        expect(page).to_have_url(URL + "/console/groups")
        tree = page.get_by_role("tree", name="Groups")
        expect(tree.get_by_role("treeitem", name=org_name, exact=True)).to_be_visible()
        expect(page.get_by_role("button", name="Create group")).to_have_count(0)
        audit(page, "viewer-groups")
        tree.get_by_role("treeitem", name=org_name, exact=True).locator(".label").click()
        expect(page.get_by_role("heading", level=1)).to_have_text(org_name)
        page.get_by_role("tab", name="Role bindings").click()
        expect(page.get_by_role("button", name="Grant role")).to_have_count(0)
        expect(page.get_by_role("button", name="Revoke")).to_have_count(0)
        expect(page.get_by_role("table", name="Who has what here")).to_be_visible()
        for absent in ["Rename", "Create subgroup"]:
            expect(page.get_by_role("button", name=absent)).to_have_count(0)
        expect(page.get_by_role("link", name="Delete group")).to_have_count(0)
        nav(page, "Invites")
        expect(page.get_by_role("button", name="Create invite")).to_have_count(0)
        nav(page, "Account associations")
        page.get_by_role("table", name="Account associations").get_by_role("link", name="org-clouds").click()
        expect(page.get_by_role("heading", level=1)).to_have_text(f"Account association of {org_name}")
        for absent in ["Edit account association", "Create account association"]:
            expect(page.get_by_role("button", name=absent)).to_have_count(0)
        expect(page.get_by_role("link", name="Delete account association")).to_have_count(0)
        audit(page, "viewer-account-association")
        nav(page, "Audit")
        expect(page.get_by_role("alert")).to_contain_text("Permission denied")
        nav(page, "Subscriptions")
        expect(page.get_by_role("button", name="Create subscription")).to_have_count(0)
        nav(page, "Dead letters")
        expect(page.get_by_role("button", name="Replay")).to_have_count(0)
        page.get_by_role("button", name="Sign out").click()
        status_says(page, "You are signed out.")
        viewer.close()
        browser.close()

    lines = ["| Page | HTML+CSS+JS+icon | gzip |", "|---|---:|---:|"]
    lines += [f"| {n} | {raw / 1024:.1f} KiB | {packed / 1024:.1f} KiB |" for n, raw, packed in weights]
    table = "\n".join(lines)
    print(table)
    if WEIGHTS:
        with open(WEIGHTS, "w") as f:
            f.write(table + "\n")
    if console_errors:
        sys.exit("console errors:\n" + "\n".join(console_errors))
    print("console browser tests: passed")


if __name__ == "__main__":
    main()
