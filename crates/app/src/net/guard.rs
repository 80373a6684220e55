//! What keeps one client from taking what others need: the server's limits (`Limits`), the
//! address a request comes from, the checks of its `Host` and `Origin` headers (a foreign
//! page may not drive a seat, a foreign name may not reach the server: DNS rebinding), and the
//! token buckets that slow a client per key and per address, whatever sockets it opens.

use axum::http::HeaderMap;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::Duration;
use tokio::time::Instant;

/// The server's limits (`foreman serve`'s options set some of them).
#[derive(Debug, Clone)]
pub struct Limits {
    /// At most this many games on one `foreman serve`.
    pub max_games: usize,
    /// New games one address may make: a burst, then this many an hour.
    pub games_per_hour: f64,
    /// A game nobody played for this long is put away (its files moved to `expired/`).
    pub idle: Duration,
    /// Sockets open at once on one seat's link (the device that plays it, and those told
    /// it is open elsewhere), and from one address.
    pub sockets_per_seat: usize,
    pub sockets_per_address: usize,
    /// Spectators' sockets on one game.
    pub spectators_per_game: usize,
    /// A seat's messages (whatever its sockets): a burst, then this many a second; and one
    /// address's, all its seats together.
    pub key_burst: f64,
    pub key_per_second: f64,
    pub address_burst: f64,
    pub address_per_second: f64,
    /// Looking up a game's code, claiming a seat, opening an invitation: a burst, then this
    /// many a second, per address (a code cannot be guessed by trying).
    pub lookup_burst: f64,
    pub lookup_per_second: f64,
    /// Sockets opened from one address (a link opened again and again costs a look-up, and
    /// with a database perhaps a query and a carried socket): a burst, then this many a second.
    pub opens_burst: f64,
    pub opens_per_second: f64,
    /// *Suggest*: planner threads for the whole server, the requests waiting at most, each
    /// address's requests at once, and the time one may think.
    pub planners: usize,
    pub planner_queue: usize,
    pub suggests_per_address: usize,
    pub suggest_budget: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_games: 2000,
            games_per_hour: 20.0,
            idle: Duration::from_secs(14 * 24 * 3600),
            sockets_per_seat: 4,
            sockets_per_address: 32,
            spectators_per_game: 64,
            key_burst: 20.0,
            key_per_second: 10.0,
            address_burst: 60.0,
            address_per_second: 30.0,
            lookup_burst: 10.0,
            lookup_per_second: 0.5,
            opens_burst: 40.0,
            opens_per_second: 2.0,
            planners: std::thread::available_parallelism()
                .map_or(1, |n| n.get().saturating_sub(1).max(1)),
            planner_queue: 32,
            suggests_per_address: 2,
            suggest_budget: Duration::from_secs(2),
        }
    }
}

/// A client's tokens: a burst, then a steady rate. Taking one when none is left reserves
/// the next and says how long to wait for it.
#[derive(Debug, Clone)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
    burst: f64,
    rate: f64,
}

impl Bucket {
    pub fn new(burst: f64, rate: f64) -> Bucket {
        Bucket {
            tokens: burst,
            at: Instant::now(),
            burst,
            rate,
        }
    }

    fn refill(&mut self) {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.at).as_secs_f64() * self.rate).min(self.burst);
        self.at = now;
    }

    /// Takes a token: how long to wait before using it (zero when one was there).
    pub fn take(&mut self) -> Duration {
        self.refill();
        self.tokens -= 1.0;
        if self.tokens >= 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64(-self.tokens / self.rate.max(1e-9))
        }
    }

    /// Takes a token only if one is there now.
    pub fn try_take(&mut self) -> bool {
        self.refill();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn full(&mut self) -> bool {
        self.refill();
        self.tokens >= self.burst
    }
}

/// What a bucket is for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Of {
    Key(String),
    Address(IpAddr),
    Lookup(IpAddr),
    Games(IpAddr),
    Opens(IpAddr),
}

