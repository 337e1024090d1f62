//! Groups (with the onboarding messages), identities (with their metadata), roles and role
//! bindings.

use grove_domain::error::Error;
use grove_domain::model::{
    Group, GroupAccessRequest, Identity, IdentityMetadataView, Matcher, Relationship, Role, RoleBindingView,
};
use grove_domain::services::{
    AwsIdentityField, AwsIdentityInput, AwsIdentityPatch, BatchRequest, ClaimMatchField, ClaimMatchInput,
    ClaimMatchPatch, GroupInput, IdentityInput, IdentityMetadataInput, RelationshipInput, RoleBindingInput, RoleInput,
    StaticKeysField, StaticKeysInput, StaticKeysPatch,
};

use super::{list_response, Selection};
use crate::iam::identity::{aws_identity, claim_match, AwsIdentity, ClaimMatch, StaticKeys};
use crate::iam::{self as pb, identity};

impl From<Group> for pb::Group {
    fn from(g: Group) -> Self {
        Self {
            uid: g.uid.into(),
            name: g.name.into(),
            description: g.description.into(),
            resource_limits: Default::default(),
            verified: g.verified,
            create_time: Some(g.create_time.into()),
            update_time: Some(g.update_time.into()),
            kind: pb::OrgKind::Unspecified.into(),
            status: pb::OrgStatus::Unspecified.into(),
        }
    }
}

/// The fields of a group a request may set.
pub(super) const GROUP_MUTABLE: &[&str] = &["name", "description"];

/// The input a create (`Selection::populated()`) or update makes of a wire group.
///
/// # Errors
/// `INVALID_ARGUMENT` on `update_mask` for a path that is not a mutable field.
pub fn group_input(g: pb::Group, mask: Option<&crate::wkt::FieldMask>) -> Result<GroupInput, Error> {
    let s = Selection::from_mask(mask, GROUP_MUTABLE)?;
    Ok(GroupInput { name: s.pick("name", g.name), description: s.pick("description", g.description) })
}

list_response!(pb::ListGroupsResponse, Group, groups);

impl From<GroupAccessRequest> for crate::grove_iam::GroupAccessRequest {
    fn from(r: GroupAccessRequest) -> Self {
        Self {
            group_uid: r.group_uid().to_string(),
            uid: r.uid.into(),
            identity_uid: r.identity.into(),
            email: r.email,
            create_time: Some(r.create_time.into()),
        }
    }
}

fn split(m: &Matcher) -> (Option<String>, Option<String>) {
    m.exact_and_pattern()
}

impl From<Identity> for pb::Identity {
    fn from(i: Identity) -> Self {
        let relationship = match i.relationship {
            Relationship::ClaimMatch(cm) => {
                let iss = match split(&cm.issuer) {
                    (Some(e), _) => claim_match::Iss::Issuer(e),
                    (None, p) => claim_match::Iss::IssuerPattern(p.unwrap_or_default()),
                };
                let sub = match split(&cm.subject) {
                    (Some(e), _) => claim_match::Sub::Subject(e),
                    (None, p) => claim_match::Sub::SubjectPattern(p.unwrap_or_default()),
                };
                let aud = cm.audience.as_ref().map(|a| match split(a) {
                    (Some(e), _) => claim_match::Aud::Audience(e),
                    (None, p) => claim_match::Aud::AudiencePattern(p.unwrap_or_default()),
                });
                identity::Relationship::ClaimMatch(ClaimMatch {
                    claims: cm.claims,
                    claim_patterns: cm.claim_patterns.into_iter().map(|(k, p)| (k, p.as_str().to_owned())).collect(),
                    iss: Some(iss),
                    sub: Some(sub),
                    aud,
                })
            }
            Relationship::StaticKeys(sk) => identity::Relationship::StaticKeys(StaticKeys {
                issuer: sk.issuer,
                subject: sk.subject,
                issuer_keys: sk.issuer_keys,
                expiration_time: Some(sk.expiration_time.into()),
                audiences: sk.audiences,
            }),
            Relationship::AwsIdentity(aws) => {
                let arn = match split(&aws.arn) {
                    (Some(e), _) => aws_identity::AwsArn::Arn(e),
                    (None, p) => aws_identity::AwsArn::ArnPattern(p.unwrap_or_default()),
                };
                let user_id = match split(&aws.user_id) {
                    (Some(e), _) => aws_identity::AwsUserId::UserId(e),
                    (None, p) => aws_identity::AwsUserId::UserIdPattern(p.unwrap_or_default()),
                };
                identity::Relationship::AwsIdentity(AwsIdentity {
                    aws_account: aws.account,
                    aws_arn: Some(arn),
                    aws_user_id: Some(user_id),
                })
            }
            Relationship::ServicePrincipal(sp) => identity::Relationship::ServicePrincipal(sp.number()),
        };
        Self {
            uid: i.uid.into(),
            name: i.name.into(),
            description: i.description.into(),
            email: i.email,
            email_unverified: i.email_unverified,
            company: i.company.into(),
            last_seen_time: i.last_seen_time.map(Into::into),
            create_time: Some(i.create_time.into()),
            update_time: Some(i.update_time.into()),
            relationship: Some(relationship),
        }
    }
}

