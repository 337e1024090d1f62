//! Validation of a repo's richer settings: its sync config (destinations), custom overlay and
//! README; pure functions the repo service calls before it touches the store.

use std::sync::LazyLock;

use regex::Regex;

use crate::model::CustomOverlay;
use crate::names::RepoName;

use super::Violations;

/// Largest README accepted, in bytes.
pub const MAX_README_BYTES: usize = 256 * 1024;
/// Most entries in any list or map of a custom overlay.
const MAX_OVERLAY_ENTRIES: usize = 100;
/// Longest single overlay value (a key, a package name, a PEM block), in bytes.
const MAX_OVERLAY_VALUE: usize = 16 * 1024;

/// Environment variable names the overlay may not set.
pub const RESERVED_ENV_PREFIX: &str = "CHAINGUARD_";
/// Annotation key prefixes the overlay may not set.
pub const RESERVED_ANNOTATION_PREFIXES: &[&str] = &["dev.chainguard.", "org.opencontainers."];

#[allow(clippy::expect_used)]
static GOOGLE_HOST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:[a-z0-9]+(?:-[a-z0-9]+)*-docker\.pkg\.dev|(?:[a-z]+\.)?gcr\.io)$").expect("pattern compiles")
});
#[allow(clippy::expect_used)]
static AMAZON_HOST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[0-9]{12}\.dkr\.ecr\.[a-z]{2}(?:-[a-z]+)+-[0-9]+\.amazonaws\.com$").expect("pattern compiles")
});
#[allow(clippy::expect_used)]
static AZURE_HOST: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[a-z0-9]{5,50}\.azurecr\.io$").expect("pattern compiles"));
#[allow(clippy::expect_used)]
static ENV_NAME: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[A-Za-z_][A-Za-z0-9_]*$").expect("pattern compiles"));
#[allow(clippy::expect_used)]
static ANNOTATION_KEY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[A-Za-z0-9][A-Za-z0-9._/-]*$").expect("pattern compiles"));
#[allow(clippy::expect_used)]
static ACCOUNT_NAME: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[a-z_][a-z0-9_.-]{0,31}$").expect("pattern compiles"));
#[allow(clippy::expect_used)]
static FILE_NAME: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[A-Za-z0-9_][A-Za-z0-9._@+-]{0,254}$").expect("pattern compiles"));
#[allow(clippy::expect_used)]
static PACKAGE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[a-z0-9][a-z0-9._+-]*(?:[<>=~]{1,2}[A-Za-z0-9._+-]+)?$").expect("pattern compiles"));

/// Checks one extra destination of a sync config: `HOST/PATH` with the provider's host shape
/// and an OCI repository path; empty means none.
pub(crate) fn destination(v: &mut Violations, field: &str, value: &str) {
    if value.is_empty() {
        return;
    }
    let (host_rule, example) = match field {
        "sync_config.google" => (&*GOOGLE_HOST, "us-docker.pkg.dev/PROJECT/REPO"),
        "sync_config.amazon" => (&*AMAZON_HOST, "123456789012.dkr.ecr.us-east-1.amazonaws.com/NAME"),
        _ => (&*AZURE_HOST, "myregistry.azurecr.io/NAME"),
    };
    let ok = value
        .split_once('/')
        .is_some_and(|(host, path)| host_rule.is_match(host) && RepoName::parse(field, path).is_ok());
    if !ok {
        add(v, field, format!("{field} must look like {example}"));
    }
}

fn add(v: &mut Violations, field: impl AsRef<str>, description: impl Into<String>) {
    v.add(field.as_ref(), description);
}

fn bounded(v: &mut Violations, field: &str, value: &str, required: bool) -> bool {
    if required && value.is_empty() {
        add(v, field, format!("{field} is required"));
        return false;
    }
    if value.len() > MAX_OVERLAY_VALUE {
        add(v, field, format!("{field} may be at most {MAX_OVERLAY_VALUE} bytes"));
        return false;
    }
    if value.chars().any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t') {
        add(v, field, format!("{field} may not hold control characters"));
        return false;
    }
    true
}

