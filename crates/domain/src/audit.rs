//! The audit trail: who made each change (the actor), through which request and transport,
//! and the append-only entries every event leaves behind.
//!
//! Every [`crate::events::NewEvent`] carries the [`Origin`] of the request that made it; the
//! store writes an [`AuditEntry`] with the event, in the same statement or transaction, so a
//! committed change always has its entry and a rolled-back one has none. Entries are kept
//! apart from the outbox: delivering and pruning events never touches them, and they are
//! deleted only by the retention prune (`audit.retention_days`). See `docs/audit.md`.

use std::fmt;

use crate::error::{Error, Result};
use crate::events::{EventId, EventType};
use crate::listing::{ListKind, SortField, SortKey, Sortable};
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// How [`Actor::system`] is written in entries, headers and filters.
pub const SYSTEM_ACTOR: &str = "system";

/// The longest request id kept (longer ones are cut; the transports accept at most 128).
pub const MAX_REQUEST_ID_LEN: usize = 128;

/// The default of `audit.retention_days`.
pub const DEFAULT_RETENTION_DAYS: u32 = 400;

/// Who made a change.
///
/// An identity acting with an API token is its uid; a person's entry also names the identity
/// provider it logged in through when the transport knows it. A SCIM client acts as its
/// identity provider. Grove itself (a login creating a person, bootstrap, the relay) is the
/// system, with the identity provider of the login where there is one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Actor {
    uid: Option<Uidp>,
    provider: Option<Uidp>,
}

impl Actor {
    /// An identity acting with an API token.
    #[must_use]
    pub fn identity(uid: Uidp) -> Self {
        Self { uid: Some(uid), provider: None }
    }

    /// An identity provider's SCIM client: the provider is the actor.
    #[must_use]
    pub fn scim(provider: Uidp) -> Self {
        Self { uid: Some(provider.clone()), provider: Some(provider) }
    }

    /// Grove itself.
    #[must_use]
    pub fn system() -> Self {
        Self { uid: None, provider: None }
    }

    /// Grove itself, logging a person in through `provider` (`None`: the operator's default
    /// provider).
    #[must_use]
    pub fn login(provider: Option<Uidp>) -> Self {
        Self { uid: None, provider }
    }

    /// The same actor, naming the identity provider a person logged in through.
    #[must_use]
    pub fn through(self, provider: Uidp) -> Self {
        Self { provider: Some(provider), ..self }
    }

    /// The actor's uid; `None` for the system.
    #[must_use]
    pub fn uid(&self) -> Option<&Uidp> {
        self.uid.as_ref()
    }

    /// The identity provider involved, if any.
    #[must_use]
    pub fn provider(&self) -> Option<&Uidp> {
        self.provider.as_ref()
    }

    /// The text form: the uid, or `system`.
    #[must_use]
    pub fn as_text(&self) -> &str {
        self.uid.as_ref().map_or(SYSTEM_ACTOR, Uidp::as_str)
    }

    /// Reads the stored form back (`actor` and `actor_provider`, empty for none).
    ///
    /// # Errors
    /// `INTERNAL` for text no store should hold.
    pub fn from_stored(actor: &str, provider: &str) -> Result<Self> {
        let uid = match actor {
            SYSTEM_ACTOR => None,
            uid => Some(Uidp::parse(uid).map_err(|_| Error::internal(format!("stored actor {uid:?} is malformed")))?),
        };
        let provider = match provider {
            "" => None,
            p => {
                Some(Uidp::parse(p).map_err(|_| Error::internal(format!("stored actor provider {p:?} is malformed")))?)
            }
        };
        Ok(Self { uid, provider })
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_text())
    }
}

macro_rules! transports {
    ($($variant:ident = $text:literal, $doc:literal;)*) => {
        /// The way a change came in.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Transport {
            $(
                #[doc = $doc]
                $variant,
            )*
        }

        impl Transport {
            /// Every transport.
            pub const ALL: &'static [Transport] = &[$(Transport::$variant),*];

            /// The text form.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $text),* }
            }
        }
    };
}

transports! {
    Rest = "rest", "The v2beta1 REST API (and Grove's own REST routes).";
    Grpc = "grpc", "gRPC and gRPC-Web.";
    V1 = "v1", "The version 1 facade (`/iam/v1/…`).";
    Scim = "scim", "The SCIM 2.0 endpoints of an identity provider.";
    Login = "login", "A login or token exchange at the STS.";
    Registry = "registry", "The OCI registry's token and push paths.";
    Console = "console", "The web console at `/console`.";
    System = "system", "Grove itself: bootstrap, the command line's admin commands.";
}

impl Transport {
    /// The transport named `s`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|t| t.as_str() == s)
    }
}

impl fmt::Display for Transport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a change came from: the actor, the request id and the transport.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin {
    /// Who.
    pub actor: Actor,
    /// The request's `x-request-id` (empty when the change had no request).
    pub request_id: String,
    /// How.
    pub transport: Transport,
}

