//! Issue 95, point 2: `/play` serves the window in a browser from its bundle, each of its files
//! with its type (the WebAssembly gzipped when the browser takes it), and nothing else: a name
//! that is not the bundle's, or a path out of its folder, is not found.

use foreman::net::Table;
use foreman::net::lobby::{Hub, Options};
use std::net::SocketAddr;
use std::sync::Arc;

/// The response to `GET path` with `headers`: the status, the head (lower-cased) and the
/// body's bytes.
async fn get(addr: SocketAddr, path: &str, headers: &str) -> (u16, String, Vec<u8>) {
    let out = super::seats::get_with(addr, path, headers).await;
    let at = out
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&out[..at]).to_lowercase();
    let status = head.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    (status, head, out[at + 4..].to_vec())
}

#[test]
fn play_serves_the_bundle_and_nothing_else() {
    let dir = tempfile::tempdir().expect("a folder");
    let web = dir.path().join("web");
    std::fs::create_dir(&web).expect("made");
    std::fs::write(web.join("index.html"), "<canvas id=foreman>").expect("written");
    std::fs::write(web.join("foreman_web.js"), "export default 1;").expect("written");
    let wasm = b"\0asm\x01\0\0\0 the window".to_vec();
    std::fs::write(web.join("foreman_web_bg.wasm"), &wasm).expect("written");
    std::fs::write(web.join("foreman_web_bg.wasm.gz"), b"zipped").expect("written");
    // Beside the bundle, and inside its folder under a name that is not the bundle's.
    std::fs::write(dir.path().join("secret.json"), "{\"seed\": 7}").expect("written");
    std::fs::write(web.join("notes.txt"), "private").expect("written");

    super::trust::runtime().block_on(async {
        let game = foreman::engine::Game::new_dealt(foreman::engine::Setup::solo(
            "P",
            foreman::engine::Difficulty::Medium,
            1,
        ))
        .expect("a game");
        let table = Arc::new(Table::new(game, None, foreman::net::SeatKeys::new(1)));
        let hub = Hub::host_with(
            table,
            Options {
                web: Some(web.clone()),
                ..Default::default()
            },
        );
        let addr = super::trust::serve(hub).await;

        let (status, head, _) = get(addr, "/play", "").await;
        assert_eq!(status, 308, "{head}");
        assert!(head.contains("location: /play/"), "{head}");

        let (status, head, body) = get(addr, "/play/", "").await;
        assert_eq!(status, 200, "{head}");
        assert!(head.contains("content-type: text/html"), "{head}");
        assert_eq!(body, b"<canvas id=foreman>");

        let (status, head, _) = get(addr, "/play/foreman_web.js", "").await;
        assert_eq!(status, 200);
        assert!(head.contains("content-type: text/javascript"), "{head}");

        // Plain to a browser that takes no gzip; gzipped to one that does.
        let (status, head, body) = get(addr, "/play/foreman_web_bg.wasm", "").await;
        assert_eq!(status, 200);
        assert!(head.contains("content-type: application/wasm"), "{head}");
        assert!(!head.contains("content-encoding"), "{head}");
        assert_eq!(body, wasm);
        let (status, head, body) = get(
            addr,
            "/play/foreman_web_bg.wasm",
            "Accept-Encoding: gzip, br\r\n",
        )
        .await;
        assert_eq!(status, 200);
        assert!(head.contains("content-encoding: gzip"), "{head}");
        assert_eq!(body, b"zipped");

        for path in [
            "/play/notes.txt",
            "/play/foreman_web_bg.wasm.gz",
            "/play/..%2fsecret.json",
            "/play/../secret.json",
            "/play/%2e%2e/secret.json",
        ] {
            let (status, head, body) = get(addr, path, "").await;
            assert_ne!(status, 200, "{path}: {head}");
            let text = String::from_utf8_lossy(&body);
            assert!(
                !text.contains("seed") && !text.contains("private"),
                "{path}: {text}"
            );
        }
    });
}

/// Without a bundle, `/play` says how to build one.
#[test]
fn play_without_a_bundle_says_how_to_build_it() {
    let dir = tempfile::tempdir().expect("a folder");
    super::trust::runtime().block_on(async {
        let hub = Hub::lobby_with(
            None,
            Options {
                // A folder with no bundle in it.
                web: Some(dir.path().to_path_buf()),
                ..Default::default()
            },
        );
        let addr = super::trust::serve(hub).await;
        let (status, _, body) = get(addr, "/play/", "").await;
        assert_eq!(status, 404);
        assert!(
            String::from_utf8_lossy(&body).contains("scripts/web.sh"),
            "{}",
            String::from_utf8_lossy(&body)
        );
    });
}
