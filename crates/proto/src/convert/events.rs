//! Subscriptions on the wire, and event data: the RPC response messages in protojson.

use grove_domain::error::Error;
use grove_domain::events::{EventData, EventRenderer, Subscription};
use grove_domain::model::{GroupInviteView, ScimOutcome, ScimTokenIssued};

use super::list_response;
use crate::events as pb;

impl From<Subscription> for pb::Subscription {
    fn from(s: Subscription) -> Self {
        Self { uid: s.uid.to_string(), sink: s.sink.as_str().to_owned() }
    }
}

list_response!(pb::ListSubscriptionsResponse, Subscription, subscriptions);

/// The fields of a subscription a request may set.
pub(super) const SUBSCRIPTION_MUTABLE: &[&str] = &["sink"];

/// The sink a create request subscribes (subscriptions have no update; the domain checks the
/// sink against its policy).
///
/// # Errors
/// `INVALID_ARGUMENT` on `update_mask` for a path that is not a mutable field.
pub fn subscription_input(s: pb::Subscription, mask: Option<&crate::wkt::FieldMask>) -> Result<String, Error> {
    super::mask::Selection::from_mask(mask, SUBSCRIPTION_MUTABLE)?;
    Ok(s.sink)
}

/// Renders event data exactly as the REST API answers the RPC (pbjson's protojson).
#[derive(Debug, Default, Clone, Copy)]
pub struct ProtoJsonRenderer;

fn json<T: serde::Serialize>(message: &T) -> Result<String, Error> {
    serde_json::to_string(message).map_err(|e| Error::internal(format!("cannot render event data: {e}")))
}

