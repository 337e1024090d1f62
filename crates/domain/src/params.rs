//! List parameters as the public API names them (`uidp.descendants_of`, `page_size`, …),
//! read once for every transport that takes them as key/value pairs (v2 and v1 REST).
//!
//! Keys may be `snake_case` or `camelCase` (`uidp.descendantsOf`); an empty value counts as
//! absent (a protobuf zero value); repeated keys and comma-separated values both list uids.

use crate::error::{Error, Result};
use crate::listing::{PageRequest, UidpFilter};
use crate::text::check_storable;
use crate::uidp::Uidp;

/// Decoded request parameters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListParams(Vec<(String, String)>);

/// `descendantsOf` → `descendants_of`; snake_case stays as it is (also for field-mask paths).
#[must_use]
pub fn snake_case(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 4);
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

impl ListParams {
    /// Parameters from decoded key/value pairs, keys folded to `snake_case`.
    pub fn new(pairs: impl IntoIterator<Item = (String, String)>) -> Self {
        Self(pairs.into_iter().map(|(k, v)| (snake_case(&k), v)).collect())
    }

    /// The last non-empty value of `key`.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().rev().find(|(k, v)| k == key && !v.is_empty()).map(|(_, v)| v.as_str())
    }

    /// Every non-empty value of `key`, comma-separated values split.
    pub fn all<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.0.iter().filter(move |(k, _)| k == key).flat_map(|(_, v)| v.split(',')).filter(|v| !v.is_empty())
    }

    /// `key` as a uid.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `key` when the value is not a uid.
    pub fn uid(&self, key: &str) -> Result<Option<Uidp>> {
        self.get(key).map(|v| Uidp::parse_field(key, v)).transpose()
    }

    /// `key` as text a store may compare, such as the exact `name` filter.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `key` when the value holds a control character (NUL among them),
    /// which no stored text holds and PostgreSQL refuses.
    pub fn text(&self, key: &str) -> Result<Option<String>> {
        self.get(key).map(|v| check_storable(key, v).map(|()| v.to_owned())).transpose()
    }

    /// `key` as a flag (`true`/`1`, `false`/`0`, absent is false).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `key` for any other value.
    pub fn flag(&self, key: &str) -> Result<bool> {
        match self.get(key) {
            None | Some("false" | "0") => Ok(false),
            Some("true" | "1") => Ok(true),
            Some(_) => Err(Error::invalid(key, format!("{key} must be true or false"))),
        }
    }

    /// `key` as an integer.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `key` when the value is not an integer.
    pub fn integer(&self, key: &str) -> Result<Option<i64>> {
        self.get(key)
            .map(|v| v.trim().parse::<i64>().map_err(|_| Error::invalid(key, format!("{key} must be an integer"))))
            .transpose()
    }

    /// `page_size`, `page_token`, `order_by` and `skip`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when `page_size` or `skip` is not an integer.
    pub fn page_request(&self) -> Result<PageRequest> {
        Ok(PageRequest {
            page_size: self.integer("page_size")?,
            page_token: self.get("page_token").map(str::to_owned),
            order_by: self.get("order_by").map(str::to_owned),
            skip: self.integer("skip")?,
        })
    }

    /// The v2 list filter (REST and gRPC alike): `uidp.*` with exact uids from `uidp.ids`,
    /// `name`, and for role bindings `identity` and `role`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` for a malformed uid or flag, or a `name` with a control character.
    pub fn list_filter(&self) -> Result<crate::listing::ListFilter> {
        Ok(crate::listing::ListFilter {
            uidp: self.uidp_filter(&["uidp.ids"])?,
            name: self.text("name")?,
            identity: self.uid("identity")?,
            role: self.uid("role")?,
        })
    }

    /// The `uidp.*` filters; exact uids come from every key in `id_keys` (v2 reads
    /// `uidp.ids`, v1 also `id`).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming the key of a malformed uid or flag.
    pub fn uidp_filter(&self, id_keys: &[&str]) -> Result<UidpFilter> {
        let mut ids = Vec::new();
        for key in id_keys {
            for value in self.all(key) {
                ids.push(Uidp::parse_field(key, value)?);
            }
        }
        Ok(UidpFilter {
            descendants_of: self.uid("uidp.descendants_of")?,
            children_of: self.uid("uidp.children_of")?,
            ancestors_of: self.uid("uidp.ancestors_of")?,
            in_root: self.flag("uidp.in_root")?,
            ids,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> ListParams {
        ListParams::new(pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())))
    }

    #[test]
    fn camel_case_keys_fold_and_the_last_non_empty_value_wins() {
        let p = params(&[("pageSize", "5"), ("page_size", "7"), ("order_by", "name desc"), ("skip", "")]);
        assert_eq!(
            p.page_request().unwrap(),
            PageRequest { page_size: Some(7), page_token: None, order_by: Some("name desc".into()), skip: None }
        );
    }

    #[test]
    fn malformed_values_name_their_key() {
        assert_eq!(
            params(&[("page_size", "ten")]).page_request(),
            Err(Error::invalid("page_size", "page_size must be an integer"))
        );
        assert_eq!(
            params(&[("uidp.inRoot", "maybe")]).uidp_filter(&[]),
            Err(Error::invalid("uidp.in_root", "uidp.in_root must be true or false"))
        );
        assert!(
            matches!(params(&[("uidp.descendantsOf", "nope")]).uidp_filter(&[]), Err(Error::InvalidArgument(v)) if v[0].field == "uidp.descendants_of")
        );
    }

    #[test]
    fn text_filters_refuse_control_characters_naming_their_key() {
        let p = params(&[("name", "a\0b"), ("other", "plain ａｄｍｉｎ"), ("empty", "")]);
        assert_eq!(
            p.text("name"),
            Err(Error::invalid("name", "name must not contain control characters (found U+0000)"))
        );
        assert_eq!(p.text("other"), Ok(Some("plain ａｄｍｉｎ".to_owned())));
        assert_eq!(p.text("empty"), Ok(None));
        assert_eq!(p.text("absent"), Ok(None));
    }

    #[test]
    fn ids_come_from_every_id_key_repeated_or_comma_separated() {
        let (a, b, c) = (Uidp::random_root(), Uidp::random_root(), Uidp::random_root());
        let p = params(&[("uidp.ids", &format!("{a},{b}")), ("id", c.as_str()), ("uidp.ids", "")]);
        assert_eq!(p.uidp_filter(&["uidp.ids", "id"]).unwrap().ids, vec![a, b, c.clone()]);
        assert_eq!(p.uidp_filter(&["id"]).unwrap().ids, vec![c]);
    }
}
