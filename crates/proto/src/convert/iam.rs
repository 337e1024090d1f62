//! Groups, identities, roles and role bindings.

use grove_domain::error::Error;
use grove_domain::model::{Group, Identity, Matcher, Relationship, Role, RoleBindingView};
use grove_domain::services::{
    AwsIdentityField, AwsIdentityInput, AwsIdentityPatch, BatchRequest, ClaimMatchField, ClaimMatchInput,
    ClaimMatchPatch, GroupInput, IdentityInput, RelationshipInput, RoleBindingInput, RoleInput, StaticKeysInput,
};

use super::{list_response, Selection};
use crate::iam::identity::{aws_identity, claim_match, AwsIdentity, ClaimMatch, StaticKeys};
use crate::iam::{self as pb, identity};

impl From<Group> for pb::Group {
    fn from(g: Group) -> Self {
        Self {
            uid: g.uid.to_string(),
            name: g.name.to_string(),
            description: g.description.to_string(),
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
            uid: i.uid.to_string(),
            name: i.name.to_string(),
            description: i.description.to_string(),
            email: i.email,
            email_unverified: i.email_unverified,
            company: i.company.to_string(),
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

/// The nested `claim_match.<field>` and `aws_identity.<field>` paths of an update mask, and
/// a mask of the other paths (`None` when the request has no mask).
struct NestedPaths {
    claim_match: Vec<ClaimMatchField>,
    aws_identity: Vec<AwsIdentityField>,
    rest: Option<crate::wkt::FieldMask>,
}

impl NestedPaths {
    /// Splits `mask`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `update_mask` for a nested path that names no field of its
    /// message, or for paths into both `claim_match` and `aws_identity`.
    fn split(mask: Option<&crate::wkt::FieldMask>) -> Result<Self, Error> {
        let Some(mask) = mask.filter(|m| !m.paths.is_empty()) else {
            return Ok(Self { claim_match: Vec::new(), aws_identity: Vec::new(), rest: mask.cloned() });
        };
        let (claim_match, others) = ClaimMatchField::split_mask(mask.paths.iter().map(String::as_str))?;
        let mut aws_identity = Vec::new();
        let mut rest = Vec::new();
        for path in others {
            match AwsIdentityField::from_mask_path(path)? {
                Some(field) => aws_identity.push(field),
                None => rest.push(path.to_owned()),
            }
        }
        if !claim_match.is_empty() && !aws_identity.is_empty() {
            return Err(Error::invalid(
                "update_mask",
                "update_mask may name fields of claimMatch or of awsIdentity, not of both",
            ));
        }
        Ok(Self { claim_match, aws_identity, rest: Some(crate::wkt::FieldMask { paths: rest }) })
    }

    fn any(&self) -> bool {
        !self.claim_match.is_empty() || !self.aws_identity.is_empty()
    }
}

/// The input a create or update makes of a wire identity. An update mask may name single
/// fields of `claim_match` (`claim_match.subject_pattern`, or `claimMatch.subjectPattern`)
/// or of `aws_identity` (`aws_identity.arn_pattern`): only those change, the identity's
/// other fields of that relationship stay.
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
    let aws_identity_fields = nested.aws_identity;
    let relationship = match i.relationship {
        Some(identity::Relationship::ClaimMatch(cm)) if s.has("claim_match", true) => {
            Some(RelationshipInput::ClaimMatch(claim_match_input(cm)))
        }
        Some(identity::Relationship::StaticKeys(sk)) if s.has("static_keys", true) => {
            Some(RelationshipInput::StaticKeys(StaticKeysInput {
                issuer: Some(sk.issuer).filter(|v| !v.is_empty()),
                subject: Some(sk.subject).filter(|v| !v.is_empty()),
                issuer_keys: Some(sk.issuer_keys).filter(|v| !v.is_empty()),
                expiration_time: sk
                    .expiration_time
                    .and_then(|t| t.to_datetime())
                    .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)),
                audiences: sk.audiences,
            }))
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

impl From<Role> for pb::Role {
    fn from(r: Role) -> Self {
        Self {
            uid: r.uid.to_string(),
            name: r.name.to_string(),
            description: r.description.to_string(),
            capabilities: r.capabilities.iter().map(|c| c.number()).collect(),
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
            uid: b.uid.to_string(),
            identity_uid: b.identity.uid.to_string(),
            role_uid: b.role.uid.to_string(),
            identity: Some(pb::RoleBindingIdentity {
                uid: b.identity.uid.to_string(),
                name: b.identity.name,
                description: b.identity.description,
                subject: b.identity.subject,
                issuer: b.identity.issuer,
                email: b.identity.email,
            }),
            group: Some(pb::RoleBindingGroup {
                uid: b.group.uid.to_string(),
                name: b.group.name,
                description: b.group.description,
            }),
            role: Some(pb::RoleBindingRole {
                uid: b.role.uid.to_string(),
                name: b.role.name,
                description: b.role.description,
            }),
            create_time: Some(b.create_time.into()),
            managed_by: pb::ManagedBy::Unspecified.into(),
            managed_by_uidp: String::new(),
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
