//! `/iam/v1/account_associations`: a group's association in the v1 shape (`group` for the
//! uid), create, replace (PUT: every section not given is cleared), list (filtered by
//! `group` and `name`), the idempotent delete and `{group}:check`.

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use grove_domain::model::{
    AccountAssociation, AccountProviderType, AmazonAccount, AzureTenant, CheckStatus, GitHubApps, GitHubInstallation,
    GoogleProject,
};
use grove_domain::services::AccountAssociationInput;
use grove_domain::{Error, Uidp};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::empty;
use crate::error::V1Error;
use crate::extract::{Caller, JsonBody, Query, WireBody};
use crate::list::stream;
use crate::V1State;

/// A v1 association (`AccountAssociations`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct V1AccountAssociation {
    /// The group's uid.
    pub group: String,
    /// `amazon`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amazon: Option<Value>,
    /// `google`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub google: Option<Value>,
    /// The name.
    pub name: String,
    /// The description.
    pub description: String,
    /// `chainguard`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chainguard: Option<Value>,
    /// `azure`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub azure: Option<Value>,
    /// `github` (ids as protojson int64 strings).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub github: Option<Value>,
}

impl From<AccountAssociation> for V1AccountAssociation {
    fn from(a: AccountAssociation) -> Self {
        let p = a.providers;
        Self {
            group: a.uid.to_string(),
            amazon: p.amazon.map(|x| json!({ "account": x.account })),
            google: p.google.map(|x| json!({ "projectId": x.project_id, "projectNumber": x.project_number })),
            name: a.name.to_string(),
            description: a.description.to_string(),
            chainguard: p.chainguard.map(|x| {
                let bindings: BTreeMap<String, String> =
                    x.service_bindings.into_iter().map(|(k, v)| (k, v.to_string())).collect();
                json!({ "serviceBindings": bindings })
            }),
            azure: p.azure.map(|x| json!({ "tenantId": x.tenant_id, "clientIds": x.client_ids })),
            github: p.github.map(|x| {
                let apps: serde_json::Map<String, Value> = x
                    .app_installations
                    .into_iter()
                    .map(|(app, installs)| {
                        let list: Vec<Value> = installs
                            .into_iter()
                            .map(|i| json!({ "installationId": i.installation_id.to_string(), "name": i.name }))
                            .collect();
                        (app.to_string(), json!({ "installations": list }))
                    })
                    .collect();
                json!({ "appInstallations": apps })
            }),
        }
    }
}

