//! The two well-known types whose protojson form Grove writes itself: `Timestamp` (RFC 3339
//! in UTC with `Z`, three fractional digits for the millisecond times Grove keeps) and
//! `FieldMask` (one comma-separated string of lowerCamel paths). The other well-known types
//! come from `pbjson-types`.

use std::fmt;

use chrono::{DateTime, Utc};
use grove_domain::params::snake_case;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `google.protobuf.Timestamp`: seconds and nanoseconds since the Unix epoch.
#[derive(Clone, Copy, PartialEq, Eq, Hash, ::prost::Message)]
pub struct Timestamp {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    #[prost(int64, tag = "1")]
    pub seconds: i64,
    /// Nanoseconds within the second, 0 to 999 999 999.
    #[prost(int32, tag = "2")]
    pub nanos: i32,
}

/// The range protojson allows: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z.
const MIN_SECONDS: i64 = -62_135_596_800;
const MAX_SECONDS: i64 = 253_402_300_799;

impl Timestamp {
    /// The instant as a UTC date-time, or `None` outside protojson's range.
    #[must_use]
    pub fn to_datetime(self) -> Option<DateTime<Utc>> {
        if !(MIN_SECONDS..=MAX_SECONDS).contains(&self.seconds) {
            return None;
        }
        DateTime::from_timestamp(self.seconds, u32::try_from(self.nanos).ok()?)
    }
}

impl From<DateTime<Utc>> for Timestamp {
    fn from(t: DateTime<Utc>) -> Self {
        // Sub-second nanoseconds are below 2e9, so they always fit an i32.
        Self { seconds: t.timestamp(), nanos: i32::try_from(t.timestamp_subsec_nanos()).unwrap_or(0) }
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let nanos = u32::try_from(self.nanos).ok().filter(|n| *n < 1_000_000_000);
        let (true, Some(nanos)) = ((MIN_SECONDS..=MAX_SECONDS).contains(&self.seconds), nanos) else {
            return Err(serde::ser::Error::custom("timestamp out of range"));
        };
        let mut text = [0u8; RFC3339_NANOS_LEN];
        serializer.serialize_str(rfc3339(self.seconds, nanos, &mut text))
    }
}

/// The length of `YYYY-MM-DDTHH:MM:SS.nnnnnnnnnZ`.
const RFC3339_NANOS_LEN: usize = 30;

/// The proleptic Gregorian date `days` after 1970-01-01, as (year, month, day): Howard
/// Hinnant's `civil_from_days`, in eras of 400 years (146 097 days) that start on March 1st.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let shifted = days + 719_468; // days since 0000-03-01
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 };
    (year_of_era + era * 400 + i64::from(month <= 2), month, day)
}

/// The instant `seconds` and `nanos` after the Unix epoch as protojson writes it, into
/// `text`: `YYYY-MM-DDTHH:MM:SS.mmmZ`, or nine fractional digits when the time is not a whole
/// millisecond. The same text as chrono's `to_rfc3339_opts(Millis | Nanos, true)` for years
/// 1 to 9999, with integer arithmetic only: every row of a list writes two of these.
fn rfc3339(seconds: i64, nanos: u32, text: &mut [u8; RFC3339_NANOS_LEN]) -> &str {
    /// `00` to `99`, two bytes each: one lookup writes two digits.
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";
    /// Writes the last two digits of `value` at `at`.
    fn pair(text: &mut [u8; RFC3339_NANOS_LEN], at: usize, value: u32) {
        let i = 2 * (value % 100) as usize;
        text[at] = PAIRS[i];
        text[at + 1] = PAIRS[i + 1];
    }
    let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
    // The caller keeps the year within 1 to 9999 and the rest within their calendar ranges.
    let [year, month, day] = [year, month, day].map(|v| u32::try_from(v).unwrap_or(0));
    let second_of_day = u32::try_from(seconds.rem_euclid(86_400)).unwrap_or(0);
    pair(text, 0, year / 100);
    pair(text, 2, year);
    text[4] = b'-';
    pair(text, 5, month);
    text[7] = b'-';
    pair(text, 8, day);
    text[10] = b'T';
    pair(text, 11, second_of_day / 3_600);
    text[13] = b':';
    pair(text, 14, second_of_day / 60 % 60);
    text[16] = b':';
    pair(text, 17, second_of_day % 60);
    text[19] = b'.';
    let end = if nanos.is_multiple_of(1_000_000) {
        let millis = nanos / 1_000_000;
        text[20] = b'0' + (millis / 100 % 10) as u8;
        pair(text, 21, millis);
        23
    } else {
        text[20] = b'0' + (nanos / 100_000_000 % 10) as u8;
        pair(text, 21, nanos / 1_000_000);
        pair(text, 23, nanos / 10_000);
        pair(text, 25, nanos / 100);
        pair(text, 27, nanos);
        29
    };
    text[end] = b'Z';
    std::str::from_utf8(&text[..=end]).unwrap_or_else(|_| unreachable!("ASCII digits and separators"))
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Rfc3339;
        impl Visitor<'_> for Rfc3339 {
            type Value = Timestamp;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an RFC 3339 timestamp such as \"2026-11-22T10:04:05.123Z\"")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Timestamp, E> {
                let t = DateTime::parse_from_rfc3339(s)
                    .map_err(|e| E::custom(format!("not an RFC 3339 timestamp: {e}")))?;
                let t = Timestamp::from(t.with_timezone(&Utc));
                t.to_datetime().map(|_| t).ok_or_else(|| E::custom("timestamp outside 0001-01-01 to 9999-12-31"))
            }
        }
        deserializer.deserialize_str(Rfc3339)
    }
}

