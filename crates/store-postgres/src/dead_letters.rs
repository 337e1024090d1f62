//! Dead letter lists on `event_dead_letters`: the shared seek paging over the dead letter's
//! uid (inside its subscription), with `uidp.children_of` on the subscription's group and
//! the `subscription` filter. Writes live with the outbox ([`crate::outbox`]).
//!
//! The uid is not a column but an expression, the domain's `DeadLetter::uid_of` in SQL:
//! the table has the 16 columns diesel's default build allows, and dead letters are few (a
//! sink given up on, until someone replays or deletes it), so a list reads the table rather
//! than an index.

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};
use grove_domain::listing::{ListFilter, ListQuery, SortField};
use grove_domain::{Result, Uidp};

use crate::listing::{
    counted, paged, Column, CountStatement, ListColumns, Listing, PageStatement, Predicate, SortColumn,
};
use crate::outbox::DeadLetterRow;
use crate::schema::event_dead_letters as letters;

/// A dead letter's uid: `<subscription uid>/<the first 16 hex digits of the SHA-256 of its
/// id>`, in the "C" collation of every uid column.
const UID: &str = "((event_dead_letters.subscription_uid || '/' || \
     left(encode(sha256(convert_to(event_dead_letters.id, 'UTF8')), 'hex'), 16)) COLLATE \"C\")";

/// Where lists find the columns of `event_dead_letters`.
pub(crate) struct DeadLetterColumns;

impl ListColumns<letters::table> for DeadLetterColumns {
    fn uid() -> Column<letters::table, Text> {
        Box::new(diesel::dsl::sql::<Text>(UID))
    }

    fn parent_is(parent: &Uidp) -> Predicate<letters::table> {
        // `children_of` names the group the subscription is directly in: its uid is the
        // group's and one more segment of 16 characters (uids hold no LIKE wildcard).
        Box::new(letters::subscription_uid.like(format!("{parent}/{}", "_".repeat(16))))
    }

    fn at_root() -> Predicate<letters::table> {
        // Every dead letter lies inside a subscription.
        Box::new(diesel::dsl::sql::<Bool>("FALSE"))
    }

    fn sort_column(_field: SortField) -> SortColumn<letters::table> {
        SortColumn::Uid
    }

    fn own_filters(filter: &ListFilter) -> Vec<Predicate<letters::table>> {
        let mut own: Vec<Predicate<letters::table>> = Vec::new();
        if let Some(subscription) = &filter.subscription {
            own.push(Box::new(letters::subscription_uid.eq(subscription.to_string())));
        }
        own
    }
}

/// The statements of a dead letter list.
pub(crate) fn dead_letter_listing(
    query: &ListQuery,
) -> Result<Listing<impl PageStatement<DeadLetterRow>, impl CountStatement>> {
    let count = counted::<_, _, DeadLetterColumns>(letters::table.select(letters::id).into_boxed::<Pg>(), query);
    let (seek, page) =
        paged::<_, _, DeadLetterColumns>(letters::table.select(DeadLetterRow::as_select()).into_boxed::<Pg>(), query)?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}
