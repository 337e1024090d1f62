//! Identity providers and their external group role mappings: round trips (the client
//! secret included), names unique per group, references that must exist, every order and
//! filter, what deleting a provider, a group or a role does to them, batch deletes, the
//! bindings mappings make for people, and the events written with each change.

use std::sync::Arc;

use grove_domain::builtin::{EDITOR, OWNER, VIEWER};
use grove_domain::capability::Capability;
use grove_domain::error::Error;
use grove_domain::events::{EventRecord, EventType, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, Visibility};
use grove_domain::model::{
    CorrelationRule, ExternalGroupId, ExternalGroupRoleMapping, GroupSource, IdentityProvider, IssuerUrl,
    MappedBinding, Oidc, RoleBinding,
};
use grove_domain::ports::{MappedGrant, MappedRevoke, MappingSync, MappingSynced, Store};
use grove_domain::secrets::SealedSecret;
use grove_domain::Uidp;

use super::{all, display_name, list, named, not_found, orders, sorted_uids, text, uids, walk, Setup};
use crate::ev;
use crate::fixtures::{at, child_uid};

/// A provider in `group` named `name`, with default role `role` and `secret` (stored as the
/// sealed text `v1:test:<secret>`: stores keep whatever the domain sealed, unread).
pub(crate) fn provider(group: &Uidp, name: &str, role: &str, secret: Option<&str>) -> IdentityProvider {
    IdentityProvider {
        uid: child_uid(group, "identity provider", name),
        name: display_name(name),
        description: text("Single sign-on"),
        default_role: Uidp::parse(role).expect("a role uid"),
        oidc: Oidc {
            issuer: IssuerUrl::parse("issuer", "https://login.example.com/tenant").expect("valid issuer"),
            client_id: format!("grove-{name}"),
            client_secret: secret.map(sealed),
            additional_scopes: vec!["email".to_owned(), "groups".to_owned()],
            groups_claim: "groups".to_owned(),
            correlation_rule: CorrelationRule::OidEqualsExternalId,
            pkce_enabled: secret.is_none(),
        },
        create_time: at(10),
        update_time: at(10),
    }
}

/// The stored form of a test secret.
fn sealed(secret: &str) -> SealedSecret {
    SealedSecret::from_stored(format!("v1:test:{secret}"))
}

/// A mapping of `idp` granting `role` at `scope` to members of `group_id`.
pub(crate) fn mapping(idp: &Uidp, group_id: &str, role: &Uidp, scope: &Uidp) -> ExternalGroupRoleMapping {
    ExternalGroupRoleMapping {
        uid: child_uid(idp, "mapping", &format!("{group_id} {role} {scope}")),
        external_group_id: ExternalGroupId::parse("externalGroupId", group_id).expect("valid group id"),
        role_uid: role.clone(),
        scope: scope.clone(),
        create_time: at(20),
    }
}

async fn create(store: &dyn Store, idp: &IdentityProvider) {
    store.create_identity_provider(idp, &ev()).await.expect("provider is created");
}

async fn create_mapping(store: &dyn Store, m: &ExternalGroupRoleMapping) {
    store.create_external_group_role_mapping(m, &ev()).await.expect("mapping is created");
}

