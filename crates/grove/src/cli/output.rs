//! Printing results: aligned columns per resource, or the API's JSON.

use grove_client::{Group, Identity, Repo, Role, RoleBinding, Tag};
use serde::Serialize;

use super::{CliError, Output};

/// A resource as a table row.
pub trait Row: Serialize {
    /// The column titles.
    const HEADERS: &'static [&'static str];
    /// The cells, in column order.
    fn cells(&self) -> Vec<String>;
}

impl Row for Group {
    const HEADERS: &'static [&'static str] = &["UID", "NAME", "DESCRIPTION"];
    fn cells(&self) -> Vec<String> {
        vec![self.uid.clone(), self.name.clone(), self.description.clone()]
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
}

impl Row for Role {
    const HEADERS: &'static [&'static str] = &["UID", "NAME", "CAPABILITIES"];
    fn cells(&self) -> Vec<String> {
        vec![self.uid.clone(), self.name.clone(), self.capabilities.len().to_string()]
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
}

impl Row for Repo {
    const HEADERS: &'static [&'static str] = &["UID", "NAME", "CATALOG TIER", "DESCRIPTION"];
    fn cells(&self) -> Vec<String> {
        vec![self.uid.clone(), self.name.clone(), self.catalog_tier.clone(), self.description.clone()]
    }
}

impl Row for Tag {
    const HEADERS: &'static [&'static str] = &["UID", "NAME", "DIGEST", "DEPRECATED"];
    fn cells(&self) -> Vec<String> {
        vec![self.uid.clone(), self.name.clone(), self.digest.clone(), self.deprecated.to_string()]
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

/// Prints a list.
pub fn print_list<R: Row>(output: Output, items: &[R]) -> Result<(), CliError> {
    match output {
        Output::Json => println!("{}", serde_json::to_string_pretty(items)?),
        Output::Table => {
            println!("{}", table(R::HEADERS, &items.iter().map(Row::cells).collect::<Vec<_>>()));
        }
    }
    Ok(())
}

/// Prints one resource.
pub fn print_one<R: Row>(output: Output, item: &R) -> Result<(), CliError> {
    match output {
        Output::Json => println!("{}", serde_json::to_string_pretty(item)?),
        Output::Table => println!("{}", table(R::HEADERS, &[item.cells()])),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_align_to_the_widest_cell_and_lines_have_no_trailing_space() {
        let rows =
            vec![vec!["1".to_owned(), "alpha".to_owned(), String::new()], vec!["22".into(), "b".into(), "x y".into()]];
        assert_eq!(table(&["UID", "NAME", "DESC"], &rows), "UID  NAME   DESC\n1    alpha\n22   b      x y");
    }
}
