//! Timestamps at millisecond precision, written as RFC 3339 UTC with three fractional digits.

use std::fmt;

use chrono::{DateTime, SecondsFormat, TimeZone, Timelike as _, Utc};

/// A point in time, truncated to milliseconds so every store and transport shows the same value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timestamp(DateTime<Utc>);

impl Timestamp {
    /// `t` truncated to whole milliseconds.
    #[must_use]
    pub fn from_datetime(t: DateTime<Utc>) -> Self {
        // Within the second, truncating the nanoseconds is the same and needs no calendar
        // arithmetic (every stored time passes here); a leap second goes the long way round.
        let nanos = t.nanosecond();
        if nanos < 1_000_000_000 {
            if let Some(truncated) = t.with_nanosecond(nanos - nanos % 1_000_000) {
                return Self(truncated);
            }
        }
        Self::from_unix_millis(t.timestamp_millis()).unwrap_or(Self(t))
    }

    /// The instant `ms` milliseconds after the Unix epoch, if representable.
    #[must_use]
    pub fn from_unix_millis(ms: i64) -> Option<Self> {
        Utc.timestamp_millis_opt(ms).single().map(Self)
    }

    /// Milliseconds since the Unix epoch.
    #[must_use]
    pub fn unix_millis(self) -> i64 {
        self.0.timestamp_millis()
    }

    /// The underlying `chrono` value.
    #[must_use]
    pub fn as_datetime(self) -> DateTime<Utc> {
        self.0
    }

    /// `self` plus `d`, saturating at the representable range.
    #[must_use]
    pub fn plus(self, d: chrono::Duration) -> Self {
        Self(self.0.checked_add_signed(d).unwrap_or(self.0))
    }

    /// Parses an RFC 3339 timestamp (any offset), truncating to milliseconds.
    ///
    /// # Errors
    /// The `chrono` parse error when `s` is not RFC 3339.
    pub fn parse_rfc3339(s: &str) -> Result<Self, chrono::ParseError> {
        DateTime::parse_from_rfc3339(s).map(|t| Self::from_datetime(t.with_timezone(&Utc)))
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.to_rfc3339_opts(SecondsFormat::Millis, true))
    }
}

impl serde::Serialize for Timestamp {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Timestamp {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Self::parse_rfc3339(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_with_exactly_three_fraction_digits_and_z() {
        let t = Timestamp::from_unix_millis(1_795_000_000_120).unwrap();
        assert_eq!(t.to_string(), "2026-11-18T11:06:40.120Z");
    }

    #[test]
    fn truncates_sub_millisecond_precision() {
        let t = DateTime::parse_from_rfc3339("2026-11-22T10:04:05.123987Z").unwrap();
        assert_eq!(Timestamp::from_datetime(t.with_timezone(&Utc)).to_string(), "2026-11-22T10:04:05.123Z");
        let before_1970 = DateTime::parse_from_rfc3339("1969-12-31T23:59:59.999999Z").unwrap().with_timezone(&Utc);
        let truncated = Timestamp::from_datetime(before_1970);
        assert_eq!((truncated.to_string(), truncated.unix_millis()), ("1969-12-31T23:59:59.999Z".to_owned(), -1));
    }
}