/// A provider round-trips with its secret; an update replaces every field but the uid and
/// create time (a cleared secret stays cleared); names are unique per group; references
/// must exist; missing rows are `NOT_FOUND`.
pub async fn identity_provider_crud_round_trip(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let idp = provider(&team.uid, "okta", VIEWER, Some("s3cr3t"));
    create(&*store, &idp).await;
    let got = store.get_identity_provider(&idp.uid).await.expect("get").expect("found");
    assert_eq!(got, idp);
    assert_eq!(got.oidc.client_secret.as_ref().map(SealedSecret::as_stored), Some("v1:test:s3cr3t"));

    let mut changed = idp.clone();
    changed.name = display_name("okta prod");
    changed.default_role = Uidp::from_static(OWNER);
    changed.oidc.client_secret = None;
    changed.oidc.pkce_enabled = true;
    changed.oidc.additional_scopes = Vec::new();
    changed.update_time = at(30);
    changed.create_time = at(99);
    store.update_identity_provider(&changed, &ev()).await.expect("update");
    let got = store.get_identity_provider(&idp.uid).await.expect("get").expect("found");
    assert_eq!(got, IdentityProvider { create_time: at(10), ..changed.clone() });

    let clash = provider(&team.uid, "okta prod", VIEWER, Some("x"));
    let clash = IdentityProvider { uid: child_uid(&team.uid, "identity provider", "other"), ..clash };
    assert_eq!(
        store.create_identity_provider(&clash, &ev()).await,
        Err(Error::AlreadyExists(format!(
            "an identity provider named \"okta prod\" already exists in group {}",
            team.uid
        )))
    );
    // The same name in another group is fine.
    create(&*store, &provider(&org.uid, "okta prod", VIEWER, Some("x"))).await;
    assert_eq!(
        store.create_identity_provider(&idp, &ev()).await,
        Err(Error::AlreadyExists(format!("identity provider {} already exists", idp.uid)))
    );

    let missing_group = child_uid(&org.uid, "group", "gone");
    assert_eq!(
        store.create_identity_provider(&provider(&missing_group, "x", VIEWER, Some("x")), &ev()).await,
        Err(not_found("group", &missing_group))
    );
    let missing_role = child_uid(&org.uid, "role", "gone");
    assert_eq!(
        store.create_identity_provider(&provider(&team.uid, "y", missing_role.as_str(), Some("x")), &ev()).await,
        Err(not_found("role", &missing_role))
    );
    let gone = provider(&team.uid, "never", VIEWER, None);
    assert_eq!(store.update_identity_provider(&gone, &ev()).await, Err(not_found("identity provider", &gone.uid)));
    assert_eq!(store.delete_identity_provider(&gone.uid, &ev()).await, Err(not_found("identity provider", &gone.uid)));

    store.delete_identity_provider(&idp.uid, &ev()).await.expect("delete");
    assert_eq!(store.get_identity_provider(&idp.uid).await, Ok(None));
}

/// Providers filter by exact name and by uidp, order by every field both ways, and page.
pub async fn identity_providers_filter_order_and_page(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let other = s.group(None, "globex").await;
    let mut made = Vec::new();
    for (i, (group, name)) in
        [(&org, "b"), (&team, "a"), (&team, "c"), (&other, "a"), (&org, "d")].into_iter().enumerate()
    {
        let mut idp = provider(&group.uid, name, VIEWER, Some("x"));
        let offset = i64::try_from(i).unwrap_or(0);
        idp.create_time = at(100 - offset);
        idp.update_time = at(200 + offset % 2);
        create(&*store, &idp).await;
        made.push(idp);
    }
    let names = |rows: Vec<IdentityProvider>| rows.into_iter().map(|i| i.uid).collect::<Vec<_>>();
    let by_name = list::<IdentityProvider>(&*store, &all(named("a"))).await;
    let mut expected = vec![made[1].uid.clone(), made[3].uid.clone()];
    expected.sort();
    assert_eq!((names(by_name.items), by_name.total), (expected, 2));
    let below_org = ListFilter {
        uidp: grove_domain::listing::UidpFilter { descendants_of: Some(org.uid.clone()), ..Default::default() },
        ..ListFilter::default()
    };
    let mut expected: Vec<Uidp> = [0, 1, 2, 4].iter().map(|i| made[*i].uid.clone()).collect();
    expected.sort();
    assert_eq!(names(list::<IdentityProvider>(&*store, &all(below_org)).await.items), expected);
    for order in orders(&[SortField::Uid, SortField::Name, SortField::CreateTime, SortField::UpdateTime]) {
        let query = ListQuery { order, ..ListQuery::all(ListFilter::default(), Visibility::everything(), 2) };
        let rows = walk::<IdentityProvider>(&*store, &query, 2, 5).await;
        assert_eq!(uids(&rows), sorted_uids(&made, order), "{order:?}");
    }
    let scoped = ListQuery {
        visibility: Visibility { scopes: Some(vec![team.uid.clone()].into()), root_level: false },
        ..all(ListFilter::default())
    };
    let mut expected = vec![made[1].uid.clone(), made[2].uid.clone()];
    expected.sort();
    assert_eq!(names(list::<IdentityProvider>(&*store, &scoped).await.items), expected);
}

