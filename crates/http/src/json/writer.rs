//! A serde serializer that writes compact JSON into a `Vec<u8>`: byte for byte what
//! `serde_json::to_writer` writes, for less work per string.
//!
//! A response body is mostly strings: every field name and every uid, name, timestamp and
//! enum name of a resource. serde_json looks at a string one byte at a time and reaches the
//! output through `io::Write` several times per field (opening quote, text, closing quote,
//! colon). Here a string is scanned eight bytes at a time for the three things JSON escapes
//! (control characters, `"` and `\`), copied in one piece when none is found (nearly always),
//! and quotes and separators go straight into the vector. Numbers are written by serde_json's
//! own formatter (non-finite floats as `null`, as its serializer does), and a
//! `serde_json::value::RawValue` verbatim.

use std::fmt::{self, Display};

use serde::ser::{self, Serialize};
use serde_json::ser::{CompactFormatter, Formatter as _};

/// The struct name serde_json gives a `RawValue`, whose one field is JSON text to copy as it is.
const RAW_VALUE: &str = "$serde_json::private::RawValue";

/// Why a value could not be written: a custom error of its `Serialize` impl, or a map key
/// that is not a string, number or boolean.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(String);

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: Display>(msg: T) -> Self {
        Self(msg.to_string())
    }
}

fn key_must_be_a_string() -> Error {
    Error("key must be a string".to_owned())
}

/// Appends `value` as compact JSON to `out`. On an error, `out` holds a partial document.
///
/// # Errors
/// What `value`'s `Serialize` impl reports, or a map key that JSON cannot have.
pub fn write<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<(), Error> {
    value.serialize(&mut Writer { out })
}

/// The serializer: the output so far.
struct Writer<'a> {
    out: &'a mut Vec<u8>,
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The high bit of every byte of `chunk` that is below `0x20`, `"` or `\` is set in the result
/// (with, at most, stray bits next to one that is: the classic zero-byte test, applied to
/// `chunk`, to `chunk ^ '"'` and to `chunk ^ '\'`). Zero exactly when no byte needs escaping.
#[inline(always)]
fn escape_bits(chunk: u64) -> u64 {
    let below_space = chunk.wrapping_sub(ONES * 0x20) & !chunk;
    let quote = chunk ^ (ONES * u64::from(b'"'));
    let backslash = chunk ^ (ONES * u64::from(b'\\'));
    let quote = quote.wrapping_sub(ONES) & !quote;
    let backslash = backslash.wrapping_sub(ONES) & !backslash;
    (below_space | quote | backslash) & HIGHS
}

/// Whether no byte of `bytes` needs escaping: eight at a time, the last eight overlapping the
/// chunks before them. Four to seven bytes (most field names) are the first four and the last
/// four side by side in one word; fewer than four, a byte at a time.
#[inline(always)]
fn is_plain(bytes: &[u8]) -> bool {
    let len = bytes.len();
    if len >= 8 {
        let load = |chunk: &[u8]| u64::from_le_bytes(chunk.try_into().unwrap_or_else(|_| unreachable!("eight bytes")));
        let last = escape_bits(load(&bytes[len - 8..]));
        return bytes.chunks_exact(8).fold(last, |bits, chunk| bits | escape_bits(load(chunk))) == 0;
    }
    if len >= 4 {
        let load =
            |four: &[u8]| u64::from(u32::from_le_bytes(four.try_into().unwrap_or_else(|_| unreachable!("four bytes"))));
        return escape_bits(load(&bytes[..4]) | (load(&bytes[len - 4..]) << 32)) == 0;
    }
    !bytes.iter().fold(false, |escaped, &b| escaped | (b < 0x20) | (b == b'"') | (b == b'\\'))
}

/// `byte`'s escape in a JSON string, or `None` when it stands for itself; control characters
/// without a short form as `\u00xx` with lowercase hex digits, as serde_json writes them.
fn escape(byte: u8) -> Option<([u8; 6], usize)> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let short = match byte {
        b'"' => b'"',
        b'\\' => b'\\',
        0x08 => b'b',
        0x0c => b'f',
        b'\n' => b'n',
        b'\r' => b'r',
        b'\t' => b't',
        0x00..=0x1f => {
            return Some(([b'\\', b'u', b'0', b'0', HEX[usize::from(byte >> 4)], HEX[usize::from(byte & 0xf)]], 6))
        }
        _ => return None,
    };
    Some(([b'\\', short, 0, 0, 0, 0], 2))
}

