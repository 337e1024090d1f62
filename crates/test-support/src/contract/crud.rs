//! Round trips: what is created, updated and deleted reads back exactly, for every resource.

use crate::ev;
use std::collections::BTreeMap;
use std::sync::Arc;

use grove_domain::builtin::{built_in_roles, owner_role_uid, BUILT_IN_ROLES, EDITOR, VIEWER};
use grove_domain::capability::Capability;
use grove_domain::listing::UidpFilter;
use grove_domain::model::{
    AwsIdentity, BoundIdentity, CatalogTier, ClaimMatch, Group, Identity, Matcher, NamedRef, Relationship, Repo, Role,
    RoleBindingView, Seen, SeenEmail, ServicePrincipal, StaticKeys, Tag,
};
use grove_domain::names::{Company, Pattern};
use grove_domain::ports::Store;
use grove_domain::{Code, Uidp};

use super::{display_name, group_name, list_uids, not_found, repo_name, tag_name, text, uidp, Setup};
use crate::fixtures::{self, at, child_uid, digest, ISSUER};

/// Groups and organizations read back as created and as updated (`update_group` answers
/// what it stored); `create_time` and the stored `verified` flag survive updates; a deleted
/// group is gone.
pub async fn group_crud_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    assert_eq!(store.get_group(&org.uid).await.expect("get org"), Some(org.clone()));
    assert_eq!(store.get_group(&team.uid).await.expect("get team"), Some(team.clone()));

    let changed = Group {
        name: group_name("platform"),
        description: text("the platform team"),
        verified: true,
        create_time: at(-5_000),
        update_time: at(3_600_000),
        ..team.clone()
    };
    let expected = Group { create_time: team.create_time, verified: false, ..changed.clone() };
    assert_eq!(store.update_group(&changed, &ev()).await, Ok(expected.clone()));
    assert_eq!(store.get_group(&team.uid).await.expect("get team"), Some(expected));

    store.delete_group(&team.uid, &ev()).await.expect("delete team");
    assert_eq!(store.get_group(&team.uid).await.expect("get team"), None);
    assert_eq!(store.get_group(&org.uid).await.expect("get org"), Some(org));
}

/// `update_group` never writes the caller's `verified`: the stored flag stays while the name
/// stays (whatever the group handed in says, as a copy read before the change would), and a
/// new name clears it for good (renaming back does not restore it).
pub async fn update_group_keeps_the_stored_verified_flag_and_a_rename_clears_it(store: Arc<dyn Store>) {
    let org = Group { verified: true, ..fixtures::group(None, "acme.example") };
    store.create_group(&org, &ev()).await.expect("create verified organization");

    let stale = Group { description: text("described"), verified: false, update_time: at(1_000), ..org.clone() };
    let kept = Group { verified: true, ..stale.clone() };
    assert_eq!(store.update_group(&stale, &ev()).await, Ok(kept.clone()));
    assert_eq!(store.get_group(&org.uid).await.expect("get org"), Some(kept));

    let renamed = Group { name: group_name("evil.example"), verified: true, update_time: at(2_000), ..stale.clone() };
    let cleared = Group { verified: false, ..renamed.clone() };
    assert_eq!(store.update_group(&renamed, &ev()).await, Ok(cleared.clone()));
    assert_eq!(store.get_group(&org.uid).await.expect("get org"), Some(cleared));

    let back = Group { name: group_name("acme.example"), verified: true, update_time: at(3_000), ..stale };
    assert_eq!(store.update_group(&back, &ev()).await.map(|g| g.verified), Ok(false));
    assert_eq!(store.get_group(&org.uid).await.expect("get org").map(|g| g.verified), Some(false));
}

