//! The role bindings that external group role mappings made for people, on the memory state
//! (the mapped-binding part of [`grove_domain::ports::ExternalGroupRoleMappingStore`]). A
//! record whose binding is gone is dead, as the foreign key's cascade makes it on PostgreSQL:
//! reads skip it and the person's next reconciliation drops it.

use grove_domain::model::{ExternalGroupRoleMapping, MappedBinding, RoleBinding};
use grove_domain::ports::{MappingSync, MappingSynced};
use grove_domain::{Result, Uidp};

use super::{not_found, State};

impl State {
    pub(crate) fn mappings_for_groups(&self, provider: &Uidp, groups: &[String]) -> Vec<ExternalGroupRoleMapping> {
        self.mappings
            .children_of(provider)
            .into_iter()
            .filter_map(|uid| self.mappings.get(&uid).cloned())
            .filter(|m| groups.iter().any(|g| g == m.external_group_id.as_str()))
            .collect()
    }

    fn live_mapped(&self) -> impl Iterator<Item = &MappedBinding> {
        self.mapped.iter().filter(|r| self.bindings.table.contains(&r.binding_uid))
    }

    pub(crate) fn mapped_bindings(&self, identity: &Uidp, provider: &Uidp) -> Vec<MappedBinding> {
        self.live_mapped()
            .filter(|r| &r.identity_uid == identity && &r.identity_provider_uid() == provider)
            .cloned()
            .collect()
    }

    pub(crate) fn mapped_bindings_under(&self, mapping: &Uidp) -> Vec<MappedBinding> {
        self.live_mapped().filter(|r| r.mapping_uid.is_self_or_descendant_of(mapping)).cloned().collect()
    }

    /// All or none: a failure takes back the bindings, records and events written so far.
    pub(crate) fn sync_mapped_bindings(&mut self, sync: &MappingSync) -> Result<MappingSynced> {
        if !self.identities.contains(&sync.identity) {
            return Err(not_found("identity", &sync.identity));
        }
        let events_before = self.outbox.len();
        let mut undo = Undo::default();
        let done = self.apply_mapping_sync(sync, &mut undo);
        if done.is_err() {
            for uid in undo.created {
                self.bindings.remove(&uid);
            }
            for binding in undo.deleted {
                self.bindings.insert(binding);
            }
            for record in undo.added {
                self.mapped.remove(&record);
            }
            self.mapped.extend(undo.dropped);
            self.outbox.truncate(events_before);
        }
        done
    }

    fn apply_mapping_sync(&mut self, sync: &MappingSync, undo: &mut Undo) -> Result<MappingSynced> {
        let dead: Vec<MappedBinding> = self
            .mapped
            .iter()
            .filter(|r| r.identity_uid == sync.identity && !self.bindings.table.contains(&r.binding_uid))
            .cloned()
            .collect();
        for record in dead {
            self.mapped.remove(&record);
        }
        let mut done = MappingSynced::default();
        for grant in &sync.grants {
            let binding_uid = match self.binding_like(&grant.binding) {
                Some(uid) if self.mapped.iter().any(|r| r.binding_uid == uid) => uid,
                // Made by hand (or by the provider's default role): it stays the administrator's.
                Some(_) => continue,
                None => {
                    self.create_role_binding(&grant.binding, Some(&grant.event))?;
                    undo.created.push(grant.binding.uid.clone());
                    done.created.push(grant.binding.uid.clone());
                    grant.binding.uid.clone()
                }
            };
            let record = MappedBinding {
                binding_uid,
                mapping_uid: grant.mapping_uid.clone(),
                identity_uid: sync.identity.clone(),
                source: sync.source,
            };
            if self.mapped.insert(record.clone()) {
                undo.added.push(record);
            }
        }
        for revoke in &sync.revokes {
            if self.mapped.remove(&revoke.record) {
                undo.dropped.push(revoke.record.clone());
            }
            let uid = &revoke.record.binding_uid;
            if self.mapped.iter().any(|r| &r.binding_uid == uid) {
                continue;
            }
            if let Some(binding) = self.bindings.table.get(uid).cloned() {
                self.delete_role_binding(uid, &revoke.event)?;
                undo.deleted.push(binding);
                done.deleted.push(uid.clone());
            }
        }
        Ok(done)
    }

    /// The person's binding of the same role at the same scope as `binding`, if any.
    fn binding_like(&self, binding: &RoleBinding) -> Option<Uidp> {
        let scope = binding.uid.parent();
        self.bindings
            .of_identity(&binding.identity_uid)
            .into_iter()
            .find(|b| b.role_uid == binding.role_uid && b.uid.parent() == scope)
            .map(|b| b.uid.clone())
    }
}

/// What a sync wrote, to take back when a later step fails.
#[derive(Default)]
struct Undo {
    created: Vec<Uidp>,
    deleted: Vec<RoleBinding>,
    added: Vec<MappedBinding>,
    dropped: Vec<MappedBinding>,
}
