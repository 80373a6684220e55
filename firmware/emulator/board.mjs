// The smart die's board in rp2040js: an RP2040 with its boot ROM, the firmware image exactly as
// flashed (a UF2), an LIS3DH on I2C1, the blue LED on GPIO25 and a USB host with a CDC serial
// port. Where rp2040js lacks something the firmware uses, it is modelled here (and only here):
//
// - XIP_CTRL (0x14000000) is not mapped: embassy-rp waits for its STREAM_CTR to read 0 before
//   any flash operation. A stub reads 0 everywhere and takes writes (cache flushes).
// - The SSI does not answer flash commands: the flash chip's unique id (command 0x4B), which
//   the firmware uses as the die's id, is served here from `flashUid`.
// - SEV does not set the event register, so a WFE after a SEV in thread mode (embassy's
//   executor waking itself) would sleep until the next interrupt. SEV is seen through the
//   core's log hook and sets the register, as on the chip.
// - A USB OUT buffer is marked done (AVAILABLE cleared) the moment the firmware arms it, and
//   the CDC helper answers every armed OUT buffer at once, with an empty packet if it has no
//   data. A real host sends nothing until it has data, and the controller clears AVAILABLE
//   only when a packet has arrived. Armed OUT buffers are kept here until the host writes.
// - The CDC helper resets the bus 10 ms after the device attaches; a real host waits out the
//   attach debounce first (USB 2.0, 7.1.7.3: at least 100 ms), so enumeration starts later.

import { readFileSync } from 'node:fs';
import { BasePeripheral, RP2040, USBCDC } from 'rp2040js';
import { Lis3dh } from './lis3dh.mjs';

const FLASH_START = 0x10000000;
const UF2_MAGIC_START0 = 0x0a324655;
const UF2_MAGIC_START1 = 0x9e5d5157;
const UF2_MAGIC_END = 0x0ab16f30;
const UF2_FLAG_NOT_MAIN_FLASH = 0x1;

// USB controller DPRAM (device mode): buffer control registers and their bits.
const EP0_IN_BUFFER_CONTROL = 0x80;
const EP1_IN_BUFFER_CONTROL = 0x88;
const EP15_OUT_BUFFER_CONTROL = 0xfc;
const BUF_AVAILABLE = 1 << 10;
const BUF_FULL = 1 << 15;
const BUF_LEN_MASK = 0x3ff;
const EP_DOUBLE_BUFFERED = 1 << 30;
/** A host's wait between a device attaching and its bus reset (USB 2.0: TATTDB ≥ 100 ms). */
const ATTACH_DEBOUNCE_NS = 100e6;

/** Writes a UF2 image's main-flash blocks into `flash`; returns the bytes written. */
export function loadUf2(bytes, flash) {
  let written = 0;
  for (let o = 0; o + 512 <= bytes.length; o += 512) {
    const v = new DataView(bytes.buffer, bytes.byteOffset + o, 512);
    if (
      v.getUint32(0, true) !== UF2_MAGIC_START0 ||
      v.getUint32(4, true) !== UF2_MAGIC_START1 ||
      v.getUint32(508, true) !== UF2_MAGIC_END
    ) {
      throw new Error(`UF2 block at byte ${o} has a bad magic number`);
    }
    if (v.getUint32(8, true) & UF2_FLAG_NOT_MAIN_FLASH) {
      continue;
    }
    const addr = v.getUint32(12, true);
    const size = v.getUint32(16, true);
    if (addr < FLASH_START || addr + size > FLASH_START + flash.length || size > 476) {
      throw new Error(`UF2 block at byte ${o} targets 0x${addr.toString(16)}, outside the flash`);
    }
    flash.set(bytes.subarray(o + 32, o + 32 + size), addr - FLASH_START);
    written += size;
  }
  if (written === 0) {
    throw new Error('the UF2 holds no flash data');
  }
  return written;
}

