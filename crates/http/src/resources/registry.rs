//! `/registry/v2beta1/repos` and `/registry/v2beta1/tags`: image metadata.

use axum::extract::State;
use axum::routing::get;
use axum::Router;

use crate::json::Json;

use super::Empty;
use crate::body::{ProtoBody, RestBody};
use crate::error::ApiError;
use crate::extract::{Caller, Path, Query};
use crate::proto_schema::{proto_schema, request_schema};
use crate::AppState;
use grove_domain::params::ListKind;
use grove_proto::registry as pb;

proto_schema!(RepoSchema, "chainguard.platform.registry.v2beta1.Repo");
proto_schema!(TagSchema, "chainguard.platform.registry.v2beta1.Tag");
proto_schema!(ListReposSchema, "chainguard.platform.registry.v2beta1.ListReposResponse");
proto_schema!(ListTagsSchema, "chainguard.platform.registry.v2beta1.ListTagsResponse");
proto_schema!(RepoReadmeSchema, "chainguard.platform.registry.v2beta1.RepoReadme");

request_schema!(
    RepoBody,
    pb::Repo,
    [
        ("name", super::fields::repo_name),
        ("description", super::fields::description),
        ("catalogTier", super::fields::catalog_tier_input),
    ]
);
request_schema!(TagBody, pb::Tag, [("name", super::fields::tag_name), ("digest", super::fields::digest),]);
request_schema!(RepoReadmeBody, pb::RepoReadme, []);

impl RestBody for pb::Repo {}

impl RestBody for pb::Tag {}

impl RestBody for pb::RepoReadme {}

/// The last path segment that names a repo's README (`…/repos/{uid}/readme`); uids never
/// hold it, as their segments are hex.
const README: &str = "/readme";

/// The repo and tag routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/registry/v2beta1/repos", get(list_repos))
        .route(
            "/registry/v2beta1/repos/{*uid}",
            get(get_repo_or_readme)
                .post(create_repo_or_405)
                .patch(update_repo_or_readme)
                .delete(delete_repo_or_405)
                .options(options_on_repo),
        )
        .route("/registry/v2beta1/tags", get(list_tags))
        .route("/registry/v2beta1/tags/{*uid}", get(get_tag).post(create_tag).patch(update_tag).delete(delete_tag))
}

/// Lists the repos the caller may list.
#[utoipa::path(get, path = "/registry/v2beta1/repos", operation_id = "ListRepos", tag = "repos",
    params(super::ListParams), responses((status = 200, body = ListReposSchema), crate::openapi::ReadErrors))]
pub async fn list_repos(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListReposResponse>, ApiError> {
    Ok(Json(s.services.repos.list(&caller, query.filter(ListKind::Named)?, &query.page()?).await?.into()))
}

/// Fetches one repo.
#[utoipa::path(get, path = "/registry/v2beta1/repos/{uid}", operation_id = "GetRepo", tag = "repos",
    params(super::ResourceUid), responses((status = 200, body = RepoSchema), crate::openapi::ReadErrors))]
pub async fn get_repo(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::Repo>, ApiError> {
    Ok(Json(s.services.repos.get(&caller, &uid).await?.into()))
}

/// `405` for a method a path does not serve, with the `Allow` header of that path: a
/// README takes `GET` and `PATCH`, a repo also `POST` (as a group, for create) and `DELETE`.
fn wrong_method(method: &axum::http::Method, path: &str) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    let allow = if path.ends_with(README) { "GET,HEAD,PATCH" } else { "GET,HEAD,POST,PATCH,DELETE" };
    let mut response =
        ApiError::MethodNotAllowed(format!("{method} is not supported on /registry/v2beta1/repos/{path}"))
            .into_response();
    response.headers_mut().insert(axum::http::header::ALLOW, axum::http::HeaderValue::from_static(allow));
    response
}

/// `OPTIONS` on a repo or README path: `405` with the path's `Allow`.
async fn options_on_repo(method: axum::http::Method, Path(path): Path<String>) -> axum::response::Response {
    wrong_method(&method, &path)
}