/// The fields of an identity a request may set.
pub(super) const IDENTITY_MUTABLE: &[&str] =
    &["name", "description", "company", "claim_match", "static_keys", "aws_identity", "service_principal"];

/// The nested `claim_match.<field>`, `static_keys.<field>` and `aws_identity.<field>` paths
/// of an update mask, and a mask of the other paths (`None` when the request has no mask).
struct NestedPaths {
    claim_match: Vec<ClaimMatchField>,
    static_keys: Vec<StaticKeysField>,
    aws_identity: Vec<AwsIdentityField>,
    rest: Option<crate::wkt::FieldMask>,
}

impl NestedPaths {
    /// Splits `mask`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `update_mask` for a nested path that names no field of its
    /// message, or for paths into more than one relationship.
    fn split(mask: Option<&crate::wkt::FieldMask>) -> Result<Self, Error> {
        let none = Self { claim_match: Vec::new(), static_keys: Vec::new(), aws_identity: Vec::new(), rest: None };
        let Some(mask) = mask.filter(|m| !m.paths.is_empty()) else { return Ok(Self { rest: mask.cloned(), ..none }) };
        let (claim_match, others) = ClaimMatchField::split_mask(mask.paths.iter().map(String::as_str))?;
        let mut split = Self { claim_match, ..none };
        let mut rest = Vec::new();
        for path in others {
            if let Some(field) = StaticKeysField::from_mask_path(path)? {
                split.static_keys.push(field);
            } else if let Some(field) = AwsIdentityField::from_mask_path(path)? {
                split.aws_identity.push(field);
            } else {
                rest.push(path.to_owned());
            }
        }
        let named = [!split.claim_match.is_empty(), !split.static_keys.is_empty(), !split.aws_identity.is_empty()];
        if named.into_iter().filter(|n| *n).count() > 1 {
            return Err(Error::invalid(
                "update_mask",
                "update_mask may name fields of one of claimMatch, staticKeys and awsIdentity, not of several",
            ));
        }
        split.rest = Some(crate::wkt::FieldMask { paths: rest });
        Ok(split)
    }

    fn any(&self) -> bool {
        !self.claim_match.is_empty() || !self.static_keys.is_empty() || !self.aws_identity.is_empty()
    }
}

