//! Person logins and refresh tokens on the memory state ([`grove_domain::ports::LoginStore`]).

use grove_domain::events::EventData;
use grove_domain::ports::{PersonLogin, RefreshTokenRecord, Rotation};
use grove_domain::{Error, Result, Timestamp};

use super::State;
use grove_domain::model::Identity;

/// A stored refresh token.
#[derive(Debug, Clone)]
pub(crate) struct StoredRefresh {
    pub(crate) record: RefreshTokenRecord,
    pub(crate) used: Option<Timestamp>,
}

impl State {
    /// [`grove_domain::ports::LoginStore::record_person_login`]: all or nothing.
    pub(crate) fn record_person_login(&mut self, login: &PersonLogin) -> Result<(Identity, bool)> {
        let uid = &login.identity.uid;
        if !uid.is_root() {
            return Err(Error::internal("a person's identity must be root-level"));
        }
        if self.refresh_tokens.contains_key(&login.refresh.hash) {
            return Err(Error::internal("refresh token hash collision"));
        }
        let joined = login.joins.as_ref().map(|organization| (organization.clone(), uid.clone()));
        let (identity, created) = if let Some(existing) = self.identities.get(uid) {
            let mut identity = existing.clone();
            if identity.is_changed_by(&login.seen) {
                identity.record_seen(&login.seen);
                self.identities.replace(identity.clone());
            }
            if let Some(member) = joined {
                self.members.insert(member);
            }
            (identity, false)
        } else {
            if let Some((binding, _)) = &login.binding {
                self.require_group(&binding.group_uid())?;
                if !self.roles.contains(&binding.role_uid) {
                    return Err(Error::NotFound(format!("role {} does not exist", binding.role_uid)));
                }
            }
            let events_before = self.outbox.len();
            self.emit(Some(&login.created), EventData::Identity(&login.identity))?;
            self.identities.insert(login.identity.clone());
            let new_member = joined.filter(|m| self.members.insert(m.clone()));
            if let Some((binding, event)) = &login.binding {
                if let Err(e) = self.create_role_binding(binding, Some(event)) {
                    if let Some(member) = new_member {
                        self.members.remove(&member);
                    }
                    self.identities.remove(uid);
                    self.outbox.truncate(events_before);
                    return Err(e);
                }
            }
            (login.identity.clone(), true)
        };
        self.refresh_tokens
            .insert(login.refresh.hash.clone(), StoredRefresh { record: login.refresh.clone(), used: None });
        Ok((identity, created))
    }

    /// [`grove_domain::ports::LoginStore::rotate_refresh_token`].
    pub(crate) fn rotate_refresh_token(&mut self, hash: &str, next: &RefreshTokenRecord, now: Timestamp) -> Rotation {
        let Some(stored) = self.refresh_tokens.get(hash).cloned() else { return Rotation::Unknown };
        if !self.identities.contains(&stored.record.identity) {
            self.refresh_tokens.remove(hash);
            return Rotation::Unknown;
        }
        if stored.used.is_some() {
            self.revoke_family(&stored.record.family);
            return Rotation::Reused;
        }
        if let Some(issuing) = &stored.record.provider {
            let unchanged = self.identity_providers.get(&issuing.uid).is_some_and(|idp| {
                idp.oidc.issuer.as_str() == issuing.issuer && idp.oidc.client_id == issuing.client_id
            });
            if !unchanged {
                self.revoke_family(&stored.record.family);
                return Rotation::ProviderChanged;
            }
        }
        if now >= stored.record.expire_time {
            self.refresh_tokens.remove(hash);
            return Rotation::Expired;
        }
        if let Some(used) = self.refresh_tokens.get_mut(hash) {
            used.used = Some(now);
        }
        let successor = RefreshTokenRecord {
            family: stored.record.family.clone(),
            identity: stored.record.identity.clone(),
            provider: stored.record.provider.clone(),
            ..next.clone()
        };
        self.refresh_tokens.insert(successor.hash.clone(), StoredRefresh { record: successor, used: None });
        Rotation::Rotated { identity: stored.record.identity, provider: stored.record.provider.map(|p| p.uid) }
    }

    /// [`grove_domain::ports::LoginStore::revoke_refresh_token`].
    pub(crate) fn revoke_refresh_token(&mut self, hash: &str) -> bool {
        let Some(family) = self.refresh_tokens.get(hash).map(|t| t.record.family.clone()) else { return false };
        self.revoke_family(&family);
        true
    }

    /// [`grove_domain::ports::LoginStore::use_authorization_code`]; forgets expired records.
    pub(crate) fn use_authorization_code(&mut self, hash: &str, expire_time: Timestamp, now: Timestamp) -> bool {
        self.used_codes.retain(|_, expiry| *expiry >= now);
        self.used_codes.insert(hash.to_owned(), expire_time).is_none()
    }

    fn revoke_family(&mut self, family: &str) {
        self.refresh_tokens.retain(|_, t| t.record.family != family);
    }

    /// Drops the refresh tokens of a deleted identity.
    pub(crate) fn forget_refresh_tokens(&mut self, identity: &grove_domain::Uidp) {
        self.refresh_tokens.retain(|_, t| t.record.identity != *identity);
    }
}
