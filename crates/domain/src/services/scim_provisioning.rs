//! SCIM 2.0 provisioning (RFC 7644) of an identity provider's users and groups: the
//! operations behind `/scim/v2/{provider uid}`, and `ListScimUsers`.
//!
//! A SCIM client authenticates with the provider's SCIM token ([`ScimProvisioningService::authenticate`]):
//! the live token, or the replaced one during a rotation overlap, while SCIM is enabled and
//! the token has not expired. Every other credential gets the same 401. A client acts only on
//! its own provider's users and groups: their uids are the provider's uid and the SCIM id.
//!
//! Writes without `If-Match` are read-modify-write with the version read, retried a few
//! times when a concurrent write changed it; with `If-Match` a different version is 412.
//! Every change emits its event in the store transaction; every change of group
//! memberships goes through [`ScimProvisioningService::after_membership_change`].

use std::collections::BTreeSet;

use serde_json::Value;

use crate::authz::Principal;
use crate::capability::Capability;
use crate::error::{Error, Result};
use crate::events::EventType;
use crate::listing::{ListFilter, Ordering, Page, PageRequest, SortField, Visibility};
use crate::model::{
    if_match_allows, parse_group, parse_user, patch, scim_uid, FilterTarget, ScimError, ScimFilter, ScimGroup,
    ScimPage, ScimQuery, ScimUser, ScimUserFields, ScimUserFilter, DEFAULT_COUNT, GROUP_SCHEMA, MAX_COUNT, USER_SCHEMA,
    VERSION_MISMATCH,
};
use crate::uidp::Uidp;

use super::group_mappings::apply_scim_groups;
use super::scim::sha256_hex;
use super::{authorize, not_found, Deps};

/// How often a write without `If-Match` is tried when concurrent writes keep changing the
/// resource.
const ATTEMPTS: usize = 3;
/// The orders `ListScimUsers` accepts.
const SORTABLE: &[SortField] = &[SortField::Uid, SortField::CreateTime];

/// A SCIM client that presented its identity provider's token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScimClient {
    provider: Uidp,
    origin: crate::audit::Origin,
}

impl ScimClient {
    /// The identity provider it acts for.
    #[must_use]
    pub fn provider(&self) -> &Uidp {
        &self.provider
    }

    /// The same client, acting in request `request_id` (the SCIM routes call this).
    #[must_use]
    pub fn in_request(self, request_id: &str) -> Self {
        let origin = crate::audit::Origin::new(
            crate::audit::Actor::scim(self.provider.clone()),
            request_id,
            crate::audit::Transport::Scim,
        );
        Self { origin, ..self }
    }

    /// Where its changes come from: its identity provider, through SCIM.
    #[must_use]
    pub fn origin(&self) -> &crate::audit::Origin {
        &self.origin
    }
}

/// SCIM provisioning.
#[derive(Debug, Clone)]
pub struct ScimProvisioningService {
    deps: Deps,
    /// Cleared when a person's access changes (deactivated, reactivated, deleted), so that
    /// this node sees it at once; other nodes within the cache's TTL.
    grants: std::sync::Arc<crate::grants_cache::GrantsCache>,
}

