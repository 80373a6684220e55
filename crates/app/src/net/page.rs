//! The pages a browser loads, embedded in the program (nothing to install on a phone, nothing
//! fetched at build time): a seat's screen, the host's and the server's front pages, and the
//! page for a link of no seat.

/// A seat's screen (and a spectator's): it opens `/ws/KEY` and shows what comes.
pub const SEAT: &str = include_str!("../../../../assets/web/seat.html");
/// `foreman host`'s front page: open your seat's link.
pub const HOST: &str = include_str!("../../../../assets/web/host.html");
/// `foreman serve`'s front page: make a game, or join one by its code.
pub const LOBBY: &str = include_str!("../../../../assets/web/lobby.html");
/// A link no seat has.
pub const NO_SEAT: &str = include_str!("../../../../assets/web/no-seat.html");
/// An invitation to one seat of a game made in the lobby: a tap takes the seat.
pub const INVITE: &str = include_str!("../../../../assets/web/invite.html");