/// `create_organization` writes the organization and its owner binding together.
pub async fn organization_creation_binds_the_owner(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let home = s.group(None, "home").await;
    let admin = s.identity(&home.uid, "admin").await;
    let org = fixtures::group(None, "acme");
    let owner = fixtures::binding(&org.uid, &admin.uid, &owner_role_uid());

    store.create_organization(&org, &owner, &ev()).await.expect("create organization");

    assert_eq!(store.get_group(&org.uid).await.expect("get org"), Some(org.clone()));
    let view = store.get_role_binding(&owner.uid).await.expect("get binding").expect("owner binding exists");
    assert_eq!(view.identity.uid, admin.uid);
    assert_eq!(view.group.uid, org.uid);
    assert_eq!(view.role.uid, owner_role_uid());
    assert_eq!(view.create_time, owner.create_time);
    let grants = store.grants_of(&admin.uid).await.expect("grants").expect("admin exists");
    assert_eq!(grants.len(), 1);
    assert_eq!(grants[0].group, org.uid);
    let mut everything = Capability::ALL.iter().filter(|c| !grove_domain::builtin::no_built_in_role_grants(**c));
    assert!(everything.all(|c| grants[0].capabilities.contains(*c)), "owner grants everything built in");
}

/// A failed `create_organization` leaves neither the group nor the binding behind.
pub async fn organization_creation_writes_nothing_on_error(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let home = s.group(None, "home").await;
    let admin = s.identity(&home.uid, "admin").await;

    let org = fixtures::group(None, "acme");
    let ghost = child_uid(&home.uid, "identity", "ghost");
    let owner = fixtures::binding(&org.uid, &ghost, &owner_role_uid());
    assert_eq!(store.create_organization(&org, &owner, &ev()).await, Err(not_found("identity", &ghost)));
    assert_eq!(store.get_group(&org.uid).await.expect("get org"), None);
    assert_eq!(store.get_role_binding(&owner.uid).await.expect("get binding"), None);

    let missing_role = child_uid(&home.uid, "role", "ghost");
    let owner = fixtures::binding(&org.uid, &admin.uid, &missing_role);
    assert_eq!(store.create_organization(&org, &owner, &ev()).await, Err(not_found("role", &missing_role)));
    assert_eq!(store.get_group(&org.uid).await.expect("get org"), None);
    assert_eq!(store.get_role_binding(&owner.uid).await.expect("get binding"), None);

    let clash = Group { uid: fixtures::root_uid("acme-2"), ..fixtures::group(None, "home") };
    let owner = fixtures::binding(&clash.uid, &admin.uid, &owner_role_uid());
    assert_eq!(
        store.create_organization(&clash, &owner, &ev()).await,
        Err(grove_domain::Error::AlreadyExists("an organization named \"home\" already exists".to_owned()))
    );
    assert_eq!(store.get_group(&clash.uid).await.expect("get org"), None);
    assert_eq!(store.get_role_binding(&owner.uid).await.expect("get binding"), None);
    assert_eq!(store.grants_of(&admin.uid).await.expect("grants"), Some(vec![]));
}

/// An organization with its owner identity and binding is written whole or not at all.
pub async fn owned_organization_creation_is_all_or_nothing(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    s.group(None, "taken").await;
    let org = fixtures::group(None, "acme");
    let admin = fixtures::identity(&org.uid, "admin");
    let owner = fixtures::binding(&org.uid, &admin.uid, &owner_role_uid());
    store.create_owned_organization(&org, &admin, &owner).await.expect("create");
    assert_eq!(store.get_group(&org.uid).await.expect("get org"), Some(org.clone()));
    assert_eq!(store.get_identity(&admin.uid).await.expect("get identity"), Some(admin.clone()));
    let grants = store.grants_of(&admin.uid).await.expect("grants").expect("admin exists");
    assert_eq!(grants.iter().map(|g| g.group.clone()).collect::<Vec<_>>(), vec![org.uid.clone()]);

    let clash = Group { uid: fixtures::root_uid("taken-2"), ..fixtures::group(None, "taken") };
    let robot = fixtures::identity(&clash.uid, "robot");
    let owner = fixtures::binding(&clash.uid, &robot.uid, &owner_role_uid());
    assert_eq!(
        store.create_owned_organization(&clash, &robot, &owner).await,
        Err(grove_domain::Error::AlreadyExists("an organization named \"taken\" already exists".to_owned()))
    );
    assert_eq!(store.get_identity(&robot.uid).await.expect("get identity"), None);

    let fresh = fixtures::group(None, "fresh");
    let robot = fixtures::identity(&fresh.uid, "robot");
    let missing_role = child_uid(&org.uid, "role", "ghost");
    let owner = fixtures::binding(&fresh.uid, &robot.uid, &missing_role);
    assert_eq!(store.create_owned_organization(&fresh, &robot, &owner).await, Err(not_found("role", &missing_role)));
    assert_eq!(store.get_group(&fresh.uid).await.expect("get org"), None);
    assert_eq!(store.get_identity(&robot.uid).await.expect("get identity"), None);
    assert_eq!(store.get_role_binding(&owner.uid).await.expect("get binding"), None);
}

