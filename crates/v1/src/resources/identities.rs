//! `/iam/v1/identities`: principals in the version 1 shape (`claimMatch`, `static`,
//! `awsIdentity` or `servicePrincipal`, `createdAt`, `updatedAt`, `lastSeen`).

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::model::{Identity, Matcher, Relationship};
use grove_domain::services::{AwsIdentityInput, ClaimMatchInput, IdentityInput, RelationshipInput, StaticKeysInput};
use grove_domain::Error;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::empty;
use crate::error::V1Error;
use crate::extract::{Caller, JsonBody, Query, WireBody};
use crate::list::stream;
use crate::V1State;

/// Which OIDC tokens may assume the identity: exact values or fully anchored patterns.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClaimMatch {
    /// Exact `iss`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
    /// Exact `sub`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    /// Exact `aud`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audience: Option<String>,
    /// Pattern for `iss`.
    #[serde(skip_serializing_if = "Option::is_none", alias = "issuer_pattern")]
    pub issuer_pattern: Option<String>,
    /// Pattern for `sub`.
    #[serde(skip_serializing_if = "Option::is_none", alias = "subject_pattern")]
    pub subject_pattern: Option<String>,
    /// Pattern for `aud`.
    #[serde(skip_serializing_if = "Option::is_none", alias = "audience_pattern")]
    pub audience_pattern: Option<String>,
    /// Extra claims that must be equal.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub claims: BTreeMap<String, String>,
    /// Extra claims that must match.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", alias = "claim_patterns")]
    pub claim_patterns: BTreeMap<String, String>,
}

/// Stored issuer keys (v1 `static`), for issuers without discovery.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StaticKeys {
    /// Exact `iss`.
    pub issuer: Option<String>,
    /// Exact `sub`.
    pub subject: Option<String>,
    /// The issuer's JWKS, as JSON text.
    #[serde(alias = "issuer_keys")]
    pub issuer_keys: Option<String>,
    /// When the identity stops being assumable (RFC 3339).
    pub expiration: Option<String>,
    /// Accepted audiences.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub audiences: Vec<String>,
}

/// An AWS principal (v1 `awsIdentity`): the account exactly, the ARN and user id exactly or
/// by pattern.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AwsIdentity {
    /// The 12-digit account id.
    #[serde(skip_serializing_if = "Option::is_none", alias = "aws_account")]
    pub aws_account: Option<String>,
    /// Exact `Arn`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arn: Option<String>,
    /// Pattern for `Arn`.
    #[serde(skip_serializing_if = "Option::is_none", alias = "arn_pattern")]
    pub arn_pattern: Option<String>,
    /// Exact `UserId`.
    #[serde(skip_serializing_if = "Option::is_none", alias = "user_id")]
    pub user_id: Option<String>,
    /// Pattern for `UserId`.
    #[serde(skip_serializing_if = "Option::is_none", alias = "user_id_pattern")]
    pub user_id_pattern: Option<String>,
}

/// A v1 Identity.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1Identity {
    /// The identity's uid.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Free text.
    pub description: String,
    /// Creation time.
    pub created_at: String,
    /// Last change.
    pub updated_at: String,
    /// Last successful token exchange; absent until the first one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_seen: Option<String>,
    /// Present for claim-matched identities.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim_match: Option<ClaimMatch>,
    /// Present for static-key identities.
    #[serde(rename = "static", skip_serializing_if = "Option::is_none")]
    pub static_keys: Option<StaticKeys>,
    /// Present for service principals: the unprefixed enum name (`CATALOG_SYNCER`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub service_principal: Option<String>,
    /// Present for AWS identities.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aws_identity: Option<AwsIdentity>,
}

impl From<Identity> for V1Identity {
    fn from(i: Identity) -> Self {
        let service_principal = match &i.relationship {
            Relationship::ServicePrincipal(sp) => Some(sp.name().to_owned()),
            _ => None,
        };
        let aws_identity = match &i.relationship {
            Relationship::AwsIdentity(aws) => {
                let (arn, arn_pattern) = aws.arn.exact_and_pattern();
                let (user_id, user_id_pattern) = aws.user_id.exact_and_pattern();
                Some(AwsIdentity { aws_account: Some(aws.account.clone()), arn, arn_pattern, user_id, user_id_pattern })
            }
            _ => None,
        };
        let (claim_match, static_keys) = match i.relationship {
            Relationship::ClaimMatch(cm) => {
                let (issuer, issuer_pattern) = cm.issuer.exact_and_pattern();
                let (subject, subject_pattern) = cm.subject.exact_and_pattern();
                let (audience, audience_pattern) =
                    cm.audience.as_ref().map(Matcher::exact_and_pattern).unwrap_or_default();
                let claim_patterns =
                    cm.claim_patterns.iter().map(|(k, p)| (k.clone(), p.as_str().to_owned())).collect();
                let claim_match = ClaimMatch {
                    issuer,
                    subject,
                    audience,
                    issuer_pattern,
                    subject_pattern,
                    audience_pattern,
                    claims: cm.claims,
                    claim_patterns,
                };
                (Some(claim_match), None)
            }
            Relationship::StaticKeys(sk) => (
                None,
                Some(StaticKeys {
                    issuer: Some(sk.issuer),
                    subject: Some(sk.subject),
                    issuer_keys: Some(sk.issuer_keys),
                    expiration: Some(sk.expiration_time.to_string()),
                    audiences: sk.audiences,
                }),
            ),
            Relationship::AwsIdentity(_) | Relationship::ServicePrincipal(_) => (None, None),
        };
        Self {
            id: i.uid.to_string(),
            name: i.name.to_string(),
            description: i.description.to_string(),
            created_at: i.create_time.to_string(),
            updated_at: i.update_time.to_string(),
            last_seen: i.last_seen_time.map(|t| t.to_string()),
            claim_match,
            static_keys,
            service_principal,
            aws_identity,
        }
    }
}

