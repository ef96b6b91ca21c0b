//! Strict JSON reading shared by the three record formats.
//!
//! `serde_json` accepts a JSON array wherever a derived struct is expected, lets a missing
//! `Option` field default to `None`, and its messages name Rust types and echo whole input
//! strings. Records must be exact, so every importer reads through this module: documents
//! are parsed straight into typed records (no intermediate `serde_json::Value` tree, whose
//! size can be many times the input's), every record is read only from a JSON object
//! (`object`, `objects`, `optional_object`) and every name only from a JSON string (`name`,
//! `optional_name`), optional fields that the format requires are read with `required`,
//! long lists stop at their limit (`bounded`), and every message is
//! rewritten by `describe_path` into words a person can act on, with the field path and at most
//! a short excerpt of the input. Duplicate keys are refused by the derived struct visitors
//! themselves (`duplicate field`), which see every key because nothing is buffered.

use std::fmt;
use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;

/// The most characters of the input any message quotes.
pub const EXCERPT_CHARS: usize = 40;
/// The most characters of a whole message produced here.
const MESSAGE_CHARS: usize = 240;

/// `text` cut to `EXCERPT_CHARS` characters with an ellipsis when longer.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// A number for a message: plain when short, else in scientific notation.
pub fn number(value: f64) -> String {
    let plain = format!("{value}");
    if plain.len() <= 12 {
        plain
    } else {
        format!("{value:e}")
    }
}

/// The JSON text of a document: checks that it is UTF-8 and skips a leading UTF-8
/// byte-order mark (accepted, as RFC 8259 allows; `docs/formats.md`). UTF-16 and UTF-32
/// documents are refused with their own message.
pub fn body(bytes: &[u8]) -> Result<&[u8], String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return Err(
            "the document is not UTF-8 text: it starts with a UTF-16 byte-order mark; save it as UTF-8"
                .into(),
        );
    }
    if bytes.starts_with(b"\0\0\xFE\xFF") {
        return Err("the document is not UTF-8 text: it is UTF-32; save it as UTF-8".into());
    }
    if let Err(error) = std::str::from_utf8(bytes) {
        return Err(format!(
            "the document is not UTF-8 text (invalid byte at offset {})",
            error.valid_up_to()
        ));
    }
    Ok(bytes)
}

/// Reads a whole document as the JSON object `T`, refusing trailing characters; the error
/// is already described (`describe_path`).
pub fn read<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, String> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let Top(value) = serde_path_to_error::deserialize::<_, Top<T>>(&mut deserializer)
        .map_err(|error| describe_in(bytes, &path_text(&error), error.inner()))?;
    deserializer
        .end()
        .map_err(|error| describe_path(".", &error))?;
    Ok(value)
}

/// Reads one JSON object `T` from a part of a document whose path is `prefix` (such as
/// `actions[3]`). A problem inside it is reported with its whole path; one with the
/// object itself without a path, since the caller's message names the object.
pub fn read_at<'de, T: Deserialize<'de>>(bytes: &'de [u8], prefix: &str) -> Result<T, String> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize::<_, Top<T>>(&mut deserializer)
        .map(|Top(value)| value)
        .map_err(|error| {
            let inner = path_text(&error);
            let path = match (inner.as_str(), prefix) {
                (".", _) => ".".to_string(),
                (_, "") => inner,
                _ => format!("{prefix}.{inner}"),
            };
            // The position is within this part only, so it would mislead.
            let message = describe_in(bytes, &path, error.inner());
            without_position(&message).to_string()
        })
}

/// Describes an error reading `bytes`. serde_json reports a name (such as a colour) given
/// as a number, object or array as the syntax error "expected value"; when the document is
/// in fact valid JSON, that is a type error at `path` and is described as one.
fn describe_in(bytes: &[u8], path: &str, error: &serde_json::Error) -> String {
    let misread = error.classify() == serde_json::error::Category::Syntax
        && error.to_string().starts_with("expected value")
        && serde_json::from_slice::<de::IgnoredAny>(bytes).is_ok();
    if misread && path != "." {
        cap(&format!(
            "{}: invalid type, expected a string",
            short_path(path)
        ))
    } else {
        describe_path(path, error)
    }
}