/// Appends `text` as a JSON string: in one piece when nothing in it needs escaping, as is
/// nearly always so; otherwise a byte at a time ([`write_escaped`]).
#[inline]
fn write_str(out: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    if !is_plain(bytes) {
        return write_escaped(out, bytes);
    }
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    out.extend_from_slice(bytes);
    out.push(b'"');
}

/// Appends `key` and the colon after it, as [`write_str`] would and then `:`.
/// Always inlined: a field name is nearly always a constant of the caller's `Serialize` impl,
/// and inlined, its check folds away. A copy of `write_str` rather than one function with the
/// closing bytes as a parameter: that function cost a page of 50 groups 4.5% more
/// instructions (callgrind), the closing bytes no longer written in one store.
#[inline(always)]
fn write_key(out: &mut Vec<u8>, key: &str) {
    let bytes = key.as_bytes();
    if !is_plain(bytes) {
        write_escaped(out, bytes);
        return out.push(b':');
    }
    out.reserve(bytes.len() + 3);
    out.push(b'"');
    out.extend_from_slice(bytes);
    out.extend_from_slice(b"\":");
}

/// Appends `bytes` as a JSON string with every byte that needs it escaped.
#[cold]
#[inline(never)]
fn write_escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    out.push(b'"');
    let mut start = 0;
    for (i, &byte) in bytes.iter().enumerate() {
        if let Some((escaped, len)) = escape(byte) {
            out.extend_from_slice(&bytes[start..i]);
            out.extend_from_slice(&escaped[..len]);
            start = i + 1;
        }
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// Appends a number as serde_json writes it. Writing into a `Vec` cannot fail.
fn write_number(out: &mut Vec<u8>, write: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) {
    write(out).unwrap_or_else(|_| unreachable!("a Vec takes any write"));
}

/// An array or object being written, and what closes it.
struct Compound<'w, 'a> {
    writer: &'w mut Writer<'a>,
    first: bool,
    close: &'static [u8],
}

impl<'w, 'a> Compound<'w, 'a> {
    fn open(writer: &'w mut Writer<'a>, open: &[u8], close: &'static [u8]) -> Self {
        writer.out.extend_from_slice(open);
        Self { writer, first: true, close }
    }

    fn separate(&mut self) {
        if !std::mem::take(&mut self.first) {
            self.writer.out.push(b',');
        }
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.separate();
        value.serialize(&mut *self.writer)
    }

    #[inline(always)]
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Error> {
        self.separate();
        write_key(self.writer.out, key);
        value.serialize(&mut *self.writer)
    }

    fn end(self) {
        self.writer.out.extend_from_slice(self.close);
    }
}

/// A struct being written: an object, or a `RawValue`'s text.
enum Struct<'w, 'a> {
    Object(Compound<'w, 'a>),
    Raw(&'w mut Writer<'a>),
}

/// The number, character and string methods of a serializer with `number` and `float`
/// methods and an `out` buffer: numbers through serde_json's own formatter, text through
/// [`write_str`], a unit variant as its name and a newtype struct as its content. The same in
/// values and in map keys, where `number` quotes and `float` refuses what JSON cannot write.
macro_rules! scalars_as_serde_json_writes_them {
    () => {
        scalars_as_serde_json_writes_them!(
            serialize_i8(i8) => write_i8, serialize_i16(i16) => write_i16, serialize_i32(i32) => write_i32,
            serialize_i64(i64) => write_i64, serialize_i128(i128) => write_i128, serialize_u8(u8) => write_u8,
            serialize_u16(u16) => write_u16, serialize_u32(u32) => write_u32, serialize_u64(u64) => write_u64,
            serialize_u128(u128) => write_u128
        );

        fn serialize_f32(self, v: f32) -> Result<(), Error> {
            self.float(v.is_finite(), |out| CompactFormatter.write_f32(out, v))
        }

        fn serialize_f64(self, v: f64) -> Result<(), Error> {
            self.float(v.is_finite(), |out| CompactFormatter.write_f64(out, v))
        }

        fn serialize_char(self, v: char) -> Result<(), Error> {
            write_str(self.out, v.encode_utf8(&mut [0; 4]));
            Ok(())
        }

        fn serialize_str(self, v: &str) -> Result<(), Error> {
            write_str(self.out, v);
            Ok(())
        }

        fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<(), Error> {
            self.serialize_str(variant)
        }

        fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<(), Error> {
            value.serialize(self)
        }
    };
    ($($method:ident($ty:ty) => $write:ident),*) => {$(
        fn $method(self, v: $ty) -> Result<(), Error> {
            self.number(|out| CompactFormatter.$write(out, v))
        }
    )*};
}

impl Writer<'_> {
    /// Appends a number as serde_json writes it.
    fn number(&mut self, write: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) -> Result<(), Error> {
        write_number(self.out, write);
        Ok(())
    }

    /// A float as serde_json writes it: the shortest text that reads back the same, or `null`
    /// for NaN and the infinities, which JSON cannot write.
    fn float(&mut self, finite: bool, write: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) -> Result<(), Error> {
        if !finite {
            self.out.extend_from_slice(b"null");
            return Ok(());
        }
        self.number(write)
    }
}

