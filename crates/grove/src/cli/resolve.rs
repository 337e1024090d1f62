//! Names where uids are: every command argument that names a resource goes through here. A
//! uid is used as it is; anything else is looked up by listing with the exact `name` filter,
//! so only what the caller can see is found, and a name must match exactly one.

use std::collections::HashMap;

use grove_client::{Client, Group, Identity, IdentityProvider, ListOptions, Repo, Resource, Role, Tag};

use super::CliError;

/// How many same-named candidates an ambiguity error lists.
const SHOWN_CANDIDATES: usize = 10;
/// How many matches of a name are fetched at most.
const FETCHED_CANDIDATES: u32 = 100;

/// True for text shaped like a uid: `^[0-9a-f]{40}(/[0-9a-f]{16})*$`.
pub fn looks_like_uid(s: &str) -> bool {
    grove_domain::Uidp::parse(s).is_ok()
}

/// The uid of the parent of `uid` (`None` for a root-level one).
fn parent_of(uid: &str) -> Option<&str> {
    uid.rsplit_once('/').map(|(parent, _)| parent)
}

/// A resource that has a name to be found by.
pub trait Named: Resource {
    /// What one is called in messages (`group`).
    const NOUN: &'static str;
    /// What several are called in messages (`groups`).
    const PLURAL: &'static str;
    /// What its parent is (`Some("repo")` for tags); `None` when it is a group.
    const PARENT_NOUN: Option<&'static str> = None;
    /// Its uid.
    fn uid(&self) -> &str;
    /// Its name.
    fn name(&self) -> &str;
}

macro_rules! named {
    ($type:ty, $noun:literal, $plural:literal $(, $parent:literal)?) => {
        impl Named for $type {
            const NOUN: &'static str = $noun;
            const PLURAL: &'static str = $plural;
            $(const PARENT_NOUN: Option<&'static str> = Some($parent);)?
            fn uid(&self) -> &str {
                &self.uid
            }
            fn name(&self) -> &str {
                &self.name
            }
        }
    };
}

named!(Group, "group", "groups");
named!(Identity, "identity", "identities");
named!(Role, "role", "roles");
named!(Repo, "repo", "repos");
named!(Tag, "tag", "tags", "repo");
named!(IdentityProvider, "identity provider", "identity providers");

/// Where a name is looked for.
#[derive(Debug, Clone, Copy)]
pub enum Scope<'a> {
    /// Everywhere the caller can see.
    Visible,
    /// Among the direct children of the parent `uid`, which the user called `label`.
    In {
        /// The parent's uid.
        uid: &'a str,
        /// How the user named the parent.
        label: &'a str,
    },
    /// Roles usable in the group `uid` (built-in, or defined in it or above it), which the
    /// user called `label`.
    UsableIn {
        /// The group's uid.
        uid: &'a str,
        /// How the user named the group.
        label: &'a str,
    },
}

/// Turns names into uids for one client.
#[derive(Debug, Clone, Copy)]
pub struct Resolver<'c> {
    client: &'c Client,
}

impl<'c> Resolver<'c> {
    /// A resolver asking through `client`.
    pub fn new(client: &'c Client) -> Self {
        Self { client }
    }

    /// The uid of a group given as a uid, a name, or a path of names (`acme/eng`: an
    /// organization, then a child at each step). With `parent` (itself a uid, name or path),
    /// the name or path starts among that group's children.
    ///
    /// # Errors
    /// No such group, several (for a bare name), or a failed call.
    pub async fn group(&self, arg: &str, parent: Option<&str>) -> Result<String, CliError> {
        if looks_like_uid(arg) {
            return Ok(arg.to_owned());
        }
        let mut current = match parent {
            Some(parent) => Some((Box::pin(self.group(parent, None)).await?, parent.to_owned())),
            None => None,
        };
        if !arg.contains('/') {
            let scope = current.as_ref().map_or(Scope::Visible, |(uid, label)| Scope::In { uid, label });
            return self.one::<Group>(arg, scope).await;
        }
        let steps: Vec<&str> = arg.split('/').collect();
        if steps.iter().any(|s| s.trim().is_empty()) {
            return Err(CliError::new(format!(
                "{arg:?} is not a group path: give names separated by single slashes, such as acme/eng"
            )));
        }
        let mut walked = Vec::new();
        for step in steps {
            let uid = match &current {
                Some((uid, label)) => self.one::<Group>(step, Scope::In { uid, label }).await?,
                None => self.organization(step).await?,
            };
            walked.push(step);
            current = Some((uid, walked.join("/")));
        }
        current.map(|(uid, _)| uid).ok_or_else(|| CliError::new(format!("{arg:?} is not a group path")))
    }

