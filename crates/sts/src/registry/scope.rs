//! Scopes of the registry token protocol: `<type>:<name>:<action>[,<action>…]`, such as
//! `repository:acme/app:pull,push` or `registry:catalog:*`.
//!
//! The type ends at the first colon and the actions start after the last one, so the name
//! between may hold colons (a resource class such as `repository(plugin)` is a type of its
//! own). Repository names follow distribution's grammar: lower-case alphanumeric components
//! joined by `.`, `_`, `__` or runs of `-`, separated by `/`, 255 characters at most.

/// The longest repository name distribution accepts.
pub const MAX_NAME_LEN: usize = 255;
/// The most scopes one token request may ask for.
pub const MAX_SCOPES: usize = 32;

/// One parsed scope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scope {
    /// The resource type (`repository`, `registry`, or another the registry may send).
    pub kind: String,
    /// The resource name (a repository path for `repository`).
    pub name: String,
    /// The actions asked for, in order, without duplicates.
    pub actions: Vec<String>,
}

/// Why a scope was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScopeError {
    /// Not `<type>:<name>:<actions>` with non-empty parts and valid action names.
    #[error("scope {0:?} must look like <type>:<name>:<action>[,<action>...]")]
    Malformed(String),
    /// A `repository` scope whose name breaks the repository name grammar.
    #[error("scope {0:?} names an invalid repository: components of a-z, 0-9 joined by '.', '_', '__' or '-', separated by '/', at most 255 characters")]
    InvalidName(String),
    /// More scopes than one request may ask for.
    #[error("a token request may ask for at most {MAX_SCOPES} scopes")]
    TooMany,
}

/// Parses one scope.
///
/// # Errors
/// [`ScopeError::Malformed`] or, for a `repository` scope, [`ScopeError::InvalidName`].
pub fn parse_scope(text: &str) -> Result<Scope, ScopeError> {
    let malformed = || ScopeError::Malformed(text.to_owned());
    let (kind, rest) = text.split_once(':').ok_or_else(malformed)?;
    let (name, actions) = rest.rsplit_once(':').ok_or_else(malformed)?;
    if !valid_kind(kind) || name.is_empty() || name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(malformed());
    }
    let mut parsed: Vec<String> = Vec::new();
    for action in actions.split(',') {
        if action.is_empty() || !action.bytes().all(|b| b.is_ascii_lowercase() || b == b'*') {
            return Err(malformed());
        }
        if !parsed.iter().any(|a| a == action) {
            parsed.push(action.to_owned());
        }
    }
    if kind == "repository" && !valid_repository_name(name) {
        return Err(ScopeError::InvalidName(text.to_owned()));
    }
    Ok(Scope { kind: kind.to_owned(), name: name.to_owned(), actions: parsed })
}

/// Every scope of the `scope` parameters (each may hold several, separated by spaces).
///
/// # Errors
/// The first bad scope's [`ScopeError`]; [`ScopeError::TooMany`] past [`MAX_SCOPES`].
pub fn parse_scopes<'a>(params: impl IntoIterator<Item = &'a str>) -> Result<Vec<Scope>, ScopeError> {
    let mut scopes = Vec::new();
    for text in params.into_iter().flat_map(|p| p.split(' ')).filter(|s| !s.is_empty()) {
        if scopes.len() == MAX_SCOPES {
            return Err(ScopeError::TooMany);
        }
        scopes.push(parse_scope(text)?);
    }
    Ok(scopes)
}

/// A type name: lower-case alphanumerics, optionally with a `(class)` suffix.
fn valid_kind(kind: &str) -> bool {
    let alnum = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
    match kind.split_once('(') {
        None => alnum(kind),
        Some((base, class)) => alnum(base) && class.strip_suffix(')').is_some_and(alnum),
    }
}

/// Distribution's repository name grammar (without a registry host).
pub fn valid_repository_name(name: &str) -> bool {
    name.len() <= MAX_NAME_LEN && name.split('/').all(valid_component)
}

