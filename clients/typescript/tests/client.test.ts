// The client class's guarantees against the real server: the bearer token,
// the version guard, errors as the server words them, and streams that
// resume from the last version seen when the connection breaks.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { dirname, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import {
  ActionSchema,
  GameKind,
  GameStatus,
  MelangeClient,
  StaleVersionError,
  arrakisOptions,
  imperiumOptions,
  serverUrl,
} from "../src/index.js";
import { startServer, type RunningServer } from "./server.js";

async function refusal(promise: Promise<unknown>): Promise<ConnectError> {
  try {
    await promise;
  } catch (error) {
    return ConnectError.from(error);
  }
  assert.fail("the call was accepted");
}

/** A loopback TCP proxy to the server whose open connections the test can
 * cut at any moment (new connections are still accepted). */
class CuttingProxy {
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  cuts = 0;
  constructor(target: URL) {
    this.server = createServer((downstream) => {
      const upstream = createConnection(Number(target.port), target.hostname);
      for (const socket of [downstream, upstream]) {
        this.sockets.add(socket);
        socket.on("error", () => socket.destroy());
        socket.on("close", () => this.sockets.delete(socket));
      }
      downstream.pipe(upstream).pipe(downstream);
    });
  }
  async listen(): Promise<string> {
    await new Promise<void>((done) => this.server.listen(0, "127.0.0.1", done));
    const address = this.server.address();
    assert.ok(address !== null && typeof address === "object");
    return `http://127.0.0.1:${address.port}`;
  }
  cut(): void {
    this.cuts += 1;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }
  close(): void {
    this.cut();
    this.server.close();
  }
}

