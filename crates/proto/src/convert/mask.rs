//! Which fields of an incoming resource a request sets: those its `update_mask` names, or,
//! without a mask, those with a value other than the proto default (proto3 cannot tell an
//! unset string from an empty one, so create requests and unmasked updates work this way).

use grove_domain::error::Error;

use crate::wkt::FieldMask;

/// The fields a request sets.
#[derive(Debug, Clone)]
pub struct Selection(Option<Vec<String>>);

impl Selection {
    /// Every populated field: for create requests and updates without a mask.
    #[must_use]
    pub const fn populated() -> Self {
        Self(None)
    }

    /// Selects exactly `paths` (snake_case), none when empty.
    #[must_use]
    pub fn of_paths(paths: Vec<String>) -> Self {
        Self(Some(paths))
    }

    /// The fields `mask` names (`*` names every field in `mutable`); no mask or an empty one
    /// selects the populated fields.
    ///
    /// # Errors
    /// `INVALID_ARGUMENT` on `update_mask` for a path that is not in `mutable` (snake_case
    /// proto paths; lowerCamel is accepted too).
    pub fn from_mask(mask: Option<&FieldMask>, mutable: &[&str]) -> Result<Self, Error> {
        let Some(mask) = mask.filter(|m| !m.paths.is_empty()) else { return Ok(Self::populated()) };
        if mask.paths.iter().any(|p| p == "*") {
            return Ok(Self(Some(mutable.iter().map(|p| (*p).to_owned()).collect())));
        }
        let mut selected = Vec::with_capacity(mask.paths.len());
        for path in &mask.paths {
            let snake = FieldMask::parse(path).paths.pop().unwrap_or_default();
            if !mutable.contains(&snake.as_str()) {
                let names: Vec<String> = mutable.iter().map(|p| FieldMask::lower_camel(p)).collect();
                return Err(Error::invalid(
                    "update_mask",
                    format!("update_mask path {:?} is not one of {}", FieldMask::lower_camel(path), names.join(", ")),
                ));
            }
            selected.push(snake);
        }
        Ok(Self(Some(selected)))
    }

    /// Whether `path` is selected, given whether the message holds a non-default value there.
    #[must_use]
    pub fn has(&self, path: &str, populated: bool) -> bool {
        match &self.0 {
            None => populated,
            Some(paths) => paths.iter().any(|p| p == path),
        }
    }

    /// `value` when `path` is selected (populated meaning "not the default").
    pub fn pick<T: Default + PartialEq>(&self, path: &str, value: T) -> Option<T> {
        let populated = value != T::default();
        self.has(path, populated).then_some(value)
    }
}
