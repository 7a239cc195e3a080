// The viewer page: list games, watch one (spectator, or a seat with its
// token), follow it live through StreamGame, step through its versions and
// read the event log. Every version shown is a view the server sent: the
// page keeps the updates StreamGame delivered (from version 0, so the whole
// game) and never computes a state of its own.
import { Code, ConnectError } from "@connectrpc/connect";
import * as api from "./api.js";
import { renderArrakis, seatName } from "./arrakis.js";
import { renderImperium, seatLabel } from "./imperium.js";
import { h } from "./util.js";

export { api };

const KIND_NAMES = { 1: "War for Arrakis", 2: "Imperium" };
const STATUS_NAMES = { 1: "in progress", 2: "finished" };
const RETRY_MS = 2000;
// How many versions before the current one a game opens with (a random
// bot game can run to tens of thousands of versions, each with a whole
// view), and how many views the page keeps at most: older views are
// dropped (their events stay in the log).
export const HISTORY = 1000;
const MAX_VIEWS = 3000;
const MAX_EVENTS = 50000;

const state = {
  client: null,
  serverUrl: "",
  gameId: "",
  seat: undefined,
  token: "",
  // version -> { view, events } for every update received.
  updates: new Map(),
  versions: [],
  events: [],
  selected: null,
  follow: true,
  stream: null,
  pageToken: "",
  renderQueued: false,
  // The version the stream started after.
  start: 0,
  // Counts the games opened: an answer for an earlier one is dropped.
  session: 0,
  // version -> { seat, standIn, note } from the replay of a finished game:
  // the actions the server played for a seat, and why (MC-STANDIN-01), and
  // the bots' own notes (MC-NOTE-01), which no seat sees before the end.
  record: new Map(),
};

// Why the server played for a seat (StandInReason), in words.
const STAND_IN_REASONS = {
  1: "its time ran out",
  2: "its remote bot could not be reached",
  3: "its remote bot did not answer in time",
  4: "its remote bot answered an error",
  5: "its remote bot answered an illegal action",
  6: "its remote bot answered nothing readable",
  7: "it lost on time at the game's time limit",
  8: "the game's time limit: the standing decided",
};
// The most replay pages the record reads (each up to 50,000 actions).
const MAX_RECORD_PAGES = 20;

const $ = (id) => document.getElementById(id);

function say(text, error = false) {
  const node = $("message");
  node.textContent = text;
  node.className = error ? "error" : "";
}

function describe(error) {
  if (error instanceof ConnectError) {
    const code = Code[error.code] ?? error.code;
    if (error.code === Code.Unknown || error.code === Code.Unavailable) {
      return `${code}: ${error.rawMessage || "no answer"} (is the server running with gRPC-Web, and does --cors-origin allow this page's origin?)`;
    }
    return `${code}: ${error.rawMessage}`;
  }
  return String(error);
}

function client() {
  const url = serverUrl($("server").value.trim() || defaultServer());
  if (!state.client || state.serverUrl !== url) {
    state.client = api.connect(url);
    state.serverUrl = url;
  }
  return state.client;
}

/** A server's address as a URL: `host:port` means `http://host:port`, as
 * the client kits and the binaries take it. */
function serverUrl(address) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `http://${address}`;
}

function defaultServer() {
  if (location.protocol === "http:" || location.protocol === "https:") return location.origin;
  return "http://127.0.0.1:50051";
}

// ---- game list ----

async function listGames(more = false) {
  if (!more) state.pageToken = "";
  say("Listing games…");
  try {
    const response = await client().listGames({
      kind: Number($("kind-filter").value),
      pageSize: 50,
      pageToken: state.pageToken,
    });
    state.pageToken = response.nextPageToken;
    const table = $("games-table");
    if (!more) {
      table.replaceChildren(
        h(
          "tr",
          {},
          ["Game", "Kind", "Expansions", "Created", "Status", "Winner", "Version", "Seats", "To act", ""].map((c) => h("th", {}, c)),
        ),
      );
    }
    for (const game of response.games) {
      const seatText = (seat) => `${seat}: ${game.seats[seat]?.plays || "?"}`;
      const created = createdAt(game.createdUnix);
      const winner = winnerText(game, seatText);
      table.append(
        h(
          "tr",
          {
            "data-game": game.gameId,
            "data-expansions": expansions(game.options),
            "data-created": String(game.createdUnix),
            "data-winners": game.result ? game.result.winners.join(",") : "",
          },
          h("td", {}, h("code", {}, game.gameId)),
          h("td", {}, KIND_NAMES[game.kind] ?? game.kind),
          h("td", { class: "expansions" }, expansions(game.options) || (game.kind === api.GameKind.WAR_FOR_ARRAKIS ? "none" : "—")),
          h("td", { class: "created", title: created.title }, created.text),
          h("td", {}, STATUS_NAMES[game.status] ?? game.status),
          h("td", { class: "winner", title: game.result?.reason ?? "" }, winner),
          h("td", {}, String(game.version)),
          h("td", {}, game.seats.map((seat) => `${seatText(seat.seat)}${seat.bot ? ` (${seat.bot} bot)` : ""}`).join(", ")),
          h("td", {}, game.toAct.join(", ")),
          h("td", {}, h("button", { onclick: () => watch(game.gameId, undefined, "") }, "Watch")),
        ),
      );
    }
    $("games").hidden = false;
    $("more-games").hidden = !state.pageToken;
    say(`${table.rows.length - 1} game(s) listed from ${state.serverUrl}.`);
  } catch (error) {
    say(describe(error), true);
  }
}

