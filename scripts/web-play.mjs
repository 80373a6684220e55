// Plays a whole solo game against the Machine in the browser's Foreman (issue 95, point 3):
// headless Chromium, driven over its DevTools protocol, opens URL (Foreman's /play/), and
// plays by the keyboard shortcuts a player has (R roll, S suggest, N the next step, E end the
// work phase, M the Machine, Enter the first of a dialog's choices, Escape the round card). Halfway through it
// reloads the page and checks the game resumed where it was; at the end it reads the final
// score, reloads again to see it kept, opens the review from its button, takes screenshots
// and prints the frame times.
//
//   node --experimental-websocket scripts/web-play.mjs URL OUT_DIR
//
// Where the game is comes from the page's test hook, window.foremanGame (src/ui/web.rs): what
// the screen shows anyone at the table. No package is needed: Node's own fetch and WebSocket.
// Exits 1, saying why, when the game does not go on or does not resume.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: web-play.mjs URL OUT_DIR");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fail = (why) => {
  console.error(`web-play: ${why}`);
  cleanup();
  process.exit(1);
};

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const profile = mkdtempSync(join(tmpdir(), "foreman-web-play-"));
const chrome = spawn(
  process.env.CHROMIUM || "chromium",
  [
    "--headless=new", "--no-sandbox", "--no-first-run", "--disable-gpu-sandbox",
    // WebGL without a GPU: SwiftShader, Chromium's software renderer.
    "--use-gl=angle", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-domain-reliability",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--window-size=1280,800", `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`,
    "about:blank",
  ],
  { stdio: "ignore" },
);
function cleanup() {
  try { chrome.kill("SIGKILL"); } catch {}
  try { rmSync(profile, { recursive: true, force: true }); } catch {}
}
process.on("exit", cleanup);
const deadline = setTimeout(() => fail("no end within 15 minutes"), 15 * 60 * 1000);

