//! External group role mappings applied to people: at every login through an identity
//! provider the groups claim it names decides the bindings its mappings make (a mapped group
//! present adds the mapped role at the mapped scope, a mapped group absent removes a binding
//! that the mapping made earlier), and SCIM group membership feeds the same mappings as a
//! second source. Bindings made by hand are never touched; Grove remembers which bindings a
//! mapping made in its own records ([`MappedBinding`]), not on the public `RoleBinding`.
//!
//! Deleting a mapping removes the bindings it made (unless another mapping or source still
//! holds them), so that an administrator who withdraws a mapping withdraws its access at once
//! rather than at each person's next login.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::Value;

use crate::audit::Origin;
use crate::error::{Error, Result};
use crate::events::{EventRenderer, EventType, NewEvent};
use crate::model::{GroupSource, MappedBinding, RoleBinding};
use crate::ports::{MappedGrant, MappedRevoke, MappingSync, MappingSynced, Store, VerifiedClaims};
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// The claim read when a provider names none.
pub const DEFAULT_GROUPS_CLAIM: &str = "groups";
/// The most external groups one login may carry; a token naming more is refused rather than
/// cut (cutting could silently remove bindings the person is still entitled to).
pub const MAX_EXTERNAL_GROUPS: usize = 1000;

/// The external groups that claim `claim` of verified ID token claims names (the provider's
/// `groupsClaim`, [`DEFAULT_GROUPS_CLAIM`] when empty): an array of strings, or one string.
/// A claim name is looked up as given first, then as a dotted path into nested objects
/// (`realm_access.groups`). A missing claim is no groups. Entries that are not strings or are
/// empty are ignored; duplicates count once.
///
/// # Errors
/// The refusal's reason when the claim names more than [`MAX_EXTERNAL_GROUPS`] groups or is
/// neither a string nor an array.
pub fn groups_from_claims(raw: &VerifiedClaims, claim: &str) -> std::result::Result<Vec<String>, String> {
    let claim = if claim.is_empty() { DEFAULT_GROUPS_CLAIM } else { claim };
    let value = raw.get(claim).or_else(|| {
        let mut parts = claim.split('.');
        let first = raw.get(parts.next()?)?;
        parts.try_fold(first, |v, key| v.get(key))
    });
    let mut groups = BTreeSet::new();
    match value {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) if !s.is_empty() => {
            groups.insert(s.clone());
        }
        Some(Value::String(_)) => {}
        Some(Value::Array(items)) => {
            for item in items {
                if let Some(s) = item.as_str().filter(|s| !s.is_empty()) {
                    groups.insert(s.to_owned());
                    if groups.len() > MAX_EXTERNAL_GROUPS {
                        return Err(format!(
                            "the ID token's {claim:?} claim names more than {MAX_EXTERNAL_GROUPS} groups"
                        ));
                    }
                }
            }
        }
        Some(_) => return Err(format!("the ID token's {claim:?} claim is neither a string nor a list of strings")),
    }
    Ok(groups.into_iter().collect())
}

/// Whose mapped bindings [`apply_group_mappings`] makes: a person of an identity provider.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MappedPerson<'a> {
    /// The identity provider whose mappings apply.
    pub provider: &'a Uidp,
    /// The person's identity.
    pub identity: &'a Uidp,
}

/// Makes the bindings that `provider`'s mappings give `identity` from `source` match
/// `groups`: creates those asked for and not yet recorded, removes those recorded and no
/// longer asked for (including those of deleted mappings), in one store transaction, with an
/// event for each binding created or deleted.
///
/// # Errors
/// `NOT_FOUND` when the person is gone; store failures.
pub(crate) async fn apply_group_mappings(
    store: &dyn Store,
    events: &Arc<dyn EventRenderer>,
    origin: &Origin,
    now: Timestamp,
    person: MappedPerson<'_>,
    source: GroupSource,
    groups: &[String],
) -> Result<MappingSynced> {
    let MappedPerson { provider, identity } = person;
    let wanted = if groups.is_empty() { Vec::new() } else { store.mappings_for_groups(provider, groups).await? };
    let recorded: Vec<MappedBinding> =
        store.mapped_bindings(identity, provider).await?.into_iter().filter(|r| r.source == source).collect();
    let grants: Vec<MappedGrant> = wanted
        .iter()
        .filter(|m| !recorded.iter().any(|r| r.mapping_uid == m.uid))
        .map(|m| {
            let binding = RoleBinding {
                uid: m.scope.random_child(),
                identity_uid: identity.clone(),
                role_uid: m.role_uid.clone(),
                create_time: now,
            };
            let event = NewEvent::new(EventType::RoleBindingCreated, &binding.uid, now, events.clone()).by(origin);
            MappedGrant { mapping_uid: m.uid.clone(), binding, event }
        })
        .collect();
    let revokes: Vec<MappedRevoke> = recorded
        .into_iter()
        .filter(|r| !wanted.iter().any(|m| m.uid == r.mapping_uid))
        .map(|record| revoke(record, now, events, origin))
        .collect();
    if grants.is_empty() && revokes.is_empty() {
        return Ok(MappingSynced::default());
    }
    let sync = MappingSync { identity: identity.clone(), source, grants, revokes };
    store.sync_mapped_bindings(&sync).await
}