/** A game's expansions in words ("Desert War, Smugglers"); "" for none. */
function expansions(options) {
  const game = options?.game;
  if (game?.case !== "arrakis") return "";
  return [game.value.desertWar ? "Desert War" : "", game.value.smugglers ? "Smugglers" : ""].filter(Boolean).join(", ");
}

/** When a game was created: local date and time to the minute, and the
 * exact UTC time as the cell's title. */
function createdAt(unix) {
  if (!unix) return { text: "—", title: "" };
  const date = new Date(Number(unix) * 1000);
  const two = (n) => String(n).padStart(2, "0");
  return {
    text: `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`,
    title: date.toISOString(),
  };
}

/** Who won a finished game ("" while it runs); the reason is the cell's title. */
function winnerText(game, seatText) {
  if (!game.result) return game.status === api.GameStatus.FINISHED ? "—" : "";
  const winners = game.result.winners.map(seatText);
  // No winning seat: an automated rival won (an Imperium solo rival).
  return winners.length ? winners.join(", ") : "no seat (a rival)";
}

// ---- watching ----

async function watch(gameId, seat, token, from) {
  if (state.stream) state.stream.abort();
  state.stream = null;
  const session = ++state.session;
  Object.assign(state, {
    gameId,
    seat,
    token,
    updates: new Map(),
    versions: [],
    events: [],
    selected: null,
    follow: true,
    record: new Map(),
  });
  $("game-id").value = gameId;
  $("seat").value = seat === undefined ? "" : String(seat);
  $("token").value = token;
  $("follow").checked = true;
  $("game").hidden = false;
  say(`Opening ${gameId}${seat === undefined ? " as a spectator" : ` as seat ${seat}`}…`);
  try {
    const view = await client().getView({ gameId, seat }, api.auth(token));
    if (session !== state.session) return;
    keep({ version: view.version, events: [], view });
    scheduleRender();
  } catch (error) {
    if (session === state.session) say(describe(error), true);
    return;
  }
  const current = state.versions[state.versions.length - 1];
  const start = from ?? Math.max(0, current - HISTORY);
  state.start = Math.min(start, current);
  $("from-version").value = String(state.start);
  follow(gameId, BigInt(state.start));
}

/** Streams every update after `from` and keeps following; resumes after a dropped connection. */
async function follow(gameId, from) {
  const controller = new AbortController();
  state.stream = controller;
  let last = from;
  try {
    const stream = client().streamGame(
      { gameId, seat: state.seat, fromVersion: from },
      api.auth(state.token, controller.signal),
    );
    say(`Following ${gameId}.`);
    for await (const update of stream) {
      keep(update);
      last = update.version;
      scheduleRender();
    }
    if (state.stream === controller) {
      say(`${gameId}: the stream ended (the game is over).`);
      loadRecord(gameId, state.session);
    }
  } catch (error) {
    if (controller.signal.aborted || state.stream !== controller) return;
    if (error instanceof ConnectError && error.code === Code.Aborted) {
      say(`${describe(error)} (a newer stream of this seat, from another client or page, replaced this one)`, true);
      return;
    }
    const retry = error instanceof ConnectError && [Code.Unavailable, Code.Unknown, Code.Internal].includes(error.code);
    say(`${describe(error)}${retry ? "; resuming…" : ""}`, true);
    if (retry) setTimeout(() => state.stream === controller && follow(gameId, last), RETRY_MS);
  }
}

/**
 * Reads a finished game's replay for what the stream does not carry: each
 * stand-in with its reason, and each note a bot attached to its decision.
 */