    /// The uid of a repo given as a uid, its name (`nginx`, or a path name such as
    /// `team/nginx`), or a group path followed by its name (`dev/eng/nginx`: repo `nginx` in
    /// group `dev/eng`). The whole text is tried as a name first, then each split into a
    /// group path and a name, the longest group path first.
    ///
    /// # Errors
    /// No such repo, several, or a failed call.
    pub async fn repo(&self, arg: &str) -> Result<String, CliError> {
        let whole = self.one::<Repo>(arg, Scope::Visible).await;
        let Err(not_found) = whole else { return whole };
        if !arg.contains('/') || !not_found.to_string().starts_with("no repo named") {
            return Err(not_found);
        }
        let parts: Vec<&str> = arg.split('/').collect();
        for split in (1..parts.len()).rev() {
            let (group_path, name) = (parts[..split].join("/"), parts[split..].join("/"));
            let Ok(group) = self.group(&group_path, None).await else { continue };
            match self.one::<Repo>(&name, Scope::In { uid: &group, label: &group_path }).await {
                Ok(uid) => return Ok(uid),
                Err(e) if e.to_string().starts_with("no repo named") => {}
                Err(e) => return Err(e),
            }
        }
        Err(CliError::new(format!(
            "no repo named {arg:?} is visible to you, nor one at the end of a group path such as {:?}",
            arg.rsplit_once('/').map_or(arg, |(group, _)| group)
        )))
    }

    /// The uid of the organization (root group) called `name`.
    async fn organization(&self, name: &str) -> Result<String, CliError> {
        let found = self.client.groups().list(&ListOptions::default().in_root().name(name).page_size(1), None).await?;
        match found.items.first() {
            Some(org) => Ok(org.uid.clone()),
            None => Err(CliError::new(format!("no organization named {name:?} is visible to you"))),
        }
    }

    /// The uid of the one `R` called `arg` in `scope` (or `arg` itself when it is a uid).
    ///
    /// # Errors
    /// None or several match, or a failed call.
    pub async fn one<R: Named>(&self, arg: &str, scope: Scope<'_>) -> Result<String, CliError> {
        if looks_like_uid(arg) {
            return Ok(arg.to_owned());
        }
        let mut options = ListOptions::default().name(arg).order_by("uid").page_size(FETCHED_CANDIDATES);
        if let Scope::In { uid, .. } = scope {
            options = options.children_of(uid);
        }
        let page = self.client.resources::<R>().list(&options, None).await?;
        let total = page.total_count.map_or(page.items.len(), |n| usize::try_from(n).unwrap_or(usize::MAX));
        let mut candidates = page.items;
        let mut total = total.max(candidates.len());
        if let Scope::UsableIn { uid: group, .. } = scope {
            candidates.retain(|c| parent_of(c.uid()).is_none_or(|p| group == p || group.starts_with(&format!("{p}/"))));
            total = candidates.len();
        }
        // "named X usable in group G are visible to you", "named X are visible to you in group G"
        let (which, place) = match scope {
            Scope::Visible => (String::new(), String::new()),
            Scope::In { label, .. } => (String::new(), format!(" in {} {label:?}", R::PARENT_NOUN.unwrap_or("group"))),
            Scope::UsableIn { label, .. } => (format!(" usable in group {label:?}"), String::new()),
        };
        match candidates.as_slice() {
            [] => Err(CliError::new(format!("no {} named {arg:?}{which} is visible to you{place}", R::NOUN))),
            [only] => Ok(only.uid().to_owned()),
            several => {
                let shown = &several[..several.len().min(SHOWN_CANDIDATES)];
                let paths = self.paths::<R>(shown).await?;
                let listed: Vec<String> = shown.iter().zip(&paths).map(|(c, p)| format!("{} ({p})", c.uid())).collect();
                let more =
                    if total > shown.len() { format!(" and {} more", total - shown.len()) } else { String::new() };
                let hint = if R::PARENT_NOUN.is_none() && R::NOUN == "group" {
                    "give a uid, a path or --parent"
                } else {
                    "give a uid or --parent"
                };
                Err(CliError::new(format!(
                    "{total} {} named {arg:?}{which} are visible to you{place}: {}{more}; {hint}",
                    R::PLURAL,
                    listed.join(", ")
                )))
            }
        }
    }

