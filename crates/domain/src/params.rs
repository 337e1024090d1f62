//! List parameters as the public API names them (`uidp.descendants_of`, `page_size`, …),
//! read once for every transport that takes them as key/value pairs (v2 and v1 REST).
//!
//! Keys may be `snake_case` or `camelCase` (`uidp.descendantsOf`); an empty value counts as
//! absent (a protobuf zero value); repeated keys and comma-separated values both list uids.

use crate::error::{Error, Result};
use crate::listing::{ListFilter, PageRequest, UidpFilter};
use crate::model::RelationshipType;
use crate::text::check_storable;
use crate::uidp::Uidp;

/// Which list a v2 request lists, and so which filters it takes beyond `uidp.*` and paging
/// (the fields of its public `List…Request`). Other keys are not fields of the request and
/// are ignored, as grpc-gateway ignores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListKind {
    /// Groups, roles and repos: `name`.
    Named,
    /// Tags: `name`, `updated_since`, `digest` and the `include_*` flags.
    Tags,
    /// Identities: `name` and `relationship_type`.
    Identities,
    /// Role bindings: `identity`, `group` and `role`.
    RoleBindings,
    /// Event subscriptions: the hierarchy and paging keys only.
    Subscriptions,
    /// External group role mappings: `identity_provider_uid`.
    ExternalGroupRoleMappings,
    /// Group invites: `key_id`.
    GroupInvites,
}

/// The keys every v2 list request takes.
const COMMON_KEYS: &[&str] = &[
    "uidp.descendants_of",
    "uidp.children_of",
    "uidp.ancestors_of",
    "uidp.in_root",
    "uidp.ids",
    "page_size",
    "page_token",
    "order_by",
    "skip",
];

impl ListKind {
    /// The filter keys of this list beyond the common ones.
    #[must_use]
    pub const fn filter_keys(self) -> &'static [&'static str] {
        match self {
            Self::Named => &["name"],
            Self::Tags => &["name", "updated_since", "digest", "include_referrers", "include_dates", "include_epochs"],
            Self::Identities => &["name", "relationship_type"],
            Self::RoleBindings => &["identity", "group", "role"],
            Self::Subscriptions => &[],
            Self::ExternalGroupRoleMappings => &["identity_provider_uid"],
            Self::GroupInvites => &["key_id"],
        }
    }

    /// True when `key` (snake_case) is a field of this list's request.
    #[must_use]
    pub fn knows(self, key: &str) -> bool {
        COMMON_KEYS.contains(&key) || self.filter_keys().contains(&key)
    }
}

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

/// `key` in snake_case, kept as it is (no copy) when it already is.
fn into_snake_case(key: String) -> String {
    if key.bytes().any(|b| b.is_ascii_uppercase()) {
        snake_case(&key)
    } else {
        key
    }
}

