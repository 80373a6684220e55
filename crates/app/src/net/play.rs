//! `/play`: the window in a browser (issue 95), served from its bundle: `bash scripts/web.sh`
//! builds it into `target/web`; `FOREMAN_WEB` names another folder, and a `web` folder beside
//! the program (or the package's `/usr/share/foreman/web`) is found too. Only the bundle's
//! own files are served, by name: nothing else of the folder, or of the disk, can be asked for.

use super::lobby::Hub;
use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// The bundle's files and their types.
const FILES: [(&str, &str); 4] = [
    ("index.html", "text/html; charset=utf-8"),
    ("foreman_web.js", "text/javascript; charset=utf-8"),
    ("foreman_web_bg.wasm", "application/wasm"),
    ("foreman.svg", "image/svg+xml"),
];

/// `/play` and its files.
pub fn routes(r: Router<Arc<Hub>>) -> Router<Arc<Hub>> {
    r.route("/play", get(|| async { Redirect::permanent("/play/") }))
        .route("/play/", get(|| file(Path("index.html".to_string()), HeaderMap::new())))
        .route("/play/{name}", get(file))
}

/// Where the bundle is, looked for once.
pub fn bundle() -> Option<&'static std::path::Path> {
    static FOUND: OnceLock<Option<PathBuf>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
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
            candidates
                .into_iter()
                .flatten()
                .find(|d| d.join("index.html").is_file() && d.join("foreman_web_bg.wasm").is_file())
        })
        .as_deref()
}

async fn file(Path(name): Path<String>, headers: HeaderMap) -> Response {
    let Some((name, kind)) = FILES.iter().find(|(n, _)| *n == name) else {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    };
    let Some(dir) = bundle() else {
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
