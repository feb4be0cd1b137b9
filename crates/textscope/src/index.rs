//! The sparse line index (S2): every so many bytes, the number and offset of a line start.
//!
//! Every decoder is between characters at a line start (the previous line's ending was a whole
//! character), so a checkpoint needs no decoder state beyond "fresh": the offset and the line
//! number are enough. The one exception is ISO-2022-JP, whose decoder carries a mode from line
//! to line; its index keeps only the first line, so its structure is always decoded from the
//! start (correct, if slower).

use crate::format::Format;
use serde::{Deserialize, Serialize};

/// A line start: decoding may resume here with a fresh decoder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The line that starts here, from 1.
    pub line: u64,
    /// Absolute byte offset of its first byte.
    pub offset: u64,
}

/// Bytes between checkpoints by default: 16,384 checkpoints (256 KiB) per GiB.
pub const DEFAULT_INDEX_EVERY: u64 = 64 * 1024;

/// What is needed to decode any line range of one file again (S2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineIndex {
    /// The file's format.
    pub format: Format,
    /// The code page's name (for legacy; see [`crate::CodePage::for_label`]).
    pub encoding: String,
    /// Length of the byte order mark, 0 if none.
    pub mark_len: u64,
    /// The file's size.
    pub size: u64,
    /// The number of lines in the file.
    pub lines: u64,
    /// Line starts in increasing order; the first is line 1 when the file has any line.
    pub checkpoints: Vec<Checkpoint>,
    /// Where the text changes to another layout (docs/mojibake.md G9), in increasing order;
    /// empty for a file of one layout.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub switches: Vec<Switch>,
}

/// A place where a file's text changes layout (docs/mojibake.md G9): from `offset` on, after
/// a mark of `mark_len` bytes, the bytes are `format` (in the code page `encoding` for
/// legacy) up to the next switch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Switch {
    /// Its first byte (the first byte of its mark, if any).
    pub offset: u64,
    /// The format from here on.
    pub format: Format,
    /// The code page's name (for legacy; see [`crate::CodePage::for_label`]).
    pub encoding: String,
    /// Length of its byte order mark, 0 if none.
    pub mark_len: u64,
}

impl LineIndex {
    /// The checkpoint to start from to reach `line`: the last one at or before it.
    pub fn checkpoint_for(&self, line: u64) -> Checkpoint {
        let i = self.checkpoints.partition_point(|c| c.line <= line);
        match i.checked_sub(1).and_then(|i| self.checkpoints.get(i)) {
            Some(c) => *c,
            None => Checkpoint {
                line: 1,
                offset: self.mark_len,
            },
        }
    }

    /// The checkpoint at or before a byte offset (to find which line holds that byte).
    pub fn checkpoint_before_offset(&self, offset: u64) -> Checkpoint {
        let i = self.checkpoints.partition_point(|c| c.offset <= offset);
        match i.checked_sub(1).and_then(|i| self.checkpoints.get(i)) {
            Some(c) => *c,
            None => Checkpoint {
                line: 1,
                offset: self.mark_len,
            },
        }
    }

    /// The encoding_rs encoding for this index's code page (UTF-8 when encoding_rs lacks it).
    pub fn encoding_rs(&self) -> &'static encoding_rs::Encoding {
        encoding_rs::Encoding::for_label(self.encoding.as_bytes()).unwrap_or(encoding_rs::UTF_8)
    }

    /// This index's code page (windows-1252 when the name is unknown).
    pub fn code_page(&self) -> crate::CodePage {
        crate::CodePage::for_label(&self.encoding).unwrap_or_else(crate::CodePage::windows_1252)
    }
}
