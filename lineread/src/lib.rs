//! Line protocols read hostile input: [`LineReader`] reads lines with a bound, so an
//! endless or huge line costs at most the limit in memory, and [`excerpt`] shortens input
//! quoted back in an error message. Shared by `canon tcecp` and the app core's IPC bridge.

use std::borrow::Cow;
use std::io::{self, BufRead};

/// The most characters of input an error message quotes.
pub const EXCERPT_CHARS: usize = 80;

/// One line read by [`LineReader::next_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// A line within the limit, without its `\n` or `\r\n`.
    Complete(&'a [u8]),
    /// A line over the limit: its first `limit + 1` bytes, the rest read and dropped.
    TooLong(&'a [u8]),
}

/// Reads lines of at most `limit` bytes from a [`BufRead`], keeping at most `limit + 1`.
pub struct LineReader<R> {
    input: R,
    limit: usize,
    buffer: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// A reader refusing lines longer than `limit` bytes (line ending excluded).
    pub fn new(input: R, limit: usize) -> Self {
        Self {
            input,
            limit,
            buffer: Vec::new(),
        }
    }

    /// The next line, or `None` at the end of input. A line over the limit is read to its
    /// end (or the end of input) without being kept, so memory stays bounded.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.buffer.clear();
        let (mut length, mut read_any) = (0usize, false);
        loop {
            let available = match self.input.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available.is_empty() {
                break;
            }
            read_any = true;
            let newline = available.iter().position(|&byte| byte == b'\n');
            let part = &available[..newline.unwrap_or(available.len())];
            let room = (self.limit + 1).saturating_sub(self.buffer.len());
            self.buffer.extend_from_slice(&part[..part.len().min(room)]);
            length = length.saturating_add(part.len());
            let used = newline.map_or(available.len(), |at| at + 1);
            self.input.consume(used);
            if newline.is_some() {
                break;
            }
        }
        if !read_any {
            return Ok(None);
        }
        // A `\r` before the `\n` is part of the line ending, not of the line.
        if length <= self.limit + 1 && self.buffer.last() == Some(&b'\r') {
            self.buffer.pop();
        }
        Ok(Some(if self.buffer.len() > self.limit {
            Line::TooLong(&self.buffer)
        } else {
            Line::Complete(&self.buffer)
        }))
    }
}

/// `text` if it has at most [`EXCERPT_CHARS`] characters, else its start and an ellipsis.
pub fn excerpt(text: &str) -> Cow<'_, str> {
    shorten(text, EXCERPT_CHARS)
}

/// `text` if it has at most `chars` characters, else its first `chars` and an ellipsis.
pub fn shorten(text: &str, chars: usize) -> Cow<'_, str> {
    match text.char_indices().nth(chars) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<Result<String, String>> {
        let mut reader = LineReader::new(io::BufReader::with_capacity(3, input), limit);
        let mut found = Vec::new();
        while let Some(line) = reader.next_line().unwrap() {
            found.push(match line {
                Line::Complete(bytes) => Ok(String::from_utf8_lossy(bytes).into_owned()),
                Line::TooLong(kept) => Err(String::from_utf8_lossy(kept).into_owned()),
            });
        }
        found
    }

    #[test]
    fn lines_up_to_the_limit_are_whole_and_longer_ones_are_refused_then_skipped() {
        let found = lines(b"abcd\r\nabcde\nabcd\r\r\n\nab\r\nabcdefghij\nlast", 4);
        let expected: Vec<Result<String, String>> = vec![
            Ok("abcd".into()),
            Err("abcde".into()),
            Err("abcd\r".into()),
            Ok("".into()),
            Ok("ab".into()),
            Err("abcde".into()),
            Ok("last".into()),
        ];
        assert_eq!(found, expected);
    }

    #[test]
    fn a_long_line_ending_in_a_carriage_return_is_still_too_long() {
        // Six bytes then `\r`: the kept prefix ends in `\r` only by chance.
        assert_eq!(
            lines(b"abcd\rxy\r\nok\n", 4),
            [Err("abcd\r".into()), Ok("ok".into())]
        );
    }

    #[test]
    fn an_endless_line_keeps_at_most_the_limit() {
        let endless = io::Read::take(io::repeat(b'x'), 10_000_000);
        let mut reader = LineReader::new(io::BufReader::new(endless), 64);
        assert!(
            matches!(reader.next_line().unwrap(), Some(Line::TooLong(kept)) if kept.len() == 65)
        );
        assert!(reader.buffer.capacity() < 1024);
        assert_eq!(reader.next_line().unwrap(), None);
    }

    #[test]
    fn excerpts_cut_long_text_on_a_character_boundary() {
        assert_eq!(excerpt("short"), "short");
        let exact = "é".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&exact), exact);
        let long = "é".repeat(5_000_000);
        assert_eq!(excerpt(&long), format!("{}…", "é".repeat(EXCERPT_CHARS)));
    }
}
