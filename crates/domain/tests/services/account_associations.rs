//! AccountAssociationService on mocks: one association per group under the group's own uid,
//! validation of every section naming each bad field before anything is read, the v1
//! service-binding rules, partial updates, the idempotent delete, the list's `group` order,
//! the capabilities of each verb, the events written, and a check that answers `NOT_READY`
//! locally where it can and otherwise asks the probe (never a fake `READY`).

use std::collections::BTreeMap;
use std::sync::Arc;

use grove_domain::error::{Error, FieldViolation};
use grove_domain::events::EventType;
use grove_domain::listing::{Direction, ListFilter, Ordering, PageRequest, SortField, Visibility};
use grove_domain::model::{
    AccountAssociation, AccountProviderType, AccountProviders, AmazonAccount, AzureTenant, ChainguardBindings,
    CheckResult, CheckStatus, GitHubApps, GitHubInstallation, GoogleProject, Relationship, ServicePrincipal,
};
use grove_domain::names::{Description, DisplayName};
use grove_domain::ports::MockCloudAccountProbe;
use grove_domain::services::AccountAssociationInput;
use grove_domain::Uidp;

use crate::common::*;

const UID_RULE: &str =
    "must be a uid: 40 lowercase hex characters, then any number of '/' and 16 lowercase hex characters";

fn amazon() -> AmazonAccount {
    AmazonAccount { account: "123456789012".to_owned() }
}

fn stored(providers: AccountProviders) -> AccountAssociation {
    AccountAssociation {
        uid: group_a(),
        name: DisplayName::parse("name", "accounts").expect("valid name"),
        description: Description::parse("description", "clouds").expect("valid description"),
        providers,
        create_time: ts(T0 - DAY_MS),
        update_time: ts(T0 - DAY_MS),
    }
}

fn violations(err: Error) -> Vec<(String, String)> {
    match err {
        Error::InvalidArgument(v) => {
            v.into_iter().map(|FieldViolation { field, description }| (field, description)).collect()
        }
        other => panic!("expected INVALID_ARGUMENT, got {other:?}"),
    }
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(f, d)| ((*f).to_owned(), (*d).to_owned())).collect()
}

/// An identity of `group` acting as service principal `sp`.
fn service_principal(uid: &Uidp, sp: ServicePrincipal) -> grove_domain::model::Identity {
    grove_domain::model::Identity { relationship: Relationship::ServicePrincipal(sp), ..identity(uid, "robot") }
}

