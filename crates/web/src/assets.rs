//! The stylesheet and script, embedded in the binary. Their addresses
//! carry a hash of their content, so they are cached for ever and a new
//! release's are fetched anew.

use std::sync::LazyLock;

use sha2::{Digest, Sha256};

pub const STYLE: &str = include_str!("../assets/style.css");
pub const SCRIPT: &str = include_str!("../assets/app.js");
/// The interactive board's script (`play.rs`).
pub const PLAY_SCRIPT: &str = include_str!("../assets/play.js");

fn tag(text: &str) -> String {
    Sha256::digest(text.as_bytes())[..6]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

static STYLE_TAG: LazyLock<String> = LazyLock::new(|| tag(STYLE));
static SCRIPT_TAG: LazyLock<String> = LazyLock::new(|| tag(SCRIPT));
static PLAY_TAG: LazyLock<String> = LazyLock::new(|| tag(PLAY_SCRIPT));

/// The stylesheet's content hash.
pub fn style_tag() -> &'static str {
    &STYLE_TAG
}

/// The script's content hash.
pub fn script_tag() -> &'static str {
    &SCRIPT_TAG
}

/// The board script's content hash.
pub fn play_tag() -> &'static str {
    &PLAY_TAG
}
