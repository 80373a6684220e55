//! A served game's links: the address devices on the network reach this computer by, each
//! seat's URL, and its QR code (as dark and light modules, drawn by the window and the
//! terminal).

use super::seat_keys::SeatKeys;
use std::net::IpAddr;

/// This computer's address on the local network: the first IPv4 address of an interface
/// that is up and not the loopback; `None` when there is none.
pub fn lan_address() -> Option<IpAddr> {
    let addrs = nix::ifaddrs::getifaddrs().ok()?;
    addrs
        .filter(|a| {
            a.flags.contains(nix::net::if_::InterfaceFlags::IFF_UP)
                && !a
                    .flags
                    .contains(nix::net::if_::InterfaceFlags::IFF_LOOPBACK)
        })
        .filter_map(|a| {
            a.address?
                .as_sockaddr_in()
                .map(|s| IpAddr::from(std::net::Ipv4Addr::from(s.ip())))
        })
        .next()
}

/// The links of a game served at `base` (`http://192.168.1.20:7878`): each seat's, then the
/// spectators'.
pub fn urls(base: &str, keys: &SeatKeys) -> (Vec<String>, String) {
    let base = base.trim_end_matches('/');
    (
        keys.seats.iter().map(|k| format!("{base}/s/{k}")).collect(),
        format!("{base}/s/{}", keys.spectator),
    )
}

/// The QR code of `text`: its width and its modules row by row (`true`: dark).
pub fn qr(text: &str) -> Option<(usize, Vec<bool>)> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    let width = code.width();
    let dark = code
        .to_colors()
        .into_iter()
        .map(|c| c == qrcode::Color::Dark)
        .collect();
    Some((width, dark))
}

/// The QR code of `text` for a terminal: two rows of modules a line, with a quiet zone.
pub fn qr_text(text: &str) -> String {
    let Some((w, dark)) = qr(text) else {
        return String::new();
    };
    let at = |x: isize, y: isize| -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < w
            && (y as usize) < w
            && dark[y as usize * w + x as usize]
    };
    let mut out = String::new();
    let q = 2isize;
    let mut y = -q;
    while y < w as isize + q {
        for x in -q..w as isize + q {
            // Light on dark terminals: a dark module is a space, a light one a block.
            out.push(match (at(x, y), at(x, y + 1)) {
                (false, false) => '█',
                (false, true) => '▀',
                (true, false) => '▄',
                (true, true) => ' ',
            });
        }
        out.push('\n');
        y += 2;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_has_a_square_qr_code() {
        let url = "http://192.168.1.20:7878/s/0123456789abcdef0123456789abcdef";
        let (w, dark) = qr(url).expect("a code");
        assert_eq!(dark.len(), w * w);
        assert!(w >= 21 && dark.iter().filter(|&&d| d).count() > w * w / 4);
        // The three finder patterns: dark corners.
        assert!(dark[0] && dark[w - 1] && dark[(w - 1) * w]);
        let text = qr_text(url);
        assert_eq!(text.lines().count(), (w + 4).div_ceil(2));
        assert!(text.lines().all(|l| l.chars().count() == w + 4));
    }
}