impl Origin {
    /// A change `actor` made through `transport` in request `request_id` (cut to
    /// [`MAX_REQUEST_ID_LEN`] bytes of printable ASCII; anything else is dropped).
    #[must_use]
    pub fn new(actor: Actor, request_id: &str, transport: Transport) -> Self {
        let request_id = if request_id.bytes().all(|b| b.is_ascii_graphic()) {
            request_id[..request_id.len().min(MAX_REQUEST_ID_LEN)].to_owned()
        } else {
            String::new()
        };
        Self { actor, request_id, transport }
    }

    /// A change Grove made by itself, outside any request.
    #[must_use]
    pub fn system() -> Self {
        Self { actor: Actor::system(), request_id: String::new(), transport: Transport::System }
    }
}

impl Default for Origin {
    fn default() -> Self {
        Self::system()
    }
}

/// One entry of the audit trail: an event as it was written, with its origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    /// `<group uid>/<16 hex>`: the entry lives in the event's group, so hierarchy filters and
    /// visibility treat it as any resource of that group.
    pub uid: Uidp,
    /// The event's CloudEvent id (what webhooks and NATS carry as `id`).
    pub event_id: EventId,
    /// When the change happened.
    pub time: Timestamp,
    /// The event type.
    pub event_type: EventType,
    /// The resource changed.
    pub subject: Uidp,
    /// Who, through which request and transport.
    pub origin: Origin,
    /// The event's data (protojson of the RPC's response).
    pub data: String,
}

impl AuditEntry {
    /// The group the change happened in (the event's `group` extension).
    #[must_use]
    pub fn group(&self) -> Uidp {
        self.uid.parent().unwrap_or_else(|| self.uid.clone())
    }
}

impl Sortable for AuditEntry {
    const LIST: ListKind = ListKind::AuditEntries;
    fn uid(&self) -> &Uidp {
        &self.uid
    }
    fn sort_key(&self, field: SortField) -> SortKey {
        match field {
            SortField::CreateTime | SortField::UpdateTime => SortKey::Time(self.time.unix_millis()),
            SortField::Uid | SortField::Name => SortKey::Uid,
        }
    }
}

/// The audit list's own filters (beside `uidp.*`); all that are set must hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditFilter {
    /// Only changes by this actor (its text form: a uid or `system`).
    pub actor: Option<String>,
    /// Only these event types (empty: every type).
    pub types: Vec<EventType>,
    /// Only changes at or after this time.
    pub since: Option<Timestamp>,
    /// Only changes before this time.
    pub until: Option<Timestamp>,
}

impl AuditFilter {
    /// True when `entry` passes every filter that is set.
    #[must_use]
    pub fn matches(&self, entry: &AuditEntry) -> bool {
        self.actor.as_deref().is_none_or(|a| a == entry.origin.actor.as_text())
            && (self.types.is_empty() || self.types.contains(&entry.event_type))
            && self.since.is_none_or(|since| entry.time >= since)
            && self.until.is_none_or(|until| entry.time < until)
    }

    /// A canonical text of the filter, bound into page tokens.
    #[must_use]
    pub fn canonical(&self) -> String {
        let types: Vec<&str> = self.types.iter().map(|t| t.as_str()).collect();
        format!(
            "actor={:?};types={};since={:?};until={:?}",
            self.actor,
            types.join(","),
            self.since.map(Timestamp::unix_millis),
            self.until.map(Timestamp::unix_millis)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actors_read_back_from_their_stored_form() {
        let org = Uidp::random_root();
        let idp = org.random_child();
        for actor in [
            Actor::identity(org.random_child()),
            Actor::scim(idp.clone()),
            Actor::system(),
            Actor::login(Some(idp.clone())),
            Actor::identity(Uidp::random_root()).through(idp.clone()),
        ] {
            let provider = actor.provider().map_or("", Uidp::as_str);
            assert_eq!(Actor::from_stored(actor.as_text(), provider).unwrap(), actor);
        }
        assert_eq!(Actor::system().as_text(), "system");
        assert_eq!(Actor::scim(idp.clone()).as_text(), idp.as_str());
        assert!(Actor::from_stored("nobody", "").is_err());
    }

    #[test]
    fn a_request_id_is_kept_when_printable_and_cut_at_128_bytes() {
        assert_eq!(Origin::new(Actor::system(), "abc-123", Transport::Rest).request_id, "abc-123");
        assert_eq!(Origin::new(Actor::system(), &"x".repeat(300), Transport::Rest).request_id.len(), 128);
        assert_eq!(Origin::new(Actor::system(), "a b\n", Transport::Rest).request_id, "");
    }

    #[test]
    fn every_transport_parses_back_from_its_text() {
        for t in Transport::ALL {
            assert_eq!(Transport::parse(t.as_str()), Some(*t));
        }
        assert_eq!(Transport::parse("carrier-pigeon"), None);
    }
}
