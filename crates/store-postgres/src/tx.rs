//! The error type of transactions that can fail with a database error or a domain answer.

use grove_domain::Error;

use crate::error::{query_error, Violation};

/// A transaction's failure: from the database, or a decision taken inside it.
#[derive(Debug)]
pub(crate) enum TxError {
    /// The database failed; mapped by [`TxError::into_error`].
    Db(diesel::result::Error),
    /// A domain error decided inside the transaction (not found, not empty, …).
    Domain(Error),
}

impl From<diesel::result::Error> for TxError {
    fn from(e: diesel::result::Error) -> Self {
        Self::Db(e)
    }
}

impl TxError {
    /// The domain error, mapping violations as `meaning` says.
    pub(crate) fn into_error(self, meaning: impl FnOnce(Violation<'_>) -> Option<Error>) -> Error {
        match self {
            Self::Db(e) => query_error(e, meaning),
            Self::Domain(e) => e,
        }
    }
}
