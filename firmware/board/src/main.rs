//! Board glue only: read the LIS3DH at 100 Hz, feed `foreman_dice_core::DieCore`, send its
//! reports and a heartbeat as protocol frames over USB CDC, and answer the host's requests.
//! Every decision (face, stillness, roll or handling, the sample's bytes, the answer to each
//! request, the light's blink) is in the tested core (`foreman_dice_core::board`).

#![no_std]
#![no_main]

use embassy_executor::Spawner;
use embassy_futures::select::{Either, select};
use embassy_rp::bind_interrupts;
use embassy_rp::flash::{Blocking, Flash};
use embassy_rp::gpio::{Level, Output};
use embassy_rp::i2c::{self, I2c};
use embassy_rp::peripherals::{I2C1, USB};
use embassy_rp::usb::{Driver, InterruptHandler as UsbIrq};
use embassy_time::{Duration, Instant, Ticker};
use embassy_usb::class::cdc_acm::{CdcAcmClass, State};
use embassy_usb::{Builder, Config as UsbConfig};
use foreman_dice_core::{Calibration, Config, DieCore, board};
use foreman_dice_protocol::{Decoder, DieColour, MAX_FRAME, Message, encode};
use panic_halt as _;
use static_cell::StaticCell;

bind_interrupts!(struct Irqs {
    USBCTRL_IRQ => UsbIrq<USB>;
    I2C1_IRQ => i2c::InterruptHandler<I2C1>;
});

const LIS3DH: u16 = 0x18;
const FIRMWARE: u32 = 0x0001_0000;

/// The die's colour, chosen at build time: `DIE_COLOUR=red cargo run --release`.
fn colour() -> DieColour {
    board::colour_named(option_env!("DIE_COLOUR").unwrap_or("white").as_bytes())
}

#[embassy_executor::main]
async fn main(_spawner: Spawner) {
    let p = embassy_rp::init(Default::default());

    // The die's id: the flash chip's unique id.
    let mut flash: Flash<'_, _, Blocking, { 2 * 1024 * 1024 }> = Flash::new_blocking(p.FLASH);
    let mut uid = [0u8; 8];
    let _ = flash.blocking_unique_id(&mut uid);
    let die_id = u64::from_le_bytes(uid);

    // XIAO RP2040: SDA on D4 (GPIO6), SCL on D5 (GPIO7), I2C1.
    let mut i2c = I2c::new_async(p.I2C1, p.PIN_7, p.PIN_6, Irqs, i2c::Config::default());
    // 100 Hz, all axes (CTRL_REG1); block data update, high resolution, ±2 g (CTRL_REG4).
    let _ = i2c.write_async(LIS3DH, [0x20, 0x57]).await;
    let _ = i2c.write_async(LIS3DH, [0x23, 0x88]).await;

    let mut led = Output::new(p.PIN_25, Level::High); // the XIAO's blue LED, active low

    let driver = Driver::new(p.USB, Irqs);
    let mut config = UsbConfig::new(0x2e8a, 0x000a);
    config.manufacturer = Some("Foreman");
    config.product = Some("Foreman smart die");
    static CONFIG_DESC: StaticCell<[u8; 256]> = StaticCell::new();
    static BOS_DESC: StaticCell<[u8; 256]> = StaticCell::new();
    static CONTROL_BUF: StaticCell<[u8; 64]> = StaticCell::new();
    static STATE: StaticCell<State> = StaticCell::new();
    let mut builder = Builder::new(
        driver,
        config,
        CONFIG_DESC.init([0; 256]),
        BOS_DESC.init([0; 256]),
        &mut [],
        CONTROL_BUF.init([0; 64]),
    );
    let mut class = CdcAcmClass::new(&mut builder, STATE.init(State::new()), 64);
    let mut usb = builder.build();

    let die = async {
        let mut core = DieCore::new(Config::default(), Calibration::default());
        let mut decoder = Decoder::new();
        let mut seq: u16 = 0;
        let mut frame = [0u8; MAX_FRAME];
        let mut rx = [0u8; 64];
        let mut last = [0i16; 3];
        // The sensor's first conversion comes up to a sample period after CTRL_REG1 is
        // written; before it, its outputs read 0 on every axis, which is free fall to the
        // core (a phantom roll at boot). So nothing is read until STATUS_REG's ZYXDA says the
        // first sample is there.
        let mut sensor_ready = false;
        let mut ticker = Ticker::every(Duration::from_hz(100));
        let mut next_heartbeat = Instant::now();
        let mut blink_until = Instant::now();
        loop {
            class.wait_connection().await;
            loop {
                match select(ticker.next(), class.read_packet(&mut rx)).await {
                    Either::First(()) => {
                        if !sensor_ready {
                            let mut status = [0u8; 1];
                            let read = i2c.write_read_async(LIS3DH, [0x27], &mut status).await;
                            if read.is_err() || status[0] & 0x08 == 0 {
                                continue;
                            }
                            sensor_ready = true;
                        }
                        let mut raw = [0u8; 6];
                        if i2c
                            .write_read_async(LIS3DH, [0x28 | 0x80], &mut raw)
                            .await
                            .is_err()
                        {
                            continue;
                        }
                        let s = board::lis3dh_sample(raw);
                        last = s;
                        let mut out: Option<Message> = core.step(s).map(|r| Message::Roll {
                            die_id,
                            roll_id: r.roll_id,
                            state: r.state,
                            face: r.face,
                        });
                        if out.is_none() && Instant::now() >= next_heartbeat {
                            next_heartbeat = Instant::now() + Duration::from_secs(1);
                            out = Some(Message::Heartbeat {
                                die_id,
                                uptime_ms: Instant::now().as_millis() as u32,
                                battery_mv: 0, // the XIAO has no battery sense line; 0 = unknown
                            });
                        }
                        led.set_level(
                            if board::light_on(Instant::now().as_millis(), blink_until.as_millis())
                            {
                                Level::Low
                            } else {
                                Level::High
                            },
                        );
                        if let Some(m) = out {
                            let n = encode(seq, &m, &mut frame);
                            seq = seq.wrapping_add(1);
                            if class.write_packet(&frame[..n]).await.is_err() {
                                break;
                            }
                        }
                    }
                    Either::Second(Ok(n)) => {
                        for &b in &rx[..n] {
                            let Some(Ok(env)) = decoder.feed(b) else {
                                continue;
                            };
                            let me = board::Identity {
                                die_id,
                                firmware: FIRMWARE,
                                colour: colour(),
                            };
                            let reply = match board::answer(&mut core, me, last, env.message) {
                                board::Answer::Send(m) => Some(m),
                                board::Answer::Blink(millis) => {
                                    blink_until =
                                        Instant::now() + Duration::from_millis(u64::from(millis));
                                    None
                                }
                                board::Answer::Nothing => None,
                            };
                            if let Some(m) = reply {
                                let n = encode(seq, &m, &mut frame);
                                seq = seq.wrapping_add(1);
                                let _ = class.write_packet(&frame[..n]).await;
                            }
                        }
                    }
                    Either::Second(Err(_)) => break,
                }
            }
        }
    };
    embassy_futures::join::join(usb.run(), die).await;
}