/// The server's shared counts and buckets.
pub struct Guard {
    pub limits: Limits,
    /// Names this server answers to besides IP addresses and `localhost` (its public name).
    pub names: Vec<String>,
    /// Behind a reverse proxy: the client's address is the last of `X-Forwarded-For`.
    pub behind_proxy: bool,
    buckets: Mutex<HashMap<Of, Bucket>>,
    sockets: Mutex<HashMap<IpAddr, usize>>,
    suggests: Mutex<HashMap<IpAddr, usize>>,
}

impl Guard {
    pub fn new(limits: Limits, names: Vec<String>, behind_proxy: bool) -> Guard {
        Guard {
            limits,
            names,
            behind_proxy,
            buckets: Mutex::new(HashMap::new()),
            sockets: Mutex::new(HashMap::new()),
            suggests: Mutex::new(HashMap::new()),
        }
    }

    fn bucket<T>(&self, of: Of, f: impl FnOnce(&mut Bucket) -> T) -> T {
        let l = &self.limits;
        let (burst, rate) = match of {
            Of::Key(_) => (l.key_burst, l.key_per_second),
            Of::Address(_) => (l.address_burst, l.address_per_second),
            Of::Lookup(_) => (l.lookup_burst, l.lookup_per_second),
            Of::Opens(_) => (l.opens_burst, l.opens_per_second),
            Of::Games(_) => (l.games_per_hour.clamp(1.0, 10.0), l.games_per_hour / 3600.0),
        };
        let mut map = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > 50_000 {
            // Full buckets are as good as new ones: forget them.
            map.retain(|_, b| !b.full());
        }
        f(map.entry(of).or_insert_with(|| Bucket::new(burst, rate)))
    }

    /// A message of the seat `key` from `from`: how long it must wait (its seat's and its
    /// address's tokens, kept across reconnections).
    pub fn message(&self, key: &str, from: IpAddr) -> Duration {
        let a = self.bucket(Of::Key(key.to_string()), Bucket::take);
        let b = self.bucket(Of::Address(from), Bucket::take);
        a.max(b)
    }

    /// A code looked up, a seat claimed or an invitation opened from `from`: whether it may
    /// be now.
    pub fn lookup(&self, from: IpAddr) -> bool {
        self.bucket(Of::Lookup(from), Bucket::try_take)
    }

    /// A socket opened from `from` (a seat's or spectators' link): whether it may be now.
    pub fn open(&self, from: IpAddr) -> bool {
        self.bucket(Of::Opens(from), Bucket::try_take)
    }

    /// A game made from `from`: whether it may be now.
    pub fn new_game(&self, from: IpAddr) -> bool {
        self.bucket(Of::Games(from), Bucket::try_take)
    }

    /// A socket from `from`, counted while the returned ticket lives; `None` past the limit.
    pub fn socket(&self, from: IpAddr) -> Option<Counted<'_>> {
        Counted::take(&self.sockets, from, self.limits.sockets_per_address)
    }

    /// A *Suggest* request from `from`, counted while the ticket lives; `None` past the limit.
    pub fn suggest(&self, from: IpAddr) -> Option<Counted<'_>> {
        Counted::take(&self.suggests, from, self.limits.suggests_per_address)
    }

    /// The client's address: the peer's, or behind a proxy the one it forwards.
    pub fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        if self.behind_proxy
            && let Some(ip) = headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.rsplit(',').next())
                .and_then(|v| v.trim().parse::<IpAddr>().ok())
        {
            return ip;
        }
        peer.ip()
    }

    /// Whether a request may be answered: its `Host` is this server (an IP address,
    /// `localhost` or a name given), and its `Origin`, when a browser sends one, is the same.
    pub fn check(&self, headers: &HeaderMap) -> Result<(), &'static str> {
        let host = headers
            .get(axum::http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !host_allowed(host, &self.names) {
            return Err("this server answers at its own address only");
        }
        let origin = headers
            .get(axum::http::header::ORIGIN)
            .map(|o| o.to_str().unwrap_or("null"));
        if !origin_allowed(origin, host) {
            return Err("a page of another site may not use this server");
        }
        Ok(())
    }
}

/// A counted use of something limited per address, given back when dropped.
pub struct Counted<'a> {
    map: &'a Mutex<HashMap<IpAddr, usize>>,
    from: IpAddr,
}