fn count(v: &mut Violations, field: &str, n: usize) -> bool {
    if n > MAX_OVERLAY_ENTRIES {
        add(v, field, format!("{field} may hold at most {MAX_OVERLAY_ENTRIES} entries"));
        return false;
    }
    true
}

/// True when `pem` is exactly one PEM block with one of `labels` and a base64 body.
fn pem_block(pem: &str, labels: &[&str]) -> bool {
    let text = pem.trim();
    labels.iter().any(|label| {
        let (begin, end) = (format!("-----BEGIN {label}-----"), format!("-----END {label}-----"));
        text.strip_prefix(begin.as_str()).and_then(|rest| rest.strip_suffix(end.as_str())).is_some_and(|body| {
            let body: String = body.chars().filter(|c| !c.is_whitespace()).collect();
            !body.is_empty()
                && body.len().is_multiple_of(4)
                && body.trim_end_matches('=').bytes().all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
        })
    })
}

/// Checks a custom overlay against the public rules: reserved environment and annotation
/// keys, required names and contents, PEM shapes, and sizes.
pub(crate) fn overlay(v: &mut Violations, o: &CustomOverlay) {
    const F: &str = "custom_overlay";
    if count(v, &format!("{F}.contents.packages"), o.packages.len()) {
        for p in &o.packages {
            if !PACKAGE.is_match(p) {
                add(
                    v,
                    format!("{F}.contents.packages"),
                    format!("{p:?} is not a package name (optionally with a version constraint)"),
                );
            }
        }
    }
    if count(v, &format!("{F}.contents.runtime_repositories"), o.runtime_repositories.len()) {
        for r in &o.runtime_repositories {
            let field = format!("{F}.contents.runtime_repositories");
            if bounded(v, &field, r, true) && !(r.starts_with("https://") && r.len() > "https://".len()) {
                add(v, field, format!("{r:?} must be an https:// URL"));
            }
        }
    }
    if count(v, &format!("{F}.contents.runtime_keyring"), o.runtime_keyring.len()) {
        for (i, k) in o.runtime_keyring.iter().enumerate() {
            let name = format!("{F}.contents.runtime_keyring[{i}].name");
            if bounded(v, &name, &k.name, true) && !FILE_NAME.is_match(&k.name) {
                add(v, name, "must be a file name (letters, digits, '.', '_', '-', '@', '+')");
            }
            let content = format!("{F}.contents.runtime_keyring[{i}].content");
            if bounded(v, &content, &k.content, true) && !pem_block(&k.content, &["PUBLIC KEY", "RSA PUBLIC KEY"]) {
                add(v, content, "must be one PEM-encoded RSA public key");
            }
        }
    }
    if count(v, &format!("{F}.environment"), o.environment.len()) {
        for (key, value) in &o.environment {
            let field = format!("{F}.environment");
            if key.starts_with(RESERVED_ENV_PREFIX) {
                add(v, &field, format!("{key:?}: keys starting {RESERVED_ENV_PREFIX} are reserved"));
            } else if !ENV_NAME.is_match(key) {
                add(v, &field, format!("{key:?} is not an environment variable name"));
            }
            bounded(v, &field, value, false);
        }
    }
    if count(v, &format!("{F}.annotations"), o.annotations.len()) {
        for (key, value) in &o.annotations {
            let field = format!("{F}.annotations");
            if let Some(prefix) = RESERVED_ANNOTATION_PREFIXES.iter().find(|p| key.starts_with(*p)) {
                add(v, &field, format!("{key:?}: keys starting {prefix} are reserved"));
            } else if !ANNOTATION_KEY.is_match(key) || key.len() > 255 {
                add(v, &field, format!("{key:?} is not an annotation key"));
            }
            bounded(v, &field, value, false);
        }
    }
    if !o.run_as.is_empty() && !ACCOUNT_NAME.is_match(&o.run_as) && o.run_as.parse::<u32>().is_err() {
        add(v, format!("{F}.accounts.run_as"), "must be a user name or a numeric uid");
    }
    if count(v, &format!("{F}.accounts.users"), o.users.len()) {
        for (i, u) in o.users.iter().enumerate() {
            let field = format!("{F}.accounts.users[{i}].username");
            if bounded(v, &field, &u.username, true) && !ACCOUNT_NAME.is_match(&u.username) {
                add(v, field, "must be a user name ([a-z_][a-z0-9_.-]{0,31})");
            }
            if u.uid < 0 || u.gid < 0 {
                add(v, format!("{F}.accounts.users[{i}]"), "uid and gid may not be negative");
            }
            for (name, value) in [("group_name", &u.group_name), ("shell", &u.shell), ("home_dir", &u.home_dir)] {
                bounded(v, &format!("{F}.accounts.users[{i}].{name}"), value, false);
            }
        }
    }
    if count(v, &format!("{F}.accounts.groups"), o.groups.len()) {
        for (i, g) in o.groups.iter().enumerate() {
            let field = format!("{F}.accounts.groups[{i}].groupname");
            if bounded(v, &field, &g.groupname, true) && !ACCOUNT_NAME.is_match(&g.groupname) {
                add(v, field, "must be a group name ([a-z_][a-z0-9_.-]{0,31})");
            }
            if g.gid < 0 {
                add(v, format!("{F}.accounts.groups[{i}].gid"), "may not be negative");
            }
            if g.members.iter().any(|m| !ACCOUNT_NAME.is_match(m)) {
                add(v, format!("{F}.accounts.groups[{i}].members"), "each member must be a user name");
            }
        }
    }
    if count(v, &format!("{F}.certificates.additional"), o.certificates.len()) {
        for (i, c) in o.certificates.iter().enumerate() {
            let name = format!("{F}.certificates.additional[{i}].name");
            if bounded(v, &name, &c.name, true) && !FILE_NAME.is_match(&c.name) {
                add(v, name, "must be a file name (letters, digits, '.', '_', '-', '@', '+')");
            }
            let content = format!("{F}.certificates.additional[{i}].content");
            if bounded(v, &content, &c.content, true) && !pem_block(&c.content, &["CERTIFICATE"]) {
                add(v, content, "must be one PEM-encoded certificate");
            }
        }
    }
    if count(v, &format!("{F}.certificates.providers"), o.certificate_providers.len()) {
        for p in &o.certificate_providers {
            if !PACKAGE.is_match(p) {
                add(v, format!("{F}.certificates.providers"), format!("{p:?} is not a package name"));
            }
        }
    }
}