/// Identities read back exactly, with either relationship and `last_seen_time`.
pub async fn identity_crud_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let ci = s.identity(&org.uid, "ci").await;
    assert_eq!(store.get_identity(&ci.uid).await.expect("get"), Some(ci.clone()));

    let static_keys = Identity {
        name: display_name("Legacy Bot"),
        description: text("keys kept here"),
        relationship: Relationship::StaticKeys(StaticKeys {
            issuer: "https://legacy.example.com".to_owned(),
            subject: "svc-7".to_owned(),
            issuer_keys: r#"{"keys":[{"kty":"EC","crv":"P-256","x":"AA","y":"BB"}]}"#.to_owned(),
            expiration_time: at(86_400_000),
            audiences: vec!["https://a.example.com".to_owned(), "https://b.example.com".to_owned()],
        }),
        last_seen_time: Some(at(7_000)),
        create_time: at(-1),
        update_time: at(8_000),
        ..ci.clone()
    };
    store.update_identity(&static_keys, &ev()).await.expect("update to static keys");
    let expected = Identity { create_time: ci.create_time, ..static_keys };
    assert_eq!(store.get_identity(&ci.uid).await.expect("get"), Some(expected.clone()));

    let patterns = Identity {
        relationship: Relationship::ClaimMatch(ClaimMatch {
            issuer: Matcher::Pattern(Pattern::parse("issuer", r"https://.*\.example\.com").expect("pattern")),
            subject: Matcher::Pattern(Pattern::parse("subject", "repo:acme/.*").expect("pattern")),
            audience: Some(Matcher::Exact("grove".to_owned())),
            claims: BTreeMap::from([("email_verified".to_owned(), "true".to_owned())]),
            claim_patterns: BTreeMap::from([(
                "ref".to_owned(),
                Pattern::parse("ref", "refs/heads/.*").expect("pattern"),
            )]),
        }),
        last_seen_time: None,
        update_time: at(9_000),
        ..expected
    };
    store.update_identity(&patterns, &ev()).await.expect("update to patterns");
    assert_eq!(store.get_identity(&ci.uid).await.expect("get"), Some(patterns));

    store.delete_identity(&ci.uid, &ev()).await.expect("delete");
    assert_eq!(store.get_identity(&ci.uid).await.expect("get"), None);
}

/// A sighting without an email.
fn seen_at(offset_ms: i64) -> Seen {
    Seen { at: at(offset_ms), email: None }
}

/// `record_identity_seen` sets `last_seen_time` and nothing else; a missing identity is
/// `NOT_FOUND`.
pub async fn identity_seen_sets_only_last_seen_time(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let ci = s.identity(&org.uid, "ci").await;

    store.record_identity_seen(&ci.uid, &seen_at(30_000)).await.expect("record seen");
    let seen = Identity { last_seen_time: Some(at(30_000)), ..ci.clone() };
    assert_eq!(store.get_identity(&ci.uid).await.expect("get"), Some(seen.clone()));
    store.record_identity_seen(&ci.uid, &seen_at(31_000)).await.expect("record seen again");
    assert_eq!(store.get_identity(&ci.uid).await.expect("get").and_then(|i| i.last_seen_time), Some(at(31_000)));

    let ghost = child_uid(&org.uid, "identity", "ghost");
    assert_eq!(store.record_identity_seen(&ghost, &seen_at(30_000)).await, Err(not_found("identity", &ghost)));
    assert_eq!(store.get_identity(&ghost).await.expect("get"), None);
}