impl<'a> Counted<'a> {
    fn take(map: &'a Mutex<HashMap<IpAddr, usize>>, from: IpAddr, most: usize) -> Option<Self> {
        let mut m = map.lock().unwrap_or_else(|e| e.into_inner());
        let n = m.entry(from).or_insert(0);
        if *n >= most {
            return None;
        }
        *n += 1;
        Some(Counted { map, from })
    }
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        let mut m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = m.get_mut(&self.from) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                m.remove(&self.from);
            }
        }
    }
}

/// The name part of a `Host` header (`192.168.1.20:7878`, `[::1]:7878`, `example.org`).
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return match rest.split_once(']') {
            Some((name, _)) => name,
            None => "",
        };
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    }
}

/// Whether a `Host` header names this server: an IP address (a phone on the same network
/// types or scans one), `localhost`, or one of `names`.
pub fn host_allowed(host: &str, names: &[String]) -> bool {
    let name = host_name(host.trim());
    !name.is_empty()
        && (name.parse::<IpAddr>().is_ok()
            || name.eq_ignore_ascii_case("localhost")
            || names.iter().any(|n| n.eq_ignore_ascii_case(name)))
}

/// Whether a browser's `Origin` is the page's own (`None`: not a browser's request).
pub fn origin_allowed(origin: Option<&str>, host: &str) -> bool {
    let Some(origin) = origin else {
        return true;
    };
    let Some((_, rest)) = origin.split_once("://") else {
        return false;
    };
    let rest = rest.trim_end_matches('/');
    // The default ports are left out of an Origin and may be left in a Host.
    let strip = |s: &str| {
        s.strip_suffix(":80")
            .or_else(|| s.strip_suffix(":443"))
            .unwrap_or(s)
            .to_ascii_lowercase()
    };
    strip(rest) == strip(host.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_origins() {
        let names = vec!["foreman.example.org".to_string()];
        for ok in [
            "192.168.1.20:7878",
            "127.0.0.1",
            "[::1]:7878",
            "localhost:7878",
            "Foreman.Example.org",
        ] {
            assert!(host_allowed(ok, &names), "{ok}");
        }
        for bad in ["", "evil.example.com:7878", "rebind.attacker.net", "[::1"] {
            assert!(!host_allowed(bad, &names), "{bad}");
        }
        assert!(origin_allowed(None, "127.0.0.1:7878"));
        assert!(origin_allowed(
            Some("http://127.0.0.1:7878"),
            "127.0.0.1:7878"
        ));
        assert!(origin_allowed(
            Some("https://foreman.example.org"),
            "foreman.example.org:443"
        ));
        assert!(!origin_allowed(
            Some("http://evil.example.com"),
            "127.0.0.1:7878"
        ));
        assert!(!origin_allowed(Some("null"), "127.0.0.1:7878"));
        assert!(!origin_allowed(
            Some("http://127.0.0.1:9999"),
            "127.0.0.1:7878"
        ));
    }

    /// Issue 73, point 6: a device that floods is slowed to its rate after its burst (on
    /// the runtime's paused clock, so nothing here depends on the machine's speed).
    #[tokio::test(start_paused = true)]
    async fn a_flood_waits_for_its_tokens() {
        let mut bucket = Bucket::new(20.0, 10.0);
        for _ in 0..20 {
            assert_eq!(bucket.take(), Duration::ZERO, "the burst goes at once");
        }
        let mut waited = Duration::ZERO;
        for _ in 0..30 {
            let wait = bucket.take();
            tokio::time::sleep(wait).await;
            waited = waited.max(wait);
        }
        let secs = waited.as_secs_f64();
        assert!((0.05..0.2).contains(&secs), "each waits its turn: {secs} s");
        let mut after = Bucket::new(20.0, 10.0);
        let start = Instant::now();
        for _ in 0..50 {
            tokio::time::sleep(after.take()).await;
        }
        let total = start.elapsed().as_secs_f64();
        assert!(
            (2.9..3.2).contains(&total),
            "30 past the burst at 10 a second: {total} s"
        );
    }
}
