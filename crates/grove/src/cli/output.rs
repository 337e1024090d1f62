//! Printing results: aligned columns per resource, the API's JSON, the same as YAML, or only
//! the uids.

use grove_client::{
    AcceptedTerms, AccountAssociation, AccountCheck, AuditEntry, DeadLetter, Group, GroupInvite, Identity,
    IdentityProvider, Repo, Role, RoleBinding, Tag, TermsAcceptance,
};
use serde::Serialize;

use super::{CliError, Output};

/// A resource as a table row.
pub trait Row: Serialize {
    /// The column titles.
    const HEADERS: &'static [&'static str];
    /// The cells, in column order.
    fn cells(&self) -> Vec<String>;
    /// Its uid, for `--output id`.
    fn uid(&self) -> &str;
}

impl Row for Group {
    const HEADERS: &'static [&'static str] = &["UID", "NAME", "DESCRIPTION"];
    fn cells(&self) -> Vec<String> {
        vec![self.uid.clone(), self.name.clone(), self.description.clone()]
    }
    fn uid(&self) -> &str {
        &self.uid
    }
}

impl Row for Identity {
    const HEADERS: &'static [&'static str] = &["UID", "NAME", "ISSUER", "SUBJECT", "LAST SEEN"];
    fn cells(&self) -> Vec<String> {
        let (issuer, subject) = match (&self.claim_match, &self.static_keys) {
            (Some(cm), _) => (
                cm.issuer.clone().or_else(|| cm.issuer_pattern.clone()).unwrap_or_default(),
                cm.subject.clone().or_else(|| cm.subject_pattern.clone()).unwrap_or_default(),
            ),
            (None, Some(sk)) => (sk.issuer.clone().unwrap_or_default(), sk.subject.clone().unwrap_or_default()),
            (None, None) => (String::new(), String::new()),
        };
        vec![self.uid.clone(), self.name.clone(), issuer, subject, self.last_seen_time.clone().unwrap_or_default()]
    }
    fn uid(&self) -> &str {
        &self.uid
    }
}

impl Row for Role {
    const HEADERS: &'static [&'static str] = &["UID", "NAME", "CAPABILITIES"];
    fn cells(&self) -> Vec<String> {
        vec![self.uid.clone(), self.name.clone(), self.capabilities.len().to_string()]
    }
    fn uid(&self) -> &str {
        &self.uid
    }
}

impl Row for RoleBinding {
    const HEADERS: &'static [&'static str] = &["UID", "IDENTITY", "ROLE", "GROUP"];
    fn cells(&self) -> Vec<String> {
        let named = |name: &str, uid: &str| if name.is_empty() { uid.to_owned() } else { format!("{name} ({uid})") };
        vec![
            self.uid.clone(),
            named(&self.identity.name, &self.identity.uid),
            named(&self.role.name, &self.role.uid),
            named(&self.group.name, &self.group.uid),
        ]
    }
    fn uid(&self) -> &str {
        &self.uid
    }
}

impl Row for grove_client::Subscription {
    const HEADERS: &'static [&'static str] = &["UID", "SINK"];
    fn cells(&self) -> Vec<String> {
        vec![self.uid.clone(), self.sink.clone()]
    }
    fn uid(&self) -> &str {
        &self.uid
    }
}

impl Row for Repo {
    const HEADERS: &'static [&'static str] = &["UID", "NAME", "CATALOG TIER", "DESCRIPTION"];
    fn cells(&self) -> Vec<String> {
        vec![self.uid.clone(), self.name.clone(), self.catalog_tier.clone(), self.description.clone()]
    }
    fn uid(&self) -> &str {
        &self.uid
    }
}

impl Row for Tag {
    const HEADERS: &'static [&'static str] = &["UID", "NAME", "DIGEST", "DEPRECATED"];
    fn cells(&self) -> Vec<String> {
        vec![self.uid.clone(), self.name.clone(), self.digest.clone(), self.deprecated.to_string()]
    }
    fn uid(&self) -> &str {
        &self.uid
    }
}