/// A sighting with an email replaces `email` (verified) or `emailUnverified` (not) and
/// clears the other; one without an email keeps both.
pub async fn identity_seen_records_the_token_email(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let ci = s.identity(&org.uid, "ci").await;
    let email = |address: &str, verified: bool| SeenEmail {
        address: address.to_owned(),
        verified,
        voucher: grove_domain::model::EmailVoucher::DefaultProvider,
    };

    let verified = Seen { at: at(30_000), email: Some(email("ci@acme.example", true)) };
    store.record_identity_seen(&ci.uid, &verified).await.expect("record seen");
    let expected = Identity {
        last_seen_time: Some(at(30_000)),
        email: "ci@acme.example".to_owned(),
        email_voucher: grove_domain::model::EmailVoucher::DefaultProvider,
        ..ci.clone()
    };
    assert_eq!(store.get_identity(&ci.uid).await.expect("get"), Some(expected.clone()));

    store.record_identity_seen(&ci.uid, &seen_at(31_000)).await.expect("record seen without email");
    let expected = Identity { last_seen_time: Some(at(31_000)), ..expected };
    assert_eq!(store.get_identity(&ci.uid).await.expect("get"), Some(expected.clone()));

    let unverified = Seen { at: at(32_000), email: Some(email("someone@else.example", false)) };
    store.record_identity_seen(&ci.uid, &unverified).await.expect("record seen unverified");
    let expected = Identity {
        last_seen_time: Some(at(32_000)),
        email: String::new(),
        email_voucher: grove_domain::model::EmailVoucher::Workload,
        email_unverified: "someone@else.example".to_owned(),
        ..expected
    };
    assert_eq!(store.get_identity(&ci.uid).await.expect("get"), Some(expected));
}

/// An identity's company and a service-principal relationship are stored and read back,
/// in gets and in lists, and an update changes them.
pub async fn identity_company_and_service_principal_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let mut syncer = fixtures::identity(&org.uid, "syncer");
    syncer.company = Company::parse("company", "Acme Corp.").expect("valid company");
    syncer.relationship = Relationship::ServicePrincipal(ServicePrincipal::CatalogSyncer);
    store.create_identity(&syncer, &ev()).await.expect("create");
    assert_eq!(store.get_identity(&syncer.uid).await.expect("get"), Some(syncer.clone()));
    let listed = super::list::<Identity>(
        &*store,
        &super::all(uidp(UidpFilter { ids: vec![syncer.uid.clone()], ..UidpFilter::default() })),
    )
    .await;
    assert_eq!(listed.items, vec![syncer.clone()]);

    let changed = Identity {
        company: Company::parse("company", "Globex").expect("valid company"),
        relationship: Relationship::ServicePrincipal(ServicePrincipal::Skills),
        update_time: at(9_000),
        ..syncer.clone()
    };
    store.update_identity(&changed, &ev()).await.expect("update");
    assert_eq!(store.get_identity(&syncer.uid).await.expect("get"), Some(changed));
}

/// An AWS identity (account, exact or pattern ARN and user id) is stored and read back, in
/// gets and in lists, and an update swaps exact and pattern forms.
pub async fn identity_aws_identity_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let mut deployer = fixtures::identity(&org.uid, "deployer");
    deployer.relationship = Relationship::AwsIdentity(AwsIdentity {
        account: "123456789012".to_owned(),
        arn: Matcher::Exact("arn:aws:sts::123456789012:assumed-role/deploy/ci".to_owned()),
        user_id: Matcher::Pattern(Pattern::parse("p", "AROA[A-Z0-9]+:ci-[0-9]+").expect("valid pattern")),
    });
    store.create_identity(&deployer, &ev()).await.expect("create");
    assert_eq!(store.get_identity(&deployer.uid).await.expect("get"), Some(deployer.clone()));
    let listed = super::list::<Identity>(
        &*store,
        &super::all(uidp(UidpFilter { ids: vec![deployer.uid.clone()], ..UidpFilter::default() })),
    )
    .await;
    assert_eq!(listed.items, vec![deployer.clone()]);

    let changed = Identity {
        relationship: Relationship::AwsIdentity(AwsIdentity {
            account: "210987654321".to_owned(),
            arn: Matcher::Pattern(Pattern::parse("p", "arn:aws:iam::210987654321:role/.*").expect("valid pattern")),
            user_id: Matcher::Exact("AIDAEXAMPLE".to_owned()),
        }),
        update_time: at(9_000),
        ..deployer.clone()
    };
    store.update_identity(&changed, &ev()).await.expect("update");
    assert_eq!(store.get_identity(&deployer.uid).await.expect("get"), Some(changed));
}

