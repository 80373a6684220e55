//! Several nodes on one database (`foreman serve --database`, issue 93): a device or a lobby
//! request that reaches a node while another node serves its game is carried there and back.
//! The device never knows: its page, its socket and its answers are the ones it would get from
//! the serving node. The client's address goes along as `X-Forwarded-For` (nodes behind one
//! reverse proxy run with `--behind-proxy`, so the serving node counts the device's own
//! address, not the carrying node's).

use axum::extract::ws::{Message, WebSocket};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use std::net::IpAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::{self, client::IntoClientRequest};

/// How long the serving node has to answer before the device is told to try again.
const ANSWER: Duration = Duration::from_secs(5);

/// `http://host:port` as the `host:port` it names, if it is one.
fn host_of(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("http://")?;
    let host = rest.split('/').next()?;
    (!host.is_empty()).then_some(host)
}

/// The socket of a device whose game `owner` (`http://host:port`) serves, carried there:
/// `path` is the socket's path and query (`/ws/KEY?lang=…&device=…`). When the owner does not
/// answer (it is stopping or dead), the device's socket is closed: its page opens it again,
/// and once the owner's lease is over the game is served by the node it reaches.
pub async fn socket(mut device: WebSocket, owner: String, path: String, from: IpAddr) {
    let Some(host) = host_of(&owner) else {
        let _ = device.send(Message::Close(None)).await;
        return;
    };
    let request = format!("ws://{host}{path}").into_client_request();
    let Ok(mut request) = request else {
        let _ = device.send(Message::Close(None)).await;
        return;
    };
    if let Ok(v) = from.to_string().parse() {
        request.headers_mut().insert("x-forwarded-for", v);
    }
    let connected = tokio::time::timeout(ANSWER, tokio_tungstenite::connect_async(request)).await;
    let Ok(Ok((served, _))) = connected else {
        tracing::info!("the node at {owner} does not answer: the device will try again");
        let _ = device.send(Message::Close(None)).await;
        return;
    };
    // Each way pumped on its own: a side slow to take messages never holds up the other's.
    let (mut to_device, mut from_device) = device.split();
    let (mut to_served, mut from_served) = served.split();
    let up = async {
        while let Some(Ok(m)) = from_device.next().await {
            let m = match m {
                Message::Text(t) => tungstenite::Message::text(t.as_str()),
                Message::Binary(b) => tungstenite::Message::Binary(b),
                Message::Ping(p) => tungstenite::Message::Ping(p),
                Message::Pong(p) => tungstenite::Message::Pong(p),
                Message::Close(_) => break,
            };
            if to_served.send(m).await.is_err() {
                break;
            }
        }
        let _ = to_served.close().await;
    };
    let down = async {
        while let Some(Ok(m)) = from_served.next().await {
            let m = match m {
                tungstenite::Message::Text(t) => Message::Text(t.as_str().into()),
                tungstenite::Message::Binary(b) => Message::Binary(b),
                tungstenite::Message::Ping(p) => Message::Ping(p),
                tungstenite::Message::Pong(p) => Message::Pong(p),
                tungstenite::Message::Frame(_) => continue,
                tungstenite::Message::Close(_) => break,
            };
            if to_device.send(m).await.is_err() {
                break;
            }
        }
        let _ = to_device.send(Message::Close(None)).await;
    };
    // Either side gone ends both.
    tokio::select! {
        _ = up => {}
        _ = down => {}
    }
}

/// A lobby request (`method path`, with `body`) for a game `owner` serves, carried there: its
/// answer, or 503 when the owner does not answer within 5 s.
pub async fn request(owner: &str, method: &str, path: &str, body: &str, from: IpAddr) -> Response {
    match tokio::time::timeout(ANSWER, ask(owner, method, path, body, from)).await {
        Ok(Some((status, content_type, body))) => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_GATEWAY);
            (
                status,
                [(axum::http::header::CONTENT_TYPE, content_type)],
                body,
            )
                .into_response()
        }
        _ => (
            StatusCode::SERVICE_UNAVAILABLE,
            "this game's server does not answer: try again in a few seconds",
        )
            .into_response(),
    }
}

/// One HTTP/1.1 request on a connection of its own: the status, the content type, the body.
async fn ask(
    owner: &str,
    method: &str,
    path: &str,
    body: &str,
    from: IpAddr,
) -> Option<(u16, String, String)> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = host_of(owner)?;
    let mut s = tokio::net::TcpStream::connect(host).await.ok()?;
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nX-Forwarded-For: {from}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.ok()?;
    let mut out = Vec::new();
    // A lobby's answers are small: more than 64 kB is no answer of a node.
    s.take(64 * 1024).read_to_end(&mut out).await.ok()?;
    let text = String::from_utf8_lossy(&out);
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.get(9..12)?.parse().ok()?;
    let content_type = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-type")
                .then(|| v.trim().to_string())
        })
        .unwrap_or_else(|| "text/plain; charset=utf-8".into());
    Some((status, content_type, body.to_string()))
}

#[cfg(test)]
mod tests {
    use super::host_of;

    #[test]
    fn a_nodes_address_is_its_host_and_port_only() {
        assert_eq!(host_of("http://127.0.0.1:7878"), Some("127.0.0.1:7878"));
        assert_eq!(host_of("http://10.0.0.2:80/"), Some("10.0.0.2:80"));
        assert_eq!(host_of("https://a.example.org"), None);
        assert_eq!(host_of("http://"), None);
    }
}
