//! `/play`: the window in a browser (issue 95), served from its bundle: `bash scripts/web.sh`
//! builds it into `target/web`; `FOREMAN_WEB` names another folder, and a `web` folder beside
//! the program (or the package's `/usr/share/foreman/web`) is found too ([`find`]). Only the bundle's
//! own files are served, by name: nothing else of the folder, or of the disk, can be asked for.

use super::lobby::Hub;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use std::path::PathBuf;
use std::sync::Arc;

/// The bundle's files and their types.
const FILES: [(&str, &str); 5] = [
    ("index.html", "text/html; charset=utf-8"),
    ("foreman_web.js", "text/javascript; charset=utf-8"),
    ("foreman_worker.js", "text/javascript; charset=utf-8"),
    ("foreman_web_bg.wasm", "application/wasm"),
    ("foreman.svg", "image/svg+xml"),
];

/// `/play` and its files.
pub fn routes(r: Router<Arc<Hub>>) -> Router<Arc<Hub>> {
    r.route("/play", get(|| async { Redirect::permanent("/play/") }))
        .route(
            "/play/",
            get(|hub: State<Arc<Hub>>, headers: HeaderMap| {
                file(hub, Path("index.html".to_string()), headers)
            }),
        )
        .route("/play/{name}", get(file))
}

/// Where the bundle is: `FOREMAN_WEB`, a `web` folder beside the program or the package's,
/// or `target/web` (where `scripts/web.sh` builds it) from the repository's folder.
pub fn find() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok();
    let dir = exe.as_deref().and_then(|e| e.parent());
    let candidates = [
        std::env::var_os("FOREMAN_WEB").map(PathBuf::from),
        dir.map(|d| d.join("web")),
        dir.map(|d| d.join("../share/foreman/web")),
        // `cargo run`: the program in target/debug or target/release.
        dir.map(|d| d.join("../web")),
        Some(PathBuf::from("target/web")),
    ];
    candidates.into_iter().flatten().find(|d| is_bundle(d))
}

/// Whether `dir` holds the bundle's page and its WebAssembly.
pub fn is_bundle(dir: &std::path::Path) -> bool {
    dir.join("index.html").is_file() && dir.join("foreman_web_bg.wasm").is_file()
}

async fn file(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Response {
    let Some((name, kind)) = FILES.iter().find(|(n, _)| *n == name) else {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    };
    let Some(dir) = hub.web.as_deref() else {
        return (
            StatusCode::NOT_FOUND,
            "The game in a browser is not built on this computer: `bash scripts/web.sh` builds it.",
        )
            .into_response();
    };
    // The WebAssembly is sent compressed when the browser takes gzip and the bundle has it.
    let gzip = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("gzip"));
    let zipped = dir.join(format!("{name}.gz"));
    let (path, encoded) = if gzip && zipped.is_file() {
        (zipped, true)
    } else {
        (dir.join(name), false)
    };
    match tokio::fs::read(&path).await {
        Ok(bytes) => {
            let mut response = bytes.into_response();
            let h = response.headers_mut();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            if encoded {
                h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            }
            h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            response
        }
        Err(e) => {
            tracing::warn!("{}: {e}", path.display());
            (StatusCode::NOT_FOUND, "no such file").into_response()
        }
    }
}