/// The input a create or update makes of a wire identity. An update mask may name single
/// fields of `claim_match` (`claim_match.subject_pattern`, or `claimMatch.subjectPattern`),
/// of `static_keys` (`static_keys.issuer_keys`) or of `aws_identity`
/// (`aws_identity.arn_pattern`): only those change, the identity's other fields of that
/// relationship stay.
///
/// # Errors
/// `INVALID_ARGUMENT` for a mask path that is not mutable.
pub fn identity_input(i: pb::Identity, mask: Option<&crate::wkt::FieldMask>) -> Result<IdentityInput, Error> {
    let nested = NestedPaths::split(mask)?;
    let s = match &nested.rest {
        // Only nested paths: nothing else is selected.
        Some(m) if m.paths.is_empty() && nested.any() => Selection::of_paths(Vec::new()),
        other => Selection::from_mask(other.as_ref(), IDENTITY_MUTABLE)?,
    };
    let claim_match_fields = nested.claim_match;
    let static_keys_fields = nested.static_keys;
    let aws_identity_fields = nested.aws_identity;
    let relationship = match i.relationship {
        Some(identity::Relationship::ClaimMatch(cm)) if s.has("claim_match", true) => {
            Some(RelationshipInput::ClaimMatch(claim_match_input(cm)))
        }
        Some(identity::Relationship::StaticKeys(sk)) if s.has("static_keys", true) => {
            Some(RelationshipInput::StaticKeys(static_keys_input(sk)))
        }
        Some(identity::Relationship::ServicePrincipal(n)) if s.has("service_principal", true) => {
            Some(RelationshipInput::ServicePrincipal(n.to_string()))
        }
        Some(identity::Relationship::AwsIdentity(aws)) if s.has("aws_identity", true) => {
            Some(RelationshipInput::AwsIdentity(aws_identity_input(aws)))
        }
        // Fields of claim_match named one by one: their values, or cleared when absent.
        Some(identity::Relationship::ClaimMatch(cm)) if !claim_match_fields.is_empty() => {
            Some(RelationshipInput::ClaimMatchFields(ClaimMatchPatch {
                fields: claim_match_fields,
                values: claim_match_input(cm),
            }))
        }
        _ if !claim_match_fields.is_empty() => Some(RelationshipInput::ClaimMatchFields(ClaimMatchPatch {
            fields: claim_match_fields,
            values: ClaimMatchInput::default(),
        })),
        // Fields of static_keys named one by one, likewise.
        Some(identity::Relationship::StaticKeys(sk)) if !static_keys_fields.is_empty() => {
            Some(RelationshipInput::StaticKeysFields(StaticKeysPatch {
                fields: static_keys_fields,
                values: static_keys_input(sk),
            }))
        }
        _ if !static_keys_fields.is_empty() => Some(RelationshipInput::StaticKeysFields(StaticKeysPatch {
            fields: static_keys_fields,
            values: StaticKeysInput::default(),
        })),
        // Fields of aws_identity named one by one, likewise.
        Some(identity::Relationship::AwsIdentity(aws)) if !aws_identity_fields.is_empty() => {
            Some(RelationshipInput::AwsIdentityFields(AwsIdentityPatch {
                fields: aws_identity_fields,
                values: aws_identity_input(aws),
            }))
        }
        _ if !aws_identity_fields.is_empty() => Some(RelationshipInput::AwsIdentityFields(AwsIdentityPatch {
            fields: aws_identity_fields,
            values: AwsIdentityInput::default(),
        })),
        _ => None,
    };
    Ok(IdentityInput {
        name: s.pick("name", i.name),
        description: s.pick("description", i.description),
        company: s.pick("company", i.company),
        relationship,
    })
}

fn static_keys_input(sk: StaticKeys) -> StaticKeysInput {
    StaticKeysInput {
        issuer: Some(sk.issuer).filter(|v| !v.is_empty()),
        subject: Some(sk.subject).filter(|v| !v.is_empty()),
        issuer_keys: Some(sk.issuer_keys).filter(|v| !v.is_empty()),
        expiration_time: sk
            .expiration_time
            .and_then(|t| t.to_datetime())
            .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)),
        audiences: sk.audiences,
    }
}

fn aws_identity_input(aws: AwsIdentity) -> AwsIdentityInput {
    let (arn, arn_pattern) = match aws.aws_arn {
        Some(aws_identity::AwsArn::Arn(v)) => (Some(v), None),
        Some(aws_identity::AwsArn::ArnPattern(v)) => (None, Some(v)),
        None => (None, None),
    };
    let (user_id, user_id_pattern) = match aws.aws_user_id {
        Some(aws_identity::AwsUserId::UserId(v)) => (Some(v), None),
        Some(aws_identity::AwsUserId::UserIdPattern(v)) => (None, Some(v)),
        None => (None, None),
    };
    AwsIdentityInput {
        aws_account: Some(aws.aws_account).filter(|a| !a.is_empty()),
        arn,
        arn_pattern,
        user_id,
        user_id_pattern,
    }
}