impl Row for TermsAcceptance {
    const HEADERS: &'static [&'static str] = &["DOCUMENT", "ACCEPTED BY", "ORGANIZATION", "ACCEPTED"];
    fn cells(&self) -> Vec<String> {
        vec![self.doc_id.clone(), self.accepted_by.clone(), self.org_uid.clone(), self.create_time.clone()]
    }
    // Acceptances have no uid on the wire; `--output id` prints the document ids.
    fn uid(&self) -> &str {
        &self.doc_id
    }
}

impl Row for AuditEntry {
    const HEADERS: &'static [&'static str] = &["TIME", "ACTOR", "TRANSPORT", "TYPE", "SUBJECT", "REQUEST"];
    fn cells(&self) -> Vec<String> {
        vec![
            self.time.clone(),
            self.actor.clone(),
            self.transport.clone(),
            self.event_type.clone(),
            self.subject.clone(),
            self.request_id.clone(),
        ]
    }
    fn uid(&self) -> &str {
        &self.uid
    }
}

impl Row for DeadLetter {
    const HEADERS: &'static [&'static str] =
        &["ID", "SUBSCRIPTION", "SINK", "EVENT TYPE", "SUBJECT", "ATTEMPTS", "FAILED", "REASON"];
    fn cells(&self) -> Vec<String> {
        vec![
            self.id.clone(),
            self.subscription.clone(),
            self.sink.clone(),
            self.event_type.clone(),
            self.event_subject.clone(),
            self.attempts.to_string(),
            self.failed_time.clone(),
            self.reason.clone(),
        ]
    }
    // `--output id` prints what replay and delete take: the id, not the paging uid.
    #[allow(clippy::misnamed_getters)]
    fn uid(&self) -> &str {
        &self.id
    }
}

impl Row for AcceptedTerms {
    const HEADERS: &'static [&'static str] = &["GROUP", "DOCUMENTS"];
    fn cells(&self) -> Vec<String> {
        vec![self.group.clone(), self.document_ids.join(", ")]
    }
    fn uid(&self) -> &str {
        &self.group
    }
}

impl Row for IdentityProvider {
    const HEADERS: &'static [&'static str] = &["UID", "NAME", "ISSUER", "CLIENT ID", "DEFAULT ROLE"];
    fn cells(&self) -> Vec<String> {
        let (issuer, client_id) =
            self.oidc.as_ref().map_or_else(Default::default, |o| (o.issuer.clone(), o.client_id.clone()));
        vec![self.uid.clone(), self.name.clone(), issuer, client_id, self.default_role.clone()]
    }
    fn uid(&self) -> &str {
        &self.uid
    }
}

impl Row for GroupInvite {
    const HEADERS: &'static [&'static str] = &["UID", "ROLE", "EMAIL", "SINGLE USE", "EXPIRES"];
    fn cells(&self) -> Vec<String> {
        let role = match &self.role {
            Some(role) if !role.name.is_empty() => format!("{} ({})", role.name, self.role_uid),
            _ => self.role_uid.clone(),
        };
        vec![self.uid.clone(), role, self.email.clone(), self.single_use.to_string(), self.expiration_time.clone()]
    }
    fn uid(&self) -> &str {
        &self.uid
    }
}

impl Row for AccountAssociation {
    const HEADERS: &'static [&'static str] = &["GROUP", "NAME", "ACCOUNTS"];
    fn cells(&self) -> Vec<String> {
        let mut accounts = Vec::new();
        if let Some(amazon) = &self.amazon {
            accounts.push(format!("amazon:{}", amazon.account));
        }
        if let Some(google) = &self.google {
            accounts.push(format!("google:{}", google.project_id));
        }
        if let Some(azure) = &self.azure {
            accounts.push(format!("azure:{}", azure.tenant_id));
        }
        if let Some(github) = &self.github {
            let apps: Vec<String> = github.app_installations.keys().map(ToString::to_string).collect();
            accounts.push(format!("github:{}", apps.join(",")));
        }
        if let Some(chainguard) = &self.chainguard {
            let names: Vec<&str> = chainguard.service_bindings.keys().map(String::as_str).collect();
            accounts.push(format!("chainguard:{}", names.join(",")));
        }
        vec![self.uid.clone(), self.name.clone(), accounts.join(" ")]
    }
    fn uid(&self) -> &str {
        &self.uid
    }
}

