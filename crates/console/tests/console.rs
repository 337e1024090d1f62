//! The console's server side in process: session cookies, CSRF refusals, the CSP header,
//! idle expiry, sign-out, and writes going through the services' authorization.

#![allow(clippy::unwrap_used)] // helpers outside #[test] fns: a failed unwrap is a failed test

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use grove_console::{ConsoleConfig, DevSignIn, CONTENT_SECURITY_POLICY, CSRF_REFUSAL};
use grove_domain::listing::{ListFilter, PageRequest, UidpFilter};
use grove_domain::model::{ClaimMatch, Matcher, Relationship};
use grove_domain::ports::{Clock, RandomIds};
use grove_domain::services::{
    BootstrapService, ClaimMatchInput, Deps, IdentityInput, RelationshipInput, RoleBindingInput, Services,
};
use grove_domain::{Timestamp, Uidp};
use grove_store_memory::MemoryStore;
use grove_sts::{ApiTokens, SigningKey};
use http_body_util::BodyExt as _;
use tower::ServiceExt as _;

const BASE_URL: &str = "http://grove.test";
const VIEWER: &str = "00000000000000000000000000000000000000b3";
const IDLE_MS: i64 = 60_000;

#[derive(Debug)]
struct TestClock(AtomicI64);

impl Clock for TestClock {
    fn now(&self) -> Timestamp {
        Timestamp::from_unix_millis(self.0.load(Ordering::SeqCst)).unwrap()
    }
}

struct App {
    services: Services,
    tokens: Arc<ApiTokens>,
    clock: Arc<TestClock>,
    org: Uidp,
    admin: Uidp,
}

struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

impl Answer {
    fn set_cookies(&self) -> Vec<String> {
        self.headers.get_all(header::SET_COOKIE).iter().map(|v| v.to_str().unwrap().to_owned()).collect()
    }

    fn location(&self) -> &str {
        self.headers.get(header::LOCATION).map_or("", |v| v.to_str().unwrap())
    }
}

fn claim_match(subject: &str) -> Relationship {
    Relationship::ClaimMatch(ClaimMatch {
        issuer: Matcher::Exact("https://issuer.test".to_owned()),
        subject: Matcher::Exact(subject.to_owned()),
        audience: None,
        claims: Default::default(),
        claim_patterns: Default::default(),
    })
}

impl App {
    async fn new() -> Self {
        let clock = Arc::new(TestClock(AtomicI64::new(1_795_000_000_000)));
        let tokens = Arc::new(ApiTokens::new(
            SigningKey::generate().unwrap(),
            Vec::new(),
            BASE_URL.to_owned(),
            BASE_URL.to_owned(),
            clock.clone(),
        ));
        let deps = Deps {
            store: Arc::new(MemoryStore::new(clock.now())),
            clock: clock.clone(),
            ids: Arc::new(RandomIds),
            pager: Arc::new(grove_domain::listing::Pager::new(b"test paging secret".to_vec(), clock.clone())),
            events: Arc::new(grove_proto::convert::ProtoJsonRenderer),
        };
        let made = BootstrapService::new(deps.clone())
            .ensure_owned_organization("acme", "admin", "", claim_match("admin"))
            .await
            .unwrap();
        let services = Services::new(deps, tokens.clone(), vec![made.identity.uid.clone()]);
        Self { services, tokens, clock, org: made.group.uid, admin: made.identity.uid }
    }

    /// The console signing in as `identity` with the dev button, served at `base_url`.
    fn console(&self, identity: &Uidp, base_url: &str) -> Router {
        grove_console::routes(
            self.services.clone(),
            ConsoleConfig {
                base_url: base_url.to_owned(),
                auth_url: base_url.to_owned(),
                idle_ms: IDLE_MS,
                dev_sign_in: Some(DevSignIn { identity: identity.clone(), minter: self.tokens.clone() }),
                exchange: None,
            },
        )
    }