/// A group holding a provider cannot be deleted; a role that a provider names as its
/// default role, or that a mapping grants, cannot be deleted either.
pub async fn identity_providers_keep_their_group_and_roles(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let default_role = s.role(&org.uid, "member", &[Capability::GroupsList]).await;
    let granted = s.role(&org.uid, "deployer", &[Capability::RepoList]).await;
    let idp = provider(&team.uid, "okta", default_role.uid.as_str(), Some("x"));
    create(&*store, &idp).await;
    create_mapping(&*store, &mapping(&idp.uid, "eng", &granted.uid, &team.uid)).await;

    assert_eq!(
        store.delete_group(&team.uid, &ev()).await,
        Err(Error::not_empty("cannot delete group with child identity providers"))
    );
    assert_eq!(
        store.delete_role(&default_role.uid, &ev()).await,
        Err(Error::precondition(
            "RESOURCE_IN_USE",
            "cannot delete role that is the default role of an identity provider"
        ))
    );
    assert_eq!(
        store.delete_role(&granted.uid, &ev()).await,
        Err(Error::precondition("RESOURCE_IN_USE", "cannot delete role that an external group role mapping grants"))
    );

    store.delete_identity_provider(&idp.uid, &ev()).await.expect("the provider goes with its mappings");
    store.delete_role(&granted.uid, &ev()).await.expect("no mapping grants it any more");
    store.delete_role(&default_role.uid, &ev()).await.expect("no provider names it any more");
    store.delete_group(&team.uid, &ev()).await.expect("the group is empty now");
}

/// A mapping round-trips; the same group, role and scope twice is `ALREADY_EXISTS`; its
/// provider, role and scope must exist; the `identity_provider` filter selects one
/// provider's mappings only; deletes are `NOT_FOUND` when missing.
pub async fn external_group_role_mapping_crud_and_filter(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let (okta, entra) = (provider(&org.uid, "okta", VIEWER, Some("x")), provider(&org.uid, "entra", VIEWER, Some("y")));
    create(&*store, &okta).await;
    create(&*store, &entra).await;
    let viewer = Uidp::from_static(VIEWER);
    let a = mapping(&okta.uid, "eng", &viewer, &team.uid);
    let b = mapping(&okta.uid, "ops", &viewer, &org.uid);
    let c = mapping(&entra.uid, "eng", &viewer, &team.uid);
    for m in [&a, &b, &c] {
        create_mapping(&*store, m).await;
    }
    assert_eq!(store.get_external_group_role_mapping(&a.uid).await, Ok(Some(a.clone())));

    let twice = ExternalGroupRoleMapping { uid: child_uid(&okta.uid, "mapping", "again"), ..a.clone() };
    assert_eq!(
        store.create_external_group_role_mapping(&twice, &ev()).await,
        Err(Error::AlreadyExists(format!(
            "identity provider {} already maps external group \"eng\" to role {viewer} at {}",
            okta.uid, team.uid
        )))
    );
    let missing_idp = child_uid(&org.uid, "identity provider", "gone");
    assert_eq!(
        store.create_external_group_role_mapping(&mapping(&missing_idp, "eng", &viewer, &org.uid), &ev()).await,
        Err(not_found("identity provider", &missing_idp))
    );
    let missing_role = child_uid(&org.uid, "role", "gone");
    assert_eq!(
        store.create_external_group_role_mapping(&mapping(&okta.uid, "x", &missing_role, &org.uid), &ev()).await,
        Err(not_found("role", &missing_role))
    );
    let missing_group = child_uid(&org.uid, "group", "gone");
    assert_eq!(
        store.create_external_group_role_mapping(&mapping(&okta.uid, "x", &viewer, &missing_group), &ev()).await,
        Err(not_found("group", &missing_group))
    );

    let of = |idp: &Uidp| ListFilter { identity_provider: Some(idp.clone()), ..ListFilter::default() };
    let mut okta_ones = vec![a.uid.clone(), b.uid.clone()];
    okta_ones.sort();
    let page = list::<ExternalGroupRoleMapping>(&*store, &all(of(&okta.uid))).await;
    assert_eq!((uids(&page.items), page.total), (okta_ones, 2));
    let page = list::<ExternalGroupRoleMapping>(&*store, &all(of(&entra.uid))).await;
    assert_eq!((uids(&page.items), page.total), (vec![c.uid.clone()], 1));
    let every = list::<ExternalGroupRoleMapping>(&*store, &all(ListFilter::default())).await.items;
    assert_eq!(every.len(), 3);
    for order in orders(&[SortField::Uid, SortField::CreateTime]) {
        let query = ListQuery { order, ..ListQuery::all(ListFilter::default(), Visibility::everything(), 2) };
        let rows = walk::<ExternalGroupRoleMapping>(&*store, &query, 2, 3).await;
        assert_eq!(uids(&rows), sorted_uids(&every, order), "{order:?}");
    }

    store.delete_external_group_role_mapping(&a.uid, &ev()).await.expect("delete");
    assert_eq!(store.get_external_group_role_mapping(&a.uid).await, Ok(None));
    assert_eq!(
        store.delete_external_group_role_mapping(&a.uid, &ev()).await,
        Err(not_found("external group role mapping", &a.uid))
    );
}