/// `message` without serde_json's trailing " at line L column C".
fn without_position(message: &str) -> &str {
    match message.rfind(" at line ") {
        Some(index)
            if message[index + 9..]
                .chars()
                .all(|c| c.is_ascii_digit() || " column".contains(c)) =>
        {
            &message[..index]
        }
        _ => message,
    }
}

/// The path of an error as `actions[3].point` (`.` for the whole document). An unknown key
/// is not part of the path: the message names it.
fn path_text(error: &serde_path_to_error::Error<serde_json::Error>) -> String {
    use serde_path_to_error::Segment;
    let mut segments: Vec<&Segment> = error.path().iter().collect();
    if error.inner().to_string().starts_with("unknown field") {
        segments.pop();
    }
    let mut text = String::new();
    for segment in segments {
        match segment {
            Segment::Seq { index } => text.push_str(&format!("[{index}]")),
            Segment::Map { key } | Segment::Enum { variant: key } => {
                if !text.is_empty() {
                    text.push('.');
                }
                text.push_str(key);
            }
            Segment::Unknown => text.push_str(if text.is_empty() { "?" } else { ".?" }),
        }
    }
    if text.is_empty() {
        ".".into()
    } else {
        text
    }
}

/// The value of a document's `schema` key, read without building the rest of the document
/// (every other value is skipped). `Ok(None)` when the key is absent.
pub fn peek_schema(bytes: &[u8]) -> Result<Option<String>, String> {
    #[derive(Deserialize)]
    struct Peek<'a> {
        #[serde(borrow, default)]
        schema: Option<&'a RawValue>,
    }
    let peek: Peek = read(bytes)?;
    match peek.schema {
        None => Ok(None),
        Some(raw) => match serde_json::from_str::<String>(raw.get()) {
            Ok(schema) => Ok(Some(schema)),
            Err(_) => Err(format!(
                "schema: expected a string, found {}",
                excerpt(raw.get())
            )),
        },
    }
}

/// Describes a `serde_json` error at `path` (`.` for the whole document).
pub fn describe_path(path: &str, error: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let text = tidy(&error.to_string());
    let message = match error.classify() {
        Category::Syntax => format!("the document is not valid JSON: {text}"),
        Category::Eof => format!("the document is not valid JSON (it ends too early): {text}"),
        Category::Io => format!("the document could not be read: {text}"),
        Category::Data if path == "." || path.is_empty() => text,
        Category::Data => format!("{}: {text}", short_path(path)),
    };
    cap(&message)
}

/// A field path cut to at most `EXCERPT_CHARS` characters (a path can hold keys from the input).
fn short_path(path: &str) -> String {
    match path.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => format!("{}…", &path[..end]),
        None => path.to_string(),
    }
}

/// Cuts a whole message to `MESSAGE_CHARS` characters.
fn cap(message: &str) -> String {
    match message.char_indices().nth(MESSAGE_CHARS) {
        Some((end, _)) => format!("{}…", &message[..end]),
        None => message.to_string(),
    }
}