/// `[a-z0-9]+(?:(?:[._]|__|[-]*)[a-z0-9]+)*`.
fn valid_component(component: &str) -> bool {
    let bytes = component.as_bytes();
    let alnum = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    let (Some(first), Some(last)) = (bytes.first(), bytes.last()) else {
        return false;
    };
    if !alnum(*first) || !alnum(*last) {
        return false;
    }
    let mut i = 0;
    while i < bytes.len() {
        if alnum(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !alnum(bytes[i]) {
            i += 1;
        }
        let separator = &component[start..i];
        let ok = matches!(separator, "." | "_" | "__") || separator.bytes().all(|b| b == b'-');
        if !ok {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scope(kind: &str, name: &str, actions: &[&str]) -> Scope {
        Scope { kind: kind.into(), name: name.into(), actions: actions.iter().map(|a| (*a).to_owned()).collect() }
    }

    #[test]
    fn repository_and_catalog_scopes_parse() {
        assert_eq!(
            parse_scope("repository:acme/app:pull,push"),
            Ok(scope("repository", "acme/app", &["pull", "push"]))
        );
        assert_eq!(parse_scope("repository:acme/a/b/c:pull"), Ok(scope("repository", "acme/a/b/c", &["pull"])));
        assert_eq!(parse_scope("registry:catalog:*"), Ok(scope("registry", "catalog", &["*"])));
        assert_eq!(parse_scope("repository:a/b:pull,pull,push"), Ok(scope("repository", "a/b", &["pull", "push"])));
        assert_eq!(parse_scope("repository(plugin):a/b:pull"), Ok(scope("repository(plugin)", "a/b", &["pull"])));
    }

    #[test]
    fn names_may_hold_colons_for_other_types() {
        assert_eq!(parse_scope("other:host:5000/x:pull"), Ok(scope("other", "host:5000/x", &["pull"])));
    }

    #[test]
    fn malformed_scopes_are_rejected() {
        for bad in [
            "",
            "repository",
            "repository:acme/app",
            ":acme/app:pull",
            "repository::pull",
            "repository:acme/app:",
            "repository:acme/app:pull,",
            "repository:acme/app:,pull",
            "repository:acme/app:Pull",
            "repository:acme/app:pu ll",
            "Repository:acme/app:pull",
            "repo(x:acme/app:pull",
            "repository:ac\u{0}me/app:pull",
        ] {
            assert_eq!(parse_scope(bad), Err(ScopeError::Malformed(bad.to_owned())), "{bad:?}");
        }
    }

    #[test]
    fn repository_names_outside_the_grammar_are_rejected() {
        for bad in [
            "repository:Acme/app:pull",
            "repository:acme//app:pull",
            "repository:/acme/app:pull",
            "repository:acme/app/:pull",
            "repository:acme/-app:pull",
            "repository:acme/app.:pull",
            "repository:acme/a..b:pull",
            "repository:acme/a___b:pull",
            "repository:acme/a._b:pull",
            "repository:host:5000/app:pull",
        ] {
            assert_eq!(parse_scope(bad), Err(ScopeError::InvalidName(bad.to_owned())), "{bad:?}");
        }
        let long = format!("repository:acme/{}:pull", "a".repeat(251));
        assert_eq!(parse_scope(&long), Err(ScopeError::InvalidName(long.clone())));
        let longest = format!("repository:acme/{}:pull", "a".repeat(250));
        assert!(parse_scope(&longest).is_ok());
    }

    #[test]
    fn separators_of_the_grammar_are_accepted() {
        for good in ["a.b", "a_b", "a__b", "a-b", "a---b", "a1/b-2.c_d__e", "0"] {
            assert!(valid_repository_name(good), "{good}");
        }
    }

    #[test]
    fn several_parameters_and_space_separated_scopes_are_all_read() {
        let scopes = parse_scopes(["repository:a/b:pull repository:a/c:push", "registry:catalog:*"]).unwrap();
        assert_eq!(scopes.len(), 3);
        assert_eq!(scopes[1], scope("repository", "a/c", &["push"]));
        assert_eq!(parse_scopes(["repository:a/b:pull", "nope"]), Err(ScopeError::Malformed("nope".into())));
        let many: Vec<String> = (0..=MAX_SCOPES).map(|i| format!("repository:a/r{i}:pull")).collect();
        assert_eq!(parse_scopes(many.iter().map(String::as_str)), Err(ScopeError::TooMany));
    }
}
