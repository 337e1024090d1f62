//! Idempotent creation of an organization with an owner identity, for `serve --dev` and
//! `admin bootstrap`. These run as the system, not as a caller. A new organization is
//! written together with its owner identity and binding in one store transaction; reruns
//! find what exists by name and add only what is missing. A new organization emits no event
//! (no subscription can exist in it yet); an identity or binding added to an existing one
//! emits its `created` event like the API would. An owner identity that exists with another
//! relationship (a rerun with another subject) is refused unless the bootstrap replaces it,
//! which emits `updated`.

use crate::builtin::owner_role_uid;
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::listing::{ListFilter, ListQuery, UidpFilter, Visibility};
use crate::model::{Group, Identity, Matcher, Relationship, RoleBinding};
use crate::names::{Company, Description, DisplayName, GroupName};

use super::Deps;

/// What a bootstrap found or created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bootstrapped {
    /// The organization.
    pub group: Group,
    /// The owner identity inside it.
    pub identity: Identity,
    /// The identity's `owner` binding on the organization.
    pub role_binding: RoleBinding,
}

/// Organization bootstrap.
#[derive(Debug, Clone)]
pub struct BootstrapService {
    deps: Deps,
    /// Whether an existing owner identity with another relationship takes the new one.
    replace_relationship: bool,
}

impl BootstrapService {
    /// Bootstrap over `deps`, acting as the system.
    #[must_use]
    pub fn new(deps: Deps) -> Self {
        Self { deps, replace_relationship: false }
    }

    /// The same bootstrap, giving an existing owner identity the requested relationship
    /// instead of refusing when it has another.
    #[must_use]
    pub fn replacing_relationship(mut self) -> Self {
        self.replace_relationship = true;
        self
    }

    /// Ensures an organization `org` exists holding identity `identity_name` with
    /// `relationship`, bound as `owner`; reuses whatever already exists by name.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for bad names; `FAILED_PRECONDITION` when the identity exists with
    /// another relationship and this bootstrap does not replace it; store failures.
    pub async fn ensure_owned_organization(
        &self,
        org: &str,
        identity_name: &str,
        description: &str,
        relationship: Relationship,
    ) -> Result<Bootstrapped> {
        let org_name = GroupName::parse("org", org)?;
        let identity_name = DisplayName::parse("identity", identity_name)?;
        let description = Description::parse("description", description)?;
        let store = &self.deps.store;
        let now = self.deps.clock.now();
        let by_name = |name: &str, uidp: UidpFilter| {
            ListQuery::all(
                ListFilter { uidp, name: Some(name.to_owned()), ..ListFilter::default() },
                Visibility::everything(),
                1,
            )
        };
        let existing = store
            .list_groups(&by_name(org_name.as_str(), UidpFilter { in_root: true, ..UidpFilter::default() }))
            .await?
            .items
            .pop();
        let group = match existing {
            Some(group) => group,
            None => {
                // A new organization is written whole, with its owner, in one transaction.
                let group = Group {
                    uid: self.deps.ids.new_root(),
                    name: org_name,
                    description: description.clone(),
                    verified: false,
                    create_time: now,
                    update_time: now,
                };
                let identity = Identity {
                    uid: self.deps.ids.new_child(&group.uid),
                    name: identity_name,
                    description,
                    relationship,
                    company: Company::default(),
                    email: String::new(),
                    email_voucher: crate::model::EmailVoucher::Workload,
                    email_unverified: String::new(),
                    last_seen_time: None,
                    create_time: now,
                    update_time: now,
                };
                let role_binding = RoleBinding {
                    uid: self.deps.ids.new_child(&group.uid),
                    identity_uid: identity.uid.clone(),
                    role_uid: owner_role_uid(),
                    create_time: now,
                };
                store.create_owned_organization(&group, &identity, &role_binding).await?;
                return Ok(Bootstrapped { group, identity, role_binding });
            }
        };
        let in_org = || UidpFilter { children_of: Some(group.uid.clone()), ..UidpFilter::default() };
        let identity = match store.list_identities(&by_name(identity_name.as_str(), in_org())).await?.items.pop() {
            Some(identity) if identity.relationship == relationship => identity,
            Some(identity) if !self.replace_relationship => {
                return Err(Error::precondition(
                    "OWNER_RELATIONSHIP_DIFFERS",
                    format!(
                        "organization {} already has the owner identity {:?} ({}) for {}, not {}; it was left unchanged",
                        group.uid,
                        identity.name.as_str(),
                        identity.uid,
                        describe(&identity.relationship),
                        describe(&relationship),
                    ),
                ));
            }
            Some(mut identity) => {
                identity.relationship = relationship;
                identity.update_time = now;
                let event =
                    self.deps.event(&crate::audit::Origin::system(), EventType::IdentityUpdated, &identity.uid, now);
                store.update_identity(&identity, &event).await?;
                identity
            }
            None => {
                let identity = Identity {
                    uid: self.deps.ids.new_child(&group.uid),
                    name: identity_name,
                    description,
                    relationship,
                    company: Company::default(),
                    email: String::new(),
                    email_voucher: crate::model::EmailVoucher::Workload,
                    email_unverified: String::new(),
                    last_seen_time: None,
                    create_time: now,
                    update_time: now,
                };
                let event =
                    self.deps.event(&crate::audit::Origin::system(), EventType::IdentityCreated, &identity.uid, now);
                store.create_identity(&identity, &event).await?;
                identity
            }
        };
        let owner = owner_role_uid();
        let existing = store
            .list_role_bindings(&ListQuery::all(
                ListFilter {
                    uidp: in_org(),
                    identity: Some(identity.uid.clone()),
                    role: Some(owner.clone()),
                    ..ListFilter::default()
                },
                Visibility::everything(),
                1,
            ))
            .await?
            .items
            .pop();
        let role_binding = match existing {
            Some(view) => RoleBinding {
                uid: view.uid,
                identity_uid: view.identity.uid,
                role_uid: view.role.uid,
                create_time: view.create_time,
            },
            None => {
                let binding = RoleBinding {
                    uid: self.deps.ids.new_child(&group.uid),
                    identity_uid: identity.uid.clone(),
                    role_uid: owner,
                    create_time: now,
                };
                let event =
                    self.deps.event(&crate::audit::Origin::system(), EventType::RoleBindingCreated, &binding.uid, now);
                match store.create_role_binding(&binding, &event).await {
                    Ok(()) | Err(Error::AlreadyExists(_)) => binding,
                    Err(e) => return Err(e),
                }
            }
        };
        Ok(Bootstrapped { group, identity, role_binding })
    }
}

/// Who a relationship trusts, in words.
fn describe(relationship: &Relationship) -> String {
    let matcher = |m: &Matcher| match m {
        Matcher::Exact(text) => format!("{text:?}"),
        Matcher::Pattern(p) => format!("/{}/", p.as_str()),
    };
    match relationship {
        Relationship::ClaimMatch(cm) => {
            let audience = cm.audience.as_ref().map(|a| format!(", audience {}", matcher(a))).unwrap_or_default();
            format!("issuer {}, subject {}{audience}", matcher(&cm.issuer), matcher(&cm.subject))
        }
        Relationship::StaticKeys(sk) => format!("static keys of issuer {:?}, subject {:?}", sk.issuer, sk.subject),
        Relationship::AwsIdentity(_) => "an AWS identity".to_owned(),
        Relationship::ServicePrincipal(sp) => format!("the service principal {}", sp.name()),
    }
}