/// Deleting a provider deletes its mappings; deleting a mapping's scope group deletes the
/// mappings granting there.
pub async fn mappings_go_with_their_provider_and_their_scope(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let idp = provider(&org.uid, "okta", VIEWER, Some("x"));
    let other = provider(&org.uid, "entra", VIEWER, Some("x"));
    create(&*store, &idp).await;
    create(&*store, &other).await;
    let viewer = Uidp::from_static(VIEWER);
    let at_team = mapping(&other.uid, "eng", &viewer, &team.uid);
    let at_org = mapping(&other.uid, "ops", &viewer, &org.uid);
    let of_idp = mapping(&idp.uid, "eng", &viewer, &org.uid);
    for m in [&at_team, &at_org, &of_idp] {
        create_mapping(&*store, m).await;
    }
    store.delete_identity_provider(&idp.uid, &ev()).await.expect("delete provider");
    assert_eq!(store.get_external_group_role_mapping(&of_idp.uid).await, Ok(None));
    store.delete_group(&team.uid, &ev()).await.expect("delete scope group");
    assert_eq!(store.get_external_group_role_mapping(&at_team.uid).await, Ok(None));
    assert_eq!(store.get_external_group_role_mapping(&at_org.uid).await, Ok(Some(at_org.clone())));
}

async fn pending(store: &dyn Store) -> Vec<EventRecord> {
    store.claim_events(at(2), at(3), 1_000).await.expect("claim")
}

async fn drain(store: &dyn Store) {
    let setup = store.claim_events(at(0), at(1), 1_000).await.expect("claim setup events");
    let ids: Vec<_> = setup.iter().map(|e| e.id.clone()).collect();
    store.mark_delivered(&ids, at(0)).await.expect("deliver setup events");
}

