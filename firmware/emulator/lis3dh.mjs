// An ST LIS3DH accelerometer on an emulated I2C bus, as the die's firmware sees it: the register
// file it writes and reads (sub-address with the auto-increment bit, CTRL_REG1/4, STATUS_REG,
// OUT_X/Y/Z), the output data rate and data format those registers choose, and a queue of
// scripted samples (milli-g, in the sensor's axes) played at that data rate, like a real sensor
// sampling a real die.

const WHO_AM_I = 0x0f;
const CTRL_REG1 = 0x20;
const CTRL_REG4 = 0x23;
const STATUS_REG = 0x27;
const OUT_X_L = 0x28;
const OUT_Z_H = 0x2d;
const AUTO_INCREMENT = 0x80;
/** The registers a master may write (the rest are read-only or reserved). */
const WRITABLE = new Set([
  0x1e, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x2e, 0x30, 0x32, 0x33, 0x34, 0x36, 0x37,
  0x38, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f,
]);

/** Output data rates of CTRL_REG1[7:4] (Hz); 0 is power-down. 8 and 9 are low-power-only modes. */
const ODR_HZ = [0, 1, 10, 25, 50, 100, 200, 400, 1600, 1344];

export class Lis3dh {
  /**
   * @param clock the emulator's clock (nanoseconds, alarms)
   * @param events called with (kind, fields) for what the harness reports
   * @param rateScale the sensor's own clock against the chip's (a real LIS3DH's data rate is
   *   only good to some percent): 1.03 samples 3 % fast
   * @param startDelayNs extra time before its first conversion (the phase of its samples
   *   against the firmware's reads)
   */
  constructor(clock, events, { rateScale = 1, startDelayNs = 0 } = {}) {
    this.clock = clock;
    this.events = events;
    this.rateScale = rateScale;
    this.startDelayNs = startDelayNs;
    this.regs = new Uint8Array(0x40);
    this.regs[WHO_AM_I] = 0x33;
    this.regs[CTRL_REG1] = 0x07; // power-down, all axes enabled (the reset value)
    this.pointer = 0;
    this.writing = false;
    this.firstWriteByte = false;
    /** The scripted motion: {mg: [x, y, z]} samples and {mark: name} markers, in order. */
    this.queue = [];
    /** The sample the sensor measures now (milli-g) and its index in the script. */
    this.current = [0, 0, 0];
    this.index = -1;
    /** The output registers' snapshot of the last conversion, and whether it is new. */
    this.fresh = false;
    this.alarm = clock.createAlarm(() => this.convert());
    this.odrHz = 0;
    /** Counters: conversions done, OUT reads that found a new sample, reads that found none. */
    this.stats = { conversions: 0, freshReads: 0, staleReads: 0 };
  }

  /** Adds samples (milli-g) and markers to the script. */
  push(items) {
    this.queue.push(...items);
  }

  /** Samples still to play. */
  get pending() {
    return this.queue.filter((i) => i.mg).length;
  }

  // ---- the sensor's own clock -------------------------------------------------------------

  updateRate() {
    const hz = ODR_HZ[this.regs[CTRL_REG1] >> 4] ?? 0;
    if (hz === this.odrHz) {
      return;
    }
    this.odrHz = hz;
    this.alarm.cancel();
    if (hz > 0) {
      // The first conversion is ready one period after power-on.
      this.alarm.schedule(this.period + this.startDelayNs);
    }
  }

  /** One conversion at the data rate: the next scripted sample becomes the output. */
  convert() {
    while (this.queue.length > 0 && this.queue[0].mark !== undefined) {
      this.events('mark', [Math.round(this.clock.nanos), this.queue.shift().mark]);
    }
    const next = this.queue.shift();
    if (next) {
      this.current = next.mg;
      this.index += 1;
    }
    // With the queue empty the die lies as it was: the last sample holds.
    this.stats.conversions += 1;
    this.fresh = true;
    this.alarm.schedule(this.period);
  }

  get period() {
    return 1e9 / (this.odrHz * this.rateScale);
  }

  /** The output of one axis in the data format CTRL_REG1 and CTRL_REG4 choose. */
  outputWord(mg) {
    const lowPower = (this.regs[CTRL_REG1] & 0x08) !== 0;
    const highRes = (this.regs[CTRL_REG4] & 0x08) !== 0;
    const fs = (this.regs[CTRL_REG4] >> 4) & 3;
    // Sensitivity (mg per digit) by full scale, and the digits' width, from the datasheet.
    let bits;
    let mgPerDigit;
    if (highRes && !lowPower) {
      bits = 12;
      mgPerDigit = [1, 2, 4, 12][fs];
    } else if (lowPower) {
      bits = 8;
      mgPerDigit = [16, 32, 64, 192][fs];
    } else {
      bits = 10;
      mgPerDigit = [4, 8, 16, 48][fs];
    }
    const max = 2 ** (bits - 1) - 1;
    const digits = Math.max(-max - 1, Math.min(max, Math.round(mg / mgPerDigit)));
    // Left-justified in 16 bits, two's complement.
    return (digits << (16 - bits)) & 0xffff;
  }

  readRegister(reg) {
    if (reg >= OUT_X_L && reg <= OUT_Z_H) {
      const axis = (reg - OUT_X_L) >> 1;
      const word = this.outputWord(this.current[axis]);
      return reg & 1 ? word >> 8 : word & 0xff;
    }
    if (reg === STATUS_REG) {
      return this.fresh ? 0x0f : 0x00; // ZYXDA and each axis' new-data bit
    }
    return this.regs[reg];
  }

  // ---- the I2C side (rp2040js RPI2C callbacks) ---------------------------------------------

  /** Connects to an rp2040js I2C controller at `address`. */
  attach(i2c, address) {
    i2c.onStart = () => i2c.completeStart();
    i2c.onConnect = (addr, mode) => {
      if (addr !== address) {
        i2c.completeConnect(false); // nobody answers: NACK
        return;
      }
      this.writing = mode === 0;
      this.firstWriteByte = this.writing;
      if (!this.writing && (this.pointer & 0x7f) === OUT_X_L) {
        // A read of the output registers takes the latest conversion (block data update).
        if (this.fresh) {
          this.stats.freshReads += 1;
          this.events('read', [Math.round(this.clock.nanos), this.index]);
        } else {
          this.stats.staleReads += 1;
          this.events('stale', [Math.round(this.clock.nanos), this.index]);
        }
        this.fresh = false;
      }
      i2c.completeConnect(true);
    };
    i2c.onWriteByte = (value) => {
      if (this.firstWriteByte) {
        // The sub-address: the register, and bit 7 for auto-increment.
        this.firstWriteByte = false;
        this.pointer = value;
      } else {
        const reg = this.pointer & 0x7f;
        const writable = WRITABLE.has(reg);
        const hex = (v) => `0x${v.toString(16).padStart(2, '0')}`;
        this.events('lis3dh', [Math.round(this.clock.nanos), writable ? 'write' : 'ignored', hex(reg), hex(value)]);
        if (writable) {
          this.regs[reg] = value;
          if (reg === CTRL_REG1) {
            this.updateRate();
          }
        }
        this.advance();
      }
      i2c.completeWrite(true);
    };
    i2c.onReadByte = () => {
      const value = this.readRegister(this.pointer & 0x7f);
      this.advance();
      i2c.completeRead(value);
    };
    i2c.onStop = () => i2c.completeStop();
  }

  advance() {
    if (this.pointer & AUTO_INCREMENT) {
      this.pointer = AUTO_INCREMENT | ((this.pointer + 1) & 0x7f);
    }
  }
}