let target;
for (let i = 0; i < 150 && !target; i++) {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/json/list`);
    target = (await r.json()).find((t) => t.type === "page");
  } catch {
    await sleep(200);
  }
}
if (!target) fail("Chromium did not start (scripts/setup.sh installs Debian's chromium)");

const sock = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  sock.onopen = resolve;
  sock.onerror = () => reject(new Error("no DevTools connection"));
});
let next = 0;
const pending = new Map();
const logged = [];
sock.onmessage = (m) => {
  const d = JSON.parse(m.data);
  if (d.id && pending.has(d.id)) {
    pending.get(d.id)(d);
    pending.delete(d.id);
  } else if (d.method === "Runtime.consoleAPICalled") {
    logged.push(d.params.args.map((a) => a.value ?? a.description).join(" "));
  } else if (d.method === "Runtime.exceptionThrown") {
    logged.push("exception: " + JSON.stringify(d.params.exceptionDetails.exception?.description));
  }
};
const call = (method, params = {}) =>
  new Promise((resolve, reject) => {
    const id = ++next;
    pending.set(id, (d) => (d.error ? reject(new Error(`${method}: ${d.error.message}`)) : resolve(d.result)));
    sock.send(JSON.stringify({ id, method, params }));
  });
const evaluate = async (expression) =>
  (await call("Runtime.evaluate", { expression, returnByValue: true })).result?.value;
const hook = async () => {
  const text = await evaluate("window.foremanGame ?? null");
  return text ? JSON.parse(text) : null;
};

const keys = {
  r: ["r", "KeyR", 82], s: ["s", "KeyS", 83], n: ["n", "KeyN", 78], e: ["e", "KeyE", 69],
  m: ["m", "KeyM", 77], enter: ["Enter", "Enter", 13], escape: ["Escape", "Escape", 27],
};
let pressed = 0;
async function press(name) {
  const [key, code, vk] = keys[name];
  const text = key.length === 1 ? key : name === "enter" ? "\r" : undefined;
  await call("Input.dispatchKeyEvent", { type: "keyDown", key, code, windowsVirtualKeyCode: vk, text });
  await call("Input.dispatchKeyEvent", { type: "keyUp", key, code, windowsVirtualKeyCode: vk });
  pressed++;
}
async function shot(name) {
  const { data } = await call("Page.captureScreenshot", { format: "png" });
  writeFileSync(join(out, `${name}.png`), Buffer.from(data, "base64"));
}

// Waits for the page's hook to show a game at the table; the hook.
async function table(why) {
  for (let i = 0; i < 600; i++) {
    const h = await hook().catch(() => null);
    if (h?.screen === "table" && h.game) return h;
    await sleep(100);
  }
  fail(`${why}: no game at the table within a minute; the page logged:\n${logged.join("\n")}`);
}

// Waits until the hook differs from `before` in the game or what is shown; the new hook.
async function changed(before) {
  const was = JSON.stringify({ ...before, frames: 0 });
  for (let i = 0; i < 300; i++) {
    await sleep(20);
    const h = await hook();
    if (h && !h.thinking && JSON.stringify({ ...h, frames: 0 }) !== was) return h;
  }
  return null;
}

await call("Page.enable");
await call("Runtime.enable");
// A laptop's page, 1280 by 800 (the window's size is the browser's, bars and all).
await call("Emulation.setDeviceMetricsOverride", { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });
const opened = Date.now();
await call("Page.navigate", { url });
let h = await table("opening the page");
console.log(`web-play: the table shown ${Date.now() - opened} ms after opening ${url}`);
await shot("web-start");

// The frames' times before a reload (the hook counts them per page), and how much of each
// the planner or the Machine's bots took: a page has one thread, they run inside a frame.
const frames = [];
const thinking = [];
const keep = async () => {
  const f = (await evaluate("Array.from(window.foremanFrames ?? [])")) ?? [];
  const t = (await evaluate("Array.from(window.foremanThought ?? [])")) ?? [];
  // The first frames load the fonts and build the page: not a frame in play.
  for (let i = 5; i < f.length; i++) (t[i] > 0 ? thinking : frames).push(f[i]);
};
let reloaded = false;
const answers = []; // how long each Suggest took to show its answer, in ms
let suggestedAt = null; // the journal's length when Suggest last answered nothing to play
let stuck = 0;
while (h.game.phase !== "over") {
  const g = h.game;
  if (!reloaded && g.round >= 5 && g.phase === "market") {
    await keep();
    const before = { round: g.round, actions: g.actions, scores: g.scores, machine: g.machine };
    await shot("web-before-reload");
    await call("Page.reload");
    await sleep(500);
    h = await table("the reload");
    const after = { round: h.game.round, actions: h.game.actions, scores: h.game.scores, machine: h.game.machine };
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      fail(`the reload did not resume the game: ${JSON.stringify(before)} before, ${JSON.stringify(after)} after`);
    }
    console.log(`web-play: reloaded in round ${g.round} after ${g.actions} actions: resumed where it was`);
    reloaded = true;
    continue;
  }
  let key;
  if (h.round_card) key = "escape";
  else if (h.dialog) key = "enter";
  else if (g.phase === "machine") key = "m";
  else if (g.phase === "market") key = h.suggested ? "n" : "s";
  else if (g.phase === "work" && !g.rolled) key = "r";
  else if (g.phase === "work" && h.suggested) key = "n";
  else if (g.phase === "work") key = suggestedAt === g.actions ? "e" : "s";
  else fail(`a phase the script does not know: ${JSON.stringify(h)}`);
  if (key === "s") suggestedAt = g.actions;
  const asked = Date.now();
  await press(key);
  const now = await changed(h);
  if (key === "s" && now?.suggested) answers.push(Date.now() - asked);
  if (!now) {
    // S with nothing better to do answers nothing: the work phase ends next (E).
    if (key === "s") {
      h = await hook();
      continue;
    }
    if (++stuck > 3) fail(`the game does not go on after ${key}: ${JSON.stringify(h)}`);
    h = await hook();
    continue;
  }
  stuck = 0;
  if (now.game && now.game.round !== g.round) {
    console.log(`web-play: round ${now.game.round}: ${now.game.scores[0]} to the Machine's ${now.game.machine}`);
  }
  h = now;
  if (h.message) console.log(`web-play: round ${h.game?.round}: refused: ${h.message}`);
}
await keep();
const end = h.game;
await shot("web-final-score");
if (!reloaded) fail("the game ended before the reload in its fifth round");
const you = end.scores[0];
const machine = end.machine;
const winner = end.winner === "machine" ? "the Machine" : "the player";
if (!(you > 0 && machine > 0)) fail(`a final score without points: ${JSON.stringify(end)}`);
if ((you > machine) !== (end.winner !== "machine")) fail(`the winner does not match the score: ${JSON.stringify(end)}`);
await call("Page.reload");
h = await table("the reload after the end");
if (h.game.phase !== "over" || h.game.scores[0] !== you || h.game.machine !== machine) {
  fail(`the final score was not kept over a reload: ${JSON.stringify(h.game)}`);
}
await shot("web-final-score-reloaded");

