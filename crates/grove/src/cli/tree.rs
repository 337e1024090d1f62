//! `grove iam groups tree`: every group the caller can see (every page of the list), printed
//! as an indented tree of names and uids, or as nested JSON/YAML, or as uids in tree order.

use std::collections::{HashMap, HashSet};

use grove_client::{Client, Group, ListOptions};
use serde::Serialize;

use super::output::serialized;
use super::{CliError, Output};

/// Groups fetched per request: the most the server gives.
const PAGE_SIZE: u32 = 200;

/// A group and the visible groups below it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Node {
    /// Its uid.
    pub uid: String,
    /// Its name.
    pub name: String,
    /// Its visible children, by name.
    pub children: Vec<Node>,
}

/// Prints the groups visible to the caller, below `root` (and `root` itself) when given.
///
/// # Errors
/// A failed call.
pub async fn print(client: &Client, output: Output, root: Option<&str>) -> Result<(), CliError> {
    let mut groups = Vec::new();
    let mut options = ListOptions::default();
    if let Some(root) = root {
        groups.push(client.groups().get(root).await?);
        options = options.descendants_of(root);
    }
    let mut pages = client.groups().pages(options.page_size(PAGE_SIZE));
    while let Some(group) = pages.next().await {
        groups.push(group?);
    }
    let forest = build(groups);
    match serialized(output, &forest)? {
        Some(text) => print!("{text}"),
        None if output == Output::Id => {
            let mut uids = Vec::new();
            walk(&forest, &mut |node| uids.push(node.uid.as_str()));
            uids.iter().for_each(|uid| println!("{uid}"));
        }
        None => print!("{}", render(&forest)),
    }
    Ok(())
}

/// The groups as trees: a group whose parent is not among them (an organization, or a group
/// below one the caller cannot see) is a top. Siblings sort by name, then uid.
pub fn build(groups: Vec<Group>) -> Vec<Node> {
    let known: HashSet<String> = groups.iter().map(|g| g.uid.clone()).collect();
    let mut children: HashMap<String, Vec<Group>> = HashMap::new();
    let mut tops = Vec::new();
    for group in groups {
        match group.uid.rsplit_once('/').map(|(parent, _)| parent.to_owned()).filter(|p| known.contains(p)) {
            Some(parent) => children.entry(parent).or_default().push(group),
            None => tops.push(group),
        }
    }
    nodes(tops, &mut children)
}

fn nodes(mut groups: Vec<Group>, children: &mut HashMap<String, Vec<Group>>) -> Vec<Node> {
    groups.sort_by(|a, b| (&a.name, &a.uid).cmp(&(&b.name, &b.uid)));
    groups
        .into_iter()
        .map(|group| {
            let below = children.remove(&group.uid).unwrap_or_default();
            Node { children: nodes(below, children), uid: group.uid, name: group.name }
        })
        .collect()
}

fn walk<'a>(forest: &'a [Node], visit: &mut impl FnMut(&'a Node)) {
    for node in forest {
        visit(node);
        walk(&node.children, visit);
    }
}

/// The trees as text, one `name (uid)` a line, children drawn below their parent.
pub fn render(forest: &[Node]) -> String {
    fn children(out: &mut String, nodes: &[Node], prefix: &str) {
        for (i, node) in nodes.iter().enumerate() {
            let last = i + 1 == nodes.len();
            let (branch, next) = if last { ("└── ", "    ") } else { ("├── ", "│   ") };
            out.push_str(&format!("{prefix}{branch}{} ({})\n", node.name, node.uid));
            children(out, &node.children, &format!("{prefix}{next}"));
        }
    }
    let mut out = String::new();
    for top in forest {
        out.push_str(&format!("{} ({})\n", top.name, top.uid));
        children(&mut out, &top.children, "");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(uid: &str, name: &str) -> Group {
        serde_json::from_value(serde_json::json!({"uid": uid, "name": name})).unwrap()
    }

    #[test]
    fn groups_nest_under_their_parents_sorted_by_name_and_orphans_become_tops() {
        let forest = build(vec![
            group("r", "acme"),
            group("r/b", "ops"),
            group("r/a", "eng"),
            group("r/a/x", "team"),
            group("r/a/y", "qa"),
            group("hidden/c", "lonely"),
        ]);
        assert_eq!(
            render(&forest),
            "acme (r)\n├── eng (r/a)\n│   ├── qa (r/a/y)\n│   └── team (r/a/x)\n└── ops (r/b)\nlonely (hidden/c)\n"
        );
        let mut uids = Vec::new();
        walk(&forest, &mut |n| uids.push(n.uid.clone()));
        assert_eq!(uids, ["r", "r/a", "r/a/y", "r/a/x", "r/b", "hidden/c"]);
    }
}
