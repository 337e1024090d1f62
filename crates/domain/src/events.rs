//! Events: the CloudEvent each successful mutation emits, as the domain describes it.
//!
//! A service builds a [`NewEvent`] (id, type, time, `group` extension, subject) for the one
//! change it asks a store to make and hands both to the store port; the store writes the
//! change and the event's [`EventRecord`] in one transaction (the transactional outbox), so
//! a rolled-back change leaves no event and a committed change always has one. The event's
//! `data` is the RPC's response message in protojson; turning a domain value into that text
//! is the [`EventRenderer`] port's job (implemented by `grove-proto`), so this crate stays
//! free of wire formats. The store renders the value it actually wrote (an upserted tag
//! keeps its old uid, a binding is hydrated), which is why the renderer travels with the
//! event. See `docs/events.md`.

use std::fmt;
use std::net::IpAddr;
use std::sync::Arc;

use crate::address::AddressRange;
use crate::audit::{AuditEntry, Origin};
use crate::error::{Error, Result};
use crate::model::{
    AccountAssociation, Advisory, AdvisoryEvent, ExternalGroupRoleMapping, Group, GroupAccessRequest, GroupInviteView,
    Identity, IdentityMetadataView, IdentityProvider, MappingsDeleted, Registration, Repo, Role, RoleBindingView, Tag,
    TermsAccepted,
};
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// A unique event id (a random UUID, version 4, in its hyphenated text form).
///
/// Assigned once when the change is written; every delivery attempt reuses it, so receivers
/// deduplicate by it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EventId(String);

impl EventId {
    /// A fresh random id.
    #[must_use]
    pub fn random() -> Self {
        let mut b: [u8; 16] = rand::random();
        b[6] = (b[6] & 0x0f) | 0x40;
        b[8] = (b[8] & 0x3f) | 0x80;
        let h = hex::encode(b);
        Self(format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32]))
    }

    /// An id read back from a store (any non-empty printable text of at most 64 bytes).
    ///
    /// # Errors
    /// `INTERNAL` for text no store should hold.
    pub fn from_stored(s: &str) -> Result<Self> {
        if s.is_empty() || s.len() > 64 || !s.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(Error::internal(format!("stored event id {s:?} is malformed")));
        }
        Ok(Self(s.to_owned()))
    }

    /// The id text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for EventId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

macro_rules! event_types {
    ($($variant:ident = $text:literal, $kind:ident;)*) => {
        /// The CloudEvent `type` of each mutating RPC, exactly as its
        /// `chainguard.annotations.events` option gives it (a `grove-proto` test compares).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum EventType {
            $(
                #[doc = concat!("`", $text, "`")]
                $variant,
            )*
        }

        impl EventType {
            /// Every event type Grove emits.
            pub const ALL: &'static [EventType] = &[$(EventType::$variant),*];

            /// The CloudEvent `type` text.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $text),* }
            }

            /// What kind of resource the event's subject is.
            #[must_use]
            pub const fn subject_kind(self) -> SubjectKind {
                match self { $(Self::$variant => SubjectKind::$kind),* }
            }
        }
    };
}

