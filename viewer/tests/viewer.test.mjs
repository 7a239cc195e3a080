// The viewer in a real browser: playwright-core drives Debian's Chromium
// (headless) against the release server, which serves the viewer under
// /viewer/ and allows pages opened from disk (CORS origin "null").
//
// For a seeded game of each kind, played a little over the API first, the
// test opens the viewer, checks what it shows against the server's own view
// (figures per area, resources, hands, whose turn), steps backwards and
// forwards through the versions, and saves screenshots under
// target/viewer-screenshots/.
//
// Needs: the release binary (cargo build --release --bin melange; the
// MELANGE_BIN variable or CARGO_TARGET_DIR say where it is) and Chromium
// (/usr/bin/chromium, or CHROMIUM).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import vm from "node:vm";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..");
const viewerDir = join(repo, "viewer");
const binary =
  process.env.MELANGE_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(repo, "target"), "release", "melange");
const shots = join(repo, "target", "viewer-screenshots");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

// The viewer's own bundle gives the test its gRPC-Web client (Node's fetch).
vm.runInThisContext(readFileSync(join(viewerDir, "dist", "viewer.js"), "utf8"));
const { api } = globalThis.melangeViewer;

let server;
let serverUrl;
let browser;
let userDataDir;
let client;

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

before(async () => {
  assert.ok(existsSync(binary), `no release server at ${binary}: cargo build --release --bin melange`);
  assert.ok(existsSync(chromiumPath), `no Chromium at ${chromiumPath}: apt-get install -y chromium`);
  mkdirSync(shots, { recursive: true });
  const port = await freePort();
  serverUrl = `http://127.0.0.1:${port}`;
  server = spawn(binary, ["--listen", `127.0.0.1:${port}`, "--data-dir", "none", "--viewer-dir", viewerDir, "--cors-origin", "null"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, RUST_LOG: "warn" },
  });
  client = api.connect(serverUrl);
  for (let attempt = 0; ; attempt++) {
    try {
      await client.listGames({});
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((wake) => setTimeout(wake, 100));
    }
  }
  userDataDir = mkdtempSync(join(tmpdir(), "melange-viewer-chromium-"));
  browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1600, height: 1200 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

after(async () => {
  await browser?.close();
  server?.kill("SIGTERM");
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

/** Plays `seat` (a human seat) for up to `actions` actions, picking by a fixed rule, bots answering. */
async function play(game, seat, actions) {
  const token = game.seats[seat].token;
  for (let n = 0; n < actions; n++) {
    const view = await client.getView({ gameId: game.gameId, seat }, api.auth(token));
    if (view.status === api.GameStatus.FINISHED || !view.toAct.includes(seat)) break;
    const pick = view.legalActions[(n * 7 + 3) % view.legalActions.length];
    await client.applyAction(
      { gameId: game.gameId, seat, expectedVersion: view.version, action: pick.action },
      api.auth(token),
    );
  }
}

/** Every version's view after `from`, as StreamGame sends it to `seat` (or a spectator). */
async function history(gameId, seat, token, from = 0) {
  const views = new Map();
  const until = (await client.getView({ gameId, seat }, api.auth(token))).version;
  const controller = new AbortController();
  for await (const update of client.streamGame({ gameId, seat, fromVersion: BigInt(from) }, api.auth(token, controller.signal))) {
    views.set(Number(update.version), update.view);
    if (update.version >= until) {
      controller.abort();
      break;
    }
  }
  return views;
}

/** The spectator's view once the game is over, polled every 0.1 s up to `polls` times. */
async function finished(gameId, polls) {
  let final;
  for (let wait = 0; wait < polls; wait++) {
    final = await client.getView({ gameId });
    if (final.status === api.GameStatus.FINISHED) break;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  assert.equal(final.status, api.GameStatus.FINISHED);
  return final;
}

async function openViewer(page, { fromDisk, gameId, seat, token }) {
  const url = fromDisk
    ? `${pathToFileURL(join(viewerDir, "index.html")).href}?server=${encodeURIComponent(serverUrl)}`
    : `${serverUrl}/viewer/`;
  await page.goto(url);
  await page.fill("#game-id", gameId);
  await page.fill("#seat", seat === undefined ? "" : String(seat));
  await page.fill("#token", token ?? "");
  await page.click("#watch");
}

async function shownVersion(page, version) {
  await page.waitForSelector(`#summary[data-version="${version}"]`, { timeout: 15000 });
}

/** The figures each side has in each area, as the viewer's board shows them. */
async function boardFigures(page) {
  return page.$$eval("g.area", (nodes) =>
    Object.fromEntries(nodes.map((node) => [node.dataset.area, [Number(node.dataset.harkonnen), Number(node.dataset.atreides)]])),
  );
}

function figuresOf(view) {
  const count = (forces) =>
    forces ? forces.regular + forces.elite + forces.special + forces.smuggler + forces.genericLeaders + forces.leaders.length : 0;
  return Object.fromEntries(
    view.game.value.areas.map((area) => [
      area.area,
      [count(area.forces.find((f) => f.faction === "harkonnen")), count(area.forces.find((f) => f.faction === "atreides"))],
    ]),
  );
}

async function checkArrakis(page, view) {
  await shownVersion(page, view.version);
  assert.deepEqual(await boardFigures(page), figuresOf(view), `figures per area at version ${view.version}`);
  assert.equal(await page.getAttribute("#summary", "data-to-act"), view.toAct.join(","));
  const zones = await page.$$eval("g.air-zone", (nodes) => Object.fromEntries(nodes.map((n) => [n.dataset.zone, n.dataset.vehicle])));
  for (const zone of view.game.value.zones) assert.equal(zones[zone.zone], zone.vehicle, `Air zone ${zone.zone}`);
  const steps = await page.$$eval("tr[data-prescience]", (rows) => rows.map((r) => [r.dataset.prescience, Number(r.dataset.step)]));
  assert.deepEqual(steps, view.game.value.prescience.map((m) => [m.marker, m.step]));
  if (view.seat === undefined) {
    const titles = await page.$$eval("g.area title", (nodes) => nodes.map((n) => n.textContent).join("\n"));
    assert.ok(!titles.includes("(kinds"), "a spectator never sees what a face-down token holds");
  }
  assert.equal(
    await page.$$eval("[data-legal-actions]", (nodes) => (nodes.length ? Number(nodes[0].dataset.legalActions) : 0)),
    view.legalActions.length,
    "the seat's legal actions, only in its own view",
  );
  for (const house of view.game.value.houses) {
    const shown = await page.$$eval(`[data-hand="${house.faction}"] li`, (items) => items.length);
    assert.equal(shown, house.hand ? house.hand.cards.length : 0, `${house.faction} hand shown`);
    assert.equal(await page.getAttribute(`[data-house="${house.faction}"] [data-hand-size]`, "data-hand-size"), String(house.handSize));
  }
}

async function checkImperium(page, view) {
  await shownVersion(page, view.version);
  assert.equal(await page.getAttribute("#summary", "data-to-act"), view.toAct.join(","));
  const rows = await page.$$eval("tr[data-seat]", (nodes) =>
    nodes.map((n) => [Number(n.dataset.seat), Number(n.dataset.solari), Number(n.dataset.spice), Number(n.dataset.water), Number(n.dataset.vp)]),
  );
  const m = view.game.value;
  const expected = [...m.players, ...m.rivals]
    .map((p) => [p.seat, p.solari, p.spice, p.water, p.vp])
    .sort((a, b) => a[0] - b[0]);
  assert.deepEqual(rows, expected, `resources at version ${view.version}`);
  for (const player of m.players) {
    const shown = await page.$$eval(`[data-hand="${player.seat}"] li`, (items) => items.length);
    assert.equal(shown, player.hand ? player.hand.cards.length : 0, `seat ${player.seat}'s hand shown`);
  }
  const agents = await page.$$eval("[data-space]", (nodes) =>
    Object.fromEntries(nodes.filter((n) => n.dataset.agent !== undefined).map((n) => [n.dataset.space, Number(n.dataset.agent)])),
  );
  const placed = Object.fromEntries(m.spaces.filter((s) => s.agent !== undefined).map((s) => [s.space, s.agent]));
  assert.deepEqual(agents, placed, "Agents on the board");
}

/** Steps back and forward with the buttons, checking each version shown against the server's view. */
async function stepThrough(page, views, check) {
  const versions = [...views.keys()].sort((a, b) => a - b);
  const latest = versions[versions.length - 1];
  await page.click("#prev");
  await check(page, views.get(versions[versions.length - 2]));
  await page.click("#prev");
  await check(page, views.get(versions[versions.length - 3]));
  await page.click("#next");
  await check(page, views.get(versions[versions.length - 2]));
  await page.click("#first");
  await check(page, views.get(versions[0]));
  await page.keyboard.press("ArrowRight");
  await check(page, views.get(versions[1]));
  await page.click("#last");
  await check(page, views.get(latest));
}

test("War for Arrakis: the board, hands and versions match the API, served and from disk", async () => {
  const game = await client.createGame({
    kind: api.GameKind.WAR_FOR_ARRAKIS,
    seed: 42n,
    seats: [{ bot: "" }, { bot: "random" }],
  });
  await play(game, 0, 60);
  const spectator = await history(game.gameId, undefined, "");
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));

  await openViewer(page, { fromDisk: false, gameId: game.gameId });
  const latest = Math.max(...spectator.keys());
  await checkArrakis(page, spectator.get(latest));
  assert.equal(await page.$$eval("[data-hand] li", (items) => items.length), 0, "a spectator sees no hand");
  assert.ok((await page.$$eval("#log li", (items) => items.length)) > 10, "the event log in words");
  // Each event's line knows the event's case in the typed form.
  const cases = await page.$$eval("#log li[data-event]", (items) => items.map((item) => item.dataset.event));
  assert.ok(cases.length > 10 && cases.every((kind) => /^[a-z][A-Za-z]+$/.test(kind)), `typed cases: ${cases}`);
  await page.screenshot({ path: join(shots, "arrakis-spectator.png"), fullPage: true });
  await stepThrough(page, spectator, checkArrakis);

  // The Harkonnen seat, from a page opened from disk: its own hand only.
  const seatViews = await history(game.gameId, 0, game.seats[0].token);
  await openViewer(page, { fromDisk: true, gameId: game.gameId, seat: 0, token: game.seats[0].token });
  await checkArrakis(page, seatViews.get(latest));
  assert.ok(seatViews.get(latest).game.value.houses[0].hand, "the API gives the seat its hand");
  assert.ok(await page.$('[data-hand="harkonnen"]'), "the seat's hand is shown");
  assert.equal(await page.$('[data-hand="atreides"]'), null, "the other hand is not");
  await page.screenshot({ path: join(shots, "arrakis-harkonnen-seat.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("War for Arrakis: a game of two bots, watched to its end", async () => {
  const game = await client.createGame({
    kind: api.GameKind.WAR_FOR_ARRAKIS,
    seed: 7n,
    seats: [{ bot: "random" }, { bot: "random" }],
  });
  const final = await finished(game.gameId, 600);
  const page = await browser.newPage();
  await page.goto(`${serverUrl}/viewer/?game=${game.gameId}`);
  await checkArrakis(page, final);
  assert.match(await page.textContent("#result"), /Over/);
  // Halfway through what the viewer keeps (the last HISTORY versions of a
  // long game, from the version its "from" field shows) with the slider.
  const from = Number(await page.inputValue("#from-version"));
  const views = await history(game.gameId, undefined, "", from);
  const versions = [...views.keys()].sort((a, b) => a - b);
  const middle = Math.floor(versions.length / 2);
  await page.$eval("#slider", (slider, value) => {
    slider.value = String(value);
    slider.dispatchEvent(new Event("input"));
  }, middle);
  await checkArrakis(page, views.get(versions[middle]));
  await page.screenshot({ path: join(shots, "arrakis-bots-midgame.png"), fullPage: true });
  await page.close();
});

test("War for Arrakis with the Desert War and the Smugglers: the expansions' pieces are drawn", async () => {
  const game = await client.createGame({
    kind: api.GameKind.WAR_FOR_ARRAKIS,
    seed: 5n,
    options: { game: { case: "arrakis", value: { desertWar: true, smugglers: true } } },
    seats: [{ bot: "random" }, { bot: "random" }],
  });
  const final = await finished(game.gameId, 600);
  // A random game of both expansions runs long: the viewer opens it with
  // its last versions only (viewer HISTORY).
  const from = Math.max(0, Number(final.version) - globalThis.melangeViewer.HISTORY);
  const views = await history(game.gameId, undefined, "", from);
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(`${serverUrl}/viewer/?game=${game.gameId}`);
  await checkArrakis(page, final);
  // Version after version with the → key, the board against the server's view.
  await page.click("#first");
  const versions = [...views.keys()].sort((a, b) => a - b);
  assert.equal(versions[0], from + 1);
  for (const version of versions.slice(0, 40)) {
    await checkArrakis(page, views.get(version));
    await page.keyboard.press("ArrowRight");
  }
  const panels = await page.$$eval(".panel h3", (titles) => titles.map((t) => t.textContent));
  assert.ok(panels.includes("Desert War") && panels.includes("Smugglers"), `${panels}`);
  await page.screenshot({ path: join(shots, "arrakis-expansions.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("Imperium: spaces, resources, hands and versions match the API", async () => {
  const game = await client.createGame({
    kind: api.GameKind.IMPERIUM,
    seed: 11n,
    options: { game: { case: "imperium", value: { playerCount: 3 } } },
    seats: [{ bot: "" }, { bot: "random" }, { bot: "random" }],
  });
  await play(game, 0, 25);
  const token = game.seats[0].token;
  const seatViews = await history(game.gameId, 0, token);
  const latest = Math.max(...seatViews.keys());
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await openViewer(page, { fromDisk: false, gameId: game.gameId, seat: 0, token });
  await checkImperium(page, seatViews.get(latest));
  assert.ok(await page.$('[data-hand="0"]'), "the seat's hand is shown");
  assert.equal(await page.$('[data-hand="1"]'), null, "another seat's hand is not");
  await page.screenshot({ path: join(shots, "imperium-seat-0.png"), fullPage: true });
  await stepThrough(page, seatViews, checkImperium);

  const spectator = await history(game.gameId, undefined, "");
  await openViewer(page, { fromDisk: true, gameId: game.gameId });
  await checkImperium(page, spectator.get(latest));
  assert.equal(await page.$$eval("[data-hand] li", (items) => items.length), 0, "a spectator sees no hand");
  await page.screenshot({ path: join(shots, "imperium-spectator.png"), fullPage: true });

  // Live: the page follows the actions played while it is open.
  await play(game, 0, 3);
  const now = await client.getView({ gameId: game.gameId });
  assert.ok(now.version > BigInt(latest), "the game went on");
  await checkImperium(page, now);
  assert.deepEqual(errors, []);
  await page.close();
});

test("after the game, the log shows who the server played for and why, and the bots' notes", async () => {
  // MC-STANDIN-01, MC-NOTE-01, MC-CLOCK-07: a game limited to 1.5 s; the
  // seat to act plays once with a note, then nobody plays: at the limit
  // the other seat has used more than its share and loses on time.
  const game = await client.createGame({
    kind: api.GameKind.WAR_FOR_ARRAKIS,
    seed: 11n,
    options: { clock: { gameMs: 1500n } },
  });
  const first = game.view.toAct[0];
  const view = await client.getView({ gameId: game.gameId, seat: first }, api.auth(game.seats[first].token));
  await client.applyAction(
    { gameId: game.gameId, seat: first, expectedVersion: view.version, action: view.legalActions[0].action, note: "opening book, line 3" },
    api.auth(game.seats[first].token),
  );
  await finished(game.gameId, 100);
  const page = await browser.newPage();
  await page.goto(`${serverUrl}/viewer/?game=${game.gameId}`);
  await page.waitForSelector("#log li.bot-note", { timeout: 15000 });
  assert.match(await page.textContent("#log li.bot-note"), /opening book, line 3/);
  await page.waitForSelector("#log li.stand-in");
  assert.match(await page.textContent("#log li.stand-in"), /lost on time/);
  await page.screenshot({ path: join(shots, "record-after-the-game.png"), fullPage: true });
  await page.close();
});

test("a wrong token is refused and shown, and the game list lists the games", async () => {
  const page = await browser.newPage();
  // The server's address without http:// (as the Python kit takes it).
  await page.goto(`${serverUrl}/viewer/?server=${encodeURIComponent(serverUrl.replace("http://", ""))}`);
  await page.waitForSelector("#games-table tr[data-game]");
  const rows = await page.$$eval("#games-table tr[data-game]", (nodes) =>
    nodes.map((row) => ({
      game: row.dataset.game,
      expansions: row.dataset.expansions,
      created: row.dataset.created,
      winners: row.dataset.winners,
      cells: [...row.cells].map((cell) => cell.textContent),
    })),
  );
  const { games } = await client.listGames({ pageSize: 50 });
  assert.equal(rows.length, games.length);
  // Each game's expansions, creation time and winner, as ListGames says.
  const header = await page.$$eval("#games-table tr:first-child th", (cells) => cells.map((cell) => cell.textContent));
  for (const column of ["Expansions", "Created", "Winner"]) assert.ok(header.includes(column), `${header}`);
  const cell = (row, column) => row.cells[header.indexOf(column)];
  games.forEach((game, index) => {
    const row = rows[index];
    assert.equal(row.game, game.gameId, "newest first, as listed");
    assert.equal(row.created, String(game.createdUnix));
    assert.ok(game.createdUnix > 0n);
    assert.match(cell(row, "Created"), /^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    const arrakis = game.options?.game.case === "arrakis" ? game.options.game.value : undefined;
    const named = [arrakis?.desertWar ? "Desert War" : "", arrakis?.smugglers ? "Smugglers" : ""].filter(Boolean).join(", ");
    assert.equal(row.expansions, named);
    assert.equal(row.winners, game.result ? game.result.winners.join(",") : "");
    if (game.result?.winners.length) {
      const first = game.result.winners[0];
      assert.ok(cell(row, "Winner").includes(`${first}: ${game.seats[first].plays}`), `${cell(row, "Winner")}`);
    }
  });
  assert.ok(rows.some((row) => row.expansions === "Desert War, Smugglers"), "the game of both expansions");
  assert.ok(rows.some((row) => row.winners !== ""), "a finished game with its winner");
  await page.screenshot({ path: join(shots, "game-list.png"), fullPage: true });
  await openViewer(page, { fromDisk: false, gameId: games[0].gameId, seat: 0, token: "not-the-token" });
  await page.waitForSelector("#message.error");
  assert.match(await page.textContent("#message"), /PermissionDenied|Unauthenticated/);
  await page.close();
});

test("every call that names a game carries it in x-melange-game, served and from disk", async () => {
  // A fleet of servers behind a proxy routes each call by this header
  // (deploy/README.md); a page opened from disk sends it cross-origin, so
  // the server's CORS answer must allow it.
  const game = await client.createGame({
    kind: api.GameKind.IMPERIUM,
    seed: 13n,
    options: { game: { case: "imperium", value: { playerCount: 2 } } },
    seats: [{ bot: "" }, { bot: "random" }],
  });
  const token = game.seats[0].token;
  const view = await client.getView({ gameId: game.gameId, seat: 0 }, api.auth(token));
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  const calls = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === "POST" && path.startsWith("/melange.v1.GameService/")) {
      calls.push([path.split("/").pop(), request.headers()["x-melange-game"] ?? ""]);
    }
  });
  for (const fromDisk of [false, true]) {
    calls.length = 0;
    await openViewer(page, { fromDisk, gameId: game.gameId, seat: 0, token });
    await checkImperium(page, view);
    const named = calls.filter(([method]) => method !== "ListGames");
    assert.deepEqual(
      [...new Set(named.map(([method]) => method))].sort(),
      ["GetView", "StreamGame"],
      `${fromDisk ? "from disk" : "served"}: ${JSON.stringify(calls)}`,
    );
    for (const [method, header] of named) assert.equal(header, game.gameId, `${method} names its game`);
    for (const [method, header] of calls.filter(([method]) => method === "ListGames")) {
      assert.equal(header, "", `${method} names no game`);
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});