/// A batch delete removes the named mappings that exist (skipping missing ones) and returns
/// them in request order with one event; one naming another provider's mapping deletes
/// nothing; one finding nothing writes no event.
pub async fn mappings_are_batch_deleted_with_one_event(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let idp = provider(&org.uid, "okta", VIEWER, Some("x"));
    let other = provider(&org.uid, "entra", VIEWER, Some("x"));
    create(&*store, &idp).await;
    create(&*store, &other).await;
    let viewer = Uidp::from_static(VIEWER);
    let (a, b, keep) = (
        mapping(&idp.uid, "a", &viewer, &org.uid),
        mapping(&idp.uid, "b", &viewer, &org.uid),
        mapping(&idp.uid, "keep", &viewer, &org.uid),
    );
    let foreign = mapping(&other.uid, "a", &viewer, &org.uid);
    for m in [&a, &b, &keep, &foreign] {
        create_mapping(&*store, m).await;
    }
    drain(&*store).await;
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let event = || NewEvent::new(EventType::ExternalGroupRoleMappingsBatchDeleted, &idp.uid, at(40), renderer.clone());

    let refused =
        store.delete_external_group_role_mappings(&idp.uid, &[a.uid.clone(), foreign.uid.clone()], &event()).await;
    assert!(matches!(refused, Err(Error::InvalidArgument(_))), "{refused:?}");
    assert_eq!(store.get_external_group_role_mapping(&a.uid).await, Ok(Some(a.clone())), "nothing deleted");

    let missing = child_uid(&idp.uid, "mapping", "gone");
    let written = event();
    let deleted = store
        .delete_external_group_role_mappings(&idp.uid, &[b.uid.clone(), missing.clone(), a.uid.clone()], &written)
        .await
        .expect("batch delete");
    assert_eq!(deleted, vec![b.clone(), a.clone()]);
    assert_eq!(store.get_external_group_role_mapping(&keep.uid).await, Ok(Some(keep.clone())));
    assert_eq!(store.delete_external_group_role_mappings(&idp.uid, &[missing], &event()).await, Ok(vec![]));

    let events = pending(&*store).await;
    assert_eq!(events.len(), 1, "{events:?}");
    let record = &events[0];
    assert_eq!(record.id, written.id);
    assert_eq!(record.event_type.as_str(), "dev.chainguard.api.iam.external_group_role_mappings.deleted.batch.v1");
    assert_eq!((&record.group, &record.subject), (&org.uid, &idp.uid));
    let data: serde_json::Value = serde_json::from_str(&record.data).expect("event data is JSON");
    assert_eq!(data["parent"], idp.uid.as_str());
    let listed: Vec<&str> = data["externalGroupRoleMappings"]
        .as_array()
        .expect("mappings")
        .iter()
        .filter_map(|m| m["uid"].as_str())
        .collect();
    assert_eq!(listed, [b.uid.as_str(), a.uid.as_str()]);
}

/// A provider's created event carries the provider as GetIdentityProvider answers it, with
/// the client secret never in it; a refused create writes no event.
pub async fn identity_provider_events_never_carry_the_secret(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    drain(&*store).await;
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let idp = provider(&org.uid, "okta", VIEWER, Some("do-not-leak"));
    let written = NewEvent::new(EventType::IdentityProviderCreated, &idp.uid, at(10), renderer.clone());
    store.create_identity_provider(&idp, &written).await.expect("create");
    let refused = NewEvent::new(EventType::IdentityProviderCreated, &idp.uid, at(11), renderer);
    assert!(store.create_identity_provider(&idp, &refused).await.is_err());

    let events = pending(&*store).await;
    assert_eq!(events.len(), 1, "{events:?}");
    let record = &events[0];
    assert_eq!(record.id, written.id);
    assert_eq!(record.event_type.as_str(), "dev.chainguard.api.iam.identity_providers.created.v1");
    assert_eq!((&record.group, &record.subject), (&org.uid, &idp.uid));
    assert!(!record.data.contains("do-not-leak"), "{}", record.data);
    let data: serde_json::Value = serde_json::from_str(&record.data).expect("event data is JSON");
    assert_eq!(data["uid"], idp.uid.as_str());
    assert_eq!(data["oidc"]["clientId"], "grove-okta");
    assert_eq!(data["oidc"]["clientSecret"], "");
}

/// What a mapping sync needs: the grant of `m` for `person` and the revoke of `record`.
fn grant_of(m: &ExternalGroupRoleMapping, person: &Uidp, n: u32) -> MappedGrant {
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    let binding = RoleBinding {
        uid: child_uid(&m.scope, "binding", &format!("{} {n}", m.uid)),
        identity_uid: person.clone(),
        role_uid: m.role_uid.clone(),
        create_time: at(30),
    };
    let event = NewEvent::new(EventType::RoleBindingCreated, &binding.uid, at(30), renderer);
    MappedGrant { mapping_uid: m.uid.clone(), binding, event }
}

fn revoke_of(record: &MappedBinding) -> MappedRevoke {
    let renderer = Arc::new(grove_proto::convert::ProtoJsonRenderer);
    MappedRevoke {
        record: record.clone(),
        event: NewEvent::new(EventType::RoleBindingDeleted, &record.binding_uid, at(31), renderer),
    }
}

fn sync(person: &Uidp, source: GroupSource, grants: Vec<MappedGrant>, revokes: Vec<MappedRevoke>) -> MappingSync {
    MappingSync { identity: person.clone(), source, grants, revokes }
}