impl EventRenderer for ProtoJsonRenderer {
    fn render(&self, data: EventData<'_>) -> Result<String, Error> {
        match data {
            EventData::Group(g) => json(&crate::iam::Group::from(g.clone())),
            EventData::Identity(i) => json(&crate::iam::Identity::from(i.clone())),
            EventData::Role(r) => json(&crate::iam::Role::from(r.clone())),
            // A person who has not joined the binding's organization is shown by uid only.
            EventData::RoleBinding(b) => json(&crate::iam::RoleBinding::from(b.clone().for_organization())),
            EventData::Repo(r) => json(&crate::registry::Repo::from(r.clone())),
            EventData::Tag(t) => json(&crate::registry::Tag::from(t.clone())),
            EventData::Subscription(s) => json(&pb::Subscription::from(s.clone())),
            EventData::TermsAccepted(a) => json(&crate::iam::AcceptTermsResponse::from(a.clone())),
            EventData::GroupAccessRequested(r) => json(&crate::grove_iam::GroupAccessRequest::from(r.clone())),
            EventData::IdentityMetadata(m) => json(&crate::iam::IdentityMetadata::from(m.clone())),
            EventData::IdentityProvider(i) => json(&crate::iam::IdentityProvider::from(i.clone())),
            EventData::ExternalGroupRoleMapping(m) => json(&crate::iam::ExternalGroupRoleMapping::from(m.clone())),
            EventData::MappingsDeleted(d) => {
                json(&crate::iam::BatchDeleteExternalGroupRoleMappingsResponse::from(d.clone()))
            }
            EventData::GroupInvite(v) => {
                json(&crate::iam::GroupInvite::from(GroupInviteView { code: None, ..v.clone() }))
            }
            EventData::Registered(r) => Ok(serde_json::json!({
                "identity": r.identity.as_str(),
                "group": r.group.as_str(),
            })
            .to_string()),
            EventData::Scim(outcome) => match outcome {
                // Tokens are shown once, to the caller, never in an event.
                // Only a regeneration has an overlap.
                ScimOutcome::Issued(i) if i.requested_overlap_millis.is_some() => {
                    json(&crate::iam::RegenerateScimTokenResponse::from(ScimTokenIssued { token: None, ..i.clone() }))
                }
                ScimOutcome::Issued(i) => {
                    json(&crate::iam::GenerateScimTokenResponse::from(ScimTokenIssued { token: None, ..i.clone() }))
                }
                ScimOutcome::Revoked(r) => json(&crate::iam::RevokeScimTokenResponse::from(r.clone())),
                ScimOutcome::Enabled(e) => json(&crate::iam::SetScimEnabledResponse::from(e.clone())),
            },
            EventData::ScimUser(u) => json(&crate::grove_iam::ScimUser::from(u.clone())),
            EventData::ScimGroup(g) => Ok(super::scim_group_json(g).to_string()),
            EventData::AccountAssociation(a) => json(&crate::iam::AccountAssociation::from(a.clone())),
            EventData::Advisory(a) => json(&crate::vulnerabilities::Advisory::from(a.clone())),
            EventData::AdvisoryEvent(e) => json(&crate::vulnerabilities::AdvisoryEvent::from(e.clone())),
            EventData::DeadLetter(d) => json(&crate::grove_events::DeadLetter::from(d.clone())),
            EventData::Empty => Ok("{}".to_owned()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use grove_domain::events::EventType;

    use super::*;

    /// The `type` of every `chainguard.annotations.events` option in our `.proto` files, by RPC.
    fn annotated_types() -> BTreeMap<String, String> {
        let proto = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("proto");
        let mut found = BTreeMap::new();
        let mut dirs = vec![proto.join("chainguard/platform"), proto.join("platform"), proto.join("grove")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                let mut rpc = String::new();
                for line in text.lines().map(str::trim) {
                    if let Some(rest) = line.strip_prefix("rpc ") {
                        rpc = rest.split('(').next().unwrap().to_owned();
                    } else if let Some(rest) = line.strip_prefix("type: \"") {
                        found.insert(rpc.clone(), rest.trim_end_matches('"').to_owned());
                    }
                }
            }
        }
        found
    }

    #[test]
    fn every_event_type_is_the_annotation_of_its_rpc() {
        let annotated = annotated_types();
        let rpc_of = |t: EventType| -> String {
            let name = format!("{t:?}");
            match t {
                EventType::TermsAccepted => return "AcceptTerms".to_owned(),
                EventType::GroupAccessRequested => return "RequestGroupAccess".to_owned(),
                EventType::Registered => return "Register".to_owned(),
                EventType::ScimTokenGenerated => return "GenerateScimToken".to_owned(),
                EventType::ScimTokenRegenerated => return "RegenerateScimToken".to_owned(),
                EventType::ScimTokenRevoked => return "RevokeScimToken".to_owned(),
                EventType::ScimEnabledUpdated => return "SetScimEnabled".to_owned(),
                EventType::DeadLetterReplayed => return "ReplayDeadLetter".to_owned(),
                _ => {}
            }
            if t == EventType::ExternalGroupRoleMappingsBatchDeleted {
                return "BatchDeleteExternalGroupRoleMappings".to_owned();
            }
            let (resource, verb) =
                ["Created", "Updated", "Deleted"].iter().find_map(|v| name.strip_suffix(v).map(|r| (r, *v))).unwrap();
            let verb = match verb {
                "Created" => "Create",
                "Updated" => "Update",
                _ => "Delete",
            };
            format!("{verb}{resource}")
        };
        for t in EventType::ALL {
            if t.as_str().starts_with("dev.chainguard.api.iam.scim.") {
                // SCIM writes come through the SCIM protocol, not an RPC: named
                // `iam.scim.<resource>.<verb>.v1`.
                let name = format!("{t:?}");
                let resource = if name.starts_with("ScimUser") { "user" } else { "group" };
                let verb = name.trim_start_matches("ScimUser").trim_start_matches("ScimGroup").to_lowercase();
                assert_eq!(t.as_str(), format!("dev.chainguard.api.iam.scim.{resource}.{verb}.v1"));
                continue;
            }
            if t.as_str().starts_with("dev.chainguard.api.vulnerabilities.") {
                // The public definitions annotate no advisory write with an event; Grove
                // names these after the registry's (`<service>.<resource>.<verb>.v1`).
                let name = format!("{t:?}");
                let resource = if name.starts_with("AdvisoryEvent") { "advisory_event" } else { "advisory" };
                let verb = ["Created", "Updated", "Deleted"].iter().find(|v| name.ends_with(*v)).unwrap();
                let expected = format!("dev.chainguard.api.vulnerabilities.{resource}.{}.v1", verb.to_lowercase());
                assert_eq!(t.as_str(), expected);
                continue;
            }
            if *t == EventType::DeadLetterReplayFailed {
                // A failed replay answers an error, so the RPC's annotation names the
                // success; the failure's type is Grove's, beside it.
                assert_eq!(
                    annotated.get("ReplayDeadLetter").map(String::as_str),
                    Some("dev.grove.events.dead_letter.replayed.v1")
                );
                assert_eq!(t.as_str(), "dev.grove.events.dead_letter.replay_failed.v1");
                continue;
            }
            let rpc = rpc_of(*t);
            if rpc == "UpdateTag" {
                // Our tags.proto carries no events option on UpdateTag; the public API's
                // documented tag.updated type is used.
                assert_eq!(t.as_str(), "dev.chainguard.api.platform.registry.tag.updated.v1");
                continue;
            }
            assert_eq!(annotated.get(&rpc).map(String::as_str), Some(t.as_str()), "{rpc}");
        }
    }

    #[test]
    fn accepted_terms_render_as_the_accept_terms_response() {
        use grove_domain::model::{TermsAcceptance, TermsAccepted};
        let group = grove_domain::Uidp::parse("0123456789abcdef0123456789abcdef01234567/0123456789abcdef").unwrap();
        let acceptance = |id: &str| TermsAcceptance {
            uid: group.random_child(),
            doc_id: grove_domain::names::DocumentId::parse("doc_id", id).unwrap(),
            accepted_by: group.random_child(),
            create_time: grove_domain::Timestamp::from_unix_millis(0).unwrap(),
        };
        let accepted = TermsAccepted { group: group.clone(), acceptances: vec![acceptance("tos"), acceptance("dpa")] };
        assert_eq!(
            ProtoJsonRenderer.render(EventData::TermsAccepted(&accepted)).unwrap(),
            format!(r#"{{"group":"{group}","documentIds":["tos","dpa"]}}"#)
        );
    }

    #[test]
    fn an_access_request_renders_who_asked_and_metadata_renders_as_the_update_response() {
        use grove_domain::model::{GroupAccessRequest, IdentityMetadata, IdentityMetadataView};
        let org = grove_domain::Uidp::parse("0123456789abcdef0123456789abcdef01234567").unwrap();
        let request = GroupAccessRequest {
            uid: grove_domain::Uidp::parse(&format!("{org}/00000000000000aa")).unwrap(),
            identity: grove_domain::Uidp::parse(&format!("{org}/00000000000000bb")).unwrap(),
            email: "dev@acme.example".to_owned(),
            create_time: grove_domain::Timestamp::from_unix_millis(0).unwrap(),
        };
        assert_eq!(
            ProtoJsonRenderer.render(EventData::GroupAccessRequested(&request)).unwrap(),
            format!(
                r#"{{"uid":"{org}/00000000000000aa","groupUid":"{org}","identityUid":"{org}/00000000000000bb","email":"dev@acme.example","createTime":"1970-01-01T00:00:00.000Z"}}"#
            )
        );
        let view = IdentityMetadataView {
            uid: request.identity.clone(),
            name: "dev".to_owned(),
            metadata: IdentityMetadata { job_title: "cto".to_owned(), self_serve: true, ..IdentityMetadata::default() },
            hubspot_utk: "utk".to_owned(),
        };
        let rendered: serde_json::Value =
            serde_json::from_str(&ProtoJsonRenderer.render(EventData::IdentityMetadata(&view)).unwrap()).unwrap();
        assert_eq!(
            (&rendered["uid"], &rendered["jobTitle"], &rendered["selfServe"], &rendered["hubspotUtk"]),
            (
                &serde_json::json!(view.uid.as_str()),
                &serde_json::json!("cto"),
                &serde_json::json!(true),
                &serde_json::json!("utk")
            )
        );
    }

    #[test]
    fn delete_data_is_an_empty_object_and_resources_render_as_rest_answers() {
        assert_eq!(ProtoJsonRenderer.render(EventData::Empty).unwrap(), "{}");
        let s = Subscription {
            uid: grove_domain::Uidp::parse("0123456789abcdef0123456789abcdef01234567/0123456789abcdef").unwrap(),
            sink: grove_domain::events::Sink::from_stored("https://hooks.example.com/x"),
        };
        assert_eq!(
            ProtoJsonRenderer.render(EventData::Subscription(&s)).unwrap(),
            r#"{"uid":"0123456789abcdef0123456789abcdef01234567/0123456789abcdef","sink":"https://hooks.example.com/x"}"#
        );
    }
}