/// `POST …/repos/{parent}`; a README takes no `POST`.
async fn create_repo_or_405(
    method: axum::http::Method,
    state: State<AppState>,
    caller: Caller,
    Path(path): Path<String>,
    body: crate::extract::RawBody,
) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse as _;
    if path.ends_with(README) {
        return Ok(wrong_method(&method, &path));
    }
    Ok(create_repo(state, caller, Path(path), ProtoBody::parse(&body.0)?).await?.into_response())
}

/// `DELETE …/repos/{uid}`; a README takes no `DELETE`.
async fn delete_repo_or_405(
    method: axum::http::Method,
    state: State<AppState>,
    caller: Caller,
    Path(path): Path<String>,
) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse as _;
    if path.ends_with(README) {
        return Ok(wrong_method(&method, &path));
    }
    Ok(delete_repo(state, caller, Path(path)).await?.into_response())
}

/// `GET …/repos/{uid}` or `GET …/repos/{uid}/readme`.
async fn get_repo_or_readme(
    state: State<AppState>,
    caller: Caller,
    Path(path): Path<String>,
) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse as _;
    Ok(match path.strip_suffix(README) {
        Some(uid) => get_repo_readme(state, caller, Path(uid.to_owned())).await?.into_response(),
        None => get_repo(state, caller, Path(path)).await?.into_response(),
    })
}

/// `PATCH …/repos/{uid}` or `PATCH …/repos/{uid}/readme`.
async fn update_repo_or_readme(
    state: State<AppState>,
    caller: Caller,
    Path(path): Path<String>,
    query: Query,
    body: crate::extract::RawBody,
) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse as _;
    Ok(match path.strip_suffix(README) {
        Some(uid) => {
            let body = ProtoBody::<pb::RepoReadme>::parse(&body.0)?;
            update_repo_readme(state, caller, Path(uid.to_owned()), query, body).await?.into_response()
        }
        None => update_repo(state, caller, Path(path), query, ProtoBody::parse(&body.0)?).await?.into_response(),
    })
}

/// Fetches a repo's README (a synced repo shows its source's).
#[utoipa::path(get, path = "/registry/v2beta1/repos/{uid}/readme", operation_id = "GetRepoReadme", tag = "repos",
    params(super::ResourceUid), responses((status = 200, body = RepoReadmeSchema), crate::openapi::ReadErrors))]
pub async fn get_repo_readme(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::RepoReadme>, ApiError> {
    Ok(Json(s.services.repos.get_readme(&caller, &uid).await?.into()))
}

/// Replaces a repo's README; needs `repo.update` and `repo.internal.admin`.
#[utoipa::path(patch, path = "/registry/v2beta1/repos/{uid}/readme", operation_id = "UpdateRepoReadme", tag = "repos",
    request_body = RepoReadmeBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = RepoReadmeSchema), crate::openapi::WriteErrors))]
pub async fn update_repo_readme(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    body: ProtoBody<pb::RepoReadme>,
) -> Result<Json<pb::RepoReadme>, ApiError> {
    let content = body.update_input(&query)?;
    Ok(Json(s.services.repos.update_readme(&caller, &uid, &content).await?.into()))
}

/// Creates a repo in the group in the path.
#[utoipa::path(post, path = "/registry/v2beta1/repos/{uid}", operation_id = "CreateRepo", tag = "repos",
    request_body = RepoBody, params(super::ParentUid),
    responses((status = 200, body = RepoSchema), crate::openapi::WriteErrors))]
pub async fn create_repo(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    body: ProtoBody<pb::Repo>,
) -> Result<Json<pb::Repo>, ApiError> {
    Ok(Json(s.services.repos.create(&caller, &parent, body.create_input()?).await?.into()))
}

/// Changes a repo.
#[utoipa::path(patch, path = "/registry/v2beta1/repos/{uid}", operation_id = "UpdateRepo", tag = "repos",
    request_body = RepoBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = RepoSchema), crate::openapi::WriteErrors))]