/// Equality of two hex digests in time that does not depend on where they differ.
fn digests_equal(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn user_not_found(id: &str) -> ScimError {
    ScimError::not_found(format!("User {id} not found"))
}

fn group_not_found(id: &str) -> ScimError {
    ScimError::not_found(format!("Group {id} not found"))
}

fn precondition(version: i64) -> ScimError {
    ScimError::version_mismatch(format!("the resource is at version W/\"{version}\", not the one If-Match names"))
}

fn check_if_match(if_match: Option<&str>, version: i64) -> std::result::Result<(), ScimError> {
    match if_match {
        Some(tags) if !if_match_allows(tags, version) => Err(precondition(version)),
        _ => Ok(()),
    }
}

/// A concurrent write changed the resource between read and write.
fn raced(e: &Error) -> bool {
    matches!(e, Error::FailedPrecondition(p) if p.kind == VERSION_MISMATCH)
}

fn object(body: &Value) -> std::result::Result<&serde_json::Map<String, Value>, ScimError> {
    body.as_object().ok_or_else(|| ScimError::invalid_syntax("the body must be a JSON object"))
}

/// The query of a list request: its parsed `filter` and the window of `startIndex`/`count`.
fn scim_query(
    filter: Option<&str>,
    target: FilterTarget,
    start_index: Option<i64>,
    count: Option<i64>,
) -> std::result::Result<ScimQuery, ScimError> {
    let filter = filter.map(|f| ScimFilter::parse_for(f, target)).transpose()?;
    let (offset, count) = window(start_index, count);
    Ok(ScimQuery { filter, offset, count })
}

/// `startIndex` (1-based, below 1 read as 1) and `count` (negative read as 0, capped at
/// [`MAX_COUNT`]) as the store's offset and limit.
fn window(start_index: Option<i64>, count: Option<i64>) -> (u64, u64) {
    let offset = u64::try_from(start_index.unwrap_or(1).max(1) - 1).unwrap_or(0);
    let count = count.map_or(DEFAULT_COUNT, |c| u64::try_from(c.max(0)).unwrap_or(0)).min(MAX_COUNT);
    (offset, count)
}

impl ScimProvisioningService {
    pub(crate) fn new(deps: Deps, grants: std::sync::Arc<crate::grants_cache::GrantsCache>) -> Self {
        Self { deps, grants }
    }

    /// The SCIM client whose `authorization` header (`Bearer <token>`) opens identity
    /// provider `provider`'s endpoint.
    ///
    /// # Errors
    /// 401 ([`ScimError::unauthorized`]) alike for a malformed or unknown provider, a
    /// missing or wrong token, another provider's token, SCIM switched off, and an expired
    /// or revoked token; 503 when the store cannot answer.
    pub async fn authenticate(
        &self,
        provider: &str,
        authorization: Option<&str>,
    ) -> std::result::Result<ScimClient, ScimError> {
        let token = authorization
            .and_then(|h| h.get(..7).filter(|p| p.eq_ignore_ascii_case("bearer ")).map(|_| h[7..].trim()))
            .filter(|t| !t.is_empty())
            .ok_or_else(ScimError::unauthorized)?;
        let provider = Uidp::parse(provider).map_err(|_| ScimError::unauthorized())?;
        let digest = sha256_hex(token);
        let credential = self.deps.store.get_scim_credential(&provider).await?.ok_or_else(ScimError::unauthorized)?;
        let now = self.deps.clock.now();
        let live = credential
            .token_sha256
            .as_deref()
            .filter(|_| credential.expire_time.is_none_or(|t| t > now))
            .is_some_and(|d| digests_equal(d, &digest));
        let overlap = credential
            .live_previous_expire_time(now)
            .and(credential.previous_token_sha256.as_deref())
            .is_some_and(|d| digests_equal(d, &digest));
        // Both comparisons run whichever token was presented.
        if credential.enabled & (live | overlap) {
            let origin = crate::audit::Origin::new(
                crate::audit::Actor::scim(provider.clone()),
                "",
                crate::audit::Transport::Scim,
            );
            Ok(ScimClient { provider, origin })
        } else {
            Err(ScimError::unauthorized())
        }
    }

    fn user_uid(client: &ScimClient, id: &str) -> std::result::Result<Uidp, ScimError> {
        scim_uid(&client.provider, id).ok_or_else(|| user_not_found(id))
    }

    fn group_uid(client: &ScimClient, id: &str) -> std::result::Result<Uidp, ScimError> {
        scim_uid(&client.provider, id).ok_or_else(|| group_not_found(id))
    }

    fn user_from(&self, base: ScimUser, fields: ScimUserFields) -> ScimUser {
        let provider = base.provider();
        let identity = fields.external_id.as_deref().map(|x| Uidp::provider_person(&provider, x));
        // A new external id is another person: the link to the old one's login goes.
        let linked_identity = base.linked_identity.filter(|l| Some(l) == identity.as_ref());
        ScimUser {
            user_name: fields.user_name,
            external_id: fields.external_id,
            display_name: fields.display_name,
            active: fields.active,
            emails: fields.emails,
            resource: fields.resource,
            identity,
            linked_identity,
            ..base
        }
    }

    /// Creates a user (`POST /Users`).
    ///
    /// # Errors
    /// `invalidSyntax`/`invalidValue` for a bad resource; 409 `uniqueness` when the
    /// provider has a user of that `userName` (any case) or `externalId`.
    pub async fn create_user(&self, client: &ScimClient, body: &Value) -> std::result::Result<ScimUser, ScimError> {
        let fields = parse_user(object(body)?)?;
        let now = self.deps.clock.now();
        let base = ScimUser {
            uid: self.deps.ids.new_child(&client.provider),
            user_name: String::new(),
            external_id: None,
            display_name: None,
            active: true,
            emails: Vec::new(),
            resource: serde_json::Map::new(),
            identity: None,
            linked_identity: None,
            version: 1,
            create_time: now,
            update_time: now,
        };
        let user = self.user_from(base, fields);
        let event = self.deps.event(client.origin(), EventType::ScimUserCreated, &user.uid, now);
        self.deps.store.create_scim_user(&user, &event).await?;
        Ok(user)
    }

    /// Fetches a user (`GET /Users/{id}`).
    ///
    /// # Errors
    /// 404 for an id that is not one of this provider's users.
    pub async fn get_user(&self, client: &ScimClient, id: &str) -> std::result::Result<ScimUser, ScimError> {
        let uid = Self::user_uid(client, id)?;
        self.deps.store.get_scim_user(&uid).await?.ok_or_else(|| user_not_found(id))
    }

    /// Lists users (`GET /Users`): `filter`, `startIndex`, `count`.
    ///
    /// # Errors
    /// `invalidFilter`.
    pub async fn list_users(
        &self,
        client: &ScimClient,
        filter: Option<&str>,
        start_index: Option<i64>,
        count: Option<i64>,
    ) -> std::result::Result<ScimPage<ScimUser>, ScimError> {
        let query = scim_query(filter, FilterTarget::Users, start_index, count)?;
        Ok(self.deps.store.list_scim_users(&client.provider, &query).await?)
    }

    /// Writes `next` over `current` with the right event.
    async fn write_user(&self, client: &ScimClient, current: &ScimUser, next: &ScimUser) -> Result<()> {
        let event_type =
            if current.active && !next.active { EventType::ScimUserDeactivated } else { EventType::ScimUserUpdated };
        let event = self.deps.event(client.origin(), event_type, &next.uid, next.update_time);
        self.deps.store.update_scim_user(next, current.version, &event).await
    }

    /// Reads user `id`, makes the new fields with `change`, writes them; retried when a
    /// concurrent write intervened and no `If-Match` pinned the version.
    async fn change_user(
        &self,
        client: &ScimClient,
        id: &str,
        if_match: Option<&str>,
        change: impl Fn(&ScimUser) -> std::result::Result<ScimUserFields, ScimError>,
    ) -> std::result::Result<ScimUser, ScimError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let current = self.get_user(client, id).await?;
            check_if_match(if_match, current.version)?;
            let fields = change(&current)?;
            let now = self.deps.clock.now();
            let next =
                ScimUser { version: current.version + 1, update_time: now, ..self.user_from(current.clone(), fields) };
            match self.write_user(client, &current, &next).await {
                Ok(()) => {
                    if current.active != next.active || current.identity != next.identity {
                        self.grants.clear();
                    }
                    return Ok(next);
                }
                Err(e) if raced(&e) && if_match.is_none() && attempt < ATTEMPTS => {}
                Err(e) if raced(&e) => return Err(precondition(current.version)),
                Err(Error::NotFound(_)) => return Err(user_not_found(id)),
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Replaces a user (`PUT /Users/{id}`).
    ///
    /// # Errors
    /// As [`Self::create_user`]; 404; 412 when `if_match` names another version.
    pub async fn replace_user(
        &self,
        client: &ScimClient,
        id: &str,
        body: &Value,
        if_match: Option<&str>,
    ) -> std::result::Result<ScimUser, ScimError> {
        let resource = object(body)?;
        self.change_user(client, id, if_match, |_| parse_user(resource)).await
    }

    /// Patches a user (`PATCH /Users/{id}`, RFC 7644 §3.5.2); `active: false` deactivates
    /// it: its logins are refused, its refresh tokens revoked and its API tokens stop
    /// authorizing.
    ///
    /// # Errors
    /// `invalidSyntax`, `invalidPath`, `noTarget`, `mutability`, `invalidValue`; 404; 412.
    pub async fn patch_user(
        &self,
        client: &ScimClient,
        id: &str,
        body: &Value,
        if_match: Option<&str>,
    ) -> std::result::Result<ScimUser, ScimError> {
        let ops = patch::parse_patch(body)?;
        self.change_user(client, id, if_match, |current| {
            let mut resource = current.resource.clone();
            patch::apply(&mut resource, &ops, USER_SCHEMA)?;
            parse_user(&resource)
        })
        .await
    }

    /// Deletes a user (`DELETE /Users/{id}`) with its memberships, and the person it is
    /// (that identity's role bindings and refresh tokens go with it).
    ///
    /// # Errors
    /// 404; 412.
    pub async fn delete_user(
        &self,
        client: &ScimClient,
        id: &str,
        if_match: Option<&str>,
    ) -> std::result::Result<(), ScimError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let current = self.get_user(client, id).await?;
            check_if_match(if_match, current.version)?;
            let now = self.deps.clock.now();
            let event = self.deps.event(client.origin(), EventType::ScimUserDeleted, &current.uid, now);
            let person = current.identity.clone().unwrap_or_else(|| current.uid.clone());
            let identity_event = self.deps.event(client.origin(), EventType::IdentityDeleted, &person, now);
            match self.deps.store.delete_scim_user(&current, current.version, &event, &identity_event).await {
                Ok(()) => {
                    self.grants.clear();
                    self.after_membership_change(client, std::slice::from_ref(&current.uid)).await?;
                    return Ok(());
                }
                Err(e) if raced(&e) && if_match.is_none() && attempt < ATTEMPTS => {}
                Err(e) if raced(&e) => return Err(precondition(current.version)),
                Err(Error::NotFound(_)) => return Err(user_not_found(id)),
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// The uids of `ids`, each a user of `client`'s provider.
    fn member_uids(client: &ScimClient, ids: &[String]) -> std::result::Result<Vec<Uidp>, ScimError> {
        ids.iter()
            .map(|id| {
                scim_uid(&client.provider, id)
                    .ok_or_else(|| ScimError::invalid_value(format!("member {id:?} is not a user of this provider")))
            })
            .collect()
    }

    /// A store error of a group write: a missing member is the client's mistake.
    fn group_write_error(e: Error, id: &str) -> ScimError {
        match e {
            Error::NotFound(m) if m.starts_with("member") => ScimError::invalid_value(m),
            Error::NotFound(_) => group_not_found(id),
            other => other.into(),
        }
    }

    /// Creates a group (`POST /Groups`) with its members.
    ///
    /// # Errors
    /// `invalidValue` for a bad resource or a member that is not a user of this provider;
    /// 409 `uniqueness` for a `displayName` the provider has (any case).
    pub async fn create_group(&self, client: &ScimClient, body: &Value) -> std::result::Result<ScimGroup, ScimError> {
        let fields = parse_group(object(body)?)?;
        let members = Self::member_uids(client, &fields.member_ids)?;
        let now = self.deps.clock.now();
        let group = ScimGroup {
            uid: self.deps.ids.new_child(&client.provider),
            display_name: fields.display_name,
            external_id: fields.external_id,
            members,
            version: 1,
            create_time: now,
            update_time: now,
        };
        let event = self.deps.event(client.origin(), EventType::ScimGroupCreated, &group.uid, now);
        self.deps.store.create_scim_group(&group, &event).await.map_err(|e| Self::group_write_error(e, group.id()))?;
        self.after_membership_change(client, &group.members).await?;
        Ok(group)
    }

    /// Fetches a group (`GET /Groups/{id}`) with its members.
    ///
    /// # Errors
    /// 404.
    pub async fn get_group(&self, client: &ScimClient, id: &str) -> std::result::Result<ScimGroup, ScimError> {
        let uid = Self::group_uid(client, id)?;
        self.deps.store.get_scim_group(&uid).await?.ok_or_else(|| group_not_found(id))
    }

    /// Lists groups (`GET /Groups`).
    ///
    /// # Errors
    /// `invalidFilter`.
    pub async fn list_groups(
        &self,
        client: &ScimClient,
        filter: Option<&str>,
        start_index: Option<i64>,
        count: Option<i64>,
    ) -> std::result::Result<ScimPage<ScimGroup>, ScimError> {
        let query = scim_query(filter, FilterTarget::Groups, start_index, count)?;
        Ok(self.deps.store.list_scim_groups(&client.provider, &query).await?)
    }

    async fn change_group(
        &self,
        client: &ScimClient,
        id: &str,
        if_match: Option<&str>,
        change: impl Fn(&ScimGroup) -> std::result::Result<serde_json::Map<String, Value>, ScimError>,
    ) -> std::result::Result<ScimGroup, ScimError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let current = self.get_group(client, id).await?;
            check_if_match(if_match, current.version)?;
            let fields = parse_group(&change(&current)?)?;
            let mut members = Self::member_uids(client, &fields.member_ids)?;
            members.sort();
            let next = ScimGroup {
                display_name: fields.display_name,
                external_id: fields.external_id,
                members,
                version: current.version + 1,
                update_time: self.deps.clock.now(),
                ..current.clone()
            };
            let event = self.deps.event(client.origin(), EventType::ScimGroupUpdated, &next.uid, next.update_time);
            match self.deps.store.update_scim_group(&next, current.version, &event).await {
                Ok(()) => {
                    let before: BTreeSet<&Uidp> = current.members.iter().collect();
                    let after: BTreeSet<&Uidp> = next.members.iter().collect();
                    // A renamed group changes what every member is in.
                    let affected: Vec<Uidp> = if current.display_name == next.display_name {
                        before.symmetric_difference(&after).map(|u| (*u).clone()).collect()
                    } else {
                        before.union(&after).map(|u| (*u).clone()).collect()
                    };
                    self.after_membership_change(client, &affected).await?;
                    return Ok(next);
                }
                Err(e) if raced(&e) && if_match.is_none() && attempt < ATTEMPTS => {}
                Err(e) if raced(&e) => return Err(precondition(current.version)),
                Err(e) => return Err(Self::group_write_error(e, id)),
            }
        }
    }

    /// Replaces a group (`PUT /Groups/{id}`), members included.
    ///
    /// # Errors
    /// As [`Self::create_group`]; 404; 412.
    pub async fn replace_group(
        &self,
        client: &ScimClient,
        id: &str,
        body: &Value,
        if_match: Option<&str>,
    ) -> std::result::Result<ScimGroup, ScimError> {
        let resource = object(body)?.clone();
        self.change_group(client, id, if_match, |_| Ok(resource.clone())).await
    }

    /// Patches a group (`PATCH /Groups/{id}`): `displayName`, `externalId`, and members
    /// added, removed (by `members[value eq "…"]` or by value) or replaced.
    ///
    /// # Errors
    /// As [`Self::patch_user`].
    pub async fn patch_group(
        &self,
        client: &ScimClient,
        id: &str,
        body: &Value,
        if_match: Option<&str>,
    ) -> std::result::Result<ScimGroup, ScimError> {
        let ops = patch::parse_patch(body)?;
        self.change_group(client, id, if_match, |current| {
            let mut resource = current.patchable();
            patch::apply(&mut resource, &ops, GROUP_SCHEMA)?;
            Ok(resource)
        })
        .await
    }

    /// Deletes a group (`DELETE /Groups/{id}`).
    ///
    /// # Errors
    /// 404; 412.
    pub async fn delete_group(
        &self,
        client: &ScimClient,
        id: &str,
        if_match: Option<&str>,
    ) -> std::result::Result<(), ScimError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let current = self.get_group(client, id).await?;
            check_if_match(if_match, current.version)?;
            let event =
                self.deps.event(client.origin(), EventType::ScimGroupDeleted, &current.uid, self.deps.clock.now());
            match self.deps.store.delete_scim_group(&current.uid, current.version, &event).await {
                Ok(()) => {
                    self.after_membership_change(client, &current.members).await?;
                    return Ok(());
                }
                Err(e) if raced(&e) && if_match.is_none() && attempt < ATTEMPTS => {}
                Err(e) if raced(&e) => return Err(precondition(current.version)),
                Err(Error::NotFound(_)) => return Err(group_not_found(id)),
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Where every change of SCIM group memberships ends (a group created, changed, renamed
    /// or deleted, a user deleted), with the users whose set of groups changed: the
    /// provider's external group role mappings are applied to each linked person's SCIM
    /// groups (the SCIM source of [`super::group_mappings`]). A user who
    /// never logged in has no person yet; their first login applies them.
    async fn after_membership_change(&self, client: &ScimClient, users: &[Uidp]) -> Result<()> {
        let provider = client.provider();
        let store = self.deps.store.as_ref();
        let now = self.deps.clock.now();
        for uid in users {
            let Some(user) = store.get_scim_user(uid).await? else { continue };
            let (Some(person), Some(external_id)) = (&user.linked_identity, &user.external_id) else { continue };
            match apply_scim_groups(store, &self.deps.events, client.origin(), now, provider, person, external_id).await
            {
                Ok(synced) if synced.created.is_empty() && synced.deleted.is_empty() => {}
                Ok(_) => self.grants.clear(),
                // The person was deleted meanwhile, with their bindings.
                Err(Error::NotFound(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// `ListScimUsers`: the users of identity provider `parent`, including ones that never
    /// logged in, filtered by `userName` (exact, any case), `externalId` and `active`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid or bad paging; `NOT_FOUND` for a provider the
    /// caller cannot see (or that does not exist); `PERMISSION_DENIED` without
    /// `identity_providers.scim.manage` on it (the capability that manages the provider's
    /// SCIM connection; the public API has no narrower one).
    pub async fn list_scim_users(
        &self,
        caller: &Principal,
        parent: &str,
        filter: ScimUserFilter,
        page: &PageRequest,
    ) -> Result<Page<ScimUser>> {
        let parent = Uidp::parse_field("parent", parent)?;
        authorize(caller, Capability::IdentityProvidersList, Capability::ScimManage, "identity provider", &parent)?;
        if self.deps.store.get_identity_provider(&parent).await?.is_none() {
            return Err(not_found("identity provider", &parent));
        }
        let filter = ListFilter { identity_provider: Some(parent), scim_users: Some(filter), ..ListFilter::default() };
        // Every row lies below the provider, which the caller may list SCIM users of.
        let visibility = Visibility::everything();
        let plan =
            self.deps.pager.plan_ordered(page, caller.identity(), filter, visibility, SORTABLE, Ordering::default())?;
        let rows = self.deps.store.list_scim_users_page(&plan.query).await?;
        Ok(self.deps.pager.finish(&plan, rows))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_compare_equal_only_when_equal() {
        assert!(digests_equal("ab", "ab"));
        assert!(!digests_equal("ab", "ac"));
        assert!(!digests_equal("ab", "abc"));
    }

    #[test]
    fn the_window_reads_start_index_from_one_and_caps_count() {
        assert_eq!(window(None, None), (0, DEFAULT_COUNT));
        assert_eq!(window(Some(0), Some(-3)), (0, 0));
        assert_eq!(window(Some(11), Some(5)), (10, 5));
        assert_eq!(window(Some(1), Some(1_000_000)), (0, MAX_COUNT));
    }
}
