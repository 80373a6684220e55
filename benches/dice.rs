//! Smart-dice decoding speed (issue: smart dice, point 8). Run: `cargo bench --bench dice`.
//! The host reader (`Link::take_bytes`: frame splitting, COBS, CRC, message decoding,
//! duplicate filtering) over a stream of roll and heartbeat frames from 7 dice.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use foreman::dice::serial::{Link, Seen};
use foreman_dice_protocol::{DieColour, MAX_FRAME, Message, PROTOCOL_VERSION, RollState, encode};
use std::hint::black_box;
use std::io::Cursor;

fn stream(frames: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = [0u8; MAX_FRAME];
    for d in 0..7u64 {
        let n = encode(
            0,
            &Message::Hello {
                protocol: PROTOCOL_VERSION,
                firmware: 1,
                die_id: d,
                colour: DieColour::ALL[d as usize],
                faces: 6,
            },
            &mut buf,
        );
        out.extend(&buf[..n]);
    }
    for i in 0..frames {
        let die_id = (i % 7) as u64;
        let m = if i % 5 == 4 {
            Message::Heartbeat {
                die_id,
                uptime_ms: i as u32,
                battery_mv: 3900,
            }
        } else {
            Message::Roll {
                die_id,
                roll_id: (i / 7) as u32,
                state: if i % 2 == 0 {
                    RollState::Rolled
                } else {
                    RollState::Rolling
                },
                face: (i % 6) as u8 + 1,
            }
        };
        let n = encode(i as u16, &m, &mut buf);
        out.extend(&buf[..n]);
    }
    out
}

fn decode(c: &mut Criterion) {
    const FRAMES: usize = 10_000;
    let bytes = stream(FRAMES);
    let mut g = c.benchmark_group("dice");
    g.throughput(Throughput::Elements(FRAMES as u64));
    g.bench_function("host decodes frames", |b| {
        b.iter(|| {
            let mut link = Link::new(Cursor::new(Vec::new()), "bench");
            let mut seen = Seen::default();
            black_box(link.take_bytes(black_box(&bytes), &mut seen).len())
        })
    });
    g.finish();
}

criterion_group!(benches, decode);
criterion_main!(benches);