/// Applies `provider`'s mappings to the SCIM groups of the provisioned user `external_id`,
/// who is the person `identity` (the [`GroupSource::Scim`] source).
///
/// # Errors
/// As [`apply_group_mappings`].
pub(crate) async fn apply_scim_groups(
    store: &dyn Store,
    events: &Arc<dyn EventRenderer>,
    origin: &Origin,
    now: Timestamp,
    provider: &Uidp,
    identity: &Uidp,
    external_id: &str,
) -> Result<MappingSynced> {
    let groups = store.scim_group_names_of(provider, external_id).await?;
    let person = MappedPerson { provider, identity };
    apply_group_mappings(store, events, origin, now, person, GroupSource::Scim, &groups).await
}

/// Removes the bindings mapping `mapping` made (or every mapping of the identity provider
/// `mapping` names) once no other record holds them, for every person, with their events.
/// Called after the mapping or provider itself is deleted.
///
/// # Errors
/// Store failures.
pub(crate) async fn revoke_mapping_bindings(
    store: &dyn Store,
    events: &Arc<dyn EventRenderer>,
    origin: &Origin,
    now: Timestamp,
    mapping: &Uidp,
) -> Result<MappingSynced> {
    let mut records = store.mapped_bindings_under(mapping).await?;
    records.sort_by(|a, b| (&a.identity_uid, a.source).cmp(&(&b.identity_uid, b.source)));
    let mut done = MappingSynced::default();
    let mut rest = records.as_slice();
    while let Some(first) = rest.first() {
        let split = rest.iter().position(|r| r.identity_uid != first.identity_uid || r.source != first.source);
        let (batch, tail) = rest.split_at(split.unwrap_or(rest.len()));
        let sync = MappingSync {
            identity: first.identity_uid.clone(),
            source: first.source,
            grants: Vec::new(),
            revokes: batch.iter().cloned().map(|record| revoke(record, now, events, origin)).collect(),
        };
        match store.sync_mapped_bindings(&sync).await {
            Ok(synced) => {
                done.created.extend(synced.created);
                done.deleted.extend(synced.deleted);
            }
            // The person went in the meantime, and their bindings with them.
            Err(Error::NotFound(_)) => {}
            Err(e) => return Err(e),
        }
        rest = tail;
    }
    Ok(done)
}

fn revoke(record: MappedBinding, now: Timestamp, events: &Arc<dyn EventRenderer>, origin: &Origin) -> MappedRevoke {
    let event = NewEvent::new(EventType::RoleBindingDeleted, &record.binding_uid, now, events.clone()).by(origin);
    MappedRevoke { record, event }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn claims(v: Value) -> VerifiedClaims {
        match v {
            Value::Object(m) => m,
            _ => unreachable!(),
        }
    }

    #[test]
    fn the_groups_claim_is_a_list_or_one_string_and_defaults_to_groups() {
        let raw = claims(json!({"groups": ["eng", "ops", "eng", "", 7], "roles": "admin"}));
        assert_eq!(groups_from_claims(&raw, ""), Ok(vec!["eng".to_owned(), "ops".to_owned()]));
        assert_eq!(groups_from_claims(&raw, "roles"), Ok(vec!["admin".to_owned()]));
        assert_eq!(groups_from_claims(&raw, "missing"), Ok(vec![]));
    }

    #[test]
    fn a_dotted_claim_name_reaches_into_nested_objects_after_an_exact_key() {
        let raw = claims(json!({"realm_access": {"groups": ["a"]}, "https://acme.example/groups": ["b"]}));
        assert_eq!(groups_from_claims(&raw, "realm_access.groups"), Ok(vec!["a".to_owned()]));
        assert_eq!(groups_from_claims(&raw, "https://acme.example/groups"), Ok(vec!["b".to_owned()]));
    }

    #[test]
    fn a_groups_claim_too_long_or_of_another_type_is_refused() {
        let many: Vec<String> = (0..=MAX_EXTERNAL_GROUPS).map(|i| format!("g{i}")).collect();
        assert_eq!(
            groups_from_claims(&claims(json!({ "groups": many })), "groups"),
            Err(format!("the ID token's \"groups\" claim names more than {MAX_EXTERNAL_GROUPS} groups"))
        );
        assert_eq!(
            groups_from_claims(&claims(json!({"groups": {"a": 1}})), "groups"),
            Err("the ID token's \"groups\" claim is neither a string nor a list of strings".to_owned())
        );
    }
}