/// `google.protobuf.FieldMask`: the field paths an update changes, in proto (snake_case) form.
#[derive(Clone, PartialEq, Eq, Hash, ::prost::Message)]
pub struct FieldMask {
    /// Dotted field paths such as `claim_match.subject`.
    #[prost(string, repeated, tag = "1")]
    pub paths: Vec<String>,
}

impl Serialize for FieldMask {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let camel: Vec<String> = self.paths.iter().map(|p| Self::lower_camel(p)).collect();
        serializer.serialize_str(&camel.join(","))
    }
}

impl<'de> Deserialize<'de> for FieldMask {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Paths;
        impl Visitor<'_> for Paths {
            type Value = FieldMask;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a comma-separated list of field paths")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<FieldMask, E> {
                Ok(FieldMask::parse(s))
            }
        }
        deserializer.deserialize_str(Paths)
    }
}

impl FieldMask {
    /// Reads the comma-separated form (lowerCamel or snake_case paths, blanks ignored).
    #[must_use]
    pub fn parse(s: &str) -> Self {
        let paths = s.split(',').map(str::trim).filter(|p| !p.is_empty()).map(snake_case).collect();
        Self { paths }
    }
}

impl FieldMask {
    /// `claim_match.subject_pattern` → `claimMatch.subjectPattern`.
    #[must_use]
    pub fn lower_camel(path: &str) -> String {
        let mut out = String::with_capacity(path.len());
        let mut upper = false;
        for c in path.chars() {
            if c == '_' {
                upper = true;
            } else if upper {
                out.extend(c.to_uppercase());
                upper = false;
            } else {
                out.push(c);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use chrono::SecondsFormat;

    use super::*;

    #[test]
    fn timestamps_are_written_as_chrono_writes_rfc3339_across_the_whole_range() {
        // 97 days and 3 601 seconds apart: every month, day of month and hour come round.
        let step = 97 * 86_400 + 3_601;
        for seconds in (MIN_SECONDS..=MAX_SECONDS).step_by(step) {
            for nanos in [0, 1, 999_999_999, 123_000_000, 7_000_000, 123_456_789, 999_000_000] {
                let t = Timestamp { seconds, nanos };
                let chrono = t.to_datetime().unwrap();
                let format = if nanos % 1_000_000 == 0 { SecondsFormat::Millis } else { SecondsFormat::Nanos };
                let want = format!("\"{}\"", chrono.to_rfc3339_opts(format, true));
                assert_eq!(serde_json::to_string(&t).unwrap(), want, "{seconds} {nanos}");
            }
        }
        let last = Timestamp { seconds: MAX_SECONDS, nanos: 999_999_999 };
        assert_eq!(serde_json::to_string(&last).unwrap(), "\"9999-12-31T23:59:59.999999999Z\"");
        let first = Timestamp { seconds: MIN_SECONDS, nanos: 0 };
        assert_eq!(serde_json::to_string(&first).unwrap(), "\"0001-01-01T00:00:00.000Z\"");
    }

    #[test]
    fn a_timestamp_outside_protojson_s_range_is_not_written() {
        for (seconds, nanos) in [(MIN_SECONDS - 1, 0), (MAX_SECONDS + 1, 0), (0, -1), (0, 1_000_000_000)] {
            let error = serde_json::to_string(&Timestamp { seconds, nanos }).unwrap_err();
            assert_eq!(error.to_string(), "timestamp out of range", "{seconds} {nanos}");
        }
    }

    #[test]
    fn a_millisecond_timestamp_is_written_with_exactly_three_digits_and_z() {
        let t = Timestamp { seconds: 1_795_341_845, nanos: 0 };
        assert_eq!(serde_json::to_string(&t).unwrap(), "\"2026-11-22T10:04:05.000Z\"");
        let t = Timestamp { seconds: 1_795_341_845, nanos: 123_000_000 };
        assert_eq!(serde_json::to_string(&t).unwrap(), "\"2026-11-22T10:04:05.123Z\"");
        let t = Timestamp { seconds: 1_795_341_845, nanos: 123_456_789 };
        assert_eq!(serde_json::to_string(&t).unwrap(), "\"2026-11-22T10:04:05.123456789Z\"");
    }

    #[test]
    fn timestamps_are_read_in_any_offset_and_refused_out_of_range() {
        let t: Timestamp = serde_json::from_str("\"2026-11-22T11:04:05.5+01:00\"").unwrap();
        assert_eq!(t, Timestamp { seconds: 1_795_341_845, nanos: 500_000_000 });
        assert!(serde_json::from_str::<Timestamp>("\"yesterday\"").is_err());
        assert!(serde_json::from_str::<Timestamp>("1795341845").is_err());
    }

    #[test]
    fn a_field_mask_is_one_string_of_lower_camel_paths() {
        let mask = FieldMask { paths: vec!["name".into(), "claim_match.subject_pattern".into()] };
        assert_eq!(serde_json::to_string(&mask).unwrap(), "\"name,claimMatch.subjectPattern\"");
        let read: FieldMask = serde_json::from_str("\"name, claimMatch.subjectPattern,,description\"").unwrap();
        assert_eq!(read.paths, ["name", "claim_match.subject_pattern", "description"]);
    }
}
