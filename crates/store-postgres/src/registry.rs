//! [`RepoStore`] and [`TagStore`] on `repos` and `tags` (a tag's parent is its repo).

use async_trait::async_trait;
use diesel::dsl::exists;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel::upsert::excluded;
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use grove_domain::events::{EventData, NewEvent};
use grove_domain::listing::{ListFilter, ListQuery, SortField, StorePage};
use grove_domain::model::{Repo, Tag, TagShape};
use grove_domain::names::Digest;
use grove_domain::ports::{RepoStore, TagStore};
use grove_domain::{Error, Result, Timestamp, Uidp};

use crate::error::{unexpected, Violation};
use crate::groups::group_not_found;
use crate::listing::{
    counted, list, paged, Column, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::outbox::render;
use crate::rows::{RepoRow, TagRow};
use crate::schema::{groups, repos, tags};
use crate::store::PostgresStore;
use crate::tx::TxError;

fn repo_not_found(uid: &impl std::fmt::Display) -> Error {
    Error::NotFound(format!("repo {uid} does not exist"))
}

fn tag_not_found(uid: &impl std::fmt::Display) -> Error {
    Error::NotFound(format!("tag {uid} does not exist"))
}

fn repo_violation(v: Violation<'_>, repo: &Repo, row: &RepoRow) -> Option<Error> {
    match v {
        Violation::Unique("repos_parent_name_key") => Some(Error::AlreadyExists(format!(
            "a repo named \"{}\" already exists in group {}",
            repo.name, row.parent_uid
        ))),
        Violation::Unique("repos_pkey") => Some(Error::AlreadyExists(format!("repo {} already exists", repo.uid))),
        Violation::ForeignKey("repos_parent_fkey") => Some(group_not_found(&row.parent_uid)),
        _ => None,
    }
}

fn tag_violation(v: Violation<'_>, tag: &Tag, row: &TagRow) -> Option<Error> {
    match v {
        Violation::Unique("tags_parent_name_key") => Some(Error::AlreadyExists(format!(
            "a tag named \"{}\" already exists in repo {}",
            tag.name, row.parent_uid
        ))),
        Violation::Unique("tags_pkey") => Some(Error::AlreadyExists(format!("tag {} already exists", tag.uid))),
        Violation::ForeignKey("tags_parent_fkey") => Some(repo_not_found(&row.parent_uid)),
        _ => None,
    }
}

fn repo_has_tags() -> Error {
    Error::not_empty("cannot delete repo with child tags")
}

/// Where lists find the columns of `repos`.
pub(crate) struct RepoColumns;

impl ListColumns<repos::table> for RepoColumns {
    fn uid() -> Column<repos::table, Text> {
        Box::new(repos::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<repos::table> {
        Box::new(repos::parent_uid.eq(parent.to_string()))
    }

    fn at_root() -> Predicate<repos::table> {
        Box::new(repos::parent_uid.is_null())
    }

    fn sort_column(field: SortField) -> SortColumn<repos::table> {
        match field {
            SortField::Uid => SortColumn::Uid,
            SortField::Name => SortColumn::Text(Box::new(repos::name)),
            SortField::CreateTime => SortColumn::Time(Box::new(repos::create_time)),
            SortField::UpdateTime => SortColumn::Time(Box::new(repos::update_time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<repos::table>> {
        let mut own: Vec<Predicate<repos::table>> = Vec::new();
        if let Some(name) = &filter.name {
            own.push(Box::new(repos::name.eq(name.clone())));
        }
        own
    }
}

/// The statements of a repo list.
pub(crate) fn repo_listing(query: &ListQuery) -> Result<Listing<impl PageStatement<RepoRow>, impl CountStatement>> {
    let count = counted::<_, _, RepoColumns>(repos::table.select(repos::uid).into_boxed::<Pg>(), query);
    let (seek, page) = paged::<_, _, RepoColumns>(repos::table.select(RepoRow::as_select()).into_boxed::<Pg>(), query)?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

/// Where lists find the columns of `tags`.
pub(crate) struct TagColumns;

impl ListColumns<tags::table> for TagColumns {
    fn uid() -> Column<tags::table, Text> {
        Box::new(tags::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<tags::table> {
        Box::new(tags::parent_uid.eq(parent.to_string()))
    }

    fn at_root() -> Predicate<tags::table> {
        Box::new(tags::parent_uid.is_null())
    }

    fn sort_column(field: SortField) -> SortColumn<tags::table> {
        match field {
            SortField::Uid => SortColumn::Uid,
            SortField::Name => SortColumn::Text(Box::new(tags::name)),
            SortField::CreateTime => SortColumn::Time(Box::new(tags::create_time)),
            SortField::UpdateTime => SortColumn::Time(Box::new(tags::update_time)),
        }
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<tags::table>> {
        let mut own: Vec<Predicate<tags::table>> = Vec::new();
        if let Some(name) = &filter.name {
            own.push(Box::new(tags::name.eq(name.clone())));
        }
        let t = &filter.tag;
        if let Some(since) = t.updated_since {
            own.push(Box::new(tags::update_time.ge(since.as_datetime())));
        }
        if let Some(digest) = &t.digest {
            own.push(Box::new(tags::digest.eq(digest.clone())));
        }
        let excluded: Vec<i16> = t.excluded_shapes().into_iter().map(TagShape::number).collect();
        if !excluded.is_empty() {
            own.push(Box::new(tags::shape.ne_all(excluded)));
        }
        own
    }
}

/// The statements of a tag list.
pub(crate) fn tag_listing(query: &ListQuery) -> Result<Listing<impl PageStatement<TagRow>, impl CountStatement>> {
    let count = counted::<_, _, TagColumns>(tags::table.select(tags::uid).into_boxed::<Pg>(), query);
    let (seek, page) = paged::<_, _, TagColumns>(tags::table.select(TagRow::as_select()).into_boxed::<Pg>(), query)?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}

#[async_trait]
impl RepoStore for PostgresStore {
    async fn create_repo(&self, repo: &Repo, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = RepoRow::new(repo)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Repo(repo))?;
            diesel::insert_into(repos::table).values(&row).execute(conn).await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| repo_violation(v, repo, &row)))
    }

    async fn get_repo(&self, uid: &Uidp) -> Result<Option<Repo>> {
        let mut conn = self.conn().await?;
        repos::table
            .find(uid.as_str())
            .select(RepoRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(Repo::try_from)
            .transpose()
    }

    async fn find_repos_by_path(&self, org: &str, name: &str) -> Result<Vec<Repo>> {
        let mut conn = self.conn().await?;
        repos::table
            .inner_join(groups::table)
            .filter(groups::parent_uid.is_null().and(groups::name.eq(org)).and(repos::name.eq(name)))
            .select(RepoRow::as_select())
            .order(repos::uid)
            .load(&mut conn)
            .await
            .map_err(unexpected)?
            .into_iter()
            .map(Repo::try_from)
            .collect()
    }

    async fn list_repos(&self, query: &ListQuery) -> Result<StorePage<Repo>> {
        let conn = self.conn().await?;
        list::<RepoRow, Repo, _, _>(&conn, query, repo_listing).await
    }

    async fn update_repo(&self, repo: &Repo, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = RepoRow::new(repo)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Repo(repo))?;
            let updated =
                diesel::update(repos::table.find(repo.uid.as_str())).set(row.clone().changes()).execute(conn).await?;
            if updated == 0 {
                return Err(TxError::Domain(repo_not_found(&repo.uid)));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| repo_violation(v, repo, &row)))
    }

    async fn delete_repo(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let record = event.record(EventData::Empty)?;
        let uid = uid.as_str();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            // Locked first so that a tag created concurrently either is seen below or fails
            // its foreign-key check after we commit (see `delete_group`).
            let found =
                repos::table.find(uid).select(repos::uid).for_update().first::<String>(conn).await.optional()?;
            if found.is_none() {
                return Err(TxError::Domain(repo_not_found(&uid)));
            }
            let has_tags =
                diesel::select(exists(tags::table.filter(tags::parent_uid.eq(uid)))).get_result::<bool>(conn).await?;
            if has_tags {
                return Err(TxError::Domain(repo_has_tags()));
            }
            diesel::delete(repos::table.find(uid)).execute(conn).await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| {
            e.into_error(|v| matches!(v, Violation::ForeignKey("tags_parent_fkey")).then(repo_has_tags))
        })
    }
}

#[async_trait]
impl TagStore for PostgresStore {
    async fn put_tag(&self, tag: &Tag, event: &NewEvent) -> Result<Tag> {
        let outbox = self.outbox();
        let row = TagRow::new(tag)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            // An existing tag of that name keeps its uid and create time.
            let stored = diesel::insert_into(tags::table)
                .values(&row)
                .on_conflict((tags::parent_uid, tags::name))
                .do_update()
                .set((
                    tags::digest.eq(excluded(tags::digest)),
                    tags::deprecated.eq(excluded(tags::deprecated)),
                    tags::bundles.eq(excluded(tags::bundles)),
                    tags::update_time.eq(excluded(tags::update_time)),
                ))
                .returning(TagRow::as_returning())
                .get_result(conn)
                .await?;
            let stored = Tag::try_from(stored).map_err(TxError::Domain)?;
            outbox.insert(conn, &render(event, EventData::Tag(&stored))?).await?;
            Ok(stored)
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| tag_violation(v, tag, &row)))
    }

    async fn get_tag(&self, uid: &Uidp) -> Result<Option<Tag>> {
        let mut conn = self.conn().await?;
        tags::table
            .find(uid.as_str())
            .select(TagRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(unexpected)?
            .map(Tag::try_from)
            .transpose()
    }

    async fn list_tags(&self, query: &ListQuery) -> Result<StorePage<Tag>> {
        let conn = self.conn().await?;
        list::<TagRow, Tag, _, _>(&conn, query, tag_listing).await
    }

    async fn create_tag(&self, tag: &Tag, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = TagRow::new(tag)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Tag(tag))?;
            diesel::insert_into(tags::table).values(&row).execute(conn).await?;
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| tag_violation(v, tag, &row)))
    }

    async fn move_tag(&self, uid: &Uidp, digest: &Digest, at: Timestamp, event: &NewEvent) -> Result<Tag> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let stored = diesel::update(tags::table.find(uid.as_str()))
                .set((tags::digest.eq(digest.as_str()), tags::update_time.eq(at.as_datetime())))
                .returning(TagRow::as_returning())
                .get_result(conn)
                .await
                .optional()?
                .ok_or_else(|| TxError::Domain(tag_not_found(uid)))?;
            let stored = Tag::try_from(stored).map_err(TxError::Domain)?;
            outbox.insert(conn, &render(event, EventData::Tag(&stored))?).await?;
            Ok(stored)
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }

    async fn update_tag(&self, tag: &Tag, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let row = TagRow::new(tag)?;
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Tag(tag))?;
            let updated =
                diesel::update(tags::table.find(tag.uid.as_str())).set(row.clone().changes()).execute(conn).await?;
            if updated == 0 {
                return Err(TxError::Domain(tag_not_found(&tag.uid)));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|v| tag_violation(v, tag, &row)))
    }

    async fn delete_tag(&self, uid: &Uidp, event: &NewEvent) -> Result<()> {
        let outbox = self.outbox();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let record = render(event, EventData::Empty)?;
            let deleted = diesel::delete(tags::table.find(uid.as_str())).execute(conn).await?;
            if deleted == 0 {
                return Err(TxError::Domain(tag_not_found(uid)));
            }
            outbox.insert(conn, &record).await?;
            Ok(())
        })
        .await
        .map_err(|e: TxError| e.into_error(|_| None))
    }
}