event_types! {
    GroupCreated = "dev.chainguard.api.iam.group.created.v1", Group;
    GroupUpdated = "dev.chainguard.api.iam.group.updated.v1", Group;
    GroupDeleted = "dev.chainguard.api.iam.group.deleted.v1", Group;
    IdentityCreated = "dev.chainguard.api.iam.identity.created.v1", InGroup;
    IdentityUpdated = "dev.chainguard.api.iam.identity.updated.v1", InGroup;
    IdentityDeleted = "dev.chainguard.api.iam.identity.deleted.v1", InGroup;
    RoleCreated = "dev.chainguard.api.iam.roles.created.v1", InGroup;
    RoleUpdated = "dev.chainguard.api.iam.roles.updated.v1", InGroup;
    RoleDeleted = "dev.chainguard.api.iam.roles.deleted.v1", InGroup;
    RoleBindingCreated = "dev.chainguard.api.iam.rolebindings.created.v1", InGroup;
    RoleBindingUpdated = "dev.chainguard.api.iam.rolebindings.updated.v1", InGroup;
    RoleBindingDeleted = "dev.chainguard.api.iam.rolebindings.deleted.v1", InGroup;
    RepoCreated = "dev.chainguard.api.platform.registry.repo.created.v1", InGroup;
    RepoUpdated = "dev.chainguard.api.platform.registry.repo.updated.v1", InGroup;
    RepoDeleted = "dev.chainguard.api.platform.registry.repo.deleted.v1", InGroup;
    TagCreated = "dev.chainguard.api.platform.registry.tag.created.v1", InRepo;
    TagUpdated = "dev.chainguard.api.platform.registry.tag.updated.v1", InRepo;
    TagDeleted = "dev.chainguard.api.platform.registry.tag.deleted.v1", InRepo;
    SubscriptionCreated = "dev.chainguard.api.events.subscription.created.v1", InGroup;
    SubscriptionDeleted = "dev.chainguard.api.events.subscription.deleted.v1", InGroup;
    TermsAccepted = "dev.chainguard.api.iam.terms.accepted.v1", Scope;
    GroupAccessRequested = "dev.chainguard.api.iam.group.access_requested.v1", InGroup;
    IdentityMetadataUpdated = "dev.chainguard.api.iam.identity.metadata.updated.v1", InGroup;
    IdentityProviderCreated = "dev.chainguard.api.iam.identity_providers.created.v1", InGroup;
    IdentityProviderUpdated = "dev.chainguard.api.iam.identity_providers.updated.v1", InGroup;
    IdentityProviderDeleted = "dev.chainguard.api.iam.identity_providers.deleted.v1", InGroup;
    ExternalGroupRoleMappingCreated = "dev.chainguard.api.iam.external_group_role_mappings.created.v1", InRepo;
    ExternalGroupRoleMappingDeleted = "dev.chainguard.api.iam.external_group_role_mappings.deleted.v1", InRepo;
    ExternalGroupRoleMappingsBatchDeleted =
        "dev.chainguard.api.iam.external_group_role_mappings.deleted.batch.v1", InGroup;
    GroupInviteCreated = "dev.chainguard.api.iam.group_invite.created.v1", InGroup;
    GroupInviteDeleted = "dev.chainguard.api.iam.group_invite.deleted.v1", InGroup;
    Registered = "dev.chainguard.api.auth.registered.v1", InGroup;
    ScimTokenGenerated = "dev.chainguard.api.iam.identity_providers.scim_token.generated.v1", InGroup;
    ScimTokenRegenerated = "dev.chainguard.api.iam.identity_providers.scim_token.regenerated.v1", InGroup;
    ScimTokenRevoked = "dev.chainguard.api.iam.identity_providers.scim_token.revoked.v1", InGroup;
    ScimEnabledUpdated = "dev.chainguard.api.iam.identity_providers.scim_enabled.updated.v1", InGroup;
    ScimUserCreated = "dev.chainguard.api.iam.scim.user.created.v1", InRepo;
    ScimUserUpdated = "dev.chainguard.api.iam.scim.user.updated.v1", InRepo;
    ScimUserDeactivated = "dev.chainguard.api.iam.scim.user.deactivated.v1", InRepo;
    ScimUserDeleted = "dev.chainguard.api.iam.scim.user.deleted.v1", InRepo;
    ScimGroupCreated = "dev.chainguard.api.iam.scim.group.created.v1", InRepo;
    ScimGroupUpdated = "dev.chainguard.api.iam.scim.group.updated.v1", InRepo;
    ScimGroupDeleted = "dev.chainguard.api.iam.scim.group.deleted.v1", InRepo;
    AccountAssociationCreated = "dev.chainguard.api.iam.account_associations.created.v1", Scope;
    AccountAssociationUpdated = "dev.chainguard.api.iam.account_associations.updated.v1", Scope;
    AccountAssociationDeleted = "dev.chainguard.api.iam.account_associations.deleted.v1", Scope;
    AdvisoryCreated = "dev.chainguard.api.vulnerabilities.advisory.created.v1", InGroup;
    AdvisoryUpdated = "dev.chainguard.api.vulnerabilities.advisory.updated.v1", InGroup;
    AdvisoryDeleted = "dev.chainguard.api.vulnerabilities.advisory.deleted.v1", InGroup;
    AdvisoryEventCreated = "dev.chainguard.api.vulnerabilities.advisory_event.created.v1", InRepo;
    AdvisoryEventUpdated = "dev.chainguard.api.vulnerabilities.advisory_event.updated.v1", InRepo;
    DeadLetterReplayed = "dev.grove.events.dead_letter.replayed.v1", InRepo;
    DeadLetterReplayFailed = "dev.grove.events.dead_letter.replay_failed.v1", InRepo;
    DeadLetterDeleted = "dev.grove.events.dead_letter.deleted.v1", InRepo;
}