    /// A workload identity in the organization bound to the viewer role there.
    async fn viewer(&self) -> Uidp {
        let admin = self.services.auth.authenticate(Some(&format!("Bearer {}", self.admin_token()))).await.unwrap();
        let input = IdentityInput {
            name: Some("viewer-bot".to_owned()),
            relationship: Some(RelationshipInput::ClaimMatch(ClaimMatchInput {
                issuer: Some("https://issuer.test".to_owned()),
                subject: Some("viewer".to_owned()),
                ..ClaimMatchInput::default()
            })),
            ..IdentityInput::default()
        };
        let bot = self.services.identities.create(&admin, self.org.as_str(), input).await.unwrap();
        let binding = RoleBindingInput { identity_uid: Some(bot.uid.to_string()), role_uid: Some(VIEWER.to_owned()) };
        self.services.role_bindings.create(&admin, self.org.as_str(), binding).await.unwrap();
        bot.uid
    }

    fn admin_token(&self) -> String {
        self.tokens.mint(&self.admin, chrono::Duration::hours(1)).unwrap().token
    }

    async fn group_names(&self) -> Vec<String> {
        let admin = self.services.auth.authenticate(Some(&format!("Bearer {}", self.admin_token()))).await.unwrap();
        let filter = ListFilter {
            uidp: UidpFilter { children_of: Some(self.org.clone()), ..UidpFilter::default() },
            ..ListFilter::default()
        };
        let page = self.services.groups.list(&admin, filter, &PageRequest::default()).await.unwrap();
        page.items.into_iter().map(|g| g.name.as_str().to_owned()).collect()
    }
}

