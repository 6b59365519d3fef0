//! Pictures kept and served: a bounded cache by address, the answer for
//! a picture whose address names its content (immutable, with its entity
//! tag), and the JPEG a Telegram inline result needs.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// How many pictures (boards, replays) are kept in memory, by bytes and
/// in number.
pub(crate) const PICTURE_CACHE_BYTES: usize = 64 << 20;
pub(crate) const PICTURE_CACHE_ENTRIES: usize = 16_384;

/// A bounded cache of pictures by address (whose content never changes),
/// the least recently used dropped first.
pub struct Pictures {
    /// Each picture and when it was last asked for; the bytes held.
    map: Mutex<(HashMap<String, Kept>, usize)>,
    bytes: usize,
    entries: usize,
}

type Kept = (Arc<Vec<u8>>, Instant);

impl Pictures {
    /// A cache of at most `bytes` bytes and `entries` pictures.
    #[must_use]
    pub fn new(bytes: usize, entries: usize) -> Pictures {
        Pictures {
            map: Mutex::default(),
            bytes,
            entries: entries.max(1),
        }
    }

    /// How many pictures, and bytes, are kept.
    #[must_use]
    pub fn held(&self) -> (usize, usize) {
        let m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        (m.0.len(), m.1)
    }

    pub(crate) fn get(&self, k: &str) -> Option<Arc<Vec<u8>>> {
        let mut m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        m.0.get_mut(k).map(|(v, used)| {
            *used = Instant::now();
            v.clone()
        })
    }

    pub(crate) fn put(&self, k: String, v: Arc<Vec<u8>>) {
        if v.len() > self.bytes {
            return;
        }
        let mut m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        m.1 += v.len();
        if let Some((old, _)) = m.0.insert(k, (v, Instant::now())) {
            m.1 -= old.len();
        }
        while m.1 > self.bytes || m.0.len() > self.entries {
            // Drop the least recently used.
            let Some(oldest) =
                m.0.iter()
                    .min_by_key(|(_, (_, t))| *t)
                    .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some((old, _)) = m.0.remove(&oldest) {
                m.1 -= old.len();
            }
        }
    }
}

/// A picture whose address names its content: cached for a year.
pub(crate) fn immutable(
    bytes: Arc<Vec<u8>>,
    etag: &str,
    kind: &'static str,
    headers: &HeaderMap,
) -> Response {
    let tag = format!("\"{etag}\"");
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag))
    {
        return (
            StatusCode::NOT_MODIFIED,
            [
                (header::ETAG, tag),
                (
                    header::CACHE_CONTROL,
                    "public, max-age=31536000, immutable".to_string(),
                ),
            ],
        )
            .into_response();
    }
    let mut r = Response::new(Body::from(bytes.as_ref().clone()));
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    if let Ok(v) = HeaderValue::from_str(&tag) {
        h.insert(header::ETAG, v);
    }
    r
}

/// A PNG as a JPEG (quality 90, transparency over white); `None` when it
/// cannot be read. An indexed PNG (the renderer writes one when a picture
/// has 256 colours or fewer) is expanded to RGB first.
pub(crate) fn jpeg_of(png: &[u8]) -> Option<Vec<u8>> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().ok()?;
    let mut buf = vec![0; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut buf).ok()?;
    if info.bit_depth != png::BitDepth::Eight {
        return None;
    }
    let pixels = &buf[..info.buffer_size()];
    let rgb: Vec<u8> = match info.color_type {
        png::ColorType::Rgb => pixels.to_vec(),
        png::ColorType::Rgba => pixels
            .chunks_exact(4)
            .flat_map(|p| {
                let a = u16::from(p[3]);
                let over = |c: u8| ((u16::from(c) * a + 255 * (255 - a)) / 255) as u8;
                [over(p[0]), over(p[1]), over(p[2])]
            })
            .collect(),
        _ => return None,
    };
    let (w, h) = (
        u16::try_from(info.width).ok()?,
        u16::try_from(info.height).ok()?,
    );
    let mut out = Vec::new();
    jpeg_encoder::Encoder::new(&mut out, 90)
        .encode(&rgb, w, h, jpeg_encoder::ColorType::Rgb)
        .ok()?;
    Some(out)
}

/// `s` in hexadecimal, fit for an entity tag.
pub(crate) fn hex_of(s: &str) -> String {
    s.bytes().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{START_CACHE_BYTES, START_CACHE_ENTRIES};

    #[test]
    fn the_picture_caches_keep_within_their_bytes_and_entries() {
        let starts = Pictures::new(START_CACHE_BYTES, START_CACHE_ENTRIES);
        for n in 0..START_CACHE_ENTRIES * 3 {
            starts.put(format!("small-{n}"), Arc::new(vec![0; 100]));
            let (entries, bytes) = starts.held();
            assert!(entries <= START_CACHE_ENTRIES && bytes <= START_CACHE_BYTES);
        }
        assert!(starts.get("small-0").is_none(), "the oldest is dropped");
        assert!(
            starts
                .get(&format!("small-{}", START_CACHE_ENTRIES * 3 - 1))
                .is_some()
        );
        for n in 0..100 {
            starts.put(format!("big-{n}"), Arc::new(vec![0; 1 << 20]));
            let (entries, bytes) = starts.held();
            assert!(entries <= START_CACHE_ENTRIES && bytes <= START_CACHE_BYTES);
        }
        // One larger than the whole cache is not kept at all.
        starts.put("huge".into(), Arc::new(vec![0; START_CACHE_BYTES + 1]));
        assert!(starts.get("huge").is_none());
        assert!(starts.get("big-99").is_some());
    }
}