describe("the client", () => {
  let server: RunningServer;
  let client: MelangeClient;
  before(async () => {
    server = await startServer();
    client = new MelangeClient(server.url);
  });
  after(async () => {
    client?.close();
    await server?.stop();
  });

  test("apply guards with the last version seen", async () => {
    const game = await client.createGame("imperium", { seed: 42, options: imperiumOptions(2) });
    const seat = game.seat(game.view?.toAct[0] ?? 0);
    const view = await seat.view();
    assert.equal(seat.version, 0n);
    const response = await seat.apply(view.legalActions[0]); // expected_version from the view
    assert.ok(response.version >= 1n);
    assert.equal(seat.version, response.version);
    assert.equal(response.view?.version, response.version);
  });

  test("a stale version is refused with the current one", async () => {
    const game = await client.createGame("imperium", { seed: 42, options: imperiumOptions(2) });
    const seat = game.seat(game.view?.toAct[0] ?? 0);
    const view = await seat.view();
    await assert.rejects(seat.apply(view.legalActions[0], view.version + 3n), (error: unknown) => {
      assert.ok(error instanceof StaleVersionError);
      assert.equal(error.currentVersion, view.version);
      assert.equal(error.cause.code, Code.Aborted);
      return true;
    });
    // A rejected call never changes the game.
    assert.equal((await seat.view()).version, view.version);
  });

  test("tokens are required and checked", async () => {
    const game = await client.createGame("imperium", { seed: 42, options: imperiumOptions(2) });
    const otherToken = game.response.seats[1].token;
    assert.equal((await refusal(client.seat(game.id, 0, otherToken).view())).code, Code.PermissionDenied);
    assert.equal((await refusal(client.seat(game.id, 0, "").view())).code, Code.Unauthenticated);
    assert.equal((await game.seat(0).view()).seat, 0);
  });

  test("every spelling of a kind and an address means the same", async () => {
    // Issue 31: "war-for-arrakis" as the binaries spell it, the kit's older
    // "war_for_arrakis", and a server's address with or without http://.
    const hostPort = server.url.replace(/^http:\/\//, "");
    assert.equal(serverUrl(hostPort), server.url);
    assert.equal(serverUrl("https://melange.example:443"), "https://melange.example:443");
    assert.throws(() => serverUrl("grpc://127.0.0.1:1"), /unknown scheme/);
    for (const address of [hostPort, server.url]) {
      const other = new MelangeClient(address);
      try {
        for (const kind of ["war-for-arrakis", "war_for_arrakis"] as const) {
          const game = await other.createGame(kind, { seed: 1, options: arrakisOptions(), seats: ["random"] });
          assert.equal(game.view?.kind, GameKind.WAR_FOR_ARRAKIS);
        }
      } finally {
        other.close();
      }
    }
    await assert.rejects(client.createGame("chess" as "imperium"), /one of war-for-arrakis, imperium/);
  });

  test("bot seats have no token", async () => {
    const game = await client.createGame("war-for-arrakis", { seed: 1, options: arrakisOptions(), seats: ["random"] });
    assert.deepEqual(game.humanSeats(), [1]);
    assert.throws(() => game.seat(0));
  });

  test("an illegal action names the rule", async () => {
    const game = await client.createGame("imperium", { seed: 42, options: imperiumOptions(2) });
    const acting = game.seat(game.view?.toAct[0] ?? 0);
    const waiting = game.seat(game.humanSeats().find((seat) => seat !== acting.seat) ?? 1);
    const legal = (await acting.view()).legalActions[0];
    const notYours = await refusal(waiting.apply(legal, 0n));
    assert.equal(notYours.code, Code.FailedPrecondition);
    assert.match(notYours.rawMessage, /turn/);
    const illegal = create(ActionSchema, {
      game: {
        case: "imperium",
        value: { step: { case: "sendAgent", value: { card: "dagger", space: "arrakeen" } } },
      },
    });
    const refused = await refusal(acting.apply(illegal));
    assert.equal(refused.code, Code.FailedPrecondition);
    assert.match(refused.rawMessage, /^IM-[A-Z]+-\d+: /);
    assert.equal((await acting.apply(legal)).version, 1n);
  });

  test("a seat concedes whoever is to act, once (MC-RESIGN-01, MC-RESIGN-02)", async () => {
    const game = await client.createGame("imperium", { seed: 42, options: imperiumOptions(2) });
    const acting = game.view?.toAct[0] ?? 0;
    const waiting = game.seat(game.humanSeats().find((seat) => seat !== acting) ?? 1);
    const response = await waiting.concede();
    assert.equal(response.view?.status, GameStatus.FINISHED);
    const ranking = response.view?.result?.ranking ?? [];
    assert.equal(ranking[ranking.length - 1], waiting.seat);
    assert.equal(waiting.version, response.version);
    const again = await refusal(waiting.concede());
    assert.equal(again.code, Code.FailedPrecondition);
    assert.match(again.rawMessage, /MC-RESIGN-01/);
  });

  test("ListGames shows a new game without tokens", async () => {
    const game = await client.createGame("imperium", { seed: 8, options: imperiumOptions(3) });
    const listed = await client.listGames({ kind: GameKind.IMPERIUM, pageSize: 500 });
    const summary = listed.games.find((entry) => entry.gameId === game.id);
    assert.ok(summary !== undefined);
    assert.equal(summary.status, GameStatus.IN_PROGRESS);
    assert.ok(summary.seedChosenByCreator);
    assert.deepEqual(summary.seats.map((grant) => grant.seat), [0, 1, 2]);
    assert.ok(summary.seats.every((grant) => grant.token === ""));
  });

  test("a stream from beyond the game's version is OUT_OF_RANGE", async () => {
    const game = await client.createGame("imperium", { seed: 3, options: imperiumOptions(4) });
    const updates = client.spectator(game.id).stream((game.view?.version ?? 0n) + 10n);
    assert.equal((await refusal(updates.next())).code, Code.OutOfRange);
  });

  test("a broken stream resumes from the last version", async () => {
    // A spectator follows a game the server's bots play, through a proxy that
    // drops the connection every 300 updates: the stream reconnects with
    // from_version = the last version it yielded, so it yields 1..N once each.
    const game = await client.createGame("imperium", {
      seed: 5,
      options: imperiumOptions(4),
      seats: ["random", "random", "random", "random"],
    });
    const proxy = new CuttingProxy(new URL(server.url));
    const watcher = new MelangeClient(await proxy.listen());
    const versions: bigint[] = [];
    const reconnects: bigint[] = [];
    let status: GameStatus | undefined;
    try {
      for await (const update of watcher.spectator(game.id).stream(0n, { onReconnect: (v) => reconnects.push(v) })) {
        versions.push(update.version);
        status = update.view?.status;
        if (versions.length % 100 === 0 && proxy.cuts < 3) proxy.cut();
      }
    } finally {
      watcher.close();
      proxy.close();
    }
    assert.equal(status, GameStatus.FINISHED);
    versions.forEach((version, index) => assert.equal(version, BigInt(index + 1)));
    assert.ok(reconnects.length >= 1);
    for (const version of reconnects) assert.ok(versions.includes(version));
  });
});

describe("a server shutdown", () => {
  test("ends the stream with UNAVAILABLE; the stream retries from the last version, then gives up", async () => {
    // This server keeps its games in memory, so nothing answers the retries.
    const own = await startServer();
    const client = new MelangeClient(own.url);
    try {
      const game = await client.createGame("imperium", { seed: 9, options: imperiumOptions(2) });
      const acting = game.seat(game.view?.toAct[0] ?? 0);
      await acting.apply((await acting.view()).legalActions[0]);
      const retries: bigint[] = [];
      const updates = client.spectator(game.id).stream(0n, { reconnectForMs: 1000, onReconnect: (v) => retries.push(v) });
      assert.equal((await updates.next()).value?.version, 1n);
      await own.stop();
      const ended = await refusal((async () => {
        for await (const _ of updates);
      })());
      assert.equal(ended.code, Code.Unavailable);
      assert.ok(retries.length > 0 && retries.every((version) => version === 1n));
    } finally {
      client.close();
      await own.stop();
    }
  });
});

describe("the random bot", () => {
  const bot = resolve(dirname(fileURLToPath(import.meta.url)), "../examples/random-bot.js");
  let server: RunningServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  test("is shown whole in the README", () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
    const code = readFileSync(resolve(root, "examples/random-bot.ts"), "utf8");
    assert.ok(readFileSync(resolve(root, "README.md"), "utf8").includes("```ts\n" + code + "```"));
    assert.ok(code.split("\n").length - 1 <= 30);
  });

  test("creates and plays a game", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [bot, "--server", server.url]);
    assert.match(stdout, /created imperium game [0-9a-f]{32}; playing seat 0/);
    assert.match(stdout, /over at version \d+: /);
  });

  test("joins a seat while the test plays the other", async () => {
    const client = new MelangeClient(server.url);
    try {
      const game = await client.createGame("imperium", { options: imperiumOptions(2) });
      const ours = game.seat(0).play((view) => view.legalActions[view.legalActions.length - 1]);
      const args = [bot, "--server", server.url, "--game", game.id, "--seat", "1"];
      const run = promisify(execFile)(process.execPath, [...args, "--token", game.response.seats[1].token]);
      const [final, { stdout }] = await Promise.all([ours, run]);
      assert.equal(final.status, GameStatus.FINISHED);
      assert.ok(stdout.includes(`over at version ${final.version}: ${final.result?.reason}`));
    } finally {
      client.close();
    }
  });
});