async fn send(router: &Router, method: &str, path: &str, cookie: Option<&str>, form: Option<&str>) -> Answer {
    let mut request = Request::builder().method(method).uri(path);
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    let body = match form {
        Some(form) => {
            request = request.header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
            Body::from(form.to_owned())
        }
        None => Body::empty(),
    };
    let response = router.clone().oneshot(request.body(body).unwrap()).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = String::from_utf8(response.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    Answer { status, headers, body }
}

/// The `name=value` of the cookie `name` in `answer`'s `Set-Cookie` headers.
fn cookie_pair(answer: &Answer, name: &str) -> String {
    let set = answer.set_cookies().into_iter().find(|c| c.starts_with(&format!("{name}="))).unwrap();
    set.split(';').next().unwrap().to_owned()
}

/// The value of the hidden `csrf` field in a page.
fn csrf_of(page: &str) -> String {
    let at = page.find(r#"name="csrf" value=""#).unwrap() + r#"name="csrf" value=""#.len();
    page[at..].split('"').next().unwrap().to_owned()
}

/// Signs in with the dev button; the session cookie pair and the answer that set it.
async fn sign_in(router: &Router) -> (String, Answer) {
    let page = send(router, "GET", "/console/sign-in", None, None).await;
    let form_cookie = cookie_pair(&page, "grove_console_sign_in");
    let token = csrf_of(&page.body);
    let signed = send(router, "POST", "/console/sign-in/dev", Some(&form_cookie), Some(&format!("csrf={token}"))).await;
    (cookie_pair(&signed, "grove_console"), signed)
}

#[tokio::test]
async fn dev_sign_in_sets_an_http_only_lax_session_cookie_scoped_to_the_console_without_secure_over_http() {
    let app = App::new().await;
    let router = app.console(&app.admin, BASE_URL);
    let (_, signed) = sign_in(&router).await;
    assert_eq!(signed.status, StatusCode::SEE_OTHER);
    assert_eq!(signed.location(), "/console/groups");
    let session = signed.set_cookies().into_iter().find(|c| c.starts_with("grove_console=")).unwrap();
    let value = session.split(';').next().unwrap().trim_start_matches("grove_console=");
    assert_eq!(value.len(), 43, "32 random bytes, base64url");
    assert_eq!(session, format!("grove_console={value}; Path=/console; HttpOnly; SameSite=Lax"));
}

#[tokio::test]
async fn session_cookies_are_secure_when_the_console_is_served_over_https() {
    let app = App::new().await;
    let router = app.console(&app.admin, "https://grove.test");
    let (_, signed) = sign_in(&router).await;
    let session = signed.set_cookies().into_iter().find(|c| c.starts_with("grove_console=")).unwrap();
    assert!(session.ends_with("; Path=/console; HttpOnly; SameSite=Lax; Secure"), "{session}");
}

#[tokio::test]
async fn dev_sign_in_without_the_form_token_of_its_cookie_is_refused_with_403() {
    let app = App::new().await;
    let router = app.console(&app.admin, BASE_URL);
    let page = send(&router, "GET", "/console/sign-in", None, None).await;
    let form_cookie = cookie_pair(&page, "grove_console_sign_in");
    for (cookie, form) in
        [(None, "csrf=x"), (Some(form_cookie.as_str()), "csrf=wrong"), (Some(form_cookie.as_str()), "")]
    {
        let refused = send(&router, "POST", "/console/sign-in/dev", cookie, Some(form)).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        assert_eq!(refused.body, CSRF_REFUSAL);
        assert!(refused.set_cookies().is_empty(), "no session");
    }
}

#[tokio::test]
async fn a_write_without_the_session_csrf_token_is_refused_with_403_and_changes_nothing() {
    let app = App::new().await;
    let router = app.console(&app.admin, BASE_URL);
    let (session, _) = sign_in(&router).await;
    let org = app.org.to_string();
    for form in [format!("parent={org}&name=forged"), format!("parent={org}&name=forged&csrf=not-the-token")] {
        let refused = send(&router, "POST", "/console/groups", Some(&session), Some(&form)).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        assert_eq!(refused.headers.get(header::CONTENT_TYPE).unwrap(), "text/plain; charset=utf-8");
        assert_eq!(
            refused.body,
            "Permission denied: the form is out of date or was not sent by this console (CSRF check failed). Reload \
             the page and try again.\n"
        );
    }
    assert!(app.group_names().await.is_empty());
}

#[tokio::test]
async fn creating_a_group_in_the_console_is_seen_by_the_api_and_shown_in_the_tree() {
    let app = App::new().await;
    let router = app.console(&app.admin, BASE_URL);
    let (session, _) = sign_in(&router).await;
    let page = send(&router, "GET", "/console/groups", Some(&session), None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(r#"<ul role="tree" aria-label="Groups""#), "{}", page.body);
    assert!(page.body.contains(r#"<li role="treeitem" aria-level="1" aria-expanded="false" data-uid=""#));
    assert!(page.body.contains(r#"<span class="label">acme</span>"#));
    let csrf = csrf_of(&page.body);
    let form = format!("csrf={csrf}&parent={}&name=platform&description=Builds", app.org);
    let created = send(&router, "POST", "/console/groups", Some(&session), Some(&form)).await;
    assert_eq!((created.status, created.location()), (StatusCode::SEE_OTHER, "/console/groups"));
    assert_eq!(app.group_names().await, ["platform"]);
    let after = send(&router, "GET", "/console/groups", Some(&session), None).await;
    assert!(after.body.contains(r#"<div class="flash done" role="status"><p>Group platform created.</p>"#));
    let children =
        send(&router, "GET", &format!("/console/groups/children?parent={}", app.org), Some(&session), None).await;
    assert_eq!(children.status, StatusCode::OK);
    assert!(
        children.body.starts_with(r#"<li role="treeitem" aria-level="2" aria-expanded="false""#),
        "{}",
        children.body
    );
    assert!(children.body.contains(r#"<span class="label">platform</span></li>"#), "{}", children.body);
}

#[tokio::test]
async fn a_viewer_is_offered_no_writes_and_a_forged_write_is_refused_by_the_service() {
    let app = App::new().await;
    let viewer = app.viewer().await;
    let router = app.console(&viewer, BASE_URL);
    let (session, _) = sign_in(&router).await;
    let page = send(&router, "GET", "/console/groups", Some(&session), None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(r#"<span class="label">acme</span>"#), "the viewer sees the organization");
    assert!(!page.body.contains("Create group"), "{}", page.body);
    let group = send(&router, "GET", &format!("/console/group?uid={}", app.org), Some(&session), None).await;
    assert!(group.body.contains("<h1>acme</h1>"));
    for offered in ["Grant role", "Create subgroup", "Rename", "Delete group", ">Revoke<"] {
        assert!(!group.body.contains(offered), "{offered} offered to a viewer");
    }
    let form = format!("csrf={}&parent={}&name=forged", csrf_of(&page.body), app.org);
    let refused = send(&router, "POST", "/console/groups", Some(&session), Some(&form)).await;
    assert_eq!(refused.status, StatusCode::SEE_OTHER);
    let shown = send(&router, "GET", "/console/groups", Some(&session), None).await;
    let alert = format!(
        r#"<div class="flash error" role="alert"><p>Permission denied: the caller lacks groups.create on {}</p></div>"#,
        app.org
    );
    assert!(shown.body.contains(&alert), "{}", shown.body);
    assert!(app.group_names().await.is_empty());
}

#[tokio::test]
async fn changes_made_in_the_console_are_audited_with_the_signed_in_actor_and_the_console_transport() {
    let app = App::new().await;
    let router = app.console(&app.admin, BASE_URL);
    let (session, _) = sign_in(&router).await;
    let page = send(&router, "GET", "/console/groups", Some(&session), None).await;
    let form = format!("csrf={}&parent={}&name=audited", csrf_of(&page.body), app.org);
    let created = send(&router, "POST", "/console/groups", Some(&session), Some(&form)).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER);
    let admin = app.services.auth.authenticate(Some(&format!("Bearer {}", app.admin_token()))).await.unwrap();
    let entries = app
        .services
        .audit
        .list(&admin, grove_domain::services::AuditListInput::default(), &PageRequest::default())
        .await
        .unwrap();
    let newest = &entries.items[0];
    assert_eq!(newest.event_type.as_str(), grove_domain::events::EventType::GroupCreated.as_str());
    assert_eq!(newest.origin.actor.as_text(), app.admin.as_str());
    assert_eq!(newest.origin.transport, grove_domain::audit::Transport::Console);
    let shown = send(&router, "GET", "/console/audit", Some(&session), None).await;
    assert!(shown.body.contains("<td>console</td>"), "{}", shown.body);
}

#[tokio::test]
async fn every_console_answer_carries_the_strict_content_security_policy() {
    let app = App::new().await;
    let router = app.console(&app.admin, BASE_URL);
    let (session, _) = sign_in(&router).await;
    assert_eq!(
        CONTENT_SECURITY_POLICY,
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action \
         'self'; frame-ancestors 'none'; base-uri 'none'"
    );
    for (path, cookie) in [
        ("/console/groups", Some(session.as_str())),
        ("/console/roles", Some(session.as_str())),
        ("/console/groups", None),
        ("/console/static/console.js", None),
        ("/console/static/nothing.js", None),
    ] {
        let answer = send(&router, "GET", path, cookie, None).await;
        assert_eq!(answer.headers.get("content-security-policy").unwrap(), CONTENT_SECURITY_POLICY, "{path}");
        assert_eq!(answer.headers.get("x-content-type-options").unwrap(), "nosniff", "{path}");
        assert_eq!(answer.headers.get("x-frame-options").unwrap(), "DENY", "{path}");
    }
    let page = send(&router, "GET", "/console/groups", Some(&session), None).await;
    assert_eq!(page.headers.get(header::CACHE_CONTROL).unwrap(), "no-store");
    assert!(!page.body.contains("<script>") && !page.body.contains(" style="), "no inline script or style");
}

#[tokio::test]
async fn sign_out_ends_the_session_so_its_cookie_no_longer_signs_in() {
    let app = App::new().await;
    let router = app.console(&app.admin, BASE_URL);
    let (session, _) = sign_in(&router).await;
    let page = send(&router, "GET", "/console/groups", Some(&session), None).await;
    let refused = send(&router, "POST", "/console/sign-out", Some(&session), Some("csrf=wrong")).await;
    assert_eq!((refused.status, refused.body.as_str()), (StatusCode::FORBIDDEN, CSRF_REFUSAL));
    let out =
        send(&router, "POST", "/console/sign-out", Some(&session), Some(&format!("csrf={}", csrf_of(&page.body))))
            .await;
    assert_eq!((out.status, out.location()), (StatusCode::SEE_OTHER, "/console/sign-in?signed_out=1"));
    assert_eq!(
        out.set_cookies(),
        ["grove_console=; Path=/console; Max-Age=0; HttpOnly; SameSite=Lax"],
        "the browser drops the cookie"
    );
    let after = send(&router, "GET", "/console/groups", Some(&session), None).await;
    assert_eq!((after.status, after.location()), (StatusCode::SEE_OTHER, "/console/sign-in"));
}

#[tokio::test]
async fn a_session_idle_longer_than_the_idle_time_ends_and_activity_keeps_it() {
    let app = App::new().await;
    let router = app.console(&app.admin, BASE_URL);
    let (session, _) = sign_in(&router).await;
    app.clock.0.fetch_add(IDLE_MS - 1, Ordering::SeqCst);
    let kept = send(&router, "GET", "/console/roles", Some(&session), None).await;
    assert_eq!(kept.status, StatusCode::OK);
    app.clock.0.fetch_add(IDLE_MS - 1, Ordering::SeqCst);
    let still = send(&router, "GET", "/console/roles", Some(&session), None).await;
    assert_eq!(still.status, StatusCode::OK);
    app.clock.0.fetch_add(IDLE_MS, Ordering::SeqCst);
    let ended = send(&router, "GET", "/console/roles", Some(&session), None).await;
    assert_eq!((ended.status, ended.location()), (StatusCode::SEE_OTHER, "/console/sign-in"));
}

#[tokio::test]
async fn pages_without_a_session_send_the_browser_to_sign_in() {
    let app = App::new().await;
    let router = app.console(&app.admin, BASE_URL);
    for path in ["/console", "/console/groups", "/console/identities", "/console/invites", "/console/audit"] {
        let answer = send(&router, "GET", path, None, None).await;
        assert_eq!((answer.status, answer.location()), (StatusCode::SEE_OTHER, "/console/sign-in"), "{path}");
    }
    let forged = send(&router, "GET", "/console/groups", Some("grove_console=made-up"), None).await;
    assert_eq!((forged.status, forged.location()), (StatusCode::SEE_OTHER, "/console/sign-in"));
    assert_eq!(forged.set_cookies(), ["grove_console=; Path=/console; Max-Age=0; HttpOnly; SameSite=Lax"]);
}

impl App {
    /// A subscription of the organization to `sink`, as the owner.
    async fn subscription(&self, sink: &str) -> grove_domain::events::Subscription {
        let admin = self.services.auth.authenticate(Some(&format!("Bearer {}", self.admin_token()))).await.unwrap();
        self.services.subscriptions.create(&admin, self.org.as_str(), sink).await.unwrap()
    }

    /// A dead letter `id` of `subscription`, as the relay records one.
    async fn dead_letter(&self, subscription: &grove_domain::events::Subscription, id: &str) {
        use grove_domain::events::{DeadLetter, EventId, EventRecord, EventType};
        let letter = DeadLetter {
            id: id.to_owned(),
            uid: DeadLetter::uid_of(&subscription.uid, id),
            event: EventRecord {
                id: EventId::random(),
                event_type: EventType::GroupUpdated,
                time: self.clock.now(),
                group: self.org.clone(),
                subject: self.org.clone(),
                origin: grove_domain::audit::Origin::system(),
                data: "{}".to_owned(),
            },
            subscription: subscription.uid.clone(),
            sink: subscription.sink.clone(),
            attempts: 2,
            reason: "the sink answered 503 Service Unavailable".to_owned(),
            failed_at: self.clock.now(),
        };
        self.services.store.record_dead_letter(&letter).await.unwrap();
    }
}

#[tokio::test]
async fn an_owner_subscribes_a_sink_deletes_a_dead_letter_and_deletes_the_subscription_after_a_confirmation() {
    let app = App::new().await;
    let router = app.console(&app.admin, BASE_URL);
    let (session, _) = sign_in(&router).await;
    let page = send(&router, "GET", "/console/subscriptions", Some(&session), None).await;
    assert!(page.body.contains(r#"aria-current="page">Subscriptions</a>"#), "{}", page.body);
    assert!(page.body.contains("Create subscription") && page.body.contains("No subscriptions."), "{}", page.body);
    let csrf = csrf_of(&page.body);
    let form = format!("csrf={csrf}&group={}&sink=https%3A%2F%2Fhooks.example.com%2Fconsole", app.org);
    let created = send(&router, "POST", "/console/subscriptions", Some(&session), Some(&form)).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER);
    let listed = send(&router, "GET", "/console/subscriptions", Some(&session), None).await;
    assert!(listed.body.contains("<td>https://hooks.example.com/console</td>"), "{}", listed.body);
    let admin = app.services.auth.authenticate(Some(&format!("Bearer {}", app.admin_token()))).await.unwrap();
    let subscription = app
        .services
        .subscriptions
        .list(&admin, ListFilter::default(), &PageRequest::default())
        .await
        .unwrap()
        .items
        .remove(0);

    app.dead_letter(&subscription, "console-1").await;
    let letters = send(&router, "GET", "/console/dead-letters", Some(&session), None).await;
    assert!(letters.body.contains(r#"<code class="uid">console-1</code>"#), "{}", letters.body);
    assert!(letters.body.contains(r#"aria-label="Replay dead letter console-1">Replay</button>"#), "{}", letters.body);
    let forged = send(&router, "POST", "/console/dead-letters/delete", Some(&session), Some("id=console-1")).await;
    assert_eq!((forged.status, forged.body.as_str()), (StatusCode::FORBIDDEN, CSRF_REFUSAL));
    let form = format!("csrf={csrf}&id=console-1");
    let deleted = send(&router, "POST", "/console/dead-letters/delete", Some(&session), Some(&form)).await;
    assert_eq!((deleted.status, deleted.location()), (StatusCode::SEE_OTHER, "/console/dead-letters"));
    let after = send(&router, "GET", "/console/dead-letters", Some(&session), None).await;
    assert!(
        after.body.contains("Dead letter console-1 deleted.") && after.body.contains("No dead letters."),
        "{}",
        after.body
    );

    let uid = subscription.uid.to_string();
    let confirm = send(&router, "GET", &format!("/console/subscriptions/delete?uid={uid}"), Some(&session), None).await;
    assert!(confirm.body.contains("<h1>Delete subscription?</h1>"), "{}", confirm.body);
    let form = format!("csrf={csrf}&uid={uid}");
    let gone = send(&router, "POST", "/console/subscriptions/delete", Some(&session), Some(&form)).await;
    assert_eq!(gone.status, StatusCode::SEE_OTHER);
    let shown = send(&router, "GET", "/console/subscriptions", Some(&session), None).await;
    assert!(shown.body.contains(&format!("Subscription {uid} deleted.")), "{}", shown.body);
    assert!(shown.body.contains("No subscriptions."), "{}", shown.body);
}

#[tokio::test]
async fn a_viewer_sees_subscriptions_and_dead_letters_without_write_buttons_and_a_forged_replay_is_refused() {
    let app = App::new().await;
    let subscription = app.subscription("https://hooks.example.com/watched").await;
    app.dead_letter(&subscription, "seen-1").await;
    let viewer = app.viewer().await;
    let router = app.console(&viewer, BASE_URL);
    let (session, _) = sign_in(&router).await;
    let subscriptions = send(&router, "GET", "/console/subscriptions", Some(&session), None).await;
    assert!(subscriptions.body.contains("<td>https://hooks.example.com/watched</td>"), "{}", subscriptions.body);
    for offered in ["Create subscription", ">Delete<"] {
        assert!(!subscriptions.body.contains(offered), "{offered} offered to a viewer");
    }
    let letters = send(&router, "GET", "/console/dead-letters", Some(&session), None).await;
    assert!(letters.body.contains(r#"<code class="uid">seen-1</code>"#), "{}", letters.body);
    for offered in [">Replay<", ">Delete<"] {
        assert!(!letters.body.contains(offered), "{offered} offered to a viewer");
    }
    let form = format!("csrf={}&id=seen-1", csrf_of(&letters.body));
    let refused = send(&router, "POST", "/console/dead-letters/replay", Some(&session), Some(&form)).await;
    assert_eq!(refused.status, StatusCode::SEE_OTHER);
    let shown = send(&router, "GET", "/console/dead-letters", Some(&session), None).await;
    let alert = format!(
        r#"<div class="flash error" role="alert"><p>Permission denied: the caller lacks subscriptions.create on {}</p></div>"#,
        app.org
    );
    assert!(shown.body.contains(&alert), "{}", shown.body);
    assert!(shown.body.contains(r#"<code class="uid">seen-1</code>"#), "the dead letter is still there");
}

#[tokio::test]
async fn account_associations_are_created_edited_and_deleted_through_the_console() {
    let app = App::new().await;
    let router = app.console(&app.admin, BASE_URL);
    let (session, _) = sign_in(&router).await;
    let path = format!("/console/account-association?uid={}", app.org);
    let page = send(&router, "GET", &path, Some(&session), None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("<h1>Account association of acme</h1>"), "{}", page.body);
    assert!(page.body.contains("<p>This group has no account association.</p>"));
    assert!(page.body.contains(">Create account association</button>"));
    let csrf = csrf_of(&page.body);
    let form = format!("csrf={csrf}&uid={}&mode=create&name=clouds&amazon_account=123456789012", app.org);
    let created = send(&router, "POST", "/console/account-association", Some(&session), Some(&form)).await;
    assert_eq!((created.status, created.location()), (StatusCode::SEE_OTHER, path.as_str()));
    let admin = app.services.auth.authenticate(Some(&format!("Bearer {}", app.admin_token()))).await.unwrap();
    let stored = app.services.account_associations.get(&admin, app.org.as_str()).await.unwrap();
    assert_eq!((stored.name.as_str(), stored.providers.amazon.unwrap().account.as_str()), ("clouds", "123456789012"));
    let shown = send(&router, "GET", &path, Some(&session), None).await;
    assert!(shown.body.contains(r#"<div class="flash done" role="status"><p>Account association created.</p>"#));
    assert!(shown.body.contains("<dt>AWS account</dt><dd>123456789012</dd>"), "{}", shown.body);
    assert!(shown.body.contains(">Edit account association</button>"));

    let tenant = "8f1b7c2e-3a4d-4e5f-9a6b-7c8d9e0f1a2b";
    let client = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
    let form = format!(
        "csrf={csrf}&uid={}&mode=update&name=clouds&description=Prod&amazon_account=&azure_tenant_id={tenant}&azure_client_ids=ingester%3D{client}",
        app.org
    );
    let saved = send(&router, "POST", "/console/account-association", Some(&session), Some(&form)).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER);
    let stored = app.services.account_associations.get(&admin, app.org.as_str()).await.unwrap();
    assert_eq!(stored.providers.amazon, None, "an emptied field clears its section");
    let azure = stored.providers.azure.unwrap();
    assert_eq!((azure.tenant_id.as_str(), azure.client_ids["ingester"].as_str()), (tenant, client));
    assert_eq!(stored.description.as_str(), "Prod");

    let confirm =
        send(&router, "GET", &format!("/console/account-association/delete?uid={}", app.org), Some(&session), None)
            .await;
    assert!(confirm.body.contains("<h1>Delete account association clouds?</h1>"), "{}", confirm.body);
    assert!(confirm.body.contains(&format!("links: Azure tenant {tenant}.")), "{}", confirm.body);
    let form = format!("csrf={csrf}&uid={}", app.org);
    let deleted = send(&router, "POST", "/console/account-association/delete", Some(&session), Some(&form)).await;
    assert_eq!(deleted.status, StatusCode::SEE_OTHER);
    assert!(matches!(
        app.services.account_associations.get(&admin, app.org.as_str()).await,
        Err(grove_domain::Error::NotFound(_))
    ));
    let listed = send(&router, "GET", "/console/account-associations", Some(&session), None).await;
    assert!(listed.body.contains("No account associations you may list."), "{}", listed.body);
}

#[tokio::test]
async fn a_viewer_sees_an_account_association_without_forms_and_a_forged_delete_is_refused_plainly() {
    let app = App::new().await;
    let admin = app.services.auth.authenticate(Some(&format!("Bearer {}", app.admin_token()))).await.unwrap();
    let input = grove_domain::services::AccountAssociationInput {
        name: Some("clouds".to_owned()),
        amazon: Some(Some(grove_domain::model::AmazonAccount { account: "123456789012".to_owned() })),
        ..Default::default()
    };
    app.services.account_associations.create(&admin, app.org.as_str(), input).await.unwrap();
    let viewer = app.viewer().await;
    let router = app.console(&viewer, BASE_URL);
    let (session, _) = sign_in(&router).await;
    let listed = send(&router, "GET", "/console/account-associations", Some(&session), None).await;
    assert!(
        listed.body.contains(&format!(r#"<a href="/console/account-association?uid={}">clouds</a>"#, app.org)),
        "{}",
        listed.body
    );
    let path = format!("/console/account-association?uid={}", app.org);
    let page = send(&router, "GET", &path, Some(&session), None).await;
    assert!(page.body.contains("<dt>AWS account</dt><dd>123456789012</dd>"), "{}", page.body);
    for offered in ["Edit account association", "Delete account association", "Create account association"] {
        assert!(!page.body.contains(offered), "{offered} offered to a viewer");
    }
    let form = format!("csrf={}&uid={}", csrf_of(&page.body), app.org);
    let refused = send(&router, "POST", "/console/account-association/delete", Some(&session), Some(&form)).await;
    assert_eq!((refused.status, refused.location()), (StatusCode::SEE_OTHER, path.as_str()));
    let shown = send(&router, "GET", &path, Some(&session), None).await;
    let alert = format!(
        r#"<div class="flash error" role="alert"><p>Permission denied: the caller lacks account_associations.delete on {}</p></div>"#,
        app.org
    );
    assert!(shown.body.contains(&alert), "{}", shown.body);
    assert!(app.services.account_associations.get(&admin, app.org.as_str()).await.is_ok(), "still there");
}

#[tokio::test]
async fn a_session_started_on_one_console_serves_on_another_over_the_same_store_and_keyring_only() {
    let app = App::new().await;
    let first = app.console(&app.admin, BASE_URL);
    let second = app.console(&app.admin, BASE_URL);
    let (session, _) = sign_in(&first).await;
    let page = send(&second, "GET", "/console/groups", Some(&session), None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Signed in as <strong>admin</strong>"), "{}", page.body);

    // A node holding another key cannot open the sealed tokens: the session is ended there.
    let mut services = app.services.clone();
    services.console_sessions = services
        .console_sessions
        .clone()
        .with_secret_keyring(Arc::new(grove_domain::secrets::SecretKeyring::ephemeral()));
    let other = grove_console::routes(
        services,
        ConsoleConfig {
            base_url: BASE_URL.to_owned(),
            auth_url: BASE_URL.to_owned(),
            idle_ms: IDLE_MS,
            dev_sign_in: None,
            exchange: None,
        },
    );
    let refused = send(&other, "GET", "/console/groups", Some(&session), None).await;
    assert_eq!((refused.status, refused.location()), (StatusCode::SEE_OTHER, "/console/sign-in"));
    let gone = send(&first, "GET", "/console/groups", Some(&session), None).await;
    assert_eq!((gone.status, gone.location()), (StatusCode::SEE_OTHER, "/console/sign-in"), "the session ended");
}