    /// Where each of `items` is, by names: `acme/eng/ci`, or `acme/eng/team/nginx:1.25` for a
    /// tag; a group the caller cannot see shows as `…`.
    async fn paths<R: Named>(&self, items: &[R]) -> Result<Vec<String>, CliError> {
        let group_of = |uid: &str| -> Option<String> {
            let parent = parent_of(uid)?;
            match R::PARENT_NOUN {
                None => Some(parent.to_owned()),
                Some(_) => parent_of(parent).map(str::to_owned),
            }
        };
        let mut group_uids: Vec<String> = Vec::new();
        for item in items {
            let mut next = group_of(item.uid());
            while let Some(uid) = next {
                next = parent_of(&uid).map(str::to_owned);
                group_uids.push(uid);
            }
        }
        group_uids.sort();
        group_uids.dedup();
        let mut names: HashMap<String, String> = HashMap::new();
        if !group_uids.is_empty() {
            let options = ListOptions::default().ids(&group_uids).page_size(FETCHED_CANDIDATES);
            let groups = self.client.groups().pages(options).collect(None).await?;
            names.extend(groups.into_iter().map(|g| (g.uid, g.name)));
        }
        if R::PARENT_NOUN.is_some() {
            let mut repo_uids: Vec<&str> = items.iter().filter_map(|i| parent_of(i.uid())).collect();
            repo_uids.sort_unstable();
            repo_uids.dedup();
            let options = ListOptions::default().ids(&repo_uids).page_size(FETCHED_CANDIDATES);
            let repos = self.client.repos().pages(options).collect(None).await?;
            names.extend(repos.into_iter().map(|r| (r.uid, r.name)));
        }
        let name_of = |uid: &str| names.get(uid).cloned().unwrap_or_else(|| "…".to_owned());
        Ok(items
            .iter()
            .map(|item| {
                let mut groups = Vec::new();
                let mut next = group_of(item.uid());
                while let Some(uid) = next {
                    groups.push(name_of(&uid));
                    next = parent_of(&uid).map(str::to_owned);
                }
                groups.reverse();
                let mut path = groups;
                match (R::PARENT_NOUN, parent_of(item.uid())) {
                    (Some(_), Some(repo)) => path.push(format!("{}:{}", name_of(repo), item.name())),
                    _ => path.push(item.name().to_owned()),
                }
                path.join("/")
            })
            .collect())
    }

    /// A role binding's uid: bindings have no names.
    ///
    /// # Errors
    /// When `arg` is not a uid.
    pub fn binding(arg: &str) -> Result<String, CliError> {
        uid_only(arg, "role bindings", "binding", "grove iam role-bindings list")
    }

    /// A group invite's uid: invites have no names.
    ///
    /// # Errors
    /// When `arg` is not a uid.
    pub fn invite(arg: &str) -> Result<String, CliError> {
        uid_only(arg, "invites", "invite", "grove iam invites list")
    }
}

/// `arg` when it is a uid; else an error saying that `plural` have no names and where to find
/// the uid of a `noun`.
fn uid_only(arg: &str, plural: &str, noun: &str, list: &str) -> Result<String, CliError> {
    if looks_like_uid(arg) {
        Ok(arg.to_owned())
    } else {
        Err(CliError::new(format!(
            "{arg:?} is not a uid, and {plural} have no names: give the {noun}'s uid (see {list})"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uids_are_told_from_names() {
        assert!(looks_like_uid(&"a".repeat(40)));
        assert!(looks_like_uid(&format!("{}/{}", "0".repeat(40), "f".repeat(16))));
        assert!(!looks_like_uid("viewer"));
        assert!(!looks_like_uid("acme/eng"));
        assert!(!looks_like_uid(&"A".repeat(40)));
        assert!(!looks_like_uid(&format!("{}/", "0".repeat(40))));
        assert!(!looks_like_uid(&format!("{}/{}", "0".repeat(40), "f".repeat(15))));
    }

    #[test]
    fn a_parent_is_the_uid_without_its_last_segment() {
        assert_eq!(parent_of("r/a/b"), Some("r/a"));
        assert_eq!(parent_of("r"), None);
    }

    #[test]
    fn bindings_and_invites_must_be_given_by_uid() {
        let uid = "b".repeat(40);
        assert_eq!(Resolver::binding(&uid).unwrap(), uid);
        assert_eq!(
            Resolver::binding("ci").unwrap_err().to_string(),
            "\"ci\" is not a uid, and role bindings have no names: give the binding's uid \
             (see grove iam role-bindings list)"
        );
        assert_eq!(
            Resolver::invite("welcome").unwrap_err().to_string(),
            "\"welcome\" is not a uid, and invites have no names: give the invite's uid (see grove iam invites list)"
        );
    }
}