impl Row for AccountCheck {
    const HEADERS: &'static [&'static str] = &["STATUS", "REASON", "MESSAGE"];
    fn cells(&self) -> Vec<String> {
        vec![self.status.clone(), self.reason.clone(), self.message.clone()]
    }
    // A check has no uid; `--output id` prints its status.
    fn uid(&self) -> &str {
        &self.status
    }
}

fn table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let clean = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let rows: Vec<Vec<String>> = rows.iter().map(|r| r.iter().map(|c| clean(c)).collect()).collect();
    let mut widths: Vec<usize> = headers.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| {
        let last = cells.len().saturating_sub(1);
        let mut out = String::new();
        for (i, (cell, width)) in cells.iter().zip(&widths).enumerate() {
            if i == last {
                out.push_str(cell);
            } else {
                out.push_str(&format!("{cell:<width$}  "));
            }
        }
        out.trim_end().to_owned()
    };
    let mut out = line(headers.to_vec());
    for row in &rows {
        out.push('\n');
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}

/// `value` as JSON or YAML text (ending in a newline) for those formats; `None` for the
/// others, which the caller prints its own way.
pub fn serialized<T: Serialize + ?Sized>(output: Output, value: &T) -> Result<Option<String>, CliError> {
    Ok(match output {
        Output::Json => Some(serde_json::to_string_pretty(value)? + "\n"),
        Output::Yaml => Some(serde_norway::to_string(value)?),
        Output::Table | Output::Id => None,
    })
}

/// Prints a list.
pub fn print_list<R: Row>(output: Output, items: &[R]) -> Result<(), CliError> {
    match serialized(output, items)? {
        Some(text) => print!("{text}"),
        None if output == Output::Id => items.iter().for_each(|item| println!("{}", item.uid())),
        None => println!("{}", table(R::HEADERS, &items.iter().map(Row::cells).collect::<Vec<_>>())),
    }
    Ok(())
}

/// Prints one resource.
pub fn print_one<R: Row>(output: Output, item: &R) -> Result<(), CliError> {
    match serialized(output, item)? {
        Some(text) => print!("{text}"),
        None if output == Output::Id => println!("{}", item.uid()),
        None => println!("{}", table(R::HEADERS, &[item.cells()])),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_and_json_carry_the_same_data_and_table_and_id_are_left_to_the_caller() {
        let value = serde_json::json!({"uid": "a", "n": 1, "yes": true, "tags": ["1.25", "null"], "none": null});
        let json = serialized(Output::Json, &value).unwrap().unwrap();
        let yaml = serialized(Output::Yaml, &value).unwrap().unwrap();
        assert_eq!(serde_json::from_str::<serde_json::Value>(&json).unwrap(), value);
        assert_eq!(serde_norway::from_str::<serde_json::Value>(&yaml).unwrap(), value);
        assert!(json.ends_with("}\n") && yaml.ends_with('\n'), "{json:?} {yaml:?}");
        assert_eq!(serialized(Output::Table, &value).unwrap(), None);
        assert_eq!(serialized(Output::Id, &value).unwrap(), None);
    }

    #[test]
    fn columns_align_to_the_widest_cell_and_lines_have_no_trailing_space() {
        let rows =
            vec![vec!["1".to_owned(), "alpha".to_owned(), String::new()], vec!["22".into(), "b".into(), "x y".into()]];
        assert_eq!(table(&["UID", "NAME", "DESC"], &rows), "UID  NAME   DESC\n1    alpha\n22   b      x y");
    }
}