/// Rewrites serde's wording for people: JSON names instead of Rust types, and every quoted
/// piece of input cut to an excerpt.
fn tidy(message: &str) -> String {
    const WORDS: &[(&str, &str)] = &[
        ("invalid type: sequence", "invalid type: array"),
        ("invalid type: map", "invalid type: object"),
        ("invalid type: unit value", "invalid type: null"),
        ("expected u8", "expected an integer from 0 to 255"),
        ("expected u16", "expected an integer from 0 to 65535"),
        ("expected u32", "expected a non-negative integer"),
        ("expected u64", "expected a non-negative integer"),
        ("expected usize", "expected a non-negative integer"),
        ("expected i32", "expected an integer"),
        ("expected i64", "expected an integer"),
        ("expected f64", "expected a number"),
        ("expected a borrowed string", "expected a string"),
        ("expected a sequence", "expected an array"),
        ("expected unit", "expected null"),
        ("expected option", "expected a value or null"),
    ];
    let mut text = clip_quotes(message);
    for (from, to) in WORDS {
        text = replace_word(&text, from, to);
    }
    for (kind, to) in [
        ("expected struct ", "expected a JSON object"),
        ("expected enum ", "expected a string"),
        ("expected tuple struct ", "expected a JSON value"),
    ] {
        while let Some(start) = text.find(kind) {
            let name_start = start + kind.len();
            let name_end = text[name_start..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(text.len(), |offset| name_start + offset);
            text.replace_range(start..name_end, to);
        }
    }
    text
}

/// Replaces `from` only where it is followed by a non-identifier character.
fn replace_word(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(index) = rest.find(from) {
        let after = &rest[index + from.len()..];
        let whole = !after.starts_with(|c: char| c.is_alphanumeric() || c == '_');
        out.push_str(&rest[..index]);
        out.push_str(if whole { to } else { from });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Cuts every run between backticks or double quotes to `EXCERPT_CHARS` characters.
fn clip_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4 * MESSAGE_CHARS));
    let mut open: Option<char> = None;
    let mut run = 0usize;
    let mut escaped = false;
    for c in message.chars() {
        match open {
            None => {
                if c == '`' || c == '"' {
                    open = Some(c);
                    run = 0;
                }
                out.push(c);
            }
            Some(quote) => {
                if c == quote && !escaped {
                    open = None;
                    out.push(c);
                    continue;
                }
                escaped = c == '\\' && !escaped;
                run += 1;
                if run <= EXCERPT_CHARS {
                    out.push(c);
                } else if run == EXCERPT_CHARS + 1 {
                    out.push('…');
                }
            }
        }
        if out.len() > 8 * MESSAGE_CHARS {
            break;
        }
    }
    out
}

/// The whole document, read only from a JSON object.
struct Top<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Top<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        object(deserializer).map(Top)
    }
}

/// A record read only from a JSON object, never from an array.
struct ObjectVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::deserialize(MapAccessDeserializer::new(map))
    }
}

/// `deserialize_with` for a record field: a JSON object only.
pub fn object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    deserializer.deserialize_map(ObjectVisitor(PhantomData))
}

/// A name (a colour, a kind, a winner, a graph) read only from a JSON string: serde_json
/// would also read a unit variant from an object such as `{"black": null}`.
struct NameVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for NameVisitor<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a string")
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<T, E> {
        T::deserialize(de::value::StrDeserializer::<E>::new(value))
    }

    fn visit_borrowed_str<E: de::Error>(self, value: &'de str) -> Result<T, E> {
        T::deserialize(de::value::BorrowedStrDeserializer::<E>::new(value))
    }
}

/// `deserialize_with` for a name field: a JSON string only.
pub fn name<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    deserializer.deserialize_str(NameVisitor(PhantomData))
}

/// `deserialize_with` for a name field that must be present and is a JSON string or `null`.
pub fn optional_name<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    deserializer.deserialize_option(OptionVisitor::<T, NameValue>(PhantomData))
}

/// What an optional field holds when it is not `null`: how it is read and how the
/// refusal names it.
trait OptionalValue {
    /// The refusal's words for the field.
    const EXPECTING: &'static str;
    /// Reads the value that is present.
    fn read<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D)
        -> Result<T, D::Error>;
}

/// A name: a JSON string.
struct NameValue;

impl OptionalValue for NameValue {
    const EXPECTING: &'static str = "a string or null";
    fn read<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        deserializer: D,
    ) -> Result<T, D::Error> {
        name(deserializer)
    }
}

/// A record: a JSON object.
struct ObjectValue;

impl OptionalValue for ObjectValue {
    const EXPECTING: &'static str = "a JSON object or null";
    fn read<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        deserializer: D,
    ) -> Result<T, D::Error> {
        object(deserializer)
    }
}

