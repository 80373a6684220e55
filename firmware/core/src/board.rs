//! What the board decides beside the die's logic, kept here so it is tested on the host: the
//! accelerometer's bytes as a sample, the die's colour as built, the light's blink, and the
//! answer to each of the host's requests. The board (`firmware/board`) only moves bytes.

use crate::DieCore;
use foreman_dice_protocol::{DieColour, Message, PROTOCOL_VERSION};

/// The LIS3DH's six output bytes (X, Y, Z, little-endian, 12-bit left-justified: 1 mg per
/// digit at ±2 g) as a sample in milli-g.
pub fn lis3dh_sample(raw: [u8; 6]) -> [i16; 3] {
    [0, 1, 2].map(|i| i16::from_le_bytes([raw[2 * i], raw[2 * i + 1]]) >> 4)
}

/// The die's colour from its build's `DIE_COLOUR` (`red`, `blue`, …); white otherwise.
pub fn colour_named(name: &[u8]) -> DieColour {
    match name {
        b"red" => DieColour::Red,
        b"blue" => DieColour::Blue,
        b"green" => DieColour::Green,
        b"purple" => DieColour::Purple,
        b"yellow" => DieColour::Yellow,
        b"black" => DieColour::Black,
        _ => DieColour::White,
    }
}

/// Whether the light is on at `now_ms` while asked to blink until `until_ms`: 150 ms on, 150 ms
/// off; off once the time is up.
pub fn light_on(now_ms: u64, until_ms: u64) -> bool {
    now_ms < until_ms && (now_ms / 150).is_multiple_of(2)
}

/// Who this die is, as a Hello says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Identity {
    pub die_id: u64,
    pub firmware: u32,
    pub colour: DieColour,
}

/// What the board does for a request from the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Send this message back.
    Send(Message),
    /// Blink the light for this many milliseconds.
    Blink(u16),
    /// Nothing to send (a calibration recorded, another die's request, a die's own message).
    Nothing,
}

/// The answer to `request` for the die `me` whose logic is `core`; `last` is the latest
/// sample (a calibration records the face now up from it).
pub fn answer(core: &mut DieCore, me: Identity, last: [i16; 3], request: Message) -> Answer {
    match request {
        Message::HelloRequest => Answer::Send(Message::Hello {
            protocol: PROTOCOL_VERSION,
            firmware: me.firmware,
            die_id: me.die_id,
            colour: me.colour,
            faces: 6,
        }),
        Message::RequestState => Answer::Send(Message::Roll {
            die_id: me.die_id,
            roll_id: core.roll_id(),
            state: core.state(),
            face: core.face(),
        }),
        Message::Identify { die_id, millis } if die_id == me.die_id => Answer::Blink(millis),
        Message::Calibrate { face } => {
            core.calibrate(face, last.map(i32::from));
            Answer::Nothing
        }
        _ => Answer::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Calibration, Config};
    use foreman_dice_protocol::RollState;

    const ME: Identity = Identity {
        die_id: 0x1234_5678_9abc_def0,
        firmware: 0x0001_0000,
        colour: DieColour::Green,
    };

    /// The LIS3DH's bytes: 1 g on Z is 1,000 mg (0x3E80 left-justified), −1 g on X is −1,000.
    #[test]
    fn the_accelerometers_bytes_are_milli_g() {
        let word = |mg: i16| (mg << 4).to_le_bytes();
        let [x, y, z] = [word(-1000), word(0), word(1000)];
        let raw = [x[0], x[1], y[0], y[1], z[0], z[1]];
        assert_eq!(lis3dh_sample(raw), [-1000, 0, 1000]);
        assert_eq!(lis3dh_sample([0x80, 0x3E, 0, 0, 0xF0, 0xFF]), [1000, 0, -1]);
    }

    #[test]
    fn the_colour_is_the_one_built_and_white_otherwise() {
        assert_eq!(colour_named(b"red"), DieColour::Red);
        assert_eq!(colour_named(b"black"), DieColour::Black);
        assert_eq!(colour_named(b"Red"), DieColour::White);
        assert_eq!(colour_named(b""), DieColour::White);
    }

    #[test]
    fn the_light_blinks_until_its_time_is_up() {
        assert!(light_on(0, 1000));
        assert!(!light_on(150, 1000));
        assert!(light_on(300, 1000));
        assert!(!light_on(1200, 1000));
        assert!(!light_on(0, 0));
    }

    /// The host's requests (protocol: HelloRequest, RequestState, Identify, Calibrate): a Hello
    /// saying who the die is; its state as the core has it; a blink for its own id only; a
    /// calibration recorded and nothing sent; a die's own message ignored.
    #[test]
    fn each_request_of_the_host_gets_its_answer() {
        let mut core = DieCore::new(Config::default(), Calibration::default());
        assert_eq!(
            answer(&mut core, ME, [0, 0, 1000], Message::HelloRequest),
            Answer::Send(Message::Hello {
                protocol: PROTOCOL_VERSION,
                firmware: ME.firmware,
                die_id: ME.die_id,
                colour: DieColour::Green,
                faces: 6,
            })
        );
        // At rest on a face, the state says so.
        for _ in 0..200 {
            core.step([0, 0, 1000]);
        }
        let Answer::Send(Message::Roll {
            die_id,
            roll_id,
            state,
            face,
        }) = answer(&mut core, ME, [0, 0, 1000], Message::RequestState)
        else {
            panic!("a Roll in answer to RequestState");
        };
        assert_eq!(die_id, ME.die_id);
        assert_eq!(
            (roll_id, state, face),
            (core.roll_id(), core.state(), core.face())
        );
        assert_ne!(state, RollState::Rolling);
        assert_eq!(
            answer(
                &mut core,
                ME,
                [0; 3],
                Message::Identify {
                    die_id: ME.die_id,
                    millis: 700
                }
            ),
            Answer::Blink(700)
        );
        assert_eq!(
            answer(
                &mut core,
                ME,
                [0; 3],
                Message::Identify {
                    die_id: 7,
                    millis: 700
                }
            ),
            Answer::Nothing,
            "another die's request"
        );
        // A calibration records the face now up from the last sample: a die resting tilted
        // (between the default 1 and 2) reads 3 once that tilt is calibrated as 3.
        let tilted = [0, 707, 707];
        let mut tilt = DieCore::new(Config::default(), Calibration::default());
        for _ in 0..300 {
            tilt.step(tilted);
        }
        assert_ne!(tilt.face(), 3);
        assert_eq!(
            answer(&mut tilt, ME, tilted, Message::Calibrate { face: 3 }),
            Answer::Nothing
        );
        // Picked up and put down again the same way.
        for k in 0..30 {
            tilt.step(if k % 2 == 0 {
                [400, 0, 900]
            } else {
                [-400, 300, 800]
            });
        }
        for _ in 0..300 {
            tilt.step(tilted);
        }
        assert_eq!(tilt.face(), 3, "the calibration was recorded");
        assert_eq!(
            answer(
                &mut core,
                ME,
                [0; 3],
                Message::Heartbeat {
                    die_id: 1,
                    uptime_ms: 0,
                    battery_mv: 0
                }
            ),
            Answer::Nothing
        );
    }
}
