//! Dead letter lists on `event_dead_letters`: the shared seek paging over the dead letter's
//! uid (inside its subscription), with `uidp.children_of` on the subscription's group and
//! the `subscription` filter. Writes live with the outbox ([`crate::outbox`]).

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

/// Where lists find the columns of `event_dead_letters`.
pub(crate) struct DeadLetterColumns;

impl ListColumns<letters::table> for DeadLetterColumns {
    fn uid() -> Column<letters::table, Text> {
        Box::new(letters::uid)
    }

    fn parent_is(parent: &Uidp) -> Predicate<letters::table> {
        // `children_of` names the group the subscription is directly in.
        Box::new(letters::subscription_group.eq(parent.to_string()))
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
    let count = counted::<_, _, DeadLetterColumns>(letters::table.select(letters::uid).into_boxed::<Pg>(), query);
    let (seek, page) = paged::<_, _, DeadLetterColumns>(
        letters::table.select(DeadLetterRow::as_select()).into_boxed::<Pg>(),
        query,
    )?;
    Ok(Listing { seek, page, count, count_total: query.count_total })
}
