//! SCIM filters (RFC 7644 §3.4.2.2): the parser from text to an AST, the check of the AST
//! against the attributes a resource type can be filtered on, and the evaluation over a
//! resource's JSON view (what the memory store and PATCH value paths use; the PostgreSQL
//! store translates the same AST to SQL).
//!
//! Grammar: `attrPath op value`, `attrPath pr`, `attr[valFilter]`, `not (…)`, `(…)`, `and`
//! binding tighter than `or`. Attribute names and operators are case-insensitive; a
//! schema URN prefix of the core schemas is dropped.

use serde_json::Value;

use super::{ScimError, GROUP_SCHEMA, USER_SCHEMA};

/// Longest filter text accepted.
pub const MAX_FILTER_LEN: usize = 4096;
/// Deepest nesting accepted (parentheses, `not`, value paths).
const MAX_DEPTH: usize = 32;

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompareOp {
    /// `eq`.
    Eq,
    /// `ne`.
    Ne,
    /// `co`: contains.
    Co,
    /// `sw`: starts with.
    Sw,
    /// `ew`: ends with.
    Ew,
    /// `gt`.
    Gt,
    /// `ge`.
    Ge,
    /// `lt`.
    Lt,
    /// `le`.
    Le,
}

impl CompareOp {
    fn parse(word: &str) -> Option<Self> {
        Some(match word.to_ascii_lowercase().as_str() {
            "eq" => Self::Eq,
            "ne" => Self::Ne,
            "co" => Self::Co,
            "sw" => Self::Sw,
            "ew" => Self::Ew,
            "gt" => Self::Gt,
            "ge" => Self::Ge,
            "lt" => Self::Lt,
            "le" => Self::Le,
            _ => return None,
        })
    }
}

/// A literal compared against.
#[derive(Debug, Clone, PartialEq)]
pub enum FilterValue {
    /// A JSON string.
    Str(String),
    /// `true` or `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// A number, as written.
    Num(String),
}

/// A parsed filter. After [`ScimFilter::check`], every attribute name is one of the
/// canonical lowercase names of the resource type (`username`, `emails.value`, …), and the
/// filter of a value path names sub-attributes only (`value`, `type`).
#[derive(Debug, Clone, PartialEq)]
pub enum ScimFilter {
    /// `attr op value`.
    Compare(String, CompareOp, FilterValue),
    /// `attr pr`.
    Present(String),
    /// `a and b`.
    And(Box<ScimFilter>, Box<ScimFilter>),
    /// `a or b`.
    Or(Box<ScimFilter>, Box<ScimFilter>),
    /// `not (a)`.
    Not(Box<ScimFilter>),
    /// `attr[filter]`: some element of multi-valued `attr` matches `filter`.
    ValuePath(String, Box<ScimFilter>),
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Str(String),
    Open,
    Close,
    OpenBracket,
    CloseBracket,
}

fn invalid(detail: impl Into<String>) -> ScimError {
    ScimError::invalid_filter(detail)
}

