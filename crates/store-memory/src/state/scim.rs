//! SCIM credentials of identity providers on the memory state
//! ([`grove_domain::ports::ScimStore`]).

use grove_domain::builtin::owner_role_uid;
use grove_domain::events::{EventData, NewEvent};
use grove_domain::model::{ScimCredential, ScimOutcome};
use grove_domain::{Error, Result, Uidp};

use super::{not_found, State};

impl State {
    pub(crate) fn get_scim_credential(&self, idp: &Uidp) -> Option<ScimCredential> {
        self.scim.get(idp).cloned()
    }

    pub(crate) fn put_scim_credential(
        &mut self,
        next: &ScimCredential,
        expected_etag: &str,
        outcome: &ScimOutcome,
        event: &NewEvent,
    ) -> Result<()> {
        let uid = &next.identity_provider;
        if !self.identity_providers.contains(uid) {
            return Err(not_found("identity provider", uid));
        }
        let stored = self.scim.get(uid).map_or("", |c| c.etag.as_str());
        if stored != expected_etag {
            return Err(Error::precondition(
                "ETAG_MISMATCH",
                format!(
                    "the SCIM state of identity provider {uid} changed; fetch it again and retry with the current etag"
                ),
            ));
        }
        self.emit(Some(event), EventData::Scim(outcome))?;
        self.scim.insert(uid.clone(), next.clone());
        Ok(())
    }

    pub(crate) fn count_org_owner_bindings(&self, org: &Uidp) -> usize {
        let owner = owner_role_uid();
        self.bindings
            .table
            .children_of(org)
            .iter()
            .filter_map(|uid| self.bindings.table.get(uid))
            .filter(|b| b.role_uid == owner)
            .count()
    }
}