async function loadRecord(gameId, session) {
  const record = new Map();
  let pageToken = "";
  try {
    for (let page = 0; page < MAX_RECORD_PAGES; page++) {
      const replay = await client().getReplay({ gameId, pageToken });
      if (session !== state.session) return;
      for (const action of replay.actions) {
        if (action.standIn || action.note) {
          record.set(Number(action.version), { seat: action.seat, standIn: action.standIn, note: action.note });
        }
      }
      pageToken = replay.nextPageToken;
      if (!pageToken) break;
    }
  } catch (error) {
    if (session === state.session) say(`the game's record: ${describe(error)}`, true);
    return;
  }
  state.record = record;
  scheduleRender();
}

function keep(update) {
  const version = Number(update.version);
  if (!state.updates.has(version)) {
    state.versions.push(version);
    state.versions.sort((a, b) => a - b);
  }
  // A move the server played for a seat is marked on the stream too
  // (without an illegal action's rule, which the replay adds at the end).
  if (update.standIn && update.events.length && !state.record.has(version)) {
    state.record.set(version, { seat: update.events[0].actor, standIn: update.standIn });
  }
  const known = state.updates.get(version);
  state.updates.set(version, { view: update.view ?? known?.view, events: update.events.length ? update.events : known?.events ?? [] });
  if (update.events.length) {
    state.events.push(...update.events);
    state.events.sort((a, b) => Number(a.version - b.version));
    if (state.events.length > MAX_EVENTS) state.events.splice(0, state.events.length - MAX_EVENTS);
  }
  while (state.versions.length > MAX_VIEWS) {
    const oldest = state.versions.shift();
    state.updates.delete(oldest);
    if (state.selected === oldest) state.selected = state.versions[0];
  }
  if (state.follow || state.selected === null) state.selected = state.versions[state.versions.length - 1];
}

function scheduleRender() {
  if (state.renderQueued) return;
  state.renderQueued = true;
  requestAnimationFrame(() => {
    state.renderQueued = false;
    render();
  });
}

function select(index) {
  if (!state.versions.length) return;
  const clamped = Math.max(0, Math.min(state.versions.length - 1, index));
  state.selected = state.versions[clamped];
  state.follow = clamped === state.versions.length - 1 && $("follow").checked;
  if (!state.follow) $("follow").checked = false;
  render();
}

function selectedIndex() {
  return state.versions.indexOf(state.selected);
}

// ---- rendering ----

function render() {
  const entry = state.updates.get(state.selected);
  if (!entry?.view) return;
  const view = entry.view;
  const index = selectedIndex();
  $("slider").max = String(Math.max(0, state.versions.length - 1));
  $("slider").value = String(index);
  $("version-label").textContent =
    `version ${state.selected}; versions ${state.versions[0]} to ${state.versions[state.versions.length - 1]} kept`;
  renderSummary(view);
  const game = view.game;
  let body;
  if (game.case === "arrakis") body = renderArrakis(view);
  else if (game.case === "imperium") body = renderImperium(view);
  else body = h("pre", {}, JSON.stringify(api.viewJson(view), null, 2));
  const actions = view.legalActions.length
    ? h(
        "details",
        { class: "panel legal-actions", "data-legal-actions": view.legalActions.length },
        h("summary", {}, `Seat ${view.seat}'s legal actions now (${view.legalActions.length})`),
        h("ol", {}, view.legalActions.slice(0, 200).map((action) => h("li", {}, action.label))),
      )
    : null;
  $("view").replaceChildren(...[actions, body].filter(Boolean));
  renderLog(view);
}

function seatText(view, seat) {
  if (view.game.case === "arrakis") return seatName(seat);
  if (view.game.case === "imperium") return seatLabel(seat, view.game.value);
  return `seat ${seat}`;
}

function renderSummary(view) {
  const node = $("summary");
  node.dataset.version = String(view.version);
  node.dataset.status = STATUS_NAMES[view.status] ?? String(view.status);
  node.dataset.toAct = view.toAct.join(",");
  node.dataset.kind = view.game.case ?? "";
  const result = view.result;
  const parts = [
    h("span", {}, h("b", {}, KIND_NAMES[view.kind] ?? "Game"), " ", h("code", {}, view.gameId)),
    h("span", {}, "Version ", h("b", { id: "shown-version" }, String(view.version))),
    h("span", {}, STATUS_NAMES[view.status] ?? ""),
    h("span", { id: "to-act" }, view.toAct.length ? `To act: ${view.toAct.map((seat) => seatText(view, seat)).join(", ")}` : "Nobody to act"),
    h("span", {}, view.seat === undefined ? "Spectator view" : `Seat ${view.seat}'s view`),
    view.seedChosenByCreator ? h("span", { title: "Whoever knows the seed knows every hidden card." }, "Seed chosen by the creator") : null,
    result
      ? h(
          "span",
          { id: "result" },
          `Over: ${result.reason}`,
          result.winners.length ? ` Winners: ${result.winners.map((seat) => seatText(view, seat)).join(", ")}.` : "",
        )
      : null,
  ];
  node.replaceChildren(...parts.filter(Boolean));
}