/// Custom roles read back exactly, capabilities included.
pub async fn role_crud_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let puller = s.role(&org.uid, "puller", &[Capability::RepoList, Capability::TagList]).await;
    assert_eq!(store.get_role(&puller.uid).await.expect("get"), Some(puller.clone()));

    let changed = Role {
        name: display_name("Pusher"),
        description: text("pushes images"),
        capabilities: [Capability::RepoCreate, Capability::TagCreate, Capability::TagUpdate].into_iter().collect(),
        create_time: at(-1),
        update_time: at(10_000),
        ..puller.clone()
    };
    store.update_role(&changed, &ev()).await.expect("update");
    assert_eq!(
        store.get_role(&puller.uid).await.expect("get"),
        Some(Role { create_time: puller.create_time, ..changed })
    );

    store.delete_role(&puller.uid, &ev()).await.expect("delete");
    assert_eq!(store.get_role(&puller.uid).await.expect("get"), None);
}

/// Every built-in role is present at the root and is neither updated nor deleted.
pub async fn built_in_roles_are_present_and_immutable(store: Arc<dyn Store>) {
    let defs = built_in_roles(at(0));
    for def in &defs {
        let role = store.get_role(&def.uid).await.expect("get").expect("built-in role exists");
        assert_eq!(
            (&role.name, &role.description, &role.capabilities),
            (&def.name, &def.description, &def.capabilities)
        );
    }
    let mut expected: Vec<Uidp> = BUILT_IN_ROLES.iter().map(|d| Uidp::from_static(d.uid)).collect();
    expected.sort();
    let in_root = uidp(UidpFilter { in_root: true, ..UidpFilter::default() });
    assert_eq!(list_uids::<Role>(&*store, in_root).await, (expected, 5));

    let viewer = store.get_role(&Uidp::from_static(VIEWER)).await.expect("get").expect("viewer exists");
    let renamed = Role { name: display_name("watcher"), capabilities: Default::default(), ..viewer.clone() };
    let refused = store.update_role(&renamed, &ev()).await.expect_err("a built-in role is not updated");
    assert!(matches!(refused.code(), Code::FailedPrecondition | Code::NotFound), "{refused:?}");
    let refused = store.delete_role(&viewer.uid, &ev()).await.expect_err("a built-in role is not deleted");
    assert!(matches!(refused.code(), Code::FailedPrecondition | Code::NotFound), "{refused:?}");
    assert_eq!(store.get_role(&viewer.uid).await.expect("get"), Some(viewer));
}

/// Bindings read back hydrated; an update repoints identity and role but keeps
/// `create_time`; delete reports whether the binding existed.
pub async fn role_binding_crud_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let ci = s.identity(&org.uid, "ci").await;
    let deployer = s.identity(&org.uid, "deployer").await;
    let pusher = s.role(&org.uid, "pusher", &[Capability::RepoCreate]).await;
    let binding = s.binding(&org.uid, &ci.uid, &Uidp::from_static(VIEWER)).await;

    let view = store.get_role_binding(&binding.uid).await.expect("get").expect("binding exists");
    assert_eq!(view.identity.uid, ci.uid);
    assert_eq!(view.role.uid, Uidp::from_static(VIEWER));
    assert_eq!(view.group.uid, org.uid);
    assert_eq!(view.create_time, binding.create_time);

    let repointed = grove_domain::model::RoleBinding {
        identity_uid: deployer.uid.clone(),
        role_uid: pusher.uid.clone(),
        create_time: at(-1),
        ..binding.clone()
    };
    store.update_role_binding(&repointed, &ev()).await.expect("update");
    let view = store.get_role_binding(&binding.uid).await.expect("get").expect("binding exists");
    assert_eq!(
        view,
        RoleBindingView {
            uid: binding.uid.clone(),
            identity: BoundIdentity {
                uid: deployer.uid.clone(),
                name: "deployer".to_owned(),
                description: "identity deployer".to_owned(),
                subject: "deployer".to_owned(),
                issuer: ISSUER.to_owned(),
                email: String::new(),
                joined: true,
            },
            group: NamedRef { uid: org.uid.clone(), name: "acme".to_owned(), description: "group acme".to_owned() },
            role: NamedRef {
                uid: pusher.uid.clone(),
                name: "pusher".to_owned(),
                description: "role pusher".to_owned()
            },
            create_time: binding.create_time,
        }
    );

    assert_eq!(store.delete_role_binding(&binding.uid, &ev()).await, Ok(true));
    assert_eq!(store.get_role_binding(&binding.uid).await.expect("get"), None);
    assert_eq!(store.delete_role_binding(&binding.uid, &ev()).await, Ok(false));
    let editor = fixtures::binding(&org.uid, &ci.uid, &Uidp::from_static(EDITOR));
    assert_eq!(store.update_role_binding(&editor, &ev()).await, Err(not_found("role binding", &editor.uid)));
}