/// `null` as `None`, anything else read as `K` says.
struct OptionVisitor<T, K>(PhantomData<(T, K)>);

impl<'de, T: Deserialize<'de>, K: OptionalValue> Visitor<'de> for OptionVisitor<T, K> {
    type Value = Option<T>;
    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(K::EXPECTING)
    }
    fn visit_none<E: de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<T>, D::Error> {
        K::read(deserializer).map(Some)
    }
}

/// A seed reading one JSON object, for lists of records.
struct ObjectSeed<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> DeserializeSeed<'de> for ObjectSeed<T> {
    type Value = T;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        object(deserializer)
    }
}

/// `deserialize_with` for a record field that must be present and is a JSON object or
/// `null`.
pub fn optional_object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    deserializer.deserialize_option(OptionVisitor::<T, ObjectValue>(PhantomData))
}

/// `deserialize_with` for an `Option` field the format requires (`null` allowed, absence
/// refused: serde would otherwise read a missing key as `null`).
pub fn required<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(deserializer)
}

/// Reads a JSON array of at most `limit` elements with `seed`. Elements past the limit are
/// skipped unread (so a huge list is never built) and counted, and the array is refused as
/// "the record has N NOUN, more than the limit of LIMIT".
fn bounded_seq<'de, D, S>(
    deserializer: D,
    limit: usize,
    noun: &'static str,
    seed: S,
) -> Result<Vec<S::Value>, D::Error>
where
    D: Deserializer<'de>,
    S: DeserializeSeed<'de> + Clone,
{
    struct SeqVisitor<S> {
        limit: usize,
        noun: &'static str,
        seed: S,
    }
    impl<'de, S: DeserializeSeed<'de> + Clone> Visitor<'de> for SeqVisitor<S> {
        type Value = Vec<S::Value>;
        fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
            formatter.write_str("an array")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut items = Vec::new();
            while items.len() < self.limit {
                match seq.next_element_seed(self.seed.clone())? {
                    Some(item) => items.push(item),
                    None => return Ok(items),
                }
            }
            let mut count = items.len();
            while seq.next_element::<de::IgnoredAny>()?.is_some() {
                count += 1;
            }
            if count > self.limit {
                return Err(de::Error::custom(format_args!(
                    "the record has {count} {}, more than the limit of {}",
                    self.noun, self.limit
                )));
            }
            Ok(items)
        }
    }
    deserializer.deserialize_seq(SeqVisitor { limit, noun, seed })
}

impl<T> Clone for ObjectSeed<T> {
    fn clone(&self) -> Self {
        ObjectSeed(PhantomData)
    }
}

/// A seed reading any value `T` (for bounded lists of plain values).
struct PlainSeed<T>(PhantomData<T>);

impl<T> Clone for PlainSeed<T> {
    fn clone(&self) -> Self {
        PlainSeed(PhantomData)
    }
}

impl<'de, T: Deserialize<'de>> DeserializeSeed<'de> for PlainSeed<T> {
    type Value = T;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        T::deserialize(deserializer)
    }
}

/// A list of records (JSON objects) of any length the document's size allows.
pub fn objects<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Vec<T>, D::Error> {
    bounded_seq(
        deserializer,
        usize::MAX,
        "elements",
        ObjectSeed(PhantomData),
    )
}