// An event's case in its game's `kind` oneof ("roundStarted", "gameOver",
// ...): the typed form of what `text` says in words.
function eventCase(event) {
  return event.game.value?.kind?.case ?? "";
}

// The events that stand out in the log: a round begins, the game ends.
const MILESTONES = new Set(["roundStarted", "gameOver"]);

function renderLog(view) {
  const shown = state.selected;
  const upTo = state.events.filter((event) => Number(event.version) <= shown).slice(-400);
  const line = (version, classes, ...text) =>
    h(
      "li",
      { class: [version === shown ? "current" : "", ...classes].join(" ").trim(), "data-version": String(version) },
      h("span", { class: "v" }, `v${version}`),
      ...text,
    );
  const items = upTo.map((event) => {
    const kind = eventCase(event);
    const item = line(Number(event.version), MILESTONES.has(kind) ? ["milestone"] : [], event.text);
    item.dataset.event = kind;
    return item;
  });
  // After the game: who the server played for and why, and the bots'
  // notes, each after its version's events.
  const first = upTo.length ? Number(upTo[0].version) : 0;
  for (const [version, { seat, standIn, note }] of [...state.record].sort((a, b) => a[0] - b[0])) {
    if (version > shown || version < first) continue;
    const lines = [];
    if (standIn) {
      const why = STAND_IN_REASONS[standIn.reason] ?? "no reason given";
      const rule = standIn.rule ? ` (${standIn.rule})` : "";
      lines.push(line(version, ["stand-in"], `The server played for ${seatText(view, seat)}: ${why}${rule}.`));
    }
    if (note) lines.push(line(version, ["bot-note"], `${seatText(view, seat)}'s note: `, h("q", {}, note)));
    let at = items.findIndex((item) => Number(item.dataset.version) > version);
    if (at < 0) at = items.length;
    items.splice(at, 0, ...lines);
  }
  if (state.start > 0) {
    items.unshift(h("li", { class: "note" }, `Events up to version ${state.start} not loaded (see “from version”).`));
  }
  const log = $("log");
  log.replaceChildren(...items);
  const current = log.querySelector("li.current") ?? log.lastElementChild;
  if (current) current.scrollIntoView({ block: "nearest" });
}

// ---- page ----

function start() {
  const params = new URLSearchParams(location.search);
  $("server").value = params.get("server") ?? defaultServer();
  $("connect-form").addEventListener("submit", (event) => {
    event.preventDefault();
    listGames();
  });
  $("more-games").addEventListener("click", () => listGames(true));
  $("watch-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const gameId = $("game-id").value.trim();
    if (!gameId) return say("Give a game id, or pick a game from the list.", true);
    const seatText = $("seat").value.trim();
    const seat = seatText === "" ? undefined : Number(seatText);
    if (seat !== undefined && (!Number.isInteger(seat) || seat < 0)) return say("The seat is a number from 0.", true);
    watch(gameId, seat, $("token").value.trim());
  });
  $("first").addEventListener("click", () => select(0));
  $("reload-from").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!state.gameId) return;
    const from = Number($("from-version").value);
    if (!Number.isInteger(from) || from < 0) return say("Versions are whole numbers from 0.", true);
    watch(state.gameId, state.seat, state.token, from);
  });
  $("prev").addEventListener("click", () => select(selectedIndex() - 1));
  $("next").addEventListener("click", () => select(selectedIndex() + 1));
  $("last").addEventListener("click", () => {
    $("follow").checked = true;
    state.follow = true;
    select(state.versions.length - 1);
  });
  $("slider").addEventListener("input", (event) => select(Number(event.target.value)));
  $("follow").addEventListener("change", (event) => {
    state.follow = event.target.checked;
    if (state.follow) select(state.versions.length - 1);
  });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
    if (event.key === "ArrowLeft") select(selectedIndex() - 1);
    else if (event.key === "ArrowRight") select(selectedIndex() + 1);
    else if (event.key === "Home") select(0);
    else if (event.key === "End") $("last").click();
  });
  const game = params.get("game");
  if (game) {
    const seat = params.get("seat");
    const from = params.get("from");
    watch(game, seat === null || seat === "" ? undefined : Number(seat), "", from === null ? undefined : Number(from));
  } else {
    listGames();
  }
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
