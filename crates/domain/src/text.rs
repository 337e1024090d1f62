//! Character rules for client text on its way to a store: what no stored string may hold,
//! and what names and descriptions that people read may not hold either.
//!
//! Every free-text value that reaches a store passes one of these checks before any port
//! is called, so both stores answer the same `INVALID_ARGUMENT`:
//!
//! - [`check_storable`]: no control character (Unicode `Cc`: C0, DEL, C1). NUL is among
//!   them; PostgreSQL `text` and `jsonb` cannot hold it. List filters (`name`), claim texts
//!   (issuer, subject, audience, `claims` keys and values), every pattern and static-key
//!   audiences are held to this.
//! - [`check_readable`]: also one line (no whitespace but the space), no format character
//!   (`Cf`: bidi controls U+202A–U+202E, U+2066–U+2069, U+061C, zero-width characters
//!   U+200B–U+200F, soft hyphen U+00AD, U+FEFF, …) and no unassigned code point.
//!   Descriptions are held to this.
//! - [`check_name`]: also no other default-ignorable character (variation selectors, Hangul
//!   fillers, the combining grapheme joiner), and the text must already be in Unicode NFKC
//!   form. Free-text names (identities, roles) are held to this.
//!
//! Names are never rewritten: a name that is not in NFKC form (`ａｄｍｉｎ`, a decomposed
//! `é`) is refused with its NFKC form in the message, so the stored name is exactly what the
//! client sent, and two names that normalize alike are the same bytes, which the byte-wise
//! uniqueness check of the stores catches. Names with a restricted pattern (groups, repos,
//! tags) admit only ASCII and need none of this.

use unicode_normalization::UnicodeNormalization as _;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory as _};

use crate::error::{Error, Result};

/// How strict a check is; each level refuses everything the levels before it refuse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Rules {
    /// Any text a store keeps or compares.
    Storable,
    /// One line: what names and descriptions were held to before the readable rules.
    OneLine,
    /// Text people read.
    Readable,
    /// A free-text name.
    Name,
}

/// Default-ignorable code points (Unicode `Default_Ignorable_Code_Point`) that are neither
/// format characters nor unassigned; those two are refused by category.
fn is_other_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{034F}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180D}'
            | '\u{180F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FFA0}'
            | '\u{E0100}'..='\u{E01EF}'
    )
}

/// What `rules` refuse `c` as, in the words of the error message.
fn refusal(c: char, rules: Rules) -> Option<&'static str> {
    if c.is_control() {
        return Some("control characters");
    }
    if rules >= Rules::OneLine && c.is_whitespace() && c != ' ' {
        return Some("line breaks or whitespace other than the space");
    }
    if rules >= Rules::Readable {
        match c.general_category() {
            GeneralCategory::Format => return Some("invisible or formatting characters"),
            GeneralCategory::Unassigned => return Some("unassigned code points"),
            _ => {}
        }
    }
    if rules >= Rules::Name && is_other_default_ignorable(c) {
        return Some("invisible or formatting characters");
    }
    None
}

fn check(field: &str, s: &str, rules: Rules) -> Result<()> {
    // Printable ASCII (space to tilde) passes every rule; most text is nothing else.
    if s.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return Ok(());
    }
    match s.chars().find_map(|c| refusal(c, rules).map(|what| (c, what))) {
        Some((c, what)) => {
            Err(Error::invalid(field, format!("{field} must not contain {what} (found U+{:04X})", u32::from(c))))
        }
        None => Ok(()),
    }
}

/// Refuses text a store cannot keep or compare as sent: any control character, NUL among them.
///
/// # Errors
/// `INVALID_ARGUMENT` on `field` naming the first control character.
pub fn check_storable(field: &str, s: &str) -> Result<()> {
    check(field, s, Rules::Storable)
}

/// Refuses what names and descriptions were held to before the readable rules: control
/// characters and whitespace other than the space. Only for reading back stored text.
pub(crate) fn check_one_line(field: &str, s: &str) -> Result<()> {
    check(field, s, Rules::OneLine)
}

/// Refuses text unfit to be read as one line: control characters, whitespace other than the
/// space, format characters and unassigned code points.
///
/// # Errors
/// `INVALID_ARGUMENT` on `field` naming the first such character.
pub fn check_readable(field: &str, s: &str) -> Result<()> {
    check(field, s, Rules::Readable)
}