impl<'w, 'a> ser::Serializer for &'w mut Writer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'w, 'a>;
    type SerializeTuple = Compound<'w, 'a>;
    type SerializeTupleStruct = Compound<'w, 'a>;
    type SerializeTupleVariant = Compound<'w, 'a>;
    type SerializeMap = Compound<'w, 'a>;
    type SerializeStruct = Struct<'w, 'a>;
    type SerializeStructVariant = Compound<'w, 'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out.extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }

    scalars_as_serde_json_writes_them!();

    /// An array of numbers, as serde_json writes bytes.
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        let mut array = Compound::open(self, b"[", b"]");
        for byte in v {
            array.element(byte)?;
        }
        array.end();
        Ok(())
    }

    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let mut object = Compound::open(self, b"{", b"}");
        object.field(variant, value)?;
        object.end();
        Ok(())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Ok(Compound::open(self, b"[", b"]"))
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Self::SerializeTupleStruct, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        self.out.push(b'{');
        write_str(self.out, variant);
        Ok(Compound::open(self, b":[", b"]}"))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Ok(Compound::open(self, b"{", b"}"))
    }

    fn serialize_struct(self, name: &'static str, _len: usize) -> Result<Self::SerializeStruct, Error> {
        if name == RAW_VALUE {
            return Ok(Struct::Raw(self));
        }
        Ok(Struct::Object(Compound::open(self, b"{", b"}")))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        self.out.push(b'{');
        write_str(self.out, variant);
        Ok(Compound::open(self, b":{", b"}}"))
    }
}

/// The four sequence traits of serde, which differ only in their method's name: each value
/// is an element of the array.
macro_rules! array_of_elements {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Compound<'_, '_> {
            type Ok = ();
            type Error = Error;

            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }

            fn end(self) -> Result<(), Error> {
                Compound::end(self);
                Ok(())
            }
        }
    )*};
}

array_of_elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.separate();
        key.serialize(MapKey { out: self.writer.out })?;
        self.writer.out.push(b':');
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.writer)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self);
        Ok(())
    }
}

impl ser::SerializeStruct for Struct<'_, '_> {
    type Ok = ();
    type Error = Error;

    #[inline(always)]
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        match self {
            Self::Object(object) => object.field(key, value),
            Self::Raw(writer) if key == RAW_VALUE => {
                // The field is the raw text as a string (serde_json checked it when it made it);
                // rare enough to take it through serde_json's own value.
                match serde_json::to_value(value) {
                    Ok(serde_json::Value::String(text)) => {
                        writer.out.extend_from_slice(text.as_bytes());
                        Ok(())
                    }
                    _ => Err(Error("a raw JSON value holds no text".to_owned())),
                }
            }
            Self::Raw(_) => Err(Error(format!("a raw JSON value has no field {key}"))),
        }
    }

    fn end(self) -> Result<(), Error> {
        if let Self::Object(object) = self {
            object.end();
        }
        Ok(())
    }
}