impl EventType {
    /// The type named by `s`, if Grove emits it.
    #[must_use]
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|t| t.as_str() == s)
    }
}

impl fmt::Display for EventType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where an event's subject sits, which decides its `group` extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SubjectKind {
    /// A group: `group` is its parent, or itself for an organization.
    Group,
    /// A resource directly in a group: `group` is its parent.
    InGroup,
    /// A resource of a resource in a group (a tag of its repo, a mapping of its identity
    /// provider, an event of its advisory): `group` is the group of that parent.
    InRepo,
    /// The group a change applies to as a whole (terms it accepted): `group` is the subject.
    Scope,
}

impl SubjectKind {
    /// The `group` extension of an event about `subject`.
    #[must_use]
    pub fn group_of(self, subject: &Uidp) -> Uidp {
        let parent = |u: &Uidp| u.parent().unwrap_or_else(|| u.clone());
        match self {
            Self::Group | Self::InGroup => parent(subject),
            Self::InRepo => parent(&parent(subject)),
            Self::Scope => subject.clone(),
        }
    }
}

/// The value an event's `data` is rendered from: the RPC's response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventData<'a> {
    /// A group (Create/UpdateGroup).
    Group(&'a Group),
    /// An identity.
    Identity(&'a Identity),
    /// A role.
    Role(&'a Role),
    /// A hydrated role binding.
    RoleBinding(&'a RoleBindingView),
    /// A repo.
    Repo(&'a Repo),
    /// A tag.
    Tag(&'a Tag),
    /// A subscription.
    Subscription(&'a Subscription),
    /// A group's acceptance of terms (`AcceptTermsResponse`: the group and the documents).
    TermsAccepted(&'a TermsAccepted),
    /// A request for access to a verified organization (`GroupAccessRequest`: who asked,
    /// with which email, when; the RPC's own response is empty).
    GroupAccessRequested(&'a GroupAccessRequest),
    /// An identity's metadata (`IdentityMetadata`, the UpdateIdentityMetadata response).
    IdentityMetadata(&'a IdentityMetadataView),
    /// An identity provider (its client secret is never rendered).
    IdentityProvider(&'a IdentityProvider),
    /// An external group role mapping.
    ExternalGroupRoleMapping(&'a ExternalGroupRoleMapping),
    /// The mappings one batch delete removed (`BatchDeleteExternalGroupRoleMappingsResponse`).
    MappingsDeleted(&'a MappingsDeleted),
    /// A group invite, never with its code (CreateGroupInvite's response without `code`).
    GroupInvite(&'a GroupInviteView),
    /// A SCIM lifecycle RPC's response, never with a token.
    Scim(&'a crate::model::ScimOutcome),
    /// A SCIM-provisioned user (as `ListScimUsers` shows it).
    ScimUser(&'a crate::model::ScimUser),
    /// A SCIM-provisioned group.
    ScimGroup(&'a crate::model::ScimGroup),
    /// A redeemed invite (the registration API's `Session`: identity and group).
    Registered(&'a Registration),
    /// A group's account association.
    AccountAssociation(&'a AccountAssociation),
    /// An advisory.
    Advisory(&'a Advisory),
    /// One event of an advisory (Create/UpdateAdvisoryEvent answer the event alone).
    AdvisoryEvent(&'a AdvisoryEvent),
    /// A dead letter as a replay or delete left it (`grove.events.v1alpha1.DeadLetter`): the
    /// audit trail then says which delivery was replayed or dropped.
    DeadLetter(&'a DeadLetter),
    /// `google.protobuf.Empty` (every Delete RPC).
    Empty,
}

impl<'a> EventData<'a> {
    /// The data of an advisory write described by `event`, `advisory` being the advisory as
    /// written: `{}` for a delete, the advisory event that is the subject for the advisory
    /// event types, the advisory otherwise. Both stores render advisory writes by this rule.
    #[must_use]
    pub fn of_advisory_write(advisory: &'a Advisory, event: &NewEvent) -> Self {
        match event.event_type {
            EventType::AdvisoryDeleted => Self::Empty,
            EventType::AdvisoryEventCreated | EventType::AdvisoryEventUpdated => {
                advisory.events.iter().find(|e| e.uid == event.subject).map_or(Self::Empty, Self::AdvisoryEvent)
            }
            _ => Self::Advisory(advisory),
        }
    }
}

/// Renders an event's data as the RPC's response message in protojson.
pub trait EventRenderer: Send + Sync {
    /// The protojson text of `data`.
    ///
    /// # Errors
    /// `INTERNAL` when the value cannot be serialized.
    fn render(&self, data: EventData<'_>) -> Result<String>;
}

/// An event about to be written with the change it describes.
#[derive(Clone)]
pub struct NewEvent {
    /// Its id.
    pub id: EventId,
    /// Its CloudEvent type.
    pub event_type: EventType,
    /// When the change happened.
    pub time: Timestamp,
    /// The `group` extension.
    pub group: Uidp,
    /// The resource it is about (CloudEvent `subject`).
    pub subject: Uidp,
    /// Who made the change, through which request and transport.
    pub origin: Origin,
    renderer: Arc<dyn EventRenderer>,
}

impl NewEvent {
    /// A fresh event of `event_type` about `subject` at `time`, rendered by `renderer`.
    #[must_use]
    pub fn new(event_type: EventType, subject: &Uidp, time: Timestamp, renderer: Arc<dyn EventRenderer>) -> Self {
        Self {
            id: EventId::random(),
            event_type,
            time,
            group: event_type.subject_kind().group_of(subject),
            subject: subject.clone(),
            origin: Origin::system(),
            renderer,
        }
    }

    /// The same event, made by `origin` (a fresh event is Grove's own, [`Origin::system`]).
    #[must_use]
    pub fn by(self, origin: &Origin) -> Self {
        Self { origin: origin.clone(), ..self }
    }

    /// The record a store writes: this event with `data` rendered.
    ///
    /// # Errors
    /// `INTERNAL` when rendering fails (the store then writes nothing).
    pub fn record(&self, data: EventData<'_>) -> Result<EventRecord> {
        Ok(EventRecord {
            id: self.id.clone(),
            event_type: self.event_type,
            time: self.time,
            group: self.group.clone(),
            subject: self.subject.clone(),
            origin: self.origin.clone(),
            data: self.renderer.render(data)?,
        })
    }
}

impl fmt::Debug for NewEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NewEvent")
            .field("id", &self.id)
            .field("event_type", &self.event_type)
            .field("time", &self.time)
            .field("group", &self.group)
            .field("subject", &self.subject)
            .field("origin", &self.origin)
            .finish_non_exhaustive()
    }
}

impl PartialEq for NewEvent {
    fn eq(&self, other: &Self) -> bool {
        (&self.id, self.event_type, self.time, &self.group, &self.subject, &self.origin)
            == (&other.id, other.event_type, other.time, &other.group, &other.subject, &other.origin)
    }
}

/// An event as stored in the outbox and delivered: every CloudEvent attribute Grove sets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRecord {
    /// CloudEvent `id`.
    pub id: EventId,
    /// CloudEvent `type`.
    pub event_type: EventType,
    /// CloudEvent `time`.
    pub time: Timestamp,
    /// The `group` extension.
    pub group: Uidp,
    /// CloudEvent `subject`: the uid of the resource.
    pub subject: Uidp,
    /// Who made the change (the `actor` extension), through which request and transport.
    pub origin: Origin,
    /// CloudEvent `data` (`application/json`): the RPC's response in protojson.
    pub data: String,
}

impl EventRecord {
    /// The uid of the event's audit entry: `<group>/<the last 16 hex digits of the id>`, so
    /// that both stores (and anyone holding the event) name the same entry without keeping
    /// a second random value. The id's last 8 bytes hold 62 random bits.
    ///
    /// # Errors
    /// `INTERNAL` for an id that is not a UUID (only a corrupt store holds one).
    pub fn audit_uid(&self) -> Result<Uidp> {
        let hex: String = self.id.as_str().chars().filter(char::is_ascii_hexdigit).collect();
        if hex.len() != 32 {
            return Err(Error::internal(format!("event id {} is not a UUID", self.id)));
        }
        let segment = hex[16..].to_ascii_lowercase();
        Uidp::parse(&format!("{}/{segment}", self.group))
            .map_err(|_| Error::internal(format!("event id {} gives no audit uid", self.id)))
    }

    /// The audit entry this event leaves.
    ///
    /// # Errors
    /// As [`Self::audit_uid`].
    pub fn audit_entry(&self) -> Result<AuditEntry> {
        Ok(AuditEntry {
            uid: self.audit_uid()?,
            event_id: self.id.clone(),
            time: self.time,
            event_type: self.event_type,
            subject: self.subject.clone(),
            origin: self.origin.clone(),
            data: self.data.clone(),
        })
    }
}

/// A webhook delivery the relay gave up on: the event, where it was going, and why it
/// failed. Listed, replayed and deleted through `grove.events.v1alpha1.DeadLetters` (with
/// `subscriptions.*` on the subscription's group) and by an administrator (`grove admin
/// events`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeadLetter {
    /// Its own id (a random UUID).
    pub id: String,
    /// The uid it is listed and paged by, inside its subscription ([`DeadLetter::uid_of`]).
    pub uid: Uidp,
    /// The event, as it was to be delivered.
    pub event: EventRecord,
    /// The subscription it was for.
    pub subscription: Uidp,
    /// The subscription's sink at the time.
    pub sink: Sink,
    /// Attempts made so far.
    pub attempts: u32,
    /// Why the last attempt failed.
    pub reason: String,
    /// When the relay gave up (last).
    pub failed_at: Timestamp,
}

/// A webhook subscription: events of its group and everything below are posted to `sink`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    /// `<group uid>/<16 hex>`.
    pub uid: Uidp,
    /// Where events are posted.
    pub sink: Sink,
}

impl Subscription {
    /// The group whose events (and whose descendants' events) it receives.
    #[must_use]
    pub fn group_uid(&self) -> Uidp {
        self.uid.parent().unwrap_or_else(|| self.uid.clone())
    }
}

impl DeadLetter {
    /// The uid of dead letter `id` of `subscription`: `<subscription>/<the first 16 hex
    /// digits of the SHA-256 of the id>`, so that a dead letter lies inside its
    /// subscription (and its group) for the hierarchy filters, visibility and seek paging,
    /// and both stores (and a migration) derive the same uid from any id.
    #[must_use]
    pub fn uid_of(subscription: &Uidp, id: &str) -> Uidp {
        subscription.hashed_child(id)
    }

    /// True when it passes `filter`: `uidp.*` on its subscription (so `children_of` names
    /// the group the subscription is directly in) and `subscription`, the reference every
    /// store reproduces.
    #[must_use]
    pub fn matches(&self, filter: &crate::listing::ListFilter) -> bool {
        filter.uidp.matches(&self.subscription) && filter.subscription.as_ref().is_none_or(|s| *s == self.subscription)
    }

    /// The group of its subscription: the one its `subscriptions.*` capabilities apply to.
    #[must_use]
    pub fn group(&self) -> Uidp {
        self.subscription.parent().unwrap_or_else(|| self.subscription.clone())
    }
}

impl crate::listing::Sortable for DeadLetter {
    const LIST: crate::listing::ListKind = crate::listing::ListKind::DeadLetters;
    fn uid(&self) -> &Uidp {
        &self.uid
    }
    fn sort_key(&self, _field: crate::listing::SortField) -> crate::listing::SortKey {
        // Listed in uid order: by subscription, then by the hash of the id.
        crate::listing::SortKey::Uid
    }
}

impl crate::listing::Sortable for Subscription {
    const LIST: crate::listing::ListKind = crate::listing::ListKind::Subscriptions;
    fn uid(&self) -> &Uidp {
        &self.uid
    }
    fn sort_key(&self, _field: crate::listing::SortField) -> crate::listing::SortKey {
        // Subscriptions have no name or times: every order is the uid order.
        crate::listing::SortKey::Uid
    }
}

/// Longest accepted sink URL.
pub const MAX_SINK_LEN: usize = 2048;

/// Which sinks a server accepts besides public `https://` ones.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SinkPolicy {
    /// `http://` (and `https://`) to `localhost`, `127.0.0.1` or `[::1]` (dev mode, tests).
    pub allow_loopback: bool,
    /// Literal private-network addresses (10/8, 172.16/12, 192.168/16, fc00::/7, 100.64/10).
    pub allow_private: bool,
}

/// A webhook URL that passed [`SinkPolicy`]: `https://host[:port]/path`, no credentials or
/// fragment, a host that is a name or a literal address outside refused ranges.
///
/// Names are resolved only when delivering; the relay refuses addresses the policy refuses
/// there too, so a public name cannot point a webhook at an internal service.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sink(String);

impl Sink {
    /// Checks `s` against `policy`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `field` naming the rule it breaks.
    pub fn parse(field: &str, s: &str, policy: SinkPolicy) -> Result<Self> {
        let bad = |why: &str| Error::invalid(field, format!("sink {why}"));
        if s.is_empty() {
            return Err(bad("is required"));
        }
        if s.len() > MAX_SINK_LEN {
            return Err(bad(&format!("must be at most {MAX_SINK_LEN} bytes")));
        }
        if !s.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(bad("must be an ASCII URL without spaces or control characters"));
        }
        let (scheme, rest) = s.split_once("://").ok_or_else(|| bad("must be an absolute https:// URL"))?;
        let scheme = scheme.to_ascii_lowercase();
        if scheme != "https" && scheme != "http" {
            return Err(bad("must use https://"));
        }
        if rest.contains('#') {
            return Err(bad("must not have a fragment"));
        }
        let authority = rest.split(['/', '?']).next().unwrap_or_default();
        if authority.contains('@') {
            return Err(bad("must not carry credentials"));
        }
        let host = host_of(authority).ok_or_else(|| bad("must name a host"))?;
        let ip = host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().ok();
        let loopback = host.eq_ignore_ascii_case("localhost") || ip.is_some_and(|ip| ip.is_loopback());
        if scheme == "http" && !(loopback && policy.allow_loopback) {
            return Err(bad("must use https:// (plain http only to a loopback host in development mode)"));
        }
        if loopback && !policy.allow_loopback {
            return Err(bad("must not point at a loopback address"));
        }
        if let Some(ip) = ip {
            if !ip.is_loopback() && !public_or_allowed(ip, policy) {
                // An IPv6 form of a loopback IPv4 address (`[::ffff:127.0.0.1]`,
                // `[64:ff9b::7f00:1]`) is named for what it reaches.
                return Err(bad(if crate::address::classify(ip) == AddressRange::Loopback {
                    "must not point at a loopback address"
                } else {
                    "must not point at a private, link-local or reserved address"
                }));
            }
        }
        Ok(Self(s.to_owned()))
    }

    /// A sink read back from a store (checked when it was written).
    #[must_use]
    pub fn from_stored(s: &str) -> Self {
        Self(s.to_owned())
    }

    /// The URL text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Sink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The host of `host[:port]` or `[v6][:port]`, if any.
fn host_of(authority: &str) -> Option<&str> {
    let host = if authority.starts_with('[') {
        &authority[..=authority.find(']')?]
    } else {
        authority.rsplit_once(':').map_or(authority, |(h, port)| {
            if port.bytes().all(|b| b.is_ascii_digit()) {
                h
            } else {
                authority
            }
        })
    };
    (!host.is_empty()).then_some(host)
}

/// True when a webhook may be delivered to `ip` under `policy` (the relay asks this of every
/// resolved address, too).
#[must_use]
pub fn public_or_allowed(ip: IpAddr, policy: SinkPolicy) -> bool {
    match crate::address::classify(ip) {
        AddressRange::Public => true,
        AddressRange::Loopback => policy.allow_loopback,
        AddressRange::Private => policy.allow_private,
        AddressRange::Never => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STRICT: SinkPolicy = SinkPolicy { allow_loopback: false, allow_private: false };
    const DEV: SinkPolicy = SinkPolicy { allow_loopback: true, allow_private: false };

    #[test]
    fn event_ids_are_distinct_version_4_uuids() {
        let (a, b) = (EventId::random(), EventId::random());
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 36);
        assert_eq!(&a.as_str()[14..15], "4");
    }

    #[test]
    fn the_group_extension_is_the_nearest_group_above_the_subject() {
        let org = Uidp::parse("0123456789012345678901234567890123456789").unwrap();
        let folder = Uidp::parse(&format!("{org}/aaaaaaaaaaaaaaaa")).unwrap();
        let repo = Uidp::parse(&format!("{folder}/bbbbbbbbbbbbbbbb")).unwrap();
        let tag = Uidp::parse(&format!("{repo}/cccccccccccccccc")).unwrap();
        assert_eq!(SubjectKind::Group.group_of(&org), org);
        assert_eq!(SubjectKind::Group.group_of(&folder), org);
        assert_eq!(SubjectKind::InGroup.group_of(&repo), folder);
        assert_eq!(SubjectKind::InRepo.group_of(&tag), folder);
        assert_eq!(SubjectKind::Scope.group_of(&folder), folder);
        assert_eq!(EventType::TermsAccepted.subject_kind().group_of(&org), org);
    }

    #[test]
    fn every_event_type_parses_back_from_its_text() {
        for t in EventType::ALL {
            assert_eq!(EventType::parse(t.as_str()), Some(*t));
        }
        assert_eq!(EventType::parse("dev.chainguard.api.iam.group.moved.v1"), None);
    }

    #[test]
    fn public_https_sinks_pass_and_plain_http_only_to_loopback_in_dev_mode() {
        for ok in ["https://hooks.example.com/grove", "https://hooks.example.com:8443/a?b=c", "https://8.8.8.8/x"] {
            assert_eq!(Sink::parse("sink", ok, STRICT).unwrap().as_str(), ok);
        }
        assert!(Sink::parse("sink", "http://hooks.example.com/", STRICT).is_err());
        assert!(Sink::parse("sink", "http://hooks.example.com/", DEV).is_err());
        assert!(Sink::parse("sink", "http://127.0.0.1:9000/hook", STRICT).is_err());
        assert!(Sink::parse("sink", "http://127.0.0.1:9000/hook", DEV).is_ok());
        assert!(Sink::parse("sink", "http://[::1]:9000/hook", DEV).is_ok());
        assert!(Sink::parse("sink", "http://localhost/hook", DEV).is_ok());
    }

    #[test]
    fn sinks_at_private_link_local_or_malformed_addresses_are_refused() {
        for bad in [
            "",
            "hooks.example.com",
            "ftp://hooks.example.com/",
            "https://user:pw@hooks.example.com/",
            "https://hooks.example.com/#frag",
            "https://10.0.0.8/hook",
            "https://192.168.1.1/hook",
            "https://169.254.169.254/latest/meta-data",
            "https://[fe80::1]/hook",
            "https://[::ffff:10.0.0.1]/hook",
            "https:///nohost",
            "https://exa mple.com/",
        ] {
            let err = Sink::parse("sink", bad, STRICT).unwrap_err();
            assert_eq!(err.code(), crate::Code::InvalidArgument, "{bad}");
        }
        let private = SinkPolicy { allow_loopback: false, allow_private: true };
        assert!(Sink::parse("sink", "https://10.0.0.8/hook", private).is_ok());
        assert!(Sink::parse("sink", "https://169.254.169.254/", private).is_err());
    }
}