pub async fn update_repo(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    body: ProtoBody<pb::Repo>,
) -> Result<Json<pb::Repo>, ApiError> {
    Ok(Json(s.services.repos.update(&caller, &uid, body.update_input(&query)?).await?.into()))
}

/// Deletes a repo without tags.
#[utoipa::path(delete, path = "/registry/v2beta1/repos/{uid}", operation_id = "DeleteRepo", tag = "repos",
    params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete_repo(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.repos.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}

/// Lists the tags the caller may list.
#[utoipa::path(get, path = "/registry/v2beta1/tags", operation_id = "ListTags", tag = "tags",
    params(super::ListParams, TagFilterParams),
    responses((status = 200, body = ListTagsSchema), crate::openapi::ReadErrors))]
pub async fn list_tags(
    State(s): State<AppState>,
    Caller(caller): Caller,
    query: Query,
) -> Result<Json<pb::ListTagsResponse>, ApiError> {
    Ok(Json(s.services.tags.list(&caller, query.filter(ListKind::Tags)?, &query.page()?).await?.into()))
}

/// The filters of a tag list beyond the common ones. Tags shaped like referrers
/// (`sha256-<64 hex>[.suffix]`), dates (`…-20YYMMDD`) or epochs (`…-r<N>`) are left out
/// unless their `include_*` flag is set.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct TagFilterParams {
    /// Only tags updated at or after this RFC 3339 instant.
    updated_since: Option<String>,
    /// Only tags pointing at this digest (`sha256:<64 hex>`).
    digest: Option<String>,
    /// Also list referrer tags (`sha256-<64 hex>[.suffix]`).
    include_referrers: Option<bool>,
    /// Also list date tags (`…-20YYMMDD`).
    include_dates: Option<bool>,
    /// Also list epoch tags (`…-r<N>`).
    include_epochs: Option<bool>,
}

/// Fetches one tag.
#[utoipa::path(get, path = "/registry/v2beta1/tags/{uid}", operation_id = "GetTag", tag = "tags",
    params(super::ResourceUid), responses((status = 200, body = TagSchema), crate::openapi::ReadErrors))]
pub async fn get_tag(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<pb::Tag>, ApiError> {
    Ok(Json(s.services.tags.get(&caller, &uid).await?.into()))
}

/// Creates a tag in the repo in the path, or moves the repo's tag of that name.
#[utoipa::path(post, path = "/registry/v2beta1/tags/{uid}", operation_id = "CreateTag", tag = "tags",
    request_body = TagBody, params(super::ParentUid),
    responses((status = 200, body = TagSchema), crate::openapi::WriteErrors))]
pub async fn create_tag(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(parent): Path<String>,
    body: ProtoBody<pb::Tag>,
) -> Result<Json<pb::Tag>, ApiError> {
    Ok(Json(s.services.tags.create(&caller, &parent, body.create_input()?).await?.into()))
}

/// Changes a tag.
#[utoipa::path(patch, path = "/registry/v2beta1/tags/{uid}", operation_id = "UpdateTag", tag = "tags",
    request_body = TagBody, params(super::ResourceUid, super::UpdateParams),
    responses((status = 200, body = TagSchema), crate::openapi::WriteErrors))]
pub async fn update_tag(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
    query: Query,
    body: ProtoBody<pb::Tag>,
) -> Result<Json<pb::Tag>, ApiError> {
    Ok(Json(s.services.tags.update(&caller, &uid, body.update_input(&query)?).await?.into()))
}

/// Deletes a tag.
#[utoipa::path(delete, path = "/registry/v2beta1/tags/{uid}", operation_id = "DeleteTag", tag = "tags",
    params(super::ResourceUid),
    responses((status = 200, body = Empty), crate::openapi::ReadErrors))]
pub async fn delete_tag(
    State(s): State<AppState>,
    Caller(caller): Caller,
    Path(uid): Path<String>,
) -> Result<Json<Empty>, ApiError> {
    s.services.tags.delete(&caller, &uid).await?;
    Ok(Json(Empty {}))
}