/// One key or value of a query string decoded as `application/x-www-form-urlencoded`: `+` is
/// a space, `%XX` the byte XX (a `%` without two hex digits after it stands for itself), and
/// bytes that are not UTF-8 become U+FFFD. Text with neither `+` nor `%` is copied as it is.
fn form_decoded(text: &str) -> String {
    if !text.bytes().any(|b| b == b'+' || b == b'%') {
        return text.to_owned();
    }
    let hex = |b: Option<&u8>| b.and_then(|b| char::from(*b).to_digit(16));
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&byte) = bytes.get(i) {
        i += 1;
        match byte {
            b'+' => out.push(b' '),
            b'%' => match (hex(bytes.get(i)), hex(bytes.get(i + 1))) {
                (Some(high), Some(low)) => {
                    out.push(u8::try_from(high * 16 + low).unwrap_or_else(|_| unreachable!("two hex digits")));
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            _ => out.push(byte),
        }
    }
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The error for `key`, a field that takes one value, given more than once (in a query string,
/// a form, or both halves of a request).
#[must_use]
pub fn given_twice(key: &str) -> Error {
    Error::invalid(key, format!("{key} is given more than once; it takes one value"))
}

impl ListParams {
    /// Parameters from a raw query string (`a=1&b=2`, form-encoded, empty pairs skipped, a
    /// pair without `=` having an empty value), keys folded to `snake_case`.
    #[must_use]
    pub fn from_query(raw: &str) -> Self {
        Self::new(raw.split('&').filter(|pair| !pair.is_empty()).map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (form_decoded(key), form_decoded(value))
        }))
    }

    /// Parameters from decoded key/value pairs, keys folded to `snake_case`.
    pub fn new(pairs: impl IntoIterator<Item = (String, String)>) -> Self {
        Self(pairs.into_iter().map(|(k, v)| (into_snake_case(k), v)).collect())
    }

    /// The last non-empty value of `key` (the lists refuse a singular key given twice before
    /// reading it: [`Self::list_filter`], [`Self::page_request`]).
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().rev().find(|(k, v)| k == key && !v.is_empty()).map(|(_, v)| v.as_str())
    }

    /// Every non-empty value of `key`, as sent (repeated keys, commas kept).
    pub fn values<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.0.iter().filter(move |(k, v)| k == key && !v.is_empty()).map(|(_, v)| v.as_str())
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

    /// `key` as an RFC 3339 timestamp (any offset, truncated to milliseconds).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `key` when the value is not RFC 3339.
    pub fn timestamp(&self, key: &str) -> Result<Option<crate::time::Timestamp>> {
        self.get(key)
            .map(|v| {
                crate::time::Timestamp::parse_rfc3339(v).map_err(|_| {
                    Error::invalid(key, format!("{key} must be an RFC 3339 timestamp such as 2026-01-02T03:04:05Z"))
                })
            })
            .transpose()
    }

    /// `key` as a manifest digest (`sha256:<64 hex>` or `sha512:<128 hex>`).
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `key` when the value is not a digest.
    pub fn digest(&self, key: &str) -> Result<Option<String>> {
        self.get(key).map(|v| crate::names::Digest::parse(key, v).map(|d| d.to_string())).transpose()
    }

    /// `page_size`, `page_token`, `order_by` and `skip`.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` when `page_size` or `skip` is not an integer, or when one of the
    /// four is given more than once.
    pub fn page_request(&self) -> Result<PageRequest> {
        self.given_once(["page_size", "page_token", "order_by", "skip"])?;
        Ok(PageRequest {
            page_size: self.integer("page_size")?,
            page_token: self.get("page_token").map(str::to_owned),
            order_by: self.get("order_by").map(str::to_owned),
            skip: self.integer("skip")?,
        })
    }

    /// The v2 list filter of a `kind` list (REST and gRPC alike): `uidp.*` with exact uids
    /// from `uidp.ids`, then the filters of [`ListKind::filter_keys`]; other keys are not read.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` naming the key of a malformed uid, flag or enum value, of a `name`
    /// with a control character, or of a singular key given more than once.
    pub fn list_filter(&self, kind: ListKind) -> Result<ListFilter> {
        self.given_once(
            ["uidp.descendants_of", "uidp.children_of", "uidp.ancestors_of", "uidp.in_root"]
                .into_iter()
                .chain(kind.filter_keys().iter().copied()),
        )?;
        let mut filter = ListFilter { uidp: self.uidp_filter(&["uidp.ids"])?, ..ListFilter::default() };
        match kind {
            ListKind::Named => filter.name = self.text("name")?,
            ListKind::Tags => {
                filter.name = self.text("name")?;
                filter.tag = crate::model::TagFilter {
                    updated_since: self.timestamp("updated_since")?,
                    digest: self.digest("digest")?,
                    exclude_referrers: !self.flag("include_referrers")?,
                    exclude_dates: !self.flag("include_dates")?,
                    exclude_epochs: !self.flag("include_epochs")?,
                };
            }
            ListKind::Identities => {
                filter.name = self.text("name")?;
                filter.relationship_type = self.relationship_type("relationship_type")?;
            }
            ListKind::RoleBindings => {
                filter.identity = self.uid("identity")?;
                filter.group = self.uid("group")?;
                filter.role = self.uid("role")?;
            }
            ListKind::Subscriptions => {}
            ListKind::ExternalGroupRoleMappings => filter.identity_provider = self.uid("identity_provider_uid")?,
            ListKind::GroupInvites => filter.key_id = self.text("key_id")?,
        }
        Ok(filter)
    }

    /// Refuses a singular field given more than one value (`?name=a&name=b`, or `pageSize`
    /// beside `page_size`): which one was meant cannot be told, and reading either would
    /// quietly drop the other. grpc-gateway refuses the same.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on the first of `keys` given more than once with a value.
    pub fn given_once<'k>(&self, keys: impl IntoIterator<Item = &'k str>) -> Result<()> {
        match keys.into_iter().find(|key| self.values(key).nth(1).is_some()) {
            Some(key) => Err(given_twice(key)),
            None => Ok(()),
        }
    }

    /// The keys (snake_case, each once, in request order) that are not fields of a `kind`
    /// list request: ignored, but worth a debug line (`?parent=X` lists everything).
    #[must_use]
    pub fn unknown_keys(&self, kind: ListKind) -> Vec<&str> {
        let mut unknown: Vec<&str> = Vec::new();
        for (key, _) in &self.0 {
            if !kind.knows(key) && !unknown.contains(&key.as_str()) {
                unknown.push(key);
            }
        }
        unknown
    }

    /// `key` as a `RelationshipType`, by enum name or number; the `UNSPECIFIED` value means
    /// no filter.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `key` for any other value.
    pub fn relationship_type(&self, key: &str) -> Result<Option<RelationshipType>> {
        let Some(value) = self.get(key) else { return Ok(None) };
        RelationshipType::parse(value).map_err(|value| {
            let names: Vec<&str> = RelationshipType::ALL.iter().map(|t| t.enum_name()).collect();
            Error::invalid(
                key,
                format!("{key} {value:?} is not a relationship type; use one of {} (or its number)", names.join(", ")),
            )
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
    fn a_singular_key_given_twice_is_refused_and_a_repeated_one_is_not() {
        let twice = |key: &str| Error::invalid(key, format!("{key} is given more than once; it takes one value"));
        let named = ListKind::Named;
        assert_eq!(params(&[("name", "a"), ("name", "b")]).list_filter(named), Err(twice("name")));
        assert_eq!(
            params(&[("uidp.descendantsOf", "x"), ("uidp.descendants_of", "y")]).list_filter(named),
            Err(twice("uidp.descendants_of"))
        );
        assert_eq!(params(&[("pageSize", "5"), ("page_size", "6")]).page_request(), Err(twice("page_size")));
        assert_eq!(params(&[("name", ""), ("name", "b")]).list_filter(named).map(|f| f.name), Ok(Some("b".to_owned())));
        let org = "d5ba8cf3130bde435dfcaa529f4eca849522b3b7";
        let ids = params(&[("uidp.ids", org), ("uidp.ids", org)]).list_filter(named).map(|f| f.uidp.ids.len());
        assert_eq!(ids, Ok(2));
    }

    #[test]
    fn query_strings_decode_as_form_urlencoded_decodes_them() {
        let pieces = [
            "a",
            "b=",
            "=",
            "&",
            "+",
            "%",
            "%2",
            "%20",
            "%2B",
            "%zz",
            "%C3%A9",
            "%C3",
            "%FF",
            "é",
            "uidp.descendantsOf",
        ];
        // Every sequence of up to four pieces, and longer ones from a fixed walk through them.
        let mut queries: Vec<String> = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> =
                queries.iter().flat_map(|q| pieces.iter().map(move |p| format!("{q}{p}"))).collect();
            queries.extend(longer.into_iter().filter(|q| q.len() <= 24));
            queries.dedup();
        }
        queries.extend((0..500).map(|i| (0..12).map(|j| pieces[(i * 7 + j * j * 3 + i / 5) % pieces.len()]).collect()));
        for query in &queries {
            let expected = ListParams::new(form_urlencoded::parse(query.as_bytes()).into_owned());
            assert_eq!(ListParams::from_query(query), expected, "{query:?}");
        }
    }

    #[test]
    fn camel_case_keys_fold_and_an_empty_value_is_no_value() {
        let p = params(&[("page_size", ""), ("pageSize", "7"), ("order_by", "name desc"), ("skip", "")]);
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
    fn each_list_reads_only_the_filters_of_its_request() {
        let (a, b) = (Uidp::random_root(), Uidp::random_root());
        let p = params(&[
            ("name", "ci"),
            ("relationship_type", "RELATIONSHIP_TYPE_STATIC"),
            ("identity", a.as_str()),
            ("group", b.as_str()),
            ("role", a.as_str()),
        ]);
        let named = p.list_filter(ListKind::Named).unwrap();
        assert_eq!(named, ListFilter { name: Some("ci".to_owned()), ..ListFilter::default() });
        let identities = p.list_filter(ListKind::Identities).unwrap();
        assert_eq!(
            identities,
            ListFilter {
                name: Some("ci".to_owned()),
                relationship_type: Some(RelationshipType::Static),
                ..ListFilter::default()
            }
        );
        let bindings = p.list_filter(ListKind::RoleBindings).unwrap();
        assert_eq!(
            bindings,
            ListFilter { identity: Some(a.clone()), group: Some(b), role: Some(a), ..ListFilter::default() }
        );
    }

    #[test]
    fn relationship_type_reads_names_and_numbers_and_unspecified_is_no_filter() {
        let kind = |v: &str| params(&[("relationshipType", v)]).relationship_type("relationship_type");
        assert_eq!(kind("RELATIONSHIP_TYPE_CLAIM_MATCH"), Ok(Some(RelationshipType::ClaimMatch)));
        assert_eq!(kind("4"), Ok(Some(RelationshipType::ServicePrincipal)));
        assert_eq!(kind("RELATIONSHIP_TYPE_UNSPECIFIED"), Ok(None));
        assert_eq!(kind("0"), Ok(None));
        let refused = |v: &str| {
            Err(Error::invalid(
                "relationship_type",
                format!(
                    "relationship_type {v:?} is not a relationship type; use one of RELATIONSHIP_TYPE_CLAIM_MATCH, \
                     RELATIONSHIP_TYPE_STATIC, RELATIONSHIP_TYPE_AWS_IDENTITY, RELATIONSHIP_TYPE_SERVICE_PRINCIPAL \
                     (or its number)"
                ),
            ))
        };
        assert_eq!(kind("STATIC"), refused("STATIC"));
        assert_eq!(kind("5"), refused("5"));
    }

    #[test]
    fn a_malformed_binding_filter_uid_names_its_key() {
        let err = params(&[("group", "team")]).list_filter(ListKind::RoleBindings).unwrap_err();
        assert!(matches!(err, Error::InvalidArgument(v) if v[0].field == "group"));
    }

    #[test]
    fn unknown_keys_are_those_outside_the_request_each_once() {
        let p = params(&[("parent", "x"), ("pageSize", "5"), ("name", "a"), ("parent", "y"), ("group", "g")]);
        assert_eq!(p.unknown_keys(ListKind::Named), vec!["parent", "group"]);
        assert_eq!(p.unknown_keys(ListKind::RoleBindings), vec!["parent", "name"]);
    }

    #[test]
    fn ids_come_from_every_id_key_repeated_or_comma_separated() {
        let (a, b, c) = (Uidp::random_root(), Uidp::random_root(), Uidp::random_root());
        let p = params(&[("uidp.ids", &format!("{a},{b}")), ("id", c.as_str()), ("uidp.ids", "")]);
        assert_eq!(p.uidp_filter(&["uidp.ids", "id"]).unwrap().ids, vec![a, b, c.clone()]);
        assert_eq!(p.uidp_filter(&["id"]).unwrap().ids, vec![c]);
    }
}
