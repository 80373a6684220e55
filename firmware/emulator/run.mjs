#!/usr/bin/env node
// Runs the die's firmware image on the emulated board (board.mjs) under the control of a test
// driver, in lock step over stdin/stdout, one line each way:
//
//   driver → harness                         harness → driver
//   accel X,Y,Z X,Y,Z ...  (milli-g samples)  connected T              (CDC enumerated, DTR up)
//   mark NAME              (in the samples)   usb T HEX                (a packet the die sent)
//   send HEX               (host writes)      hostout T N              (a packet it received)
//   run MS                 (emulate MS ms)    read T I / stale T I     (it read sample I)
//   quit                                      mark T NAME              (NAME's sample came up)
//                                             led T 0|1, lis3dh T ..., flash T ...
//                                             at T pending=N pc=0x... (end of a `run`)
//                                             fault T MESSAGE          (the emulator stopped)
//
// T is emulated time in nanoseconds since the chip's reset. Warnings of the emulator (registers
// it does not model) are counted and printed to stderr on exit.
//
// Usage: node run.mjs --image foreman-die.uf2 [--bootrom FILE] [--flash-uid 16HEX]
//          [--sensor-clock SCALE] [--sensor-delay-us US] [--usb-debounce-ms MS] [--verbose]
// (the LIS3DH's clock against the chip's, e.g. 1.03 for 3 % fast, and the delay of its first
// sample: the phase of its samples against the firmware's reads; the host's wait between the
// device attaching and the bus reset, 100 ms as USB 2.0 asks, rp2040js's own helper 0)

import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Board } from './board.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = {
  bootrom: join(here, 'bootrom', 'rp2040-bootrom-b1.bin'),
  'flash-uid': 'e660583883624b2c',
  'sensor-clock': '1',
  'sensor-delay-us': '0',
  'usb-debounce-ms': '100',
};
const verbose = process.argv.includes('--verbose');
const argv = process.argv.filter((a) => a !== '--verbose');
for (let i = 2; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, '');
  if (!(key in args) && key !== 'image') {
    console.error(`run.mjs: unknown option ${argv[i]}`);
    process.exit(2);
  }
  args[key] = argv[i + 1];
}
if (!args.image) {
  console.error('usage: node run.mjs --image FIRMWARE.uf2 [--bootrom FILE] [--flash-uid 16HEX] [--sensor-clock SCALE] [--sensor-delay-us US] [--usb-debounce-ms MS] [--verbose]');
  process.exit(2);
}
const rateScale = Number(args['sensor-clock']);
const startDelayUs = Number(args['sensor-delay-us']);
const debounceMs = Number(args['usb-debounce-ms']);
if (!(rateScale > 0.5 && rateScale < 2) || !(startDelayUs >= 0) || !(debounceMs >= 0)) {
  console.error('run.mjs: --sensor-clock takes a scale near 1, --sensor-delay-us and --usb-debounce-ms times');
  process.exit(2);
}
if (!/^[0-9a-f]{16}$/i.test(args['flash-uid'])) {
  console.error('run.mjs: --flash-uid takes 8 bytes in hex');
  process.exit(2);
}

const out = (line) => process.stdout.write(`${line}\n`);
const board = new Board({
  image: args.image,
  bootrom: args.bootrom,
  flashUid: Buffer.from(args['flash-uid'], 'hex'),
  sensor: { rateScale, startDelayNs: startDelayUs * 1000 },
  attachDebounceNs: debounceMs * 1e6,
  events: (kind, fields) => out(`${kind} ${fields.join(' ')}`),
});

function command(line) {
  const [verb, ...rest] = line.trim().split(/\s+/);
  switch (verb) {
    case 'accel':
      board.sensor.push(
        rest.map((s) => {
          const mg = s.split(',').map(Number);
          if (mg.length !== 3 || mg.some((v) => !Number.isFinite(v))) {
            throw new Error(`bad sample ${s}`);
          }
          return { mg };
        }),
      );
      return;
    case 'mark':
      board.sensor.push([{ mark: rest.join(' ') }]);
      return;
    case 'send':
      if (!/^([0-9a-f]{2})*$/i.test(rest[0] ?? '')) {
        throw new Error(`bad hex ${rest[0]}`);
      }
      board.send(Buffer.from(rest[0], 'hex'));
      return;
    case 'run': {
      const ms = Number(rest[0]);
      if (!(ms >= 0)) {
        throw new Error(`bad duration ${rest[0]}`);
      }
      board.runUntil(board.mcu.clock.nanos + ms * 1e6);
      out(`at ${board.now} pending=${board.sensor.pending} pc=0x${board.mcu.core.PC.toString(16)}`);
      return;
    }
    case 'quit':
    case undefined:
      return;
    default:
      throw new Error(`unknown command ${verb}`);
  }
}

function finish(code) {
  const s = board.sensor.stats;
  console.error(
    `run.mjs: emulated ${(board.now / 1e9).toFixed(3)} s in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `sensor: ${s.conversions} conversions, ${s.freshReads} fresh reads, ${s.staleReads} stale`,
  );
  // Registers rp2040js does not model that the firmware touched (boot and clock set-up: ring
  // oscillator, QSPI pads, spare USB and I2C settings). None of them changes the outcome here.
  if (verbose) {
    for (const [warning, n] of board.warnings) {
      console.error(`run.mjs: emulator warning (${n}x): ${warning}`);
    }
  } else if (board.warnings.size > 0) {
    const parts = new Set([...board.warnings.keys()].map((w) => w.split(':')[0]));
    console.error(
      `run.mjs: ${board.warnings.size} kinds of access to registers rp2040js does not model ` +
        `(${[...parts].join(', ')}); --verbose lists them`,
    );
  }
  process.exit(code);
}

const started = Date.now();
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  try {
    command(line);
  } catch (e) {
    out(`fault ${board.now} ${String(e.message ?? e).replace(/\s+/g, ' ')}`);
    finish(1);
  }
  if (line.trim() === 'quit') {
    break;
  }
}
finish(0);
