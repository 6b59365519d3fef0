//! What a request brings besides its address: the language asked for,
//! the address it came from; and the plain answers every route shares.

use std::net::{IpAddr, SocketAddr};

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tablero_rules::Lang;

use crate::pages::{self, Ask};

#[derive(Deserialize, Default)]
pub(crate) struct PageQuery {
    pub lang: Option<String>,
    pub ply: Option<String>,
}

/// The language of a request: `?lang=`, else the first of English and
/// Spanish in `Accept-Language` by preference, else English.
pub(crate) fn ask_of(q: &PageQuery, headers: &HeaderMap) -> Ask {
    if let Some(l) = q.lang.as_deref().and_then(Lang::parse) {
        return Ask {
            lang: l,
            chosen: true,
        };
    }
    Ask {
        lang: accept_language(
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or(""),
        ),
        chosen: false,
    }
}

/// The preferred of English and Spanish in an `Accept-Language` header.
#[must_use]
pub fn accept_language(value: &str) -> Lang {
    let mut best: Option<(f32, usize, Lang)> = None;
    for (i, part) in value.split(',').take(32).enumerate() {
        let mut bits = part.split(';');
        let tag = bits.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = bits
            .find_map(|b| {
                b.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
            })
            .unwrap_or(1.0);
        let lang = match tag.split('-').next() {
            Some("es") => Lang::Es,
            Some("en") => Lang::En,
            _ => continue,
        };
        if q > 0.0 && best.is_none_or(|(bq, bi, _)| q > bq || (q == bq && i < bi)) {
            best = Some((q, i, lang));
        }
    }
    best.map_or(Lang::En, |(_, _, l)| l)
}

pub(crate) fn html(markup: maud::Markup) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        markup.into_string(),
    )
        .into_response()
}

pub(crate) fn not_found(ask: Ask) -> Response {
    let w = tablero_app::watch::web_text(ask.lang);
    let mut r = html(pages::message(ask, w.not_found, w.not_found_body));
    *r.status_mut() = StatusCode::NOT_FOUND;
    r
}

pub(crate) fn unavailable() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        "The store cannot be read just now.\n",
    )
        .into_response()
}

/// No place to draw in time: `503`, to be asked again in a few seconds.
pub(crate) fn busy() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [
            (header::RETRY_AFTER, "5"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        "Busy drawing; try again in a few seconds.\n",
    )
        .into_response()
}

/// The address a request came from (the connection's peer); the
/// unspecified address when the router is served without one.
pub(crate) struct Client(pub IpAddr);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Client, Self::Rejection> {
        Ok(Client(
            parts
                .extensions
                .get::<axum::extract::ConnectInfo<SocketAddr>>()
                .map_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED), |c| c.0.ip()),
        ))
    }
}

/// Runs `f` on a blocking thread (the app is synchronous).
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    tokio::task::spawn_blocking(f).await.ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_prefers_by_weight_then_order() {
        assert_eq!(accept_language(""), Lang::En);
        assert_eq!(accept_language("es-ES,es;q=0.9,en;q=0.8"), Lang::Es);
        assert_eq!(accept_language("en-US,en;q=0.9,es;q=0.8"), Lang::En);
        assert_eq!(
            accept_language("fr-FR,fr;q=0.9,es;q=0.7,en;q=0.5"),
            Lang::Es
        );
        assert_eq!(accept_language("de, en;q=0.1, es;q=0.2"), Lang::Es);
        assert_eq!(accept_language("es;q=0, en"), Lang::En);
        assert_eq!(accept_language("ES-mx"), Lang::Es);
        assert_eq!(accept_language("garbage;;;q=zz,,,"), Lang::En);
    }
}
