//! The smart-dice wire protocol, shared by the die's firmware and Foreman (`no_std`, no
//! allocation, no dependencies).
//!
//! A frame on the line is `0x00 · COBS(body · crc16) · 0x00`, where
//! `body = version · seq (u16 LE) · kind · payload`. The leading zero lets a receiver that
//! joined mid-stream (or saw garbage) resynchronise on the very next frame; the CRC-16
//! (X.25: poly 0x1021 reflected, init and xorout 0xFFFF) rejects bit flips and cut frames,
//! which COBS alone would let through. A frame of another protocol version is reported as
//! such ([`DecodeError::Version`]), never decoded by guesswork.

#![no_std]

/// This protocol's version. A change that old peers cannot read bumps it.
pub const PROTOCOL_VERSION: u8 = 1;

/// The longest body (version to payload) any message has.
pub const MAX_BODY: usize = 24;
/// The longest frame on the wire: two delimiters, COBS overhead, body and CRC.
pub const MAX_FRAME: usize = MAX_BODY + 2 + 2 + 2;

/// The colour of a die (the player it belongs to, or one of the Machine's five dice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum DieColour {
    Red = 0,
    Blue = 1,
    Green = 2,
    Purple = 3,
    Yellow = 4,
    White = 5,
    Black = 6,
}

impl DieColour {
    pub const ALL: [DieColour; 7] = [
        DieColour::Red,
        DieColour::Blue,
        DieColour::Green,
        DieColour::Purple,
        DieColour::Yellow,
        DieColour::White,
        DieColour::Black,
    ];
    fn from_u8(v: u8) -> Option<DieColour> {
        DieColour::ALL.get(usize::from(v)).copied()
    }
    pub fn name(self) -> &'static str {
        match self {
            DieColour::Red => "red",
            DieColour::Blue => "blue",
            DieColour::Green => "green",
            DieColour::Purple => "purple",
            DieColour::Yellow => "yellow",
            DieColour::White => "white",
            DieColour::Black => "black",
        }
    }
}

/// What the die is doing (the firmware core's roll state).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum RollState {
    /// Tumbling: thrown, shaken, in the air.
    Rolling = 0,
    /// Picked up or moved by hand, not thrown.
    Handling = 1,
    /// At rest flat on `face` after a real roll: the result.
    Rolled = 2,
    /// At rest flat on `face`, but not after a roll (put down, nudged).
    OnFace = 3,
    /// At rest leaning on something: no face can be read.
    Crooked = 4,
}

impl RollState {
    fn from_u8(v: u8) -> Option<RollState> {
        Some(match v {
            0 => RollState::Rolling,
            1 => RollState::Handling,
            2 => RollState::Rolled,
            3 => RollState::OnFace,
            4 => RollState::Crooked,
            _ => return None,
        })
    }
}

/// Every message, in both directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Message {
    // Die → host.
    /// Sent when the host asks ([`Message::HelloRequest`]; Foreman asks on opening the port):
    /// who the die is.
    Hello {
        protocol: u8,
        firmware: u32,
        die_id: u64,
        colour: DieColour,
        faces: u8,
    },
    /// The roll state, sent on every change and when asked. `roll_id` counts real rolls
    /// (it grows by one per `Rolled`), so the host can drop a repeated report.
    Roll {
        /// The die this is about (one port may carry several dice: a base station, the
        /// simulator).
        die_id: u64,
        roll_id: u32,
        state: RollState,
        /// The face up (1..=faces), or 0 when there is none (rolling, crooked).
        face: u8,
    },
    /// About once a second, per die.
    Heartbeat {
        die_id: u64,
        uptime_ms: u32,
        battery_mv: u16,
    },
    // Host → die.
    /// Ask for a Hello.
    HelloRequest,
    /// Ask for the current Roll state.
    RequestState,
    /// Blink the die `die_id`'s light for this long, to find it on the table.
    Identify { die_id: u64, millis: u16 },
    /// Record the face now up as `face` (calibration: one call per face).
    Calibrate { face: u8 },
}

impl Message {
    fn kind(&self) -> u8 {
        match self {
            Message::Hello { .. } => 1,
            Message::Roll { .. } => 2,
            Message::Heartbeat { .. } => 3,
            Message::HelloRequest => 16,
            Message::RequestState => 17,
            Message::Identify { .. } => 18,
            Message::Calibrate { .. } => 19,
        }
    }
}