#[test]
fn create_stores_the_association_under_its_groups_uid_with_a_created_event() {
    let mut store = MockStore::new();
    store
        .expect_create_account_association()
        .withf(|a, event| {
            a.uid == group_a()
                && a.name.as_str() == "accounts"
                && a.description.as_str() == ""
                && a.providers == AccountProviders { amazon: Some(amazon()), ..AccountProviders::default() }
                && (a.create_time, a.update_time) == (ts(T0), ts(T0))
                && event.event_type == EventType::AccountAssociationCreated
                && event.subject == group_a()
                && event.time == ts(T0)
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    let input = AccountAssociationInput {
        name: Some("accounts".to_owned()),
        amazon: Some(Some(amazon())),
        ..AccountAssociationInput::default()
    };
    let created = run(env.services.account_associations.create(&bound("owner", &org()), group_a().as_str(), input));
    assert_eq!(created.unwrap().uid, group_a(), "one association per group, under the group's uid");
}

#[test]
fn create_names_every_bad_field_of_every_section_before_anything_is_read() {
    let mut store = MockStore::new();
    store.expect_get_identity().never();
    store.expect_create_account_association().never();
    let env = env(store);
    let input = AccountAssociationInput {
        name: Some(String::new()),
        description: Some("bad\u{7}".to_owned()),
        amazon: Some(Some(AmazonAccount { account: "12345".to_owned() })),
        google: Some(Some(GoogleProject { project_id: "1bad".to_owned(), project_number: "x1".to_owned() })),
        chainguard: Some(Some(BTreeMap::from([
            ("NOBODY".to_owned(), group_a().to_string()),
            ("INGESTER".to_owned(), "not-a-uid".to_owned()),
        ]))),
        azure: Some(Some(AzureTenant {
            tenant_id: "tenant".to_owned(),
            client_ids: BTreeMap::from([("app".to_owned(), "client".to_owned())]),
        })),
        github: Some(Some(GitHubApps {
            app_installations: BTreeMap::from([(
                0,
                vec![GitHubInstallation { installation_id: 0, name: String::new() }],
            )]),
        })),
    };
    let err = run(env.services.account_associations.create(&bound("owner", &org()), "not-a-uid", input)).unwrap_err();
    let description_rule = violations(Description::parse("description", "bad\u{7}").unwrap_err());
    let mut expected = pairs(&[("parent", &format!("parent {UID_RULE}")), ("name", "name is required")]);
    expected.extend(description_rule);
    expected.extend(pairs(&[
        ("amazon.account", "amazon.account must be a 12-digit AWS account id"),
        (
            "google.projectId",
            "google.projectId must be a Google Cloud project id: 6 to 30 lowercase letters, digits or hyphens, starting with a letter",
        ),
        ("google.projectNumber", "google.projectNumber must be the project's decimal number"),
        ("chainguard.serviceBindings[INGESTER]", &format!("chainguard.serviceBindings[INGESTER] {UID_RULE}")),
        ("chainguard.serviceBindings[NOBODY]", "NOBODY is not a service principal name such as INGESTER"),
        ("azure.tenantId", "azure.tenantId must be a UUID"),
        ("azure.clientIds[app]", "an Azure client id must be a UUID"),
        ("github.appInstallations", "github app id 0 must be positive"),
        (
            "github.appInstallations[0].installations.installationId",
            "installationId is required and must be positive",
        ),
    ]));
    assert_eq!(violations(err), expected);
}

#[test]
fn create_needs_account_associations_create_and_hides_groups_the_caller_cannot_see() {
    let mut store = MockStore::new();
    store.expect_create_account_association().never();
    let env = env(store);
    let input = || AccountAssociationInput { name: Some("n".to_owned()), ..AccountAssociationInput::default() };
    let svc = &env.services.account_associations;
    let denied = run(svc.create(&bound("editor", &org()), group_a().as_str(), input())).unwrap_err();
    assert_eq!(
        denied,
        Error::PermissionDenied(format!("the caller lacks account_associations.create on {}", group_a()))
    );
    let hidden = run(svc.create(&bound("owner", &group_b()), group_a().as_str(), input())).unwrap_err();
    assert_eq!(hidden, Error::NotFound(format!("group {} does not exist", group_a())));
}

#[test]
fn service_bindings_must_name_an_identity_directly_in_the_group_acting_as_that_service() {
    let direct = nth_child(&group_a(), 7);
    let wrong_kind = nth_child(&group_a(), 8);
    let missing = nth_child(&group_a(), 9);
    let elsewhere = nth_child(&group_b(), 1);
    let mut store = MockStore::new();
    store.expect_get_identity().returning(move |uid| {
        Ok(match uid.as_str().rsplit('/').next() {
            Some("0000000000000007") => Some(service_principal(uid, ServicePrincipal::Ingester)),
            Some("0000000000000008") => Some(identity(uid, "person")),
            _ => None,
        })
    });
    store.expect_create_account_association().times(1).returning(|_, _| Ok(()));
    let env = env(store);
    let svc = &env.services.account_associations;
    let with = |bindings: &[(&str, &Uidp)]| AccountAssociationInput {
        name: Some("n".to_owned()),
        chainguard: Some(Some(bindings.iter().map(|(k, v)| ((*k).to_owned(), v.to_string())).collect())),
        ..AccountAssociationInput::default()
    };
    let owner = bound("owner", &org());
    let err = run(svc.create(
        &owner,
        group_a().as_str(),
        with(&[
            ("COSIGNED", &direct),
            ("INGESTER", &wrong_kind),
            ("APKO_BUILDER", &missing),
            ("CATALOG_SYNCER", &elsewhere),
        ]),
    ))
    .unwrap_err();
    assert_eq!(
        violations(err),
        pairs(&[
            ("chainguard.serviceBindings[APKO_BUILDER]", &format!("identity {missing} does not exist")),
            (
                "chainguard.serviceBindings[CATALOG_SYNCER]",
                &format!("identity {elsewhere} must be directly in group {}", group_a()),
            ),
            (
                "chainguard.serviceBindings[COSIGNED]",
                &format!("identity {direct} is not a service principal of kind COSIGNED")
            ),
            (
                "chainguard.serviceBindings[INGESTER]",
                &format!("identity {wrong_kind} is not a service principal of kind INGESTER")
            ),
        ])
    );
    let empty = run(svc.create(&owner, group_a().as_str(), with(&[]))).unwrap_err();
    assert_eq!(
        violations(empty),
        pairs(&[(
            "chainguard.serviceBindings",
            "chainguard.serviceBindings is required: service principal to identity"
        )])
    );
    let created = run(svc.create(&owner, group_a().as_str(), with(&[("INGESTER", &direct)]))).unwrap();
    assert_eq!(
        created.providers.chainguard,
        Some(ChainguardBindings { service_bindings: BTreeMap::from([("INGESTER".to_owned(), direct)]) })
    );
}

/// A caller holding the account association capabilities on group A, but not `identity.list`.
fn association_admin_without_identity_list() -> grove_domain::authz::Principal {
    use grove_domain::capability::Capability as C;
    let capabilities =
        [C::GroupsList, C::AccountAssociationsCreate, C::AccountAssociationsUpdate, C::AccountAssociationsList];
    grove_domain::authz::Principal::new(
        caller_uid(),
        vec![grove_domain::authz::Grant { group: group_a(), capabilities: capabilities.into_iter().collect() }],
        grove_domain::capability::CapabilitySet::new(),
    )
}

#[test]
fn without_identity_list_a_missing_identity_and_one_that_is_no_such_service_principal_answer_alike() {
    let person = nth_child(&group_a(), 8);
    let mut store = MockStore::new();
    // The same uid: first a person, then (deleted since) nothing.
    let calls = std::sync::atomic::AtomicUsize::new(0);
    store.expect_get_identity().times(4).returning(move |uid| {
        let n = calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(n.is_multiple_of(2).then(|| identity(uid, "person")))
    });
    store.expect_create_account_association().never();
    let env = env(store);
    let svc = &env.services.account_associations;
    let input = AccountAssociationInput {
        name: Some("n".to_owned()),
        chainguard: Some(Some(BTreeMap::from([("INGESTER".to_owned(), person.to_string())]))),
        ..AccountAssociationInput::default()
    };
    let caller = association_admin_without_identity_list();
    let not_a_service = run(svc.create(&caller, group_a().as_str(), input.clone())).unwrap_err();
    let missing = run(svc.create(&caller, group_a().as_str(), input.clone())).unwrap_err();
    assert_eq!(not_a_service, missing);
    assert_eq!(
        violations(missing),
        pairs(&[(
            "chainguard.serviceBindings[INGESTER]",
            &format!("identity {person} does not exist or is not a service principal of kind INGESTER"),
        )])
    );
    // A caller who may list the group's identities is told which it is.
    let owner = bound("owner", &org());
    let err = run(svc.create(&owner, group_a().as_str(), input.clone())).unwrap_err();
    assert_eq!(violations(err)[0].1, format!("identity {person} is not a service principal of kind INGESTER"));
    let err = run(svc.create(&owner, group_a().as_str(), input)).unwrap_err();
    assert_eq!(violations(err)[0].1, format!("identity {person} does not exist"));
}

#[test]
fn check_without_identity_list_answers_a_broken_binding_alike_whatever_broke_it() {
    let person = nth_child(&group_a(), 8);
    let mut store = MockStore::new();
    let bindings = ChainguardBindings { service_bindings: BTreeMap::from([("INGESTER".to_owned(), person.clone())]) };
    store.expect_get_account_association().returning(move |_| {
        Ok(Some(stored(AccountProviders {
            amazon: Some(amazon()),
            chainguard: Some(bindings.clone()),
            ..AccountProviders::default()
        })))
    });
    let calls = std::sync::atomic::AtomicUsize::new(0);
    store.expect_get_identity().times(2).returning(move |uid| {
        let n = calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok((n == 0).then(|| identity(uid, "person")))
    });
    let mut probe = MockCloudAccountProbe::new();
    probe.expect_probe().never();
    let env = env(store);
    let svc = env.services.account_associations.clone().with_probe(Arc::new(probe));
    let caller = association_admin_without_identity_list();
    let expected = CheckResult {
        status: CheckStatus::NotReady,
        reason: "SERVICE_BINDING_INVALID".to_owned(),
        message: format!("identity {person} does not exist or is not a service principal of kind INGESTER"),
    };
    for _ in 0..2 {
        let r = run(svc.check(&caller, group_a().as_str(), Some(AccountProviderType::Amazon))).unwrap();
        assert_eq!(r, expected);
    }
}

#[test]
fn update_changes_only_the_given_sections_and_rechecks_bindings_only_when_they_are_given() {
    let mut store = MockStore::new();
    store.expect_get_account_association().returning(|_| {
        Ok(Some(stored(AccountProviders {
            amazon: Some(amazon()),
            google: Some(GoogleProject { project_id: "acme-prod".to_owned(), project_number: "42".to_owned() }),
            ..AccountProviders::default()
        })))
    });
    store.expect_get_identity().never();
    store
        .expect_update_account_association()
        .withf(|a, event| {
            a.name.as_str() == "renamed"
                && a.description.as_str() == "clouds"
                && a.providers.amazon.is_none()
                && a.providers.google.as_ref().is_some_and(|g| g.project_id == "acme-prod")
                && a.create_time == ts(T0 - DAY_MS)
                && a.update_time == ts(T0)
                && event.event_type == EventType::AccountAssociationUpdated
                && event.subject == group_a()
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let env = env(store);
    let change = AccountAssociationInput {
        name: Some("renamed".to_owned()),
        amazon: Some(None),
        ..AccountAssociationInput::default()
    };
    let updated = run(env.services.account_associations.update(&bound("owner", &org()), group_a().as_str(), change));
    assert_eq!(updated.unwrap().providers.amazon, None, "a section given as absent is cleared");
}

#[test]
fn update_refuses_an_empty_name_a_missing_association_and_a_caller_without_update() {
    let mut store = MockStore::new();
    store.expect_get_account_association().returning(|_| Ok(None));
    store.expect_update_account_association().never();
    let env = env(store);
    let svc = &env.services.account_associations;
    let owner = bound("owner", &org());
    let empty = AccountAssociationInput { name: Some(String::new()), ..AccountAssociationInput::default() };
    assert_eq!(
        violations(run(svc.update(&owner, group_a().as_str(), empty)).unwrap_err()),
        pairs(&[("name", "name is required")])
    );
    let rename = || AccountAssociationInput { name: Some("x".to_owned()), ..AccountAssociationInput::default() };
    assert_eq!(
        run(svc.update(&owner, group_a().as_str(), rename())).unwrap_err(),
        Error::NotFound(format!("account association {} does not exist", group_a()))
    );
    assert_eq!(
        run(svc.update(&bound("viewer", &org()), group_a().as_str(), rename())).unwrap_err(),
        Error::PermissionDenied(format!("the caller lacks account_associations.update on {}", group_a()))
    );
}

#[test]
fn delete_is_idempotent_and_writes_its_event_through_the_store() {
    let mut store = MockStore::new();
    store
        .expect_delete_account_association()
        .withf(|uid, event| *uid == group_a() && event.event_type == EventType::AccountAssociationDeleted)
        .times(2)
        .returning({
            let mut existed = true;
            move |_, _| {
                let was = existed;
                existed = false;
                Ok(was)
            }
        });
    let env = env(store);
    let svc = &env.services.account_associations;
    let owner = bound("owner", &org());
    assert_eq!(run(svc.delete(&owner, group_a().as_str())), Ok(()));
    assert_eq!(run(svc.delete(&owner, group_a().as_str())), Ok(()), "deleting nothing succeeds too");
    assert_eq!(
        run(svc.delete(&bound("viewer", &org()), group_a().as_str())).unwrap_err(),
        Error::PermissionDenied(format!("the caller lacks account_associations.delete on {}", group_a()))
    );
    assert_eq!(
        run(svc.delete(&bound("owner", &group_b()), group_a().as_str())).unwrap_err(),
        Error::NotFound(format!("account association {} does not exist", group_a()))
    );
}

#[test]
fn list_orders_by_group_by_default_accepts_group_as_an_order_and_shows_only_the_callers_scopes() {
    let mut store = MockStore::new();
    store
        .expect_list_account_associations()
        .withf(|q| {
            q.order == Ordering { field: SortField::Uid, direction: Direction::Asc }
                && q.visibility == Visibility { scopes: Some(vec![group_a()].into()), root_level: false }
        })
        .times(1)
        .returning(|_| Ok(store_page(vec![stored(AccountProviders::default())], 1)));
    store
        .expect_list_account_associations()
        .withf(|q| q.order == Ordering { field: SortField::Uid, direction: Direction::Desc })
        .times(1)
        .returning(|_| Ok(store_page(Vec::new(), 0)));
    let env = env(store);
    let svc = &env.services.account_associations;
    let viewer = bound("viewer", &group_a());
    let page = run(svc.list(&viewer, ListFilter::default(), &PageRequest::default())).unwrap();
    assert_eq!((page.items.len(), page.total_count), (1, Some(1)));
    let desc = PageRequest { order_by: Some("group desc".to_owned()), ..PageRequest::default() };
    assert!(run(svc.list(&viewer, ListFilter::default(), &desc)).unwrap().items.is_empty());
}

#[test]
fn check_answers_not_ready_for_a_missing_section_or_broken_binding_without_asking_a_cloud() {
    let sp = nth_child(&group_a(), 7);
    let mut store = MockStore::new();
    let bindings = ChainguardBindings { service_bindings: BTreeMap::from([("INGESTER".to_owned(), sp.clone())]) };
    store.expect_get_account_association().returning(move |_| {
        Ok(Some(stored(AccountProviders {
            amazon: Some(amazon()),
            chainguard: Some(bindings.clone()),
            ..AccountProviders::default()
        })))
    });
    // The service principal was deleted since the association was written.
    store.expect_get_identity().returning(|_| Ok(None));
    let mut probe = MockCloudAccountProbe::new();
    probe.expect_probe().never();
    let env = env(store);
    let svc = env.services.account_associations.clone().with_probe(Arc::new(probe));
    let viewer = bound("viewer", &org());
    let google = run(svc.check(&viewer, group_a().as_str(), Some(AccountProviderType::Google))).unwrap();
    assert_eq!(
        google,
        CheckResult {
            status: CheckStatus::NotReady,
            reason: "NOT_CONFIGURED".to_owned(),
            message: format!("the association of {} has no google section", group_a()),
        }
    );
    let amazon = run(svc.check(&viewer, group_a().as_str(), Some(AccountProviderType::Amazon))).unwrap();
    assert_eq!(
        amazon,
        CheckResult {
            status: CheckStatus::NotReady,
            reason: "SERVICE_BINDING_INVALID".to_owned(),
            message: format!("identity {sp} does not exist"),
        }
    );
    let err = run(svc.check(&viewer, "bad", None)).unwrap_err();
    assert_eq!(
        violations(err),
        pairs(&[
            ("uid", &format!("uid {UID_RULE}")),
            ("providerType", "providerType is required: ACCOUNT_PROVIDER_TYPE_GOOGLE, _AMAZON or _AZURE"),
        ])
    );
}

#[test]
fn check_asks_the_probe_for_a_well_formed_account_and_without_one_fails_its_precondition() {
    let mut store = MockStore::new();
    store
        .expect_get_account_association()
        .returning(|_| Ok(Some(stored(AccountProviders { amazon: Some(amazon()), ..AccountProviders::default() }))));
    let env = env(store);
    let viewer = bound("viewer", &org());
    let unreachable =
        run(env.services.account_associations.check(&viewer, group_a().as_str(), Some(AccountProviderType::Amazon)))
            .unwrap_err();
    assert_eq!(
        unreachable,
        Error::precondition(
            "CLOUD_UNREACHABLE",
            format!(
                "the amazon account of {} is well formed, but this server cannot reach amazon to complete the check",
                group_a()
            )
        ),
        "no fake READY without a cloud"
    );
    let mut probe = MockCloudAccountProbe::new();
    let ready = CheckResult { status: CheckStatus::Ready, reason: String::new(), message: "trusted".to_owned() };
    let answer = ready.clone();
    probe
        .expect_probe()
        .withf(|a, provider| a.uid == group_a() && *provider == AccountProviderType::Amazon)
        .times(1)
        .returning(move |_, _| Ok(answer.clone()));
    let svc = env.services.account_associations.clone().with_probe(Arc::new(probe));
    assert_eq!(run(svc.check(&viewer, group_a().as_str(), Some(AccountProviderType::Amazon))), Ok(ready));
    assert_eq!(
        run(svc.check(&bound("viewer", &group_b()), group_a().as_str(), Some(AccountProviderType::Amazon)))
            .unwrap_err(),
        Error::NotFound(format!("account association {} does not exist", group_a()))
    );
}
