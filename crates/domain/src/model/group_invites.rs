//! Group invites: signed codes that let a person join a group with a role, and what the
//! store keeps of them (never the code itself, only what revocation and single use need
//! besides what Get and List show).

use crate::error::{Error, Result};
use crate::model::Role;
use crate::time::Timestamp;
use crate::uidp::Uidp;

/// Longest accepted email address (RFC 5321's path limit).
pub const MAX_EMAIL_LEN: usize = 254;

/// An invite to a group, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupInvite {
    /// `<group uid>/<16 hex>`: the group is the parent.
    pub uid: Uidp,
    /// The role a redeemer is granted at the group.
    pub role_uid: Uidp,
    /// Only a caller with this verified email may redeem it; empty means anyone with the code.
    pub email: InviteEmail,
    /// When the code stops being accepted.
    pub expiration_time: Timestamp,
    /// Whether one redemption uses it up.
    pub single_use: bool,
    /// The id of the key that signed its code.
    pub key_id: String,
    /// When it was created.
    pub create_time: Timestamp,
    /// When a single-use invite was redeemed (`None` while unused; never set for
    /// multi-use invites).
    pub used_time: Option<Timestamp>,
}

impl GroupInvite {
    /// The group it invites to.
    #[must_use]
    pub fn group_uid(&self) -> Uidp {
        self.uid.parent().unwrap_or_else(|| self.uid.clone())
    }
}

/// An invite as the API shows it: with its role (absent once the role was deleted) and,
/// only in the answer to its creation, its code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupInviteView {
    /// The invite.
    pub invite: GroupInvite,
    /// Its role, hydrated.
    pub role: Option<Role>,
    /// The code: set only by Create, never stored.
    pub code: Option<String>,
}

/// The email an invite is bound to (empty: not bound), kept as given and compared without
/// regard to case.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InviteEmail(String);

impl InviteEmail {
    /// Validates an email given in `field`: empty, or `local@domain` without spaces or
    /// control characters, at most [`MAX_EMAIL_LEN`] characters.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for anything else.
    pub fn parse(field: &str, s: &str) -> Result<Self> {
        if s.is_empty() {
            return Ok(Self::default());
        }
        let bad = || Error::invalid(field, format!("{field} must be an email address such as name@example.com"));
        if s.chars().count() > MAX_EMAIL_LEN {
            return Err(Error::invalid(field, format!("{field} must be at most {MAX_EMAIL_LEN} characters")));
        }
        if s.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(bad());
        }
        let (local, domain) = s.rsplit_once('@').ok_or_else(bad)?;
        if local.is_empty() || domain.is_empty() || local.contains('@') || domain.starts_with('.') {
            return Err(bad());
        }
        Ok(Self(s.to_owned()))
    }

    /// An email read back from a store.
    #[must_use]
    pub fn from_stored(s: String) -> Self {
        Self(s)
    }

    /// The address (empty when the invite is not bound to one).
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// True when the invite is bound to an address.
    #[must_use]
    pub fn is_bound(&self) -> bool {
        !self.0.is_empty()
    }

    /// True when `verified` (a caller's verified email) is this address, ignoring case.
    #[must_use]
    pub fn admits(&self, verified: &str) -> bool {
        !self.is_bound() || (!verified.is_empty() && self.0.eq_ignore_ascii_case(verified))
    }
}

/// What an invite code carries, signed: enough to refuse a forged, altered or expired
/// code without reading the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InviteClaims {
    /// The invite's uid (its parent is the group).
    pub invite: Uidp,
    /// The role it grants.
    pub role: Uidp,
    /// The email it is bound to (empty: none).
    pub email: String,
    /// Whether it is single-use.
    pub single_use: bool,
    /// When it expires.
    pub expires_at: Timestamp,
}

/// A freshly signed invite code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedInviteCode {
    /// The code handed to the invitee.
    pub code: String,
    /// The id of the key that signed it.
    pub key_id: String,
}

/// A redemption: who joined which group with which role (the `Session` of the public
/// registration API), rendered into the `auth.registered` event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registration {
    /// The redeeming identity.
    pub identity: Uidp,
    /// The group joined.
    pub group: Uidp,
    /// The invite redeemed.
    pub invite: Uidp,
    /// The binding created.
    pub binding: Uidp,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_need_a_local_part_and_a_domain() {
        assert_eq!(InviteEmail::parse("email", "").unwrap(), InviteEmail::default());
        assert_eq!(InviteEmail::parse("email", "a@b.example").unwrap().as_str(), "a@b.example");
        for bad in ["a", "@b", "a@", "a b@c", "a@@b", "a@.b", "a\n@b"] {
            assert_eq!(
                InviteEmail::parse("email", bad).unwrap_err(),
                Error::invalid("email", "email must be an email address such as name@example.com"),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_bound_email_admits_only_that_verified_address_in_any_case() {
        let bound = InviteEmail::parse("email", "Dev@Acme.example").unwrap();
        assert!(bound.admits("dev@acme.example"));
        assert!(!bound.admits("other@acme.example"));
        assert!(!bound.admits(""));
        assert!(InviteEmail::default().admits(""));
    }
}