/// A decoded frame: its sequence number (per sender, wrapping) and message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Envelope {
    pub seq: u16,
    pub message: Message,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecodeError {
    /// The frame is longer than any message.
    TooLong,
    /// The COBS encoding is broken (a cut or corrupted frame).
    Cobs,
    /// Shorter than the smallest frame.
    Truncated,
    /// The CRC does not match: corrupted on the way.
    Crc,
    /// Another protocol version: the peer must be updated.
    Version { got: u8 },
    /// A message kind this version does not know.
    UnknownKind(u8),
    /// A field with an impossible value (a colour or state out of range).
    BadField,
}

/// CRC-16/X.25.
pub fn crc16(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for &b in bytes {
        crc ^= u16::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0x8408
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// COBS-encodes `src` into `dst` (no delimiter); returns the length, or `None` if `dst` is too
/// small.
pub fn cobs_encode(src: &[u8], dst: &mut [u8]) -> Option<usize> {
    let mut code_at = 0;
    let mut out = 1;
    let mut code: u8 = 1;
    *dst.get_mut(0)? = 0;
    for &b in src {
        if b == 0 {
            *dst.get_mut(code_at)? = code;
            code_at = out;
            *dst.get_mut(out)? = 0;
            out += 1;
            code = 1;
        } else {
            *dst.get_mut(out)? = b;
            out += 1;
            code += 1;
            if code == 0xFF {
                *dst.get_mut(code_at)? = code;
                code_at = out;
                *dst.get_mut(out)? = 0;
                out += 1;
                code = 1;
            }
        }
    }
    *dst.get_mut(code_at)? = code;
    Some(out)
}

/// Decodes one COBS block (no delimiters) into `dst`; returns the length.
pub fn cobs_decode(src: &[u8], dst: &mut [u8]) -> Result<usize, DecodeError> {
    let mut i = 0;
    let mut out = 0;
    while i < src.len() {
        let code = src[i];
        if code == 0 {
            return Err(DecodeError::Cobs);
        }
        i += 1;
        let run = usize::from(code) - 1;
        if i + run > src.len() {
            return Err(DecodeError::Cobs);
        }
        for &b in &src[i..i + run] {
            if b == 0 {
                return Err(DecodeError::Cobs);
            }
            *dst.get_mut(out).ok_or(DecodeError::TooLong)? = b;
            out += 1;
        }
        i += run;
        if code != 0xFF && i < src.len() {
            *dst.get_mut(out).ok_or(DecodeError::TooLong)? = 0;
            out += 1;
        }
    }
    Ok(out)
}

struct Writer<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl Writer<'_> {
    fn put(&mut self, bytes: &[u8]) {
        // Bodies never exceed MAX_BODY: the buffer is sized for the largest message.
        let end = self.len + bytes.len();
        if let Some(dst) = self.buf.get_mut(self.len..end) {
            dst.copy_from_slice(bytes);
        }
        self.len = end;
    }
}

fn body(seq: u16, message: &Message, buf: &mut [u8; MAX_BODY]) -> usize {
    let mut w = Writer { buf, len: 0 };
    w.put(&[PROTOCOL_VERSION]);
    w.put(&seq.to_le_bytes());
    w.put(&[message.kind()]);
    match *message {
        Message::Hello {
            protocol,
            firmware,
            die_id,
            colour,
            faces,
        } => {
            w.put(&[protocol]);
            w.put(&firmware.to_le_bytes());
            w.put(&die_id.to_le_bytes());
            w.put(&[colour as u8, faces]);
        }
        Message::Roll {
            die_id,
            roll_id,
            state,
            face,
        } => {
            w.put(&die_id.to_le_bytes());
            w.put(&roll_id.to_le_bytes());
            w.put(&[state as u8, face]);
        }
        Message::Heartbeat {
            die_id,
            uptime_ms,
            battery_mv,
        } => {
            w.put(&die_id.to_le_bytes());
            w.put(&uptime_ms.to_le_bytes());
            w.put(&battery_mv.to_le_bytes());
        }
        Message::HelloRequest | Message::RequestState => {}
        Message::Identify { die_id, millis } => {
            w.put(&die_id.to_le_bytes());
            w.put(&millis.to_le_bytes());
        }
        Message::Calibrate { face } => w.put(&[face]),
    }
    w.len
}

/// Writes the frame of `message` into `out`; returns its length (at most [`MAX_FRAME`]).
pub fn encode(seq: u16, message: &Message, out: &mut [u8; MAX_FRAME]) -> usize {
    let mut raw = [0u8; MAX_BODY + 2];
    let mut b = [0u8; MAX_BODY];
    let n = body(seq, message, &mut b);
    raw[..n].copy_from_slice(&b[..n]);
    raw[n..n + 2].copy_from_slice(&crc16(&b[..n]).to_le_bytes());
    out[0] = 0;
    // MAX_FRAME leaves room for the COBS overhead of the largest body.
    let len = cobs_encode(&raw[..n + 2], &mut out[1..MAX_FRAME - 1]).unwrap_or(0);
    out[1 + len] = 0;
    len + 2
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], DecodeError> {
        let (head, rest) = self
            .bytes
            .split_first_chunk::<N>()
            .ok_or(DecodeError::Truncated)?;
        self.bytes = rest;
        Ok(*head)
    }
    fn u8(&mut self) -> Result<u8, DecodeError> {
        Ok(self.take::<1>()?[0])
    }
    fn u16(&mut self) -> Result<u16, DecodeError> {
        Ok(u16::from_le_bytes(self.take()?))
    }
    fn u32(&mut self) -> Result<u32, DecodeError> {
        Ok(u32::from_le_bytes(self.take()?))
    }
    fn u64(&mut self) -> Result<u64, DecodeError> {
        Ok(u64::from_le_bytes(self.take()?))
    }
}