fn claim_match_input(cm: ClaimMatch) -> ClaimMatchInput {
    let (issuer, issuer_pattern) = match cm.iss {
        Some(claim_match::Iss::Issuer(v)) => (Some(v), None),
        Some(claim_match::Iss::IssuerPattern(v)) => (None, Some(v)),
        None => (None, None),
    };
    let (subject, subject_pattern) = match cm.sub {
        Some(claim_match::Sub::Subject(v)) => (Some(v), None),
        Some(claim_match::Sub::SubjectPattern(v)) => (None, Some(v)),
        None => (None, None),
    };
    let (audience, audience_pattern) = match cm.aud {
        Some(claim_match::Aud::Audience(v)) => (Some(v), None),
        Some(claim_match::Aud::AudiencePattern(v)) => (None, Some(v)),
        None => (None, None),
    };
    ClaimMatchInput {
        issuer,
        issuer_pattern,
        subject,
        subject_pattern,
        audience,
        audience_pattern,
        claims: cm.claims,
        claim_patterns: cm.claim_patterns,
    }
}

list_response!(pb::ListIdentitiesResponse, Identity, identities);

impl From<IdentityMetadataView> for pb::IdentityMetadata {
    fn from(v: IdentityMetadataView) -> Self {
        let m = v.metadata;
        Self {
            uid: v.uid.into(),
            name: v.name,
            // Grove keeps no given or family name (no token claim is stored).
            given_name: String::new(),
            family_name: String::new(),
            company: m.company.into(),
            updates_opt_in: m.updates_opt_in,
            product: m.product,
            job_title: m.job_title,
            utm_campaign: m.utm_campaign,
            utm_content: m.utm_content,
            utm_medium: m.utm_medium,
            utm_source: m.utm_source,
            utm_term: m.utm_term,
            latest_form_submit_url: m.latest_form_submit_url,
            latest_internal_referring_url: m.latest_internal_referring_url,
            hubspot_utk: v.hubspot_utk,
            self_serve: m.self_serve,
        }
    }
}

/// The fields of an identity's metadata a request may set.
pub(super) const IDENTITY_METADATA_MUTABLE: &[&str] = &[
    "company",
    "updates_opt_in",
    "product",
    "job_title",
    "utm_campaign",
    "utm_content",
    "utm_medium",
    "utm_source",
    "utm_term",
    "latest_form_submit_url",
    "latest_internal_referring_url",
    "hubspot_utk",
    "self_serve",
];

/// The input an UpdateIdentityMetadata makes of the wire metadata: the fields `mask` names
/// (`*`: all), or without a mask the populated ones.
///
/// # Errors
/// `INVALID_ARGUMENT` on `update_mask` for a path that is not a mutable field (the output-only
/// `uid`, `name`, `given_name` and `family_name` among them).
pub fn identity_metadata_input(
    m: pb::IdentityMetadata,
    mask: Option<&crate::wkt::FieldMask>,
) -> Result<IdentityMetadataInput, Error> {
    let s = Selection::from_mask(mask, IDENTITY_METADATA_MUTABLE)?;
    Ok(IdentityMetadataInput {
        company: s.pick("company", m.company),
        updates_opt_in: s.pick("updates_opt_in", m.updates_opt_in),
        product: s.pick("product", m.product),
        job_title: s.pick("job_title", m.job_title),
        utm_campaign: s.pick("utm_campaign", m.utm_campaign),
        utm_content: s.pick("utm_content", m.utm_content),
        utm_medium: s.pick("utm_medium", m.utm_medium),
        utm_source: s.pick("utm_source", m.utm_source),
        utm_term: s.pick("utm_term", m.utm_term),
        latest_form_submit_url: s.pick("latest_form_submit_url", m.latest_form_submit_url),
        latest_internal_referring_url: s.pick("latest_internal_referring_url", m.latest_internal_referring_url),
        hubspot_utk: s.pick("hubspot_utk", m.hubspot_utk),
        self_serve: s.pick("self_serve", m.self_serve),
    })
}

impl From<Role> for pb::Role {
    fn from(r: Role) -> Self {
        Self {
            uid: r.uid.into(),
            name: r.name.into(),
            description: r.description.into(),
            capabilities: r.capabilities.iter().filter(|c| !c.is_groves_own()).map(|c| c.number()).collect(),
            create_time: Some(r.create_time.into()),
            update_time: Some(r.update_time.into()),
        }
    }
}

/// The fields of a role a request may set.
pub(super) const ROLE_MUTABLE: &[&str] = &["name", "description", "capabilities"];