/// Mapped bindings: a grant creates the binding with its event and records it; a second
/// mapping (or source) asking for the same role at the same scope shares it; a binding made
/// by hand is left alone and unrecorded; a revoke deletes the binding (with its event) only
/// when no record holds it any more; records go with their binding; a sync for a missing
/// person or role changes nothing.
pub async fn mapped_bindings_are_made_shared_left_alone_by_hand_and_removed_with_events(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let team = s.group(Some(&org.uid), "team").await;
    let person = s.identity(&org.uid, "alice").await.uid;
    let idp = provider(&org.uid, "okta", VIEWER, Some("x"));
    create(&*store, &idp).await;
    let (viewer, editor) = (Uidp::from_static(VIEWER), Uidp::from_static(EDITOR));
    let eng = mapping(&idp.uid, "eng", &editor, &team.uid);
    let all = mapping(&idp.uid, "all", &editor, &team.uid);
    let ops = mapping(&idp.uid, "ops", &viewer, &org.uid);
    for m in [&eng, &all, &ops] {
        create_mapping(&*store, m).await;
    }
    let by_hand = s.binding(&org.uid, &person, &viewer).await;
    drain(&*store).await;

    let groups = ["eng".to_owned(), "ops".to_owned(), "x".to_owned()];
    let mut wanted = store.mappings_for_groups(&idp.uid, &groups).await.expect("mappings");
    wanted.sort_by(|a, b| a.uid.cmp(&b.uid));
    let mut expected = vec![eng.clone(), ops.clone()];
    expected.sort_by(|a, b| a.uid.cmp(&b.uid));
    assert_eq!(wanted, expected);

    let first = grant_of(&eng, &person, 1);
    let done = store
        .sync_mapped_bindings(&sync(
            &person,
            GroupSource::Login,
            vec![first.clone(), grant_of(&all, &person, 2), grant_of(&ops, &person, 3)],
            vec![],
        ))
        .await
        .expect("sync");
    assert_eq!(done, MappingSynced { created: vec![first.binding.uid.clone()], deleted: vec![] });
    let record = |m: &ExternalGroupRoleMapping, source| MappedBinding {
        binding_uid: first.binding.uid.clone(),
        mapping_uid: m.uid.clone(),
        identity_uid: person.clone(),
        source,
    };
    let recorded = store.mapped_bindings(&person, &idp.uid).await.expect("records");
    assert_eq!(
        sorted(recorded.clone()),
        sorted(vec![record(&eng, GroupSource::Login), record(&all, GroupSource::Login)]),
        "the hand-made viewer binding at the organization is not recorded"
    );
    assert_eq!(store.mapped_bindings_under(&eng.uid).await, Ok(vec![record(&eng, GroupSource::Login)]));
    assert_eq!(sorted(store.mapped_bindings_under(&idp.uid).await.expect("under")), sorted(recorded));
    let events = pending(&*store).await;
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].id, first.event.id);
    assert_eq!(events[0].event_type.as_str(), "dev.chainguard.api.iam.rolebindings.created.v1");

    // SCIM asks for the same binding: it shares it.
    let scim = sync(&person, GroupSource::Scim, vec![grant_of(&eng, &person, 4)], vec![]);
    assert_eq!(store.sync_mapped_bindings(&scim).await, Ok(MappingSynced::default()));

    // The login drops both groups: the binding stays while SCIM holds it.
    let revokes = vec![revoke_of(&record(&eng, GroupSource::Login)), revoke_of(&record(&all, GroupSource::Login))];
    let done = store.sync_mapped_bindings(&sync(&person, GroupSource::Login, vec![], revokes)).await;
    assert_eq!(done, Ok(MappingSynced::default()));
    assert!(store.get_role_binding(&first.binding.uid).await.expect("get").is_some());

    // SCIM drops it too: the binding goes, with its event; the hand-made one stays.
    let last = revoke_of(&record(&eng, GroupSource::Scim));
    let done = store.sync_mapped_bindings(&sync(&person, GroupSource::Scim, vec![], vec![last.clone()])).await;
    assert_eq!(done, Ok(MappingSynced { created: vec![], deleted: vec![first.binding.uid.clone()] }));
    assert_eq!(store.get_role_binding(&first.binding.uid).await, Ok(None));
    assert!(store.get_role_binding(&by_hand.uid).await.expect("get").is_some());
    assert_eq!(store.mapped_bindings(&person, &idp.uid).await, Ok(vec![]));
    let events = pending(&*store).await;
    assert_eq!(events.iter().map(|e| &e.id).collect::<Vec<_>>(), [&last.event.id]);
    assert_eq!(events[0].event_type.as_str(), "dev.chainguard.api.iam.rolebindings.deleted.v1");

    // A record goes with its binding when the binding is deleted by hand.
    let again = grant_of(&eng, &person, 5);
    store.sync_mapped_bindings(&sync(&person, GroupSource::Login, vec![again.clone()], vec![])).await.expect("sync");
    store.delete_role_binding(&again.binding.uid, &ev()).await.expect("delete by hand");
    assert_eq!(store.mapped_bindings(&person, &idp.uid).await, Ok(vec![]));

    // A missing person, or a grant whose role is gone, changes nothing.
    let ghost = child_uid(&org.uid, "identity", "ghost");
    let missing = sync(&ghost, GroupSource::Login, vec![grant_of(&eng, &ghost, 6)], vec![]);
    assert!(matches!(store.sync_mapped_bindings(&missing).await, Err(Error::NotFound(_))));
    let mut gone_role = eng.clone();
    gone_role.role_uid = child_uid(&org.uid, "role", "gone");
    let refused = store
        .sync_mapped_bindings(&sync(
            &person,
            GroupSource::Login,
            vec![grant_of(&ops, &person, 7), grant_of(&gone_role, &person, 8)],
            vec![],
        ))
        .await;
    assert!(matches!(refused, Err(Error::NotFound(_))), "{refused:?}");
    assert_eq!(store.mapped_bindings(&person, &idp.uid).await, Ok(vec![]));
    let events = pending(&*store).await;
    assert_eq!(events.len(), 2, "the re-grant's and the deletion by hand's, none of the refused sync: {events:?}");
    assert_eq!(events[0].id, again.event.id);
}