impl ser::SerializeStructVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.field(key, value)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self);
        Ok(())
    }
}

/// Writes a map key: strings as they are; numbers, booleans and unit variants quoted, as
/// serde_json does; anything else is an error.
struct MapKey<'a> {
    out: &'a mut Vec<u8>,
}

impl MapKey<'_> {
    /// A number key, quoted.
    fn number(self, write: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) -> Result<(), Error> {
        self.out.push(b'"');
        write_number(self.out, write);
        self.out.push(b'"');
        Ok(())
    }

    /// A float key, quoted; NaN and the infinities have no key, as in serde_json.
    fn float(self, finite: bool, write: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) -> Result<(), Error> {
        if !finite {
            return Err(Error("float key must be finite (got NaN or +/-inf)".to_owned()));
        }
        self.number(write)
    }
}

impl ser::Serializer for MapKey<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out.extend_from_slice(if v { b"\"true\"" } else { b"\"false\"" });
        Ok(())
    }

    scalars_as_serde_json_writes_them!();

    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_none(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_unit(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_must_be_a_string())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use std::collections::BTreeMap;

    use serde::Serialize;
    use serde_json::json;

    use super::*;

    fn written<T: Serialize + ?Sized>(value: &T) -> String {
        let mut out = Vec::new();
        write(&mut out, value).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// What serde_json writes for `value`, which this writer must equal byte for byte.
    fn serde_json<T: Serialize + ?Sized>(value: &T) -> String {
        serde_json::to_string(value).unwrap()
    }

    fn assert_same<T: Serialize + ?Sized>(value: &T) {
        assert_eq!(written(value), serde_json(value));
    }

    #[test]
    fn every_ascii_character_is_escaped_as_serde_json_escapes_it_wherever_it_stands() {
        for byte in 0..=0x7fu8 {
            let c = char::from(byte);
            // Before, inside and after the eight-byte chunks the scan reads at once, in strings
            // of every length the scan treats apart (fewer than four, four to seven, eight and
            // more), as values and as map keys.
            for len in 1..=20 {
                for at in 0..len {
                    let text: String = (0..len).map(|i| if i == at { c } else { 'a' }).collect();
                    assert_same(&text);
                    assert_same(&std::collections::BTreeMap::from([(text, 1)]));
                }
            }
            assert_same(&c);
        }
    }

    #[test]
    fn field_names_that_need_escaping_are_escaped_as_serde_json_escapes_them() {
        #[derive(Serialize)]
        struct Odd {
            #[serde(rename = "a\"b")]
            quote: u8,
            #[serde(rename = "tab\there")]
            tab: u8,
            #[serde(rename = "\\")]
            backslash: u8,
            #[serde(rename = "é\u{1}x")]
            control: u8,
            plain: u8,
        }
        assert_same(&Odd { quote: 1, tab: 2, backslash: 3, control: 4, plain: 5 });
    }

    #[test]
    fn strings_of_any_mix_of_plain_escaped_and_multibyte_characters_are_written_as_serde_json_writes_them() {
        let alphabet = ['a', 'Z', '0', ' ', '"', '\\', '\n', '\u{1}', '\u{1f}', '\u{7f}', 'é', '€', '😀', '/', '\t'];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..5_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 40) as usize;
            let text: String =
                (0..len).map(|i| alphabet[((state >> (i % 60)) as usize + i * 7) % alphabet.len()]).collect();
            assert_same(&text);
        }
        assert_same("");
        assert_same("plain ascii text longer than one chunk of eight bytes");
    }

    #[test]
    fn numbers_are_written_as_serde_json_writes_them_and_non_finite_floats_as_null() {
        assert_same(&(i64::MIN, i64::MAX, u64::MAX, i128::MIN, u128::MAX, 0u8, -1i8, i16::MIN, u32::MAX));
        assert_same(&[
            0.0,
            -0.0,
            0.1,
            1.0,
            1e300,
            5e-324,
            -2.5e-8,
            f64::MAX,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ]);
        assert_same(&[0.1f32, 1.0f32, f32::MAX, f32::NAN, 3.402_823_5e38_f32]);
        assert_eq!(written(&[f64::NAN, f64::INFINITY]), "[null,null]");
    }

    #[derive(Serialize)]
    struct Unit;

    #[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
    struct Newtype(u32);

    #[derive(Serialize)]
    struct Pair(u32, &'static str);

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Everything {
        flag: bool,
        missing: Option<u8>,
        present: Option<&'static str>,
        unit: (),
        unit_struct: Unit,
        newtype: Newtype,
        pair: Pair,
        #[serde(with = "serde_bytes_as_slice")]
        bytes: Vec<u8>,
        variants: Vec<Variant>,
        by_number: BTreeMap<i32, &'static str>,
        by_flag: BTreeMap<bool, u8>,
        empty_list: Vec<u8>,
        empty_map: BTreeMap<String, u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        skipped: Option<u8>,
    }

    /// Bytes through `serialize_bytes`, which serde's `Vec<u8>` impl never calls.
    mod serde_bytes_as_slice {
        pub fn serialize<S: serde::Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_bytes(bytes)
        }
    }

    #[derive(Serialize)]
    enum Variant {
        Plain,
        Wrapped(&'static str),
        Tuple(u8, u8),
        Fields { a: u8, b: Option<bool> },
    }

    #[test]
    fn every_shape_of_the_serde_data_model_is_written_as_serde_json_writes_it() {
        let everything = Everything {
            flag: true,
            missing: None,
            present: Some("here"),
            unit: (),
            unit_struct: Unit,
            newtype: Newtype(7),
            pair: Pair(1, "two"),
            bytes: vec![0, 127, 255],
            variants: vec![
                Variant::Plain,
                Variant::Wrapped("w\"rapped"),
                Variant::Tuple(1, 2),
                Variant::Fields { a: 3, b: None },
            ],
            by_number: BTreeMap::from([(-1, "minus one"), (2, "two")]),
            by_flag: BTreeMap::from([(false, 0), (true, 1)]),
            empty_list: Vec::new(),
            empty_map: BTreeMap::new(),
            skipped: None,
        };
        assert_same(&everything);
        assert_same(&json!({"nested": [{"a": null, "b": [1, -2, 3.5, "x"]}, [], {}], "k\u{1}ey": "v"}));
        assert_same(&serde_json::value::RawValue::from_string(r#"{"raw": [1, 2]}"#.to_owned()).unwrap());
    }

    #[test]
    fn protojson_messages_are_written_as_serde_json_writes_them() {
        use grove_proto::iam as pb;
        let group = pb::Group {
            uid: "c146dabb2ade2fadc22a2c1c026b490767de2669/0123456789abcdef".to_owned(),
            name: "platform \"core\"".to_owned(),
            description: "línea\nnext".to_owned(),
            resource_limits: std::collections::BTreeMap::from([("repos".to_owned(), 10)]),
            verified: true,
            create_time: Some(grove_proto::wkt::Timestamp { seconds: 1_795_305_600, nanos: 123_000_000 }),
            update_time: Some(grove_proto::wkt::Timestamp { seconds: 1_795_305_601, nanos: 5 }),
            kind: 1,
            status: 2,
        };
        let page = pb::ListGroupsResponse { groups: vec![group.clone(), pb::Group::default()], ..Default::default() };
        assert_same(&group);
        assert_same(&page);
    }

    #[test]
    fn a_map_key_that_json_cannot_have_is_an_error_as_in_serde_json() {
        let keyed_by_list = BTreeMap::from([(vec![1u8], 1)]);
        let mut out = Vec::new();
        assert_eq!(write(&mut out, &keyed_by_list), Err(Error("key must be a string".to_owned())));
        assert!(serde_json::to_string(&keyed_by_list).is_err());
        assert_same(&BTreeMap::from([(Newtype(1), 1)]));
    }
}