/// The body of a v1 create or replace (`AccountAssociations` less the path's `group`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccountAssociationBody {
    name: Option<String>,
    description: Option<String>,
    amazon: Option<AmazonBody>,
    google: Option<GoogleBody>,
    chainguard: Option<ChainguardBody>,
    azure: Option<AzureBody>,
    github: Option<GitHubBody>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct AmazonBody {
    #[serde(default)]
    account: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct GoogleBody {
    #[serde(default, alias = "project_id")]
    project_id: String,
    #[serde(default, alias = "project_number")]
    project_number: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ChainguardBody {
    #[serde(default, alias = "service_bindings")]
    service_bindings: BTreeMap<String, String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct AzureBody {
    #[serde(default, alias = "tenant_id")]
    tenant_id: String,
    #[serde(default, alias = "client_ids")]
    client_ids: BTreeMap<String, String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct GitHubBody {
    #[serde(default, alias = "app_installations")]
    app_installations: BTreeMap<String, InstallationsBody>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct InstallationsBody {
    #[serde(default)]
    installations: Vec<InstallationBody>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct InstallationBody {
    #[serde(default, alias = "installation_id")]
    installation_id: Value,
    #[serde(default)]
    name: String,
}

impl WireBody for AccountAssociationBody {
    const OUTPUT_ONLY: &'static [&'static str] = &["group"];
}

/// A protojson int64: a number or a decimal string.
fn int64(field: &str, v: &Value) -> Result<i64, Error> {
    let bad = || Error::invalid(field, format!("{field} must be an integer"));
    match v {
        Value::Null => Ok(0),
        Value::Number(n) => n.as_i64().ok_or_else(bad),
        Value::String(s) => s.parse().map_err(|_| bad()),
        _ => Err(bad()),
    }
}

impl AccountAssociationBody {
    /// The input: every section is set (absent ones cleared), as a v1 PUT replaces.
    fn input(self) -> Result<AccountAssociationInput, Error> {
        let github = match self.github {
            None => None,
            Some(g) => {
                let mut apps = BTreeMap::new();
                for (app, installs) in g.app_installations {
                    let field = "github.appInstallations";
                    let id: i64 =
                        app.parse().map_err(|_| Error::invalid(field, format!("app id {app:?} must be an integer")))?;
                    let mut list = Vec::new();
                    for i in installs.installations {
                        let installation_id =
                            int64(&format!("{field}[{app}].installations.installationId"), &i.installation_id)?;
                        list.push(GitHubInstallation { installation_id, name: i.name });
                    }
                    apps.insert(id, list);
                }
                Some(GitHubApps { app_installations: apps })
            }
        };
        Ok(AccountAssociationInput {
            name: Some(self.name.unwrap_or_default()),
            description: Some(self.description.unwrap_or_default()),
            amazon: Some(self.amazon.map(|a| AmazonAccount { account: a.account })),
            google: Some(
                self.google.map(|g| GoogleProject { project_id: g.project_id, project_number: g.project_number }),
            ),
            chainguard: Some(self.chainguard.map(|c| c.service_bindings)),
            azure: Some(self.azure.map(|a| AzureTenant { tenant_id: a.tenant_id, client_ids: a.client_ids })),
            github: Some(github),
        })
    }
}

/// The body of `{group}:check`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CheckBody {
    #[serde(default)]
    group: Option<String>,
    #[serde(default, alias = "account_type")]
    account_type: Option<String>,
}

impl WireBody for CheckBody {
    const OUTPUT_ONLY: &'static [&'static str] = &[];
}

/// The v1 association routes.
pub fn routes() -> Router<V1State> {
    Router::new()
        .route("/iam/v1/account_associations", get(list))
        .route("/iam/v1/account_associations/{*group}", axum::routing::post(create).put(replace).delete(delete))
}

async fn list(State(s): State<V1State>, Caller(caller): Caller, query: Query) -> Result<Response, V1Error> {
    let mut filter = query.filter()?;
    if let Some(group) = query.get("group").filter(|g| !g.is_empty()) {
        filter.group = Some(Uidp::parse_field("group", group)?);
    }
    stream(move |page| {
        let (s, caller, filter) = (s.clone(), caller.clone(), filter.clone());
        async move {
            Ok(s.services.account_associations.list(&caller, filter, &page).await?.map(V1AccountAssociation::from))
        }
    })
    .await
}

async fn create(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(group): Path<String>,
    body: axum::body::Bytes,
) -> Result<Response, V1Error> {
    if let Some((uid, verb)) = group.rsplit_once(':').filter(|(_, v)| !v.contains('/')) {
        if verb != "check" {
            return Err(Error::NotFound(format!("account associations have no custom method {verb:?}")).into());
        }
        let check: CheckBody = crate::extract::parse_body(&body)?;
        if check.group.as_deref().is_some_and(|g| !g.is_empty() && g != uid) {
            return Err(Error::invalid("group", "group must be the group in the path").into());
        }
        let provider = match check.account_type.as_deref() {
            None | Some("" | "UNKNOWN") => None,
            Some("GOOGLE") => Some(AccountProviderType::Google),
            Some("AMAZON") => Some(AccountProviderType::Amazon),
            Some("AZURE") => Some(AccountProviderType::Azure),
            Some(other) => {
                return Err(Error::invalid(
                    "account_type",
                    format!("account_type {other:?} is not GOOGLE, AMAZON or AZURE"),
                )
                .into())
            }
        };
        let provider = provider
            .ok_or_else(|| Error::invalid("account_type", "account_type is required: GOOGLE, AMAZON or AZURE"))?;
        let r = s.services.account_associations.check(&caller, uid, Some(provider)).await?;
        let ready = match r.status {
            CheckStatus::Ready => "Ready",
            CheckStatus::NotReady => "NotReady",
        };
        return Ok(Json(json!({ "ready": ready, "reason": r.reason, "message": r.message })).into_response());
    }
    let body: AccountAssociationBody = crate::extract::parse_body(&body)?;
    let a = s.services.account_associations.create(&caller, &group, body.input()?).await?;
    Ok(Json(V1AccountAssociation::from(a)).into_response())
}

async fn replace(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(group): Path<String>,
    JsonBody(body): JsonBody<AccountAssociationBody>,
) -> Result<Json<V1AccountAssociation>, V1Error> {
    let a = s.services.account_associations.update(&caller, &group, body.input()?).await?;
    Ok(Json(a.into()))
}

async fn delete(
    State(s): State<V1State>,
    Caller(caller): Caller,
    Path(group): Path<String>,
) -> Result<Json<Value>, V1Error> {
    s.services.account_associations.delete(&caller, &group).await?;
    Ok(empty())
}
