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

/// The camera reader on one real 640×640 photo (the first of the labelled set, 22 dice), on it
/// seen from farther, on it as a 1280×720 webcam frame shows it, and on an empty frame.
fn camera(c: &mut Criterion) {
    use foreman::vision::read_dice;
    use foreman_dice_training::synthetic;
    let mut g = c.benchmark_group("camera");
    let photo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/dice/d6-tray-photos/images/IMG_20191208_111228.jpg");
    if let Ok(img) = image::open(&photo) {
        let img = img.to_rgb8();
        g.bench_function("read a 640x640 photo", |b| {
            b.iter(|| black_box(read_dice(black_box(&img)).len()))
        });
        // The same tray seen from farther: the photo shrunk by 0.76 in the middle of a
        // 640×640 picture, its edges drawn out to the sides.
        let far = synthetic::seen_from_farther(&img);
        g.bench_function("read a 640x640 photo of smaller dice", |b| {
            b.iter(|| black_box(read_dice(black_box(&far)).len()))
        });
        // As a webcam shows a tray: scaled to 720 high in the middle of a 1280×720 frame,
        // the sides its edge columns drawn out.
        let frame = synthetic::in_webcam_frame(&img).image;
        g.bench_function("read a 1280x720 frame", |b| {
            b.iter(|| black_box(read_dice(black_box(&frame)).len()))
        });
        // A webcam's MJPEG frame decoded (`camera::decode_frame`): the cost of each frame the
        // capture thread decodes rather than lets go by (`FrameSource::skip`).
        let mut jpeg = Vec::new();
        if image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 80)
            .encode_image(&frame)
            .is_ok()
        {
            use foreman::dice::camera::decode_frame;
            use nokhwa::utils::FrameFormat;
            g.bench_function("decode a 1280x720 MJPEG frame", |b| {
                b.iter(|| {
                    black_box(decode_frame(FrameFormat::MJPEG, 1280, 720, black_box(&jpeg)).is_ok())
                })
            });
        }
        // The detector's first look at the photo: the picture resampled to 192 a side.
        let s = 640.0 / 192.0;
        g.bench_function("resample a 640x640 photo to 192", |b| {
            b.iter(|| {
                let grid = foreman::vision::grid::sample(
                    black_box(&img),
                    (320.0, 320.0),
                    [s, 0.0, 0.0, s],
                    192,
                    192,
                );
                black_box(grid.len())
            })
        });
    }
    let empty = synthetic::table(1280, 720);
    g.bench_function("read an empty 1280x720 frame", |b| {
        b.iter(|| black_box(read_dice(black_box(&empty)).len()))
    });
    g.finish();
}

criterion_group!(benches, decode, camera);
criterion_main!(benches);
