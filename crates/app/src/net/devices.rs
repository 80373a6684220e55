//! One device per seat at a time. The device that opens a seat's link first plays it; the
//! same device coming back (a phone that slept, a reload) takes its place without asking.
//! Another device is told that the seat is open elsewhere and may take it over with a tap; the
//! socket that had it is then told it was taken over (and may take it back the same way; a
//! second tab of the same browser is told so too, and the two never take turns by
//! themselves). A device is known by a random name its page keeps (`?device=`); a client that
//! gives none is a device of its own at every connection.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::mpsc::UnboundedSender;

/// What a socket is told by the others on its seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// Another socket took the seat: this one only waits now.
    TakenOver,
}

struct Holder {
    device: String,
    conn: u64,
    tell: UnboundedSender<Control>,
}

#[derive(Default)]
struct Seats {
    /// The device playing each seat (by its key).
    holders: HashMap<String, Holder>,
    /// Sockets open on each seat's key.
    open: HashMap<String, usize>,
}

/// The seats' devices, for one server.
#[derive(Default)]
pub struct Devices {
    seats: Mutex<Seats>,
    next: AtomicU64,
}

/// A socket on a seat, counted until dropped.
pub struct Socket<'a> {
    devices: &'a Devices,
    key: String,
    pub conn: u64,
}

impl Devices {
    fn lock(&self) -> std::sync::MutexGuard<'_, Seats> {
        self.seats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A socket opens on `key`: counted, unless `most` are open on it already.
    pub fn open(&self, key: &str, most: usize) -> Option<Socket<'_>> {
        let mut s = self.lock();
        let n = s.open.entry(key.to_string()).or_insert(0);
        if *n >= most {
            return None;
        }
        *n += 1;
        Some(Socket {
            devices: self,
            key: key.to_string(),
            conn: self.next.fetch_add(1, Ordering::Relaxed),
        })
    }

    /// `device` arrives on `key` by `socket`: whether it plays the seat now (nobody did, or
    /// it did itself), or waits for a tap to take it over.
    pub fn arrive(
        &self,
        socket: &Socket<'_>,
        device: &str,
        tell: UnboundedSender<Control>,
    ) -> bool {
        let held = self
            .lock()
            .holders
            .get(&socket.key)
            .is_some_and(|h| h.device != device);
        if !held {
            self.take_over(socket, device, tell);
        }
        !held
    }

    /// `device` takes the seat over by `socket`; the socket that had it is told.
    pub fn take_over(&self, socket: &Socket<'_>, device: &str, tell: UnboundedSender<Control>) {
        let mut s = self.lock();
        let holder = Holder {
            device: device.to_string(),
            conn: socket.conn,
            tell,
        };
        if let Some(old) = s
            .holders
            .insert(socket.key.clone(), holder)
            .filter(|o| o.conn != socket.conn)
        {
            let _ = old.tell.send(Control::TakenOver);
        }
    }

    /// Which seats of `keys` have a device playing them now.
    pub fn connected(&self, keys: &[String]) -> Vec<bool> {
        let s = self.lock();
        keys.iter().map(|k| s.holders.contains_key(k)).collect()
    }
}

impl Drop for Socket<'_> {
    fn drop(&mut self) {
        let mut s = self.devices.lock();
        if s.holders
            .get(&self.key)
            .is_some_and(|h| h.conn == self.conn)
        {
            s.holders.remove(&self.key);
        }
        if let Some(n) = s.open.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                s.open.remove(&self.key);
            }
        }
    }
}