/// Decodes the COBS block of one frame (the bytes between two zeros).
pub fn decode_block(block: &[u8]) -> Result<Envelope, DecodeError> {
    if block.len() > MAX_FRAME {
        return Err(DecodeError::TooLong);
    }
    let mut raw = [0u8; MAX_FRAME];
    let n = cobs_decode(block, &mut raw)?;
    if n < 6 {
        return Err(DecodeError::Truncated);
    }
    let (b, crc) = raw[..n].split_at(n - 2);
    if crc16(b).to_le_bytes() != [crc[0], crc[1]] {
        return Err(DecodeError::Crc);
    }
    let mut r = Reader { bytes: b };
    let version = r.u8()?;
    if version != PROTOCOL_VERSION {
        return Err(DecodeError::Version { got: version });
    }
    let seq = r.u16()?;
    let kind = r.u8()?;
    let message = match kind {
        1 => Message::Hello {
            protocol: r.u8()?,
            firmware: r.u32()?,
            die_id: r.u64()?,
            colour: DieColour::from_u8(r.u8()?).ok_or(DecodeError::BadField)?,
            faces: r.u8()?,
        },
        2 => Message::Roll {
            die_id: r.u64()?,
            roll_id: r.u32()?,
            state: RollState::from_u8(r.u8()?).ok_or(DecodeError::BadField)?,
            face: r.u8()?,
        },
        3 => Message::Heartbeat {
            die_id: r.u64()?,
            uptime_ms: r.u32()?,
            battery_mv: r.u16()?,
        },
        16 => Message::HelloRequest,
        17 => Message::RequestState,
        18 => Message::Identify {
            die_id: r.u64()?,
            millis: r.u16()?,
        },
        19 => Message::Calibrate { face: r.u8()? },
        other => return Err(DecodeError::UnknownKind(other)),
    };
    if !r.bytes.is_empty() {
        return Err(DecodeError::BadField);
    }
    Ok(Envelope { seq, message })
}

/// Splits a byte stream into frames: feed bytes as they arrive; each complete frame comes
/// out decoded, or as the reason it was refused. A frame longer than any message is dropped
/// up to the next zero, so garbage never fills memory.
#[derive(Debug, Clone)]
pub struct Decoder {
    buf: [u8; MAX_FRAME],
    len: usize,
    overflow: bool,
}

impl Default for Decoder {
    fn default() -> Self {
        Decoder {
            buf: [0; MAX_FRAME],
            len: 0,
            overflow: false,
        }
    }
}

impl Decoder {
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// One byte in; a frame's outcome out when `byte` ends one.
    pub fn feed(&mut self, byte: u8) -> Option<Result<Envelope, DecodeError>> {
        if byte != 0 {
            if self.len < MAX_FRAME {
                self.buf[self.len] = byte;
                self.len += 1;
            } else {
                self.overflow = true;
            }
            return None;
        }
        let (len, overflow) = (self.len, self.overflow);
        self.len = 0;
        self.overflow = false;
        if overflow {
            return Some(Err(DecodeError::TooLong));
        }
        if len == 0 {
            // Two delimiters in a row: the gap between frames.
            return None;
        }
        Some(decode_block(&self.buf[..len]))
    }
}