/// The writable fields of a v1 Identity; output-only fields are accepted and ignored.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IdentityBody {
    /// Required: 1 to 63 printable characters.
    pub name: Option<String>,
    /// Free text.
    pub description: Option<String>,
    /// Exactly one of `claimMatch`, `static`, `awsIdentity` and `servicePrincipal`.
    #[serde(alias = "claim_match")]
    pub claim_match: Option<ClaimMatch>,
    /// Exactly one of `claimMatch`, `static`, `awsIdentity` and `servicePrincipal`.
    #[serde(rename = "static")]
    pub static_keys: Option<StaticKeys>,
    /// Exactly one of `claimMatch`, `static`, `awsIdentity` and `servicePrincipal`: the enum
    /// name (`CATALOG_SYNCER`).
    #[serde(alias = "service_principal")]
    pub service_principal: Option<String>,
    /// Exactly one of `claimMatch`, `static`, `awsIdentity` and `servicePrincipal`.
    #[serde(alias = "aws_identity")]
    pub aws_identity: Option<AwsIdentity>,
}

impl WireBody for IdentityBody {
    const OUTPUT_ONLY: &'static [&'static str] =
        &["id", "createdAt", "created_at", "updatedAt", "updated_at", "lastSeen", "last_seen"];
}

impl IdentityBody {
    /// The one relationship the body gives, if any.
    fn relationship(&mut self) -> Result<Option<RelationshipInput>, V1Error> {
        let given = [
            self.claim_match.is_some(),
            self.static_keys.is_some(),
            self.service_principal.is_some(),
            self.aws_identity.is_some(),
        ];
        if given.into_iter().filter(|g| *g).count() > 1 {
            return Err(Error::invalid(
                "claimMatch",
                "give only one of claimMatch, static, awsIdentity and servicePrincipal",
            )
            .into());
        }
        if let Some(sp) = self.service_principal.take() {
            return Ok(Some(RelationshipInput::ServicePrincipal(sp)));
        }
        if let Some(aws) = self.aws_identity.take() {
            return Ok(Some(RelationshipInput::AwsIdentity(AwsIdentityInput {
                aws_account: aws.aws_account,
                arn: aws.arn,
                arn_pattern: aws.arn_pattern,
                user_id: aws.user_id,
                user_id_pattern: aws.user_id_pattern,
            })));
        }
        if let Some(cm) = self.claim_match.take() {
            return Ok(Some(RelationshipInput::ClaimMatch(ClaimMatchInput {
                issuer: cm.issuer,
                issuer_pattern: cm.issuer_pattern,
                subject: cm.subject,
                subject_pattern: cm.subject_pattern,
                audience: cm.audience,
                audience_pattern: cm.audience_pattern,
                claims: cm.claims,
                claim_patterns: cm.claim_patterns,
            })));
        }
        Ok(self.static_keys.take().map(|sk| {
            RelationshipInput::StaticKeys(StaticKeysInput {
                issuer: sk.issuer,
                subject: sk.subject,
                issuer_keys: sk.issuer_keys,
                expiration_time: sk.expiration,
                audiences: sk.audiences,
            })
        }))
    }

    fn create(mut self) -> Result<IdentityInput, V1Error> {
        let relationship = self.relationship()?;
        Ok(IdentityInput { name: self.name, description: self.description, company: None, relationship })
    }

    /// A whole replacement: omitted fields become empty, and an omitted relationship is an
    /// empty `claimMatch` (which the domain refuses, as an identity needs one).
    fn replace(mut self) -> Result<IdentityInput, V1Error> {
        let relationship =
            self.relationship()?.unwrap_or_else(|| RelationshipInput::ClaimMatch(ClaimMatchInput::default()));
        // Version 1 has no company: a replacement leaves it as it is.
        Ok(IdentityInput {
            name: Some(self.name.unwrap_or_default()),
            description: Some(self.description.unwrap_or_default()),
            company: None,
            relationship: Some(relationship),
        })
    }
}

/// The v1 identity routes.
pub fn routes() -> Router<V1State> {
    Router::new()
        .route("/iam/v1/identities", get(list))
        .route("/iam/v1/identities/{*id}", get(get_one).post(create).put(replace).patch(replace).delete(delete))
}

async fn list(State(s): State<V1State>, Caller(caller): Caller, query: Query) -> Result<Response, V1Error> {
    let filter = query.filter()?;
    stream(move |page| {
        let (s, caller, filter) = (s.clone(), caller.clone(), filter.clone());
        async move { Ok(s.services.identities.list(&caller, filter, &page).await?.map(V1Identity::from)) }
    })
    .await
}

async fn get_one(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<V1Identity>, V1Error> {
    Ok(Json(s.services.identities.get(&caller, &id).await?.into()))
}

async fn create(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(parent_id): Path<String>,
    JsonBody(body): JsonBody<IdentityBody>,
) -> Result<Json<V1Identity>, V1Error> {
    Ok(Json(s.services.identities.create(&caller, &parent_id, body.create()?).await?.into()))
}

async fn replace(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<IdentityBody>,
) -> Result<Json<V1Identity>, V1Error> {
    Ok(Json(s.services.identities.update(&caller, &id, body.replace()?).await?.into()))
}

async fn delete(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Json<Value>, V1Error> {
    s.services.identities.delete(&caller, &id).await?;
    Ok(empty())
}
