//! The public API's custom methods (`…:verb`, API.md 0.1): a verb is split off the last
//! path segment before the segment is read as a uid or a parent, so that
//! `POST …/groups/{uid}:requestGroupAccess` is never read as a CreateGroup. Collection-level
//! verbs (`groups:lookupGroup`) are routes of their own in each resource's router.

/// A uid path whose last segment carries a custom verb (`<uid>:requestGroupAccess`): the
/// uid and the verb. Uids never hold `:`.
#[must_use]
pub fn split_verb(path: &str) -> Option<(&str, &str)> {
    let last = path.rsplit('/').next().unwrap_or(path);
    last.contains(':').then(|| path.rsplit_once(':')).flatten()
}

#[cfg(test)]
mod tests {
    use super::split_verb;

    #[test]
    fn a_verb_is_split_off_the_last_segment_only() {
        assert_eq!(split_verb("abc/0123:requestGroupAccess"), Some(("abc/0123", "requestGroupAccess")));
        assert_eq!(split_verb("abc/0123"), None);
        assert_eq!(split_verb("a:b/0123"), None);
    }
}