/// The input a create or update makes of a wire role. Capabilities travel as enum numbers;
/// the domain reads them by name, so a number no capability has is passed on as its digits
/// and refused there with the rest of the validation.
///
/// # Errors
/// `INVALID_ARGUMENT` on `update_mask` for a path that is not a mutable field.
pub fn role_input(r: pb::Role, mask: Option<&crate::wkt::FieldMask>) -> Result<RoleInput, Error> {
    let s = Selection::from_mask(mask, ROLE_MUTABLE)?;
    let capabilities = s.pick("capabilities", r.capabilities).map(|numbers| {
        numbers
            .into_iter()
            .map(|n| {
                crate::chainguard::capabilities::Capability::try_from(n)
                    .map_or_else(|_| n.to_string(), |c| c.as_str_name().to_owned())
            })
            .collect()
    });
    Ok(RoleInput { name: s.pick("name", r.name), description: s.pick("description", r.description), capabilities })
}

list_response!(pb::ListRolesResponse, Role, roles);

impl From<RoleBindingView> for pb::RoleBinding {
    fn from(b: RoleBindingView) -> Self {
        Self {
            uid: b.uid.into(),
            identity_uid: b.identity.uid.to_string(),
            role_uid: b.role.uid.to_string(),
            identity: Some(pb::RoleBindingIdentity {
                uid: b.identity.uid.into(),
                name: b.identity.name,
                description: b.identity.description,
                subject: b.identity.subject,
                issuer: b.identity.issuer,
                email: b.identity.email,
            }),
            group: Some(pb::RoleBindingGroup {
                uid: b.group.uid.into(),
                name: b.group.name,
                description: b.group.description,
            }),
            role: Some(pb::RoleBindingRole {
                uid: b.role.uid.into(),
                name: b.role.name,
                description: b.role.description,
            }),
            create_time: Some(b.create_time.into()),
        }
    }
}

/// The fields of a role binding a request may set.
pub(super) const ROLE_BINDING_MUTABLE: &[&str] = &["identity_uid", "role_uid"];

/// The input a create or update makes of a wire role binding.
///
/// # Errors
/// `INVALID_ARGUMENT` on `update_mask` for a path that is not a mutable field.
pub fn role_binding_input(b: pb::RoleBinding, mask: Option<&crate::wkt::FieldMask>) -> Result<RoleBindingInput, Error> {
    let s = Selection::from_mask(mask, ROLE_BINDING_MUTABLE)?;
    Ok(RoleBindingInput {
        identity_uid: s.pick("identity_uid", b.identity_uid),
        role_uid: s.pick("role_uid", b.role_uid),
    })
}

list_response!(pb::ListRoleBindingsResponse, RoleBindingView, role_bindings);

/// A batch create's parent, requests and default role, as the domain takes them.
///
/// # Errors
/// None today; kept fallible like every input conversion.
pub fn batch_create_role_bindings(
    r: pb::BatchCreateRoleBindingsRequest,
) -> Result<(String, Vec<BatchRequest>, String), Error> {
    let requests = r
        .requests
        .into_iter()
        .map(|request| {
            let binding = role_binding_input(request.role_binding.unwrap_or_default(), None)?;
            Ok(BatchRequest { parent: request.parent, binding })
        })
        .collect::<Result<_, Error>>()?;
    Ok((r.parent, requests, r.role_uid))
}

