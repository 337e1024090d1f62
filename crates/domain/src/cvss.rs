//! CVSS v3.x base scores from vector strings (the specification's formulas, with the
//! version 3.1 round-up applied to both 3.0 and 3.1 vectors).

/// Why a vector is not a CVSS v3.x vector.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a CVSS v3 vector: {0}")]
pub struct CvssError(String);

fn err(text: impl Into<String>) -> CvssError {
    CvssError(text.into())
}

/// The base score of a CVSS v3.0 or v3.1 vector, formatted with one decimal (`"9.8"`).
///
/// # Errors
/// When the prefix is not `CVSS:3.0/` or `CVSS:3.1/`, a base metric is missing, repeated or
/// has an unknown value, or an unknown metric appears.
pub fn v3_base_score(vector: &str) -> Result<String, CvssError> {
    let body = vector
        .strip_prefix("CVSS:3.1/")
        .or_else(|| vector.strip_prefix("CVSS:3.0/"))
        .ok_or_else(|| err("must start with CVSS:3.0/ or CVSS:3.1/"))?;
    let mut base: [Option<&str>; 8] = [None; 8];
    const BASE: [&str; 8] = ["AV", "AC", "PR", "UI", "S", "C", "I", "A"];
    const OTHER: [&str; 14] = ["E", "RL", "RC", "CR", "IR", "AR", "MAV", "MAC", "MPR", "MUI", "MS", "MC", "MI", "MA"];
    let mut seen_other: Vec<&str> = Vec::new();
    for part in body.split('/') {
        let (metric, value) = part.split_once(':').ok_or_else(|| err(format!("{part:?} is not metric:value")))?;
        if let Some(i) = BASE.iter().position(|m| *m == metric) {
            if base[i].replace(value).is_some() {
                return Err(err(format!("{metric} appears twice")));
            }
        } else if OTHER.contains(&metric) {
            if seen_other.contains(&metric) {
                return Err(err(format!("{metric} appears twice")));
            }
            seen_other.push(metric);
        } else {
            return Err(err(format!("unknown metric {metric}")));
        }
    }
    let get = |i: usize| base[i].ok_or_else(|| err(format!("{} is missing", BASE[i])));
    let bad = |i: usize, v: &str| err(format!("{}:{v} is not a valid value", BASE[i]));
    let av = match get(0)? {
        "N" => 0.85,
        "A" => 0.62,
        "L" => 0.55,
        "P" => 0.2,
        v => return Err(bad(0, v)),
    };
    let ac = match get(1)? {
        "L" => 0.77,
        "H" => 0.44,
        v => return Err(bad(1, v)),
    };
    let changed = match get(4)? {
        "U" => false,
        "C" => true,
        v => return Err(bad(4, v)),
    };
    let pr = match (get(2)?, changed) {
        ("N", _) => 0.85,
        ("L", false) => 0.62,
        ("L", true) => 0.68,
        ("H", false) => 0.27,
        ("H", true) => 0.5,
        (v, _) => return Err(bad(2, v)),
    };
    let ui = match get(3)? {
        "N" => 0.85,
        "R" => 0.62,
        v => return Err(bad(3, v)),
    };
    let cia = |i: usize| match get(i)? {
        "H" => Ok(0.56),
        "L" => Ok(0.22),
        "N" => Ok(0.0),
        v => Err(bad(i, v)),
    };
    let (c, i, a) = (cia(5)?, cia(6)?, cia(7)?);
    let iss: f64 = 1.0 - (1.0 - c) * (1.0 - i) * (1.0 - a);
    let impact = if changed { 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02_f64).powi(15) } else { 6.42 * iss };
    let exploitability = 8.22 * av * ac * pr * ui;
    let score = if impact <= 0.0 {
        0.0
    } else if changed {
        round_up((1.08 * (impact + exploitability)).min(10.0))
    } else {
        round_up((impact + exploitability).min(10.0))
    };
    Ok(format!("{score:.1}"))
}

/// The smallest number with one decimal that is at least `x` (CVSS v3.1 appendix A).
fn round_up(x: f64) -> f64 {
    // Scores are between 0 and 10, so the conversions below are exact.
    #[allow(clippy::cast_possible_truncation)]
    let int_input = (x * 100_000.0).round() as i64;
    if int_input % 10_000 == 0 {
        int_input as f64 / 100_000.0
    } else {
        ((int_input / 10_000) + 1) as f64 / 10.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_vectors_score_as_the_nvd_calculator_says() {
        assert_eq!(v3_base_score("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H").unwrap(), "9.8");
        assert_eq!(v3_base_score("CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N").unwrap(), "6.1");
        assert_eq!(v3_base_score("CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H").unwrap(), "7.8");
        assert_eq!(v3_base_score("CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H").unwrap(), "7.5");
        assert_eq!(v3_base_score("CVSS:3.1/AV:N/AC:H/PR:L/UI:N/S:C/C:H/I:H/A:H").unwrap(), "8.5");
        assert_eq!(v3_base_score("CVSS:3.1/AV:P/AC:H/PR:H/UI:R/S:U/C:N/I:N/A:N").unwrap(), "0.0");
        assert_eq!(v3_base_score("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N/E:P/RL:O").unwrap(), "5.3");
    }

    #[test]
    fn malformed_vectors_are_refused_with_the_reason() {
        assert_eq!(
            v3_base_score("AV:N/AC:L").unwrap_err().to_string(),
            "not a CVSS v3 vector: must start with CVSS:3.0/ or CVSS:3.1/"
        );
        assert_eq!(
            v3_base_score("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H").unwrap_err().to_string(),
            "not a CVSS v3 vector: A is missing"
        );
        assert_eq!(
            v3_base_score("CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H").unwrap_err().to_string(),
            "not a CVSS v3 vector: AV:X is not a valid value"
        );
        assert!(v3_base_score("CVSS:3.1/AV:N/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H").is_err());
        assert!(v3_base_score("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/ZZ:1").is_err());
    }
}