fn tokenize(text: &str) -> Result<Vec<Token>, ScimError> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            '(' | ')' | '[' | ']' => {
                chars.next();
                tokens.push(match c {
                    '(' => Token::Open,
                    ')' => Token::Close,
                    '[' => Token::OpenBracket,
                    _ => Token::CloseBracket,
                });
            }
            '"' => {
                // A JSON string: let serde_json decode the escapes.
                let mut end = None;
                let mut escaped = false;
                chars.next();
                for (j, d) in chars.by_ref() {
                    if escaped {
                        escaped = false;
                    } else if d == '\\' {
                        escaped = true;
                    } else if d == '"' {
                        end = Some(j);
                        break;
                    }
                }
                let end = end.ok_or_else(|| invalid("unterminated string in filter"))?;
                let literal: String = serde_json::from_str(&text[i..=end])
                    .map_err(|_| invalid(format!("bad string literal {} in filter", &text[i..=end])))?;
                tokens.push(Token::Str(literal));
            }
            _ => {
                let start = i;
                let mut end = text.len();
                while let Some(&(j, d)) = chars.peek() {
                    if d.is_whitespace() || matches!(d, '(' | ')' | '[' | ']' | '"') {
                        end = j;
                        break;
                    }
                    chars.next();
                }
                tokens.push(Token::Word(text[start..end].to_owned()));
            }
        }
    }
    Ok(tokens)
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn next(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.at).cloned();
        self.at += 1;
        t
    }

    fn peek_keyword(&self, keyword: &str) -> bool {
        matches!(self.peek(), Some(Token::Word(w)) if w.eq_ignore_ascii_case(keyword))
    }

    fn descend(&mut self) -> Result<(), ScimError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(invalid(format!("filter nests deeper than {MAX_DEPTH} levels")));
        }
        Ok(())
    }

    fn or(&mut self) -> Result<ScimFilter, ScimError> {
        let mut left = self.and()?;
        while self.peek_keyword("or") {
            self.next();
            let right = self.and()?;
            left = ScimFilter::Or(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<ScimFilter, ScimError> {
        let mut left = self.unary()?;
        while self.peek_keyword("and") {
            self.next();
            let right = self.unary()?;
            left = ScimFilter::And(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<ScimFilter, ScimError> {
        if self.peek_keyword("not") {
            self.next();
            if self.peek() != Some(&Token::Open) {
                return Err(invalid("\"not\" must be followed by a parenthesized filter"));
            }
            return Ok(ScimFilter::Not(Box::new(self.unary()?)));
        }
        if self.peek() == Some(&Token::Open) {
            self.next();
            self.descend()?;
            let inner = self.or()?;
            self.depth -= 1;
            if self.next() != Some(Token::Close) {
                return Err(invalid("missing \")\" in filter"));
            }
            return Ok(inner);
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Result<ScimFilter, ScimError> {
        let attr = match self.next() {
            Some(Token::Word(w)) => attr_name(&w)?,
            Some(other) => return Err(invalid(format!("expected an attribute name, found {}", describe(&other)))),
            None => return Err(invalid("the filter ends where an attribute name was expected")),
        };
        if self.peek() == Some(&Token::OpenBracket) {
            self.next();
            self.descend()?;
            let inner = self.or()?;
            self.depth -= 1;
            if self.next() != Some(Token::CloseBracket) {
                return Err(invalid("missing \"]\" in filter"));
            }
            // `emails[type eq "work"].value eq "x"` is not filter grammar, but a sub-attribute
            // after the bracket is read as a further condition on the same element.
            if let Some(Token::Word(w)) = self.peek() {
                if let Some(sub) = w.strip_prefix('.') {
                    let sub = attr_name(sub)?;
                    self.next();
                    let condition = self.condition_on(sub)?;
                    return Ok(ScimFilter::ValuePath(
                        attr,
                        Box::new(ScimFilter::And(Box::new(inner), Box::new(condition))),
                    ));
                }
            }
            return Ok(ScimFilter::ValuePath(attr, Box::new(inner)));
        }
        self.condition_on(attr)
    }

    fn condition_on(&mut self, attr: String) -> Result<ScimFilter, ScimError> {
        let op = match self.next() {
            Some(Token::Word(w)) if w.eq_ignore_ascii_case("pr") => return Ok(ScimFilter::Present(attr)),
            Some(Token::Word(w)) => {
                CompareOp::parse(&w).ok_or_else(|| invalid(format!("unknown operator {w:?} in filter")))?
            }
            Some(other) => return Err(invalid(format!("expected an operator, found {}", describe(&other)))),
            None => return Err(invalid(format!("the filter ends after attribute {attr:?}"))),
        };
        let value = match self.next() {
            Some(Token::Str(s)) => FilterValue::Str(s),
            Some(Token::Word(w)) => match w.to_ascii_lowercase().as_str() {
                "true" => FilterValue::Bool(true),
                "false" => FilterValue::Bool(false),
                "null" => FilterValue::Null,
                _ if w.parse::<f64>().is_ok() => FilterValue::Num(w),
                _ => return Err(invalid(format!("bad comparison value {w:?} in filter (strings are quoted)"))),
            },
            Some(other) => return Err(invalid(format!("expected a value, found {}", describe(&other)))),
            None => return Err(invalid("the filter ends where a value was expected")),
        };
        Ok(ScimFilter::Compare(attr, op, value))
    }
}

fn describe(t: &Token) -> String {
    match t {
        Token::Word(w) => format!("{w:?}"),
        Token::Str(s) => format!("string {s:?}"),
        Token::Open => "\"(\"".to_owned(),
        Token::Close => "\")\"".to_owned(),
        Token::OpenBracket => "\"[\"".to_owned(),
        Token::CloseBracket => "\"]\"".to_owned(),
    }
}

/// An attribute path as written, lowercased, with a core schema URN prefix dropped.
fn attr_name(word: &str) -> Result<String, ScimError> {
    let lower = word.to_ascii_lowercase();
    let mut name = lower.as_str();
    for schema in [USER_SCHEMA, GROUP_SCHEMA] {
        if let Some(rest) = name.strip_prefix(&format!("{}:", schema.to_ascii_lowercase())) {
            name = rest;
        }
    }
    let ok = !name.is_empty()
        && name.split('.').all(|part| {
            part.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '$')
                && part.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '$'))
        });
    if !ok {
        return Err(invalid(format!("{word:?} is not an attribute name")));
    }
    Ok(name.to_owned())
}

/// What a resource type lets filters name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterTarget {
    /// Users: `id`, `userName`, `externalId`, `displayName`, `active`, `emails` (`.value`,
    /// `.type`, `.primary`).
    Users,
    /// Groups: `id`, `displayName`, `externalId`, `members` (`.value`).
    Groups,
}

/// The multi-valued attribute of `target` named `attr`, with its sub-attributes and the one
/// a bare reference means.
fn multi_valued(target: FilterTarget, attr: &str) -> Option<(&'static str, &'static [&'static str])> {
    match (target, attr) {
        (FilterTarget::Users, "emails") => Some(("emails", &["value", "type", "primary"])),
        (FilterTarget::Groups, "members") => Some(("members", &["value"])),
        _ => None,
    }
}

fn single_valued(target: FilterTarget, attr: &str) -> Option<&'static str> {
    match (target, attr) {
        (_, "id") => Some("id"),
        (_, "externalid") => Some("externalid"),
        (_, "displayname") => Some("displayname"),
        (FilterTarget::Users, "username") => Some("username"),
        (FilterTarget::Users, "active") => Some("active"),
        _ => None,
    }
}

/// Whether comparisons of canonical attribute `attr` respect case (RFC 7643 `caseExact`).
#[must_use]
pub fn case_exact(attr: &str) -> bool {
    matches!(attr, "id" | "externalid" | "members.value")
}

/// Whether canonical attribute `attr` is a boolean.
#[must_use]
pub fn is_boolean(attr: &str) -> bool {
    matches!(attr, "active" | "emails.primary")
}

impl ScimFilter {
    /// Parses `text`.
    ///
    /// # Errors
    /// `invalidFilter` for text that is not a filter.
    pub fn parse(text: &str) -> Result<Self, ScimError> {
        if text.len() > MAX_FILTER_LEN {
            return Err(invalid(format!("filters are at most {MAX_FILTER_LEN} bytes long")));
        }
        let tokens = tokenize(text)?;
        if tokens.is_empty() {
            return Err(invalid("the filter is empty"));
        }
        let mut parser = Parser { tokens, at: 0, depth: 0 };
        let filter = parser.or()?;
        if let Some(extra) = parser.peek() {
            return Err(invalid(format!("unexpected {} in filter", describe(extra))));
        }
        Ok(filter)
    }

    /// Parses `text` and checks it against `target`'s filterable attributes.
    ///
    /// # Errors
    /// `invalidFilter`.
    pub fn parse_for(text: &str, target: FilterTarget) -> Result<Self, ScimError> {
        Self::parse(text)?.check(target)
    }

    /// Rewrites every attribute to its canonical name for `target` (`emails` alone reads as
    /// `emails.value`; a value path's inner attributes are its sub-attributes).
    ///
    /// # Errors
    /// `invalidFilter` naming an attribute that cannot be filtered on or a value of the wrong
    /// type.
    pub fn check(self, target: FilterTarget) -> Result<Self, ScimError> {
        let top = |attr: &str| -> Result<String, ScimError> {
            if let Some(name) = single_valued(target, attr) {
                return Ok(name.to_owned());
            }
            let (head, sub) = attr.split_once('.').unwrap_or((attr, ""));
            if let Some((name, subs)) = multi_valued(target, head) {
                let sub = if sub.is_empty() { "value" } else { sub };
                if subs.contains(&sub) {
                    return Ok(format!("{name}.{sub}"));
                }
            }
            Err(invalid(format!("attribute {attr:?} cannot be filtered on")))
        };
        self.rewrite(&top, target)
    }

    fn rewrite(
        self,
        name: &dyn Fn(&str) -> Result<String, ScimError>,
        target: FilterTarget,
    ) -> Result<Self, ScimError> {
        Ok(match self {
            Self::Compare(attr, op, value) => {
                let attr = name(&attr)?;
                check_value(&attr, op, &value)?;
                Self::Compare(attr, op, value)
            }
            Self::Present(attr) => Self::Present(name(&attr)?),
            Self::And(a, b) => Self::And(Box::new(a.rewrite(name, target)?), Box::new(b.rewrite(name, target)?)),
            Self::Or(a, b) => Self::Or(Box::new(a.rewrite(name, target)?), Box::new(b.rewrite(name, target)?)),
            Self::Not(a) => Self::Not(Box::new(a.rewrite(name, target)?)),
            Self::ValuePath(attr, inner) => {
                let Some((multi, subs)) = multi_valued(target, &attr) else {
                    return Err(invalid(format!(
                        "attribute {attr:?} is not a multi-valued attribute that can be filtered on"
                    )));
                };
                let sub_name = move |sub: &str| -> Result<String, ScimError> {
                    if subs.contains(&sub) {
                        Ok(format!("{multi}.{sub}"))
                    } else {
                        Err(invalid(format!("attribute {multi}.{sub} cannot be filtered on")))
                    }
                };
                Self::ValuePath(multi.to_owned(), Box::new(inner.rewrite(&sub_name, target)?))
            }
        })
    }

    /// True when the resource whose filter view is `view` matches. The view is a JSON object
    /// keyed by the canonical names: single-valued attributes as values, multi-valued ones as
    /// arrays of objects keyed by sub-attribute (see the stores' views).
    #[must_use]
    pub fn matches(&self, view: &Value) -> bool {
        match self {
            Self::And(a, b) => a.matches(view) && b.matches(view),
            Self::Or(a, b) => a.matches(view) || b.matches(view),
            Self::Not(a) => !a.matches(view),
            Self::Present(attr) => values_of(view, attr).iter().any(|v| present(v)),
            Self::Compare(attr, CompareOp::Ne, value) => {
                !Self::Compare(attr.clone(), CompareOp::Eq, value.clone()).matches(view)
            }
            Self::Compare(attr, op, value) => {
                values_of(view, attr).iter().any(|v| compare(v, *op, value, case_exact(attr)))
            }
            Self::ValuePath(attr, inner) => view.get(attr).and_then(Value::as_array).is_some_and(|elements| {
                elements.iter().any(|element| {
                    // The element answers for `attr.sub` as its own `sub`.
                    let mut scoped = serde_json::Map::new();
                    if let Some(fields) = element.as_object() {
                        for (k, v) in fields {
                            scoped.insert(format!("{attr}.{k}"), v.clone());
                        }
                    }
                    inner.matches(&Value::Object(scoped))
                })
            }),
        }
    }
}

fn check_value(attr: &str, op: CompareOp, value: &FilterValue) -> Result<(), ScimError> {
    let boolean = is_boolean(attr);
    let fits = match value {
        FilterValue::Bool(_) => boolean && matches!(op, CompareOp::Eq | CompareOp::Ne),
        FilterValue::Str(s) if boolean => {
            matches!(op, CompareOp::Eq | CompareOp::Ne)
                && (s.eq_ignore_ascii_case("true") || s.eq_ignore_ascii_case("false"))
        }
        FilterValue::Str(_) => true,
        FilterValue::Null | FilterValue::Num(_) => false,
    };
    if fits {
        Ok(())
    } else {
        Err(invalid(format!("attribute {attr} cannot be compared with {value:?} by {op:?}")))
    }
}

/// The values `attr` (canonical, `multi.sub` for sub-attributes) has in `view`.
fn values_of<'a>(view: &'a Value, attr: &str) -> Vec<&'a Value> {
    if let Some(v) = view.get(attr) {
        return vec![v];
    }
    match attr.split_once('.') {
        Some((multi, sub)) => view
            .get(multi)
            .and_then(Value::as_array)
            .map(|elements| elements.iter().filter_map(|e| e.get(sub)).collect())
            .unwrap_or_default(),
        None => Vec::new(),
    }
}

fn present(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        _ => true,
    }
}