/// HTML elements a user-generated-content policy keeps; any other raw HTML element in a
/// README would be removed by sanitization, so it is refused.
const SAFE_ELEMENTS: &[&str] = &[
    "a",
    "abbr",
    "b",
    "blockquote",
    "br",
    "caption",
    "code",
    "dd",
    "del",
    "details",
    "div",
    "dl",
    "dt",
    "em",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "img",
    "ins",
    "kbd",
    "li",
    "ol",
    "p",
    "picture",
    "pre",
    "q",
    "s",
    "samp",
    "source",
    "span",
    "strike",
    "strong",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "tt",
    "u",
    "ul",
    "var",
];
/// Attributes such a policy keeps.
const SAFE_ATTRIBUTES: &[&str] = &[
    "href", "src", "srcset", "alt", "title", "width", "height", "align", "colspan", "rowspan", "name", "id", "open",
    "media", "type", "lang", "dir", "cite", "datetime",
];
/// URL schemes such a policy keeps (relative URLs and fragments are kept too).
const SAFE_SCHEMES: &[&str] = &["http", "https", "mailto"];

#[allow(clippy::expect_used)]
static TAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"<(/?)([A-Za-z][A-Za-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*/?>"#)
        .expect("pattern compiles")
});
#[allow(clippy::expect_used)]
static ATTRIBUTE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?"#).expect("pattern compiles")
});
#[allow(clippy::expect_used)]
static MD_LINK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\]\(\s*<?([^)\s>]*)").expect("pattern compiles"));