/// Repos read back exactly, every field included.
pub async fn repo_crud_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let mut nginx = fixtures::repo(&org.uid, "images/nginx");
    nginx.aliases = vec!["nginx:latest".to_owned(), "web/nginx:1.25".to_owned()];
    nginx.bundles = vec!["base".to_owned(), "web".to_owned()];
    nginx.active_tags = vec!["latest".to_owned(), "1.25".to_owned()];
    nginx.catalog_tier = CatalogTier::Base;
    store.create_repo(&nginx, &ev()).await.expect("create");
    assert_eq!(store.get_repo(&nginx.uid).await.expect("get"), Some(nginx.clone()));

    let changed = Repo {
        name: repo_name("images/nginx-fips"),
        description: text("FIPS build"),
        aliases: vec![],
        bundles: vec!["fips".to_owned()],
        active_tags: vec!["1.26".to_owned()],
        catalog_tier: CatalogTier::Fips,
        create_time: at(-1),
        update_time: at(11_000),
        ..nginx.clone()
    };
    store.update_repo(&changed, &ev()).await.expect("update");
    assert_eq!(
        store.get_repo(&nginx.uid).await.expect("get"),
        Some(Repo { create_time: nginx.create_time, ..changed })
    );

    store.delete_repo(&nginx.uid, &ev()).await.expect("delete");
    assert_eq!(store.get_repo(&nginx.uid).await.expect("get"), None);
}

/// Tags read back exactly; `put_tag` of a new name returns the tag as given.
pub async fn tag_crud_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let repo = s.repo(&org.uid, "nginx").await;
    let latest = s.tag(&repo.uid, "latest", 'a').await;
    assert_eq!(store.get_tag(&latest.uid).await.expect("get"), Some(latest.clone()));

    let changed = Tag {
        name: tag_name("1.25.3-r0"),
        digest: digest('b'),
        deprecated: true,
        create_time: at(-1),
        update_time: at(12_000),
        ..latest.clone()
    };
    store.update_tag(&changed, &ev()).await.expect("update");
    assert_eq!(
        store.get_tag(&latest.uid).await.expect("get"),
        Some(Tag { create_time: latest.create_time, ..changed })
    );

    store.delete_tag(&latest.uid, &ev()).await.expect("delete");
    assert_eq!(store.get_tag(&latest.uid).await.expect("get"), None);
}

/// `put_tag` with a name the repo already has moves that tag: same uid and `create_time`,
/// new digest, deprecation and `update_time`; no second tag appears.
pub async fn tag_put_upserts_by_name(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let repo = s.repo(&org.uid, "nginx").await;
    let first = s.tag(&repo.uid, "latest", 'a').await;

    let again = Tag {
        uid: child_uid(&repo.uid, "tag", "latest-again"),
        digest: digest('b'),
        deprecated: true,
        create_time: at(20_000),
        update_time: at(20_000),
        ..first.clone()
    };
    let expected = Tag { digest: digest('b'), deprecated: true, update_time: at(20_000), ..first.clone() };
    assert_eq!(store.put_tag(&again, &ev()).await, Ok(expected.clone()));
    assert_eq!(store.get_tag(&first.uid).await.expect("get"), Some(expected.clone()));
    assert_eq!(store.get_tag(&again.uid).await.expect("get"), None);

    // Putting the stored tag itself again is an idempotent update.
    assert_eq!(store.put_tag(&expected, &ev()).await, Ok(expected.clone()));
    let children = uidp(UidpFilter { children_of: Some(repo.uid.clone()), ..UidpFilter::default() });
    assert_eq!(list_uids::<Tag>(&*store, children).await, (vec![first.uid.clone()], 1));
}

/// `ping` succeeds on a working store.
pub async fn ping_succeeds(store: Arc<dyn Store>) {
    assert_eq!(store.ping().await, Ok(()));
}