/// The boolean a filter value stands for (`true`, `"True"`).
#[must_use]
pub fn filter_bool(value: &FilterValue) -> Option<bool> {
    match value {
        FilterValue::Bool(b) => Some(*b),
        FilterValue::Str(s) if s.eq_ignore_ascii_case("true") => Some(true),
        FilterValue::Str(s) if s.eq_ignore_ascii_case("false") => Some(false),
        _ => None,
    }
}

fn compare(v: &Value, op: CompareOp, value: &FilterValue, exact: bool) -> bool {
    if let Value::Bool(b) = v {
        return filter_bool(value).is_some_and(|want| match op {
            CompareOp::Eq => *b == want,
            CompareOp::Ne => *b != want,
            _ => false,
        });
    }
    let (Value::String(have), FilterValue::Str(want)) = (v, value) else { return false };
    let (have, want) = if exact { (have.clone(), want.clone()) } else { (have.to_lowercase(), want.to_lowercase()) };
    match op {
        CompareOp::Eq => have == want,
        CompareOp::Ne => have != want,
        CompareOp::Co => have.contains(&want),
        CompareOp::Sw => have.starts_with(&want),
        CompareOp::Ew => have.ends_with(&want),
        CompareOp::Gt => have > want,
        CompareOp::Ge => have >= want,
        CompareOp::Lt => have < want,
        CompareOp::Le => have <= want,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn users(text: &str) -> ScimFilter {
        ScimFilter::parse_for(text, FilterTarget::Users).unwrap()
    }

    fn err(text: &str) -> String {
        ScimFilter::parse_for(text, FilterTarget::Users).unwrap_err().detail
    }

    #[test]
    fn and_binds_tighter_than_or_and_parentheses_override_it() {
        let s = |v: &str| FilterValue::Str(v.to_owned());
        let eq = |a: &str, v: &str| ScimFilter::Compare(a.to_owned(), CompareOp::Eq, s(v));
        assert_eq!(
            users(r#"userName eq "a" or userName eq "b" and externalId eq "c""#),
            ScimFilter::Or(
                Box::new(eq("username", "a")),
                Box::new(ScimFilter::And(Box::new(eq("username", "b")), Box::new(eq("externalid", "c"))))
            )
        );
        assert_eq!(
            users(r#"(userName eq "a" or userName eq "b") AND externalId eq "c""#),
            ScimFilter::And(
                Box::new(ScimFilter::Or(Box::new(eq("username", "a")), Box::new(eq("username", "b")))),
                Box::new(eq("externalid", "c"))
            )
        );
    }

    #[test]
    fn names_are_case_insensitive_urn_prefixes_drop_and_bare_emails_means_their_value() {
        assert_eq!(
            users(r#"urn:ietf:params:scim:schemas:core:2.0:User:USERNAME Eq "x""#),
            ScimFilter::Compare("username".into(), CompareOp::Eq, FilterValue::Str("x".into()))
        );
        assert_eq!(users("emails pr"), ScimFilter::Present("emails.value".into()));
        assert_eq!(
            users(r#"emails[type eq "work"]"#),
            ScimFilter::ValuePath(
                "emails".into(),
                Box::new(ScimFilter::Compare("emails.type".into(), CompareOp::Eq, FilterValue::Str("work".into())))
            )
        );
    }

    #[test]
    fn bad_filters_are_invalid_filter_errors_that_say_why() {
        assert_eq!(err(r#"userName eq"#), "the filter ends where a value was expected");
        assert_eq!(err(r#"userName xx "a""#), "unknown operator \"xx\" in filter");
        assert_eq!(err(r#"password eq "a""#), "attribute \"password\" cannot be filtered on");
        assert_eq!(err(r#"(userName eq "a""#), "missing \")\" in filter");
        assert_eq!(err(r#"userName eq "a" userName"#), "unexpected \"userName\" in filter");
        assert_eq!(err(r#"userName eq bob"#), "bad comparison value \"bob\" in filter (strings are quoted)");
        assert_eq!(err(r#"userName eq "unterminated"#), "unterminated string in filter");
        assert_eq!(ScimFilter::parse_for("", FilterTarget::Users).unwrap_err().scim_type, Some("invalidFilter"));
        let deep = format!("{}userName pr{}", "(".repeat(40), ")".repeat(40));
        assert_eq!(err(&deep), "filter nests deeper than 32 levels");
    }

    #[test]
    fn evaluation_follows_case_exactness_and_multi_valued_semantics() {
        let view = json!({
            "id": "00000000000000aa", "username": "Alice@Example.com", "externalid": "Ext-1", "active": true,
            "emails": [{"value": "alice@work.example", "type": "work"}, {"value": "a@home.example", "type": "home"}],
        });
        let m = |text: &str| users(text).matches(&view);
        assert!(m(r#"userName eq "alice@example.com""#));
        assert!(!m(r#"externalId eq "ext-1""#));
        assert!(m(r#"externalId eq "Ext-1""#));
        assert!(m(r#"userName sw "ALICE" and userName ew ".COM" and userName co "@ex""#));
        assert!(m(r#"emails.value eq "a@home.example""#));
        assert!(m(r#"emails[type eq "work" and value co "@work"]"#));
        assert!(!m(r#"emails[type eq "home" and value co "@work"]"#));
        assert!(m(r#"emails[type eq "work"].value eq "alice@work.example""#));
        assert!(m("active eq true and not (active eq false)"));
        assert!(m(r#"displayName ne "x""#));
        assert!(!m("displayName pr"));
        assert!(m(r#"userName gt "a" and userName lt "b""#));
    }
}