impl From<Vec<RoleBindingView>> for pb::BatchCreateRoleBindingsResponse {
    fn from(views: Vec<RoleBindingView>) -> Self {
        Self { role_bindings: views.into_iter().map(Into::into).collect() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wkt::FieldMask;

    // The domain writes its capabilities and service principals into enum fields of public
    // messages (`Role.capabilities`, `Identity.service_principal`), whose enums carry only
    // the public values (tests/public_wire.rs). A domain value the wire enum lacks would
    // break every answer carrying it: pbjson refuses to write an unknown enum number, and a
    // strict client refuses to read one. Grove-only values stay out of public enum fields
    // (docs/wire.md, "Grove-only capabilities").
    #[test]
    fn every_domain_capability_is_a_value_of_the_public_capability_enum() {
        use crate::chainguard::capabilities::Capability as Wire;
        for cap in grove_domain::capability::Capability::ALL.iter().filter(|c| !c.is_groves_own()) {
            let wire = Wire::try_from(cap.number()).unwrap_or_else(|_| panic!("{cap:?} is not a public capability"));
            assert_eq!(wire.as_str_name(), cap.enum_name());
        }
    }

    #[test]
    fn every_domain_service_principal_is_a_value_of_the_public_enum() {
        for sp in grove_domain::model::ServicePrincipal::ALL {
            let wire = pb::ServicePrincipal::try_from(sp.number())
                .unwrap_or_else(|_| panic!("{sp:?} is not a public service principal"));
            assert_eq!(wire.as_str_name(), format!("SERVICE_PRINCIPAL_{}", sp.name()));
        }
    }

    fn mask(paths: &[&str]) -> FieldMask {
        FieldMask { paths: paths.iter().map(|p| (*p).to_owned()).collect() }
    }

    fn static_keys_identity() -> pb::Identity {
        pb::Identity {
            name: "laptop".to_owned(),
            relationship: Some(identity::Relationship::StaticKeys(StaticKeys {
                issuer: "https://issuer.example".to_owned(),
                subject: "me".to_owned(),
                audiences: vec!["grove".to_owned()],
                ..StaticKeys::default()
            })),
            ..pb::Identity::default()
        }
    }

    #[test]
    fn static_keys_mask_paths_in_either_spelling_become_a_patch_of_those_fields_only() {
        let input =
            identity_input(static_keys_identity(), Some(&mask(&["static_keys.subject", "staticKeys.audiences"])))
                .unwrap();
        let Some(RelationshipInput::StaticKeysFields(patch)) = input.relationship else { panic!("{input:?}") };
        assert_eq!(patch.fields, [StaticKeysField::Subject, StaticKeysField::Audiences]);
        assert_eq!(
            (patch.values.subject.as_deref(), patch.values.audiences.as_slice()),
            (Some("me"), &["grove".to_owned()][..])
        );
        assert_eq!((input.name, input.description), (None, None), "nothing else is selected");
    }

    #[test]
    fn a_mask_into_two_relationships_or_an_unknown_static_keys_field_is_refused() {
        let both = identity_input(static_keys_identity(), Some(&mask(&["static_keys.subject", "aws_identity.arn"])));
        assert_eq!(
            both.unwrap_err(),
            Error::invalid(
                "update_mask",
                "update_mask may name fields of one of claimMatch, staticKeys and awsIdentity, not of several"
            )
        );
        let unknown = identity_input(static_keys_identity(), Some(&mask(&["static_keys.jwks"]))).unwrap_err();
        let Error::InvalidArgument(violations) = unknown else { panic!("not INVALID_ARGUMENT") };
        assert_eq!(violations[0].field, "update_mask");
        assert!(violations[0]
            .description
            .starts_with("update_mask path \"static_keys.jwks\" is not a field of staticKeys"));
    }

    #[test]
    fn metadata_input_takes_the_masked_fields_even_at_zero_and_refuses_output_only_paths() {
        let sent = pb::IdentityMetadata {
            job_title: "engineer".to_owned(),
            product: "images".to_owned(),
            uid: "ignored".to_owned(),
            ..pb::IdentityMetadata::default()
        };
        let populated = identity_metadata_input(sent.clone(), None).unwrap();
        assert_eq!(
            populated,
            IdentityMetadataInput {
                job_title: Some("engineer".to_owned()),
                product: Some("images".to_owned()),
                ..IdentityMetadataInput::default()
            }
        );
        let masked = identity_metadata_input(sent.clone(), Some(&mask(&["jobTitle", "self_serve"]))).unwrap();
        assert_eq!(
            masked,
            IdentityMetadataInput {
                job_title: Some("engineer".to_owned()),
                self_serve: Some(false),
                ..IdentityMetadataInput::default()
            }
        );
        let Error::InvalidArgument(violations) =
            identity_metadata_input(sent, Some(&mask(&["given_name"]))).unwrap_err()
        else {
            panic!("not INVALID_ARGUMENT")
        };
        assert_eq!(violations[0].field, "update_mask");
        assert!(violations[0]
            .description
            .starts_with("update_mask path \"givenName\" is not one of company, updatesOptIn"));
    }
}