fn sorted(mut records: Vec<MappedBinding>) -> Vec<MappedBinding> {
    records.sort();
    records
}

/// Every stored secret is listed with its provider in uid order; replacing one succeeds only
/// while it is still the expected text, and changes nothing else (no update time, no event).
pub async fn client_secrets_are_listed_and_replaced_only_while_unchanged(store: Arc<dyn Store>) {
    let s = Setup(&*store);
    let org = s.group(None, "acme").await;
    let with = provider(&org.uid, "okta", VIEWER, Some("first"));
    let public = provider(&org.uid, "public", VIEWER, None);
    let other = provider(&org.uid, "entra", VIEWER, Some("second"));
    for idp in [&with, &public, &other] {
        create(&*store, idp).await;
    }
    let mut expected = vec![(with.uid.clone(), sealed("first")), (other.uid.clone(), sealed("second"))];
    expected.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(store.list_client_secrets().await.expect("list"), expected);
    drain(&*store).await;

    let next = SealedSecret::from_stored("v1:new:resealed".to_owned());
    assert_eq!(store.replace_client_secret(&with.uid, &sealed("first"), &next).await, Ok(true));
    assert_eq!(store.replace_client_secret(&with.uid, &sealed("first"), &sealed("again")).await, Ok(false));
    assert_eq!(store.replace_client_secret(&public.uid, &sealed("first"), &next).await, Ok(false));
    let missing = child_uid(&org.uid, "identity provider", "gone");
    assert_eq!(store.replace_client_secret(&missing, &sealed("first"), &next).await, Ok(false));
    let got = store.get_identity_provider(&with.uid).await.expect("get").expect("found");
    assert_eq!(got, IdentityProvider { oidc: Oidc { client_secret: Some(next), ..with.oidc.clone() }, ..with.clone() });
    assert_eq!(store.get_identity_provider(&public.uid).await.expect("get"), Some(public.clone()));
    assert!(pending(&*store).await.is_empty(), "resealing writes no event");
}