/// Refuses a free-text name that is not readable, holds any default-ignorable character, or
/// is not in NFKC form (the message gives the NFKC form to send instead).
///
/// # Errors
/// `INVALID_ARGUMENT` on `field`.
pub fn check_name(field: &str, s: &str) -> Result<()> {
    check(field, s, Rules::Name)?;
    if unicode_normalization::is_nfkc(s) {
        return Ok(());
    }
    let nfkc: String = s.nfkc().collect();
    Err(Error::invalid(field, format!("{field} must be in Unicode normalization form NFKC; its NFKC form is {nfkc:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(r: Result<()>) -> String {
        match r {
            Err(Error::InvalidArgument(v)) if v.len() == 1 => format!("{}: {}", v[0].field, v[0].description),
            other => panic!("expected one field violation, got {other:?}"),
        }
    }

    #[test]
    fn every_ascii_character_is_judged_the_same_by_the_printable_ascii_shortcut_and_by_the_rules() {
        for byte in 0..=0x7fu8 {
            let c = char::from(byte);
            for rules in [Rules::Storable, Rules::OneLine, Rules::Readable, Rules::Name] {
                let by_rules = refusal(c, rules).is_none();
                assert_eq!(check("f", &format!("ab{c}cd"), rules).is_ok(), by_rules, "{c:?} under {rules:?}");
                assert_eq!(by_rules, (b' '..=b'~').contains(&byte) || rules == Rules::Storable && !c.is_control());
            }
        }
    }

    #[test]
    fn storable_text_refuses_nul_and_every_other_control_character_only() {
        for (s, found) in [("a\0b", "U+0000"), ("\u{1b}[31m", "U+001B"), ("x\u{7f}", "U+007F"), ("\u{85}", "U+0085")] {
            assert_eq!(
                refused(check_storable("name", s)),
                format!("name: name must not contain control characters (found {found})"),
                "{s:?}"
            );
        }
        for ok in ["", "repo:acme/app:ref:refs/heads/main", "a b", "ａｄｍｉｎ", "admin\u{200b}", "Zoë"] {
            assert_eq!(check_storable("name", ok), Ok(()), "{ok:?}");
        }
    }

    #[test]
    fn readable_text_refuses_line_breaks_format_characters_and_unassigned_code_points() {
        for (s, message) in [
            ("two\nlines", "control characters (found U+000A)"),
            ("no\u{a0}break", "line breaks or whitespace other than the space (found U+00A0)"),
            ("para\u{2029}graph", "line breaks or whitespace other than the space (found U+2029)"),
            ("admin\u{200b}", "invisible or formatting characters (found U+200B)"),
            ("\u{202e}nimda", "invisible or formatting characters (found U+202E)"),
            ("\u{2066}x\u{2069}", "invisible or formatting characters (found U+2066)"),
            ("\u{61c}x", "invisible or formatting characters (found U+061C)"),
            ("ad\u{ad}min", "invisible or formatting characters (found U+00AD)"),
            ("\u{feff}admin", "invisible or formatting characters (found U+FEFF)"),
            ("tag\u{e0041}", "invisible or formatting characters (found U+E0041)"),
            ("a\u{378}", "unassigned code points (found U+0378)"),
            ("a\u{fffe}", "unassigned code points (found U+FFFE)"),
        ] {
            assert_eq!(
                refused(check_readable("description", s)),
                format!("description: description must not contain {message}"),
                "{s:?}"
            );
        }
        for ok in ["", "Platform team (prod)", "ＣＩ ロボット", "We \u{2764}\u{fe0f} containers", "Zoë"] {
            assert_eq!(check_readable("description", ok), Ok(()), "{ok:?}");
        }
    }

    #[test]
    fn names_also_refuse_other_invisible_characters_and_forms_other_than_nfkc() {
        for (s, message) in [
            ("admin\u{fe0f}", "name must not contain invisible or formatting characters (found U+FE0F)"),
            ("ad\u{34f}min", "name must not contain invisible or formatting characters (found U+034F)"),
            ("\u{1160}admin", "name must not contain invisible or formatting characters (found U+1160)"),
            ("ａｄｍｉｎ", "name must be in Unicode normalization form NFKC; its NFKC form is \"admin\""),
            ("Zoe\u{308}", "name must be in Unicode normalization form NFKC; its NFKC form is \"Zoë\""),
            ("Acme\u{2122}", "name must be in Unicode normalization form NFKC; its NFKC form is \"AcmeTM\""),
        ] {
            assert_eq!(refused(check_name("name", s)), format!("name: {message}"), "{s:?}");
        }
        for ok in ["admin", "CI Deployer (prod)", "Zoë Ünal", "ロボット", "déploiement-2"] {
            assert_eq!(check_name("name", ok), Ok(()), "{ok:?}");
        }
    }

    #[test]
    fn one_line_text_is_what_stored_names_were_held_to_before() {
        assert_eq!(check_one_line("name", "admin\u{200b}"), Ok(()));
        assert_eq!(check_one_line("name", "ａｄｍｉｎ"), Ok(()));
        assert_eq!(
            refused(check_one_line("name", "a\tb")),
            "name: name must not contain control characters (found U+0009)"
        );
    }
}