fn safe_url(url: &str) -> bool {
    let lowered: String = url.chars().filter(|c| !c.is_whitespace() && !c.is_control()).collect::<String>();
    match lowered.split_once(':') {
        // A colon after a '/', '?' or '#' is part of a relative URL, not a scheme.
        Some((scheme, _)) if !scheme.contains(['/', '?', '#']) => {
            SAFE_SCHEMES.contains(&scheme.to_ascii_lowercase().as_str())
        }
        _ => true,
    }
}

/// The README text outside code: fenced blocks (``` or ~~~) and inline code spans are
/// blanked, since what they hold is shown as text, never as HTML.
fn outside_code(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut fence: Option<&str> = None;
    for line in markdown.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(open), Some(m)) if open == m => fence = None,
            (None, None) => {
                let mut in_span = false;
                for c in line.chars() {
                    if c == '`' {
                        in_span = !in_span;
                    } else if !in_span {
                        out.push(c);
                    }
                }
                continue;
            }
            _ => {}
        }
        out.push('\n');
    }
    out
}

/// Checks a README: bounded size, no control characters but line breaks and tabs, and
/// nothing a user-generated-content HTML sanitizer would strip from its rendering (raw HTML
/// elements or attributes outside the policy, event handlers, script URLs, comments).
pub(crate) fn readme(v: &mut Violations, field: &str, content: &str) {
    if content.len() > MAX_README_BYTES {
        add(v, field, format!("{field} may be at most {MAX_README_BYTES} bytes"));
        return;
    }
    if let Some(c) = content.chars().find(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
        add(v, field, format!("{field} may not hold the control character U+{:04X}", u32::from(c)));
        return;
    }
    let text = outside_code(content);
    if text.contains("<!--") || text.to_ascii_lowercase().contains("<![cdata[") {
        add(v, field, format!("{field} may not hold HTML comments or CDATA; sanitization would remove them"));
        return;
    }
    for tag in TAG.captures_iter(&text) {
        let element = tag[2].to_ascii_lowercase();
        if !SAFE_ELEMENTS.contains(&element.as_str()) {
            add(v, field, format!("{field} may not use the HTML element <{element}>; sanitization would remove it"));
            return;
        }
        for attr in ATTRIBUTE.captures_iter(&tag[3]) {
            let name = attr[1].to_ascii_lowercase();
            if !SAFE_ATTRIBUTES.contains(&name.as_str()) {
                add(v, field, format!("{field} may not use the HTML attribute {name:?}; sanitization would remove it"));
                return;
            }
            let value = attr.get(2).or_else(|| attr.get(3)).or_else(|| attr.get(4)).map_or("", |m| m.as_str());
            if matches!(name.as_str(), "href" | "src" | "cite") && !safe_url(value) {
                add(v, field, format!("{field} may not link to {value:?}; only http, https and mailto URLs are kept"));
                return;
            }
        }
    }
    for link in MD_LINK.captures_iter(&text) {
        if !safe_url(&link[1]) {
            add(v, field, format!("{field} may not link to {:?}; only http, https and mailto URLs are kept", &link[1]));
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn readme_error(s: &str) -> Option<String> {
        let mut v = Violations::default();
        readme(&mut v, "content", s);
        v.finish().err().map(|e| e.to_string())
    }

    #[test]
    fn plain_markdown_and_safe_html_pass_the_readme_check() {
        let ok = "# nginx\n\nA [site](https://nginx.org) and <img src=\"logo.png\" alt=\"logo\">.\n\n\
                  <details><summary>More</summary>\n\n* item\n</details>\n\n[rel](docs/a.md) [frag](#x) \
                  [mail](mailto:a@b.c)\n";
        assert_eq!(readme_error(ok), None);
        assert_eq!(readme_error(""), None);
    }

    #[test]
    fn html_inside_code_is_text_and_passes() {
        assert_eq!(readme_error("Use `<script>` carefully.\n"), None);
        assert_eq!(readme_error("```html\n<script>alert(1)</script>\n<!-- x -->\n```\nafter\n"), None);
        assert_eq!(readme_error("~~~\n<iframe>\n~~~\n"), None);
    }

    #[test]
    fn what_sanitization_would_strip_is_refused() {
        let cases = [
            ("<script>alert(1)</script>", "may not use the HTML element <script>"),
            ("<iframe src=\"https://x\"></iframe>", "may not use the HTML element <iframe>"),
            ("<img src=x onerror=\"alert(1)\">", "may not use the HTML attribute \"onerror\""),
            ("<p style=\"color:red\">x</p>", "may not use the HTML attribute \"style\""),
            ("<a href=\"javascript:alert(1)\">x</a>", "may not link to \"javascript:alert(1)\""),
            ("[x](javascript:alert(1))", "may not link to \"javascript:alert(1"),
            ("[x]( JavaScript:alert(1))", "may not link to \"JavaScript:alert(1"),
            ("hello <!-- hidden -->", "may not hold HTML comments"),
        ];
        for (input, expected) in cases {
            let err = readme_error(input).unwrap_or_default();
            assert!(err.contains(expected), "{input}: {err}");
        }
        assert!(readme_error("a\u{0}b").unwrap().contains("U+0000"));
        assert!(readme_error(&"x".repeat(MAX_README_BYTES + 1)).unwrap().contains("at most 262144 bytes"));
    }

    #[test]
    fn destinations_need_the_providers_host_shape_and_a_repository_path() {
        let check = |field: &str, value: &str| {
            let mut v = Violations::default();
            destination(&mut v, field, value);
            v.finish().is_ok()
        };
        assert!(check("sync_config.google", "us-docker.pkg.dev/my-project/images"));
        assert!(check("sync_config.google", "gcr.io/my-project/nginx"));
        assert!(check("sync_config.amazon", "123456789012.dkr.ecr.us-east-1.amazonaws.com/nginx"));
        assert!(check("sync_config.azure", "myregistry.azurecr.io/team/nginx"));
        assert!(check("sync_config.azure", ""));
        assert!(!check("sync_config.google", "docker.io/library/nginx"));
        assert!(!check("sync_config.amazon", "12345.dkr.ecr.us-east-1.amazonaws.com/nginx"));
        assert!(!check("sync_config.azure", "myregistry.azurecr.io/UPPER"));
        assert!(!check("sync_config.azure", "myregistry.azurecr.io"));
    }

    #[test]
    fn overlay_rules_refuse_reserved_keys_and_missing_names() {
        let mut o = CustomOverlay::default();
        o.environment.insert("CHAINGUARD_X".into(), "1".into());
        o.environment.insert("OK_VAR".into(), "1".into());
        o.annotations.insert("org.opencontainers.image.title".into(), "x".into());
        o.annotations.insert("com.example/team".into(), "x".into());
        o.users.push(crate::model::OverlayUser::default());
        o.runtime_keyring.push(crate::model::NamedContent { name: "key.rsa.pub".into(), content: "nope".into() });
        let mut v = Violations::default();
        overlay(&mut v, &o);
        let err = v.finish().unwrap_err().to_string();
        assert!(
            err.contains("custom_overlay.environment: \"CHAINGUARD_X\": keys starting CHAINGUARD_ are reserved"),
            "{err}"
        );
        assert!(
            err.contains("\"org.opencontainers.image.title\": keys starting org.opencontainers. are reserved"),
            "{err}"
        );
        assert!(
            err.contains(
                "custom_overlay.accounts.users[0].username: custom_overlay.accounts.users[0].username is required"
            ),
            "{err}"
        );
        assert!(
            err.contains("custom_overlay.contents.runtime_keyring[0].content: must be one PEM-encoded RSA public key"),
            "{err}"
        );
        assert!(!err.contains("OK_VAR") && !err.contains("com.example"), "{err}");
    }
}