// The review, from its button on the final score, thought in a worker of its own.
const at_review = h.marks?.review;
if (!at_review) fail(`no Review button on the final score: ${JSON.stringify(h)}`);
const [x, y] = [(at_review[0] + at_review[2]) / 2, (at_review[1] + at_review[3]) / 2];
const reviewAsked = Date.now();
for (const type of ["mouseMoved", "mousePressed", "mouseReleased"]) {
  await call("Input.dispatchMouseEvent", { type, x, y, button: "left", clickCount: 1 });
}
let reviewed = null;
for (let i = 0; i < 1200 && !reviewed; i++) {
  await sleep(100);
  const r = await hook();
  if (r?.review === "done" || r?.review === "failed") reviewed = r.review;
}
if (reviewed !== "done") fail(`the review did not come (${reviewed}): ${JSON.stringify(await hook())}`);
const reviewMs = Date.now() - reviewAsked;
await shot("web-review");
const reviewFrames = (await evaluate("Array.from(window.foremanFrames ?? [])")) ?? [];
const reviewLongest = Math.max(...reviewFrames.slice(5));

frames.sort((a, b) => a - b);
thinking.sort((a, b) => a - b);
const at = (q, f = frames) => f[Math.min(f.length - 1, Math.floor(q * f.length))];
console.log(
  `web-play: a whole solo game in ${end.round} rounds, ${end.actions} actions, ${pressed} keys; ` +
    `final score ${you} to the Machine's ${machine}, ${winner} won; kept over a reload`,
);
console.log(
  `web-play: ${frames.length} frames: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, ` +
    `longest ${frames[frames.length - 1].toFixed(1)} ms`,
);
if (thinking.length > 0) {
  console.log(
    `web-play: ${thinking.length} frames with Suggest thought in them (no worker): median ${at(0.5, thinking).toFixed(1)} ms, ` +
      `longest ${thinking[thinking.length - 1].toFixed(1)} ms`,
  );
}
console.log(
  `web-play: the review shown ${(reviewMs / 1000).toFixed(1)} s after its button; ` +
    `the longest frame since the reload ${reviewLongest.toFixed(1)} ms`,
);
answers.sort((a, b) => a - b);
if (answers.length > 0) {
  console.log(
    `web-play: ${answers.length} suggestions shown: median ${at(0.5, answers)} ms, ` +
      `longest ${answers[answers.length - 1]} ms after S`,
  );
}
writeFileSync(join(out, "web-frames.json"), JSON.stringify({ frames, thinking, answers }));
clearTimeout(deadline);
sock.close();
cleanup();
process.exit(0);