/** XIP_CTRL: the cache and streaming engine. Idle: every register reads 0. */
class XipCtrlStub extends BasePeripheral {
  readUint32() {
    return 0;
  }
  writeUint32() {}
}

export class Board {
  /**
   * @param {object} o
   * @param {string} o.image  the UF2 to flash
   * @param {string} o.bootrom  the RP2040 boot ROM (16 kB)
   * @param {Uint8Array} o.flashUid  the flash chip's 8-byte unique id
   * @param {object} o.sensor  the LIS3DH's clock: { rateScale, startDelayNs } (lis3dh.mjs)
   * @param {number} o.attachDebounceNs  the host's wait from attach to bus reset
   * @param {(kind: string, fields: any[]) => void} o.events  what happens, for the harness
   */
  constructor({ image, bootrom, flashUid, sensor, attachDebounceNs = ATTACH_DEBOUNCE_NS, events }) {
    this.events = events;
    const mcu = new RP2040();
    this.mcu = mcu;
    this.warnings = new Map();
    mcu.logger = {
      debug() {},
      info: (component, message) => {
        if (message === 'SEV') {
          mcu.core.eventRegistered = true;
        }
      },
      warn: (component, message) => this.warn(component, message),
      error: (component, message) => {
        throw new Error(`[${component}] ${message}`);
      },
    };

    const rom = readFileSync(bootrom);
    if (rom.length !== 16384) {
      throw new Error(`${bootrom}: ${rom.length} bytes, not the RP2040's 16 kB boot ROM`);
    }
    mcu.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, rom.length / 4));
    // loadBootrom resets the chip, which erases the flash: load the image after it.
    this.imageBytes = loadUf2(readFileSync(image), mcu.flash);

    // rp2040js finds a peripheral by address bits 31..14 (its `findPeripheral`).
    mcu.peripherals[(0x14000000 >>> 14) << 2] = new XipCtrlStub(mcu, 'XIP_CTRL');
    this.modelFlashUniqueId(flashUid);

    this.sensor = new Lis3dh(mcu.clock, events, sensor);
    this.sensor.attach(mcu.i2c[1], 0x18);

    // The XIAO's blue LED, active low.
    mcu.gpio[25].addListener(() => {
      const level = mcu.gpio[25].outputValue ? 1 : 0;
      if (level !== this.led) {
        this.led = level;
        events('led', [this.now, level]);
      }
    });
    this.led = undefined;

    this.setUpUsbHost(attachDebounceNs);

    // The boot ROM reads boot2 from flash through the SSI, which rp2040js does not model;
    // start where the ROM would hand over: boot2 at the start of the flash, run in place.
    mcu.core.PC = FLASH_START;
  }

  get now() {
    return Math.round(this.mcu.clock.nanos);
  }

  warn(component, message) {
    const key = `${component}: ${message}`;
    const n = (this.warnings.get(key) ?? 0) + 1;
    this.warnings.set(key, n);
  }

  /** The SSI answers the flash's "read unique id" command (0x4B, 4 dummy bytes, 8 id bytes). */
  modelFlashUniqueId(uid) {
    const ssi = this.mcu.findPeripheral(0x18000000);
    const SSIENR = 0x08;
    const DR0 = 0x60;
    const rx = [];
    const read = ssi.readUint32.bind(ssi);
    const write = ssi.writeUint32.bind(ssi);
    ssi.readUint32 = (offset) => (offset === DR0 && rx.length > 0 ? rx.shift() : read(offset));
    ssi.writeUint32 = (offset, value) => {
      if (offset === SSIENR && (value & 1) === 0) {
        rx.length = 0;
      }
      // TMOD = EEPROM read: the command goes out, the flash's answer comes back.
      const eepromRead = ((ssi.crtlr0 >> 8) & 3) === 3;
      if (offset === DR0 && eepromRead && (value & 0xff) === 0x4b) {
        rx.length = 0;
        rx.push(0, 0, 0, 0, ...uid);
        this.events('flash', [this.now, 'unique id read']);
      }
      write(offset, value);
    };
  }

  setUpUsbHost(attachDebounceNs) {
    const usb = this.mcu.usbCtrl;
    this.cdc = new USBCDC(usb);
    const busReset = usb.onUSBEnabled;
    const attached = this.mcu.clock.createAlarm(() => busReset());
    usb.onUSBEnabled = () => attached.schedule(attachDebounceNs);
    this.connected = false;
    this.cdc.onDeviceConnected = () => {
      this.connected = true;
      this.events('connected', [this.now]);
    };
    this.cdc.onSerialData = (data) => {
      this.events('usb', [this.now, Buffer.from(data).toString('hex')]);
    };
    // Host → device: bytes wait here until the firmware has an OUT buffer armed.
    this.hostOut = [];
    this.armed = new Map(); // endpoint → requested length
    this.deliverAlarm = this.mcu.clock.createAlarm(() => this.deliver());
    const dpramUpdated = usb.DPRAMUpdated.bind(usb);
    usb.DPRAMUpdated = (offset, value) => {
      const isOutBufferControl =
        offset > EP1_IN_BUFFER_CONTROL && offset <= EP15_OUT_BUFFER_CONTROL && (offset & 4) !== 0;
      if (!usb.hostMode && isOutBufferControl && value & BUF_AVAILABLE) {
        const endpoint = (offset - EP0_IN_BUFFER_CONTROL) >> 3;
        if (usb.readEndpointControlReg(endpoint, true) & EP_DOUBLE_BUFFERED) {
          throw new Error(`USB: double-buffered OUT endpoint ${endpoint} is not modelled`);
        }
        this.armed.set(endpoint, value & BUF_LEN_MASK);
        this.scheduleDelivery();
        return;
      }
      dpramUpdated(offset, value);
    };
  }

  /** Host writes `bytes` to the serial port. */
  send(bytes) {
    this.hostOut.push(...bytes);
    this.scheduleDelivery();
  }

  scheduleDelivery() {
    const endpoint = this.cdc.outEndpoint;
    if (this.hostOut.length > 0 && this.armed.has(endpoint) && !this.deliverAlarm.scheduled) {
      // A full-speed bulk packet takes some microseconds on the bus.
      this.deliverAlarm.schedule(10_000);
    }
  }

  /** One OUT packet into the armed buffer, as the controller would write it. */
  deliver() {
    this.deliverAlarm.scheduled = false;
    const endpoint = this.cdc.outEndpoint;
    const max = this.armed.get(endpoint);
    if (max === undefined || this.hostOut.length === 0) {
      return;
    }
    this.armed.delete(endpoint);
    const packet = Uint8Array.from(this.hostOut.splice(0, Math.min(max, 64)));
    const usb = this.mcu.usbCtrl;
    const dpram = this.mcu.usbDPRAMView;
    this.mcu.usbDPRAM.set(packet, usb.getEndpointBufferOffset(endpoint, true));
    const reg = EP0_IN_BUFFER_CONTROL + endpoint * 8 + 4;
    let ctrl = dpram.getUint32(reg, true);
    ctrl = (ctrl & ~(BUF_AVAILABLE | BUF_LEN_MASK)) | BUF_FULL | packet.length;
    dpram.setUint32(reg, ctrl, true);
    usb.indicateBufferReady(endpoint, true);
    this.events('hostout', [this.now, packet.length]);
    this.scheduleDelivery();
  }

  /** Runs the chip until emulated time `untilNanos`. */
  runUntil(untilNanos) {
    const { mcu } = this;
    const { core, clock } = mcu;
    while (clock.nanos < untilNanos) {
      if (core.waiting) {
        const next = clock.nanosToNextAlarm;
        const left = untilNanos - clock.nanos;
        clock.tick(next > 0 ? Math.min(next, left) : left);
      } else {
        const cycles = core.executeInstruction();
        clock.tick((cycles * 1e9) / mcu.clkSys);
      }
    }
  }
}