/// A list of at most `limit` values (`noun` names them in the message).
pub fn bounded<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
    limit: usize,
    noun: &'static str,
) -> Result<Vec<T>, D::Error> {
    bounded_seq(deserializer, limit, noun, PlainSeed(PhantomData))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        a: u8,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Outer {
        #[serde(deserialize_with = "object")]
        inner: Inner,
        #[serde(deserialize_with = "objects")]
        list: Vec<Inner>,
        #[serde(deserialize_with = "optional_object")]
        maybe: Option<Inner>,
        #[serde(deserialize_with = "two")]
        short: Vec<u8>,
    }

    fn two<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        bounded(deserializer, 2, "numbers")
    }

    const GOOD: &str = r#"{"inner":{"a":1},"list":[{"a":2}],"maybe":null,"short":[1,2]}"#;

    #[test]
    fn reads_a_strict_document() {
        let outer: Outer = read(GOOD.as_bytes()).unwrap();
        assert_eq!(outer.list, vec![Inner { a: 2 }]);
    }

    #[test]
    fn refuses_arrays_for_objects_at_every_depth() {
        for (bad, path) in [
            (
                r#"[{"a":1},[],null,[]]"#,
                "invalid type: array, expected a JSON object",
            ),
            (
                r#"{"inner":[1],"list":[],"maybe":null,"short":[]}"#,
                "inner: invalid type: array",
            ),
            (
                r#"{"inner":{"a":1},"list":[[2]],"maybe":null,"short":[]}"#,
                "list[0]: invalid type: array",
            ),
            (
                r#"{"inner":{"a":1},"list":[],"maybe":[3],"short":[]}"#,
                "maybe: invalid type: array",
            ),
        ] {
            let error = read::<Outer>(bad.as_bytes()).unwrap_err();
            assert!(error.starts_with(path), "{bad}: {error}");
        }
    }

    #[test]
    fn refuses_duplicates_missing_options_and_long_lists() {
        let duplicate = r#"{"inner":{"a":1,"a":2},"list":[],"maybe":null,"short":[]}"#;
        let error = read::<Outer>(duplicate.as_bytes()).unwrap_err();
        assert!(error.starts_with("inner: duplicate field `a`"), "{error}");
        let missing = r#"{"inner":{"a":1},"list":[],"short":[]}"#;
        let error = read::<Outer>(missing.as_bytes()).unwrap_err();
        assert!(error.contains("missing field `maybe`"), "{error}");
        let long = r#"{"inner":{"a":1},"list":[],"maybe":null,"short":[1,2,3]}"#;
        let error = read::<Outer>(long.as_bytes()).unwrap_err();
        assert!(
            error.starts_with("short: the record has 3 numbers, more than the limit of 2"),
            "{error}"
        );
    }

    #[test]
    fn messages_name_json_types_and_quote_little() {
        let long_key = format!(r#"{{"{}":1}}"#, "k".repeat(10_000));
        let error = read::<Inner>(long_key.as_bytes()).unwrap_err();
        assert!(error.chars().count() < 160, "{error}");
        assert!(error.contains("unknown field"), "{error}");
        let error = read::<Inner>(br#"{"a":300}"#).unwrap_err();
        assert!(
            error.contains("expected an integer from 0 to 255"),
            "{error}"
        );
        let error = read::<Inner>(br#"{"a":1"#).unwrap_err();
        assert!(
            error.starts_with("the document is not valid JSON"),
            "{error}"
        );
        let error = read::<Inner>(br#"{"a":1,}"#).unwrap_err();
        assert!(
            error.starts_with("the document is not valid JSON"),
            "{error}"
        );
        let error = read::<Inner>(br#"{"a":1} x"#).unwrap_err();
        assert!(
            error.starts_with("the document is not valid JSON"),
            "{error}"
        );
    }

    #[test]
    fn a_utf8_byte_order_mark_is_skipped_and_utf16_named() {
        assert_eq!(body(b"\xEF\xBB\xBF{}").unwrap(), b"{}");
        assert!(body(b"\xFF\xFE{\0}\0").unwrap_err().contains("UTF-16"));
        assert!(body(b"{\"a\":\"\xFF\"}").unwrap_err().contains("not UTF-8"));
    }

    #[test]
    fn excerpts_are_short() {
        assert_eq!(excerpt("abc"), "abc");
        assert_eq!(excerpt(&"é".repeat(100)).chars().count(), EXCERPT_CHARS + 1);
        assert_eq!(number(4.5), "4.5");
        assert_eq!(number(1e300), "1e300");
    }
}
