// `serve` (src/bot.ts) against the release server: a TypeScript remote bot
// plays a whole game (MC-BOT-01), with its read-only token (MC-BOT-03); the
// same seed and a bot seeded from the view (README "A deterministic bot")
// give the same game twice; a bot that throws loses its seat by forfeit
// (MC-BOT-02) and goes on serving. Then the bot server's own limits, with a
// gRPC client of the test in the melange server's place (and raw sockets
// sending garbage).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { createConnection } from "node:net";
import { after, before, describe, test } from "node:test";
import { create, toBinary } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport, Http2SessionManager } from "@connectrpc/connect-node";
import {
  BotService,
  type BotServer,
  type DecideRequest,
  DecideRequestSchema,
  GameStatus,
  type LegalAction,
  MelangeClient,
  NoticeKind,
  type NoticeRequest,
  RecordedActionSchema,
  type Replay,
  type View,
  imperiumOptions,
  serve,
} from "../src/index.js";
import { startServer, type RunningServer } from "./server.js";

/** The README's deterministic bot: a generator seeded by what the view says
 * about this decision (never the game id, the clocks or the time). */
const BOT_SEED = "bot-test-v1";
function decisionRandom(view: View): () => number {
  const labels = view.legalActions.map((legal) => legal.label).join("\n");
  const digest = createHash("sha256").update(`${BOT_SEED}|${view.seat}|${view.version}|${labels}`).digest();
  let state = digest.readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}
function chooseSeeded(view: View): LegalAction {
  const random = decisionRandom(view);
  return view.legalActions[Math.floor(random() * view.legalActions.length)];
}

/** Waits, as a spectator, for the game to finish; its final view. */
async function finished(client: MelangeClient, gameId: string): Promise<View> {
  for await (const update of client.spectator(gameId).stream(0n)) {
    if (update.view?.status === GameStatus.FINISHED) return update.view;
  }
  return client.spectator(gameId).view();
}

/** The recorded actions of a replay as bytes, to compare two games. */
function movesOf(replay: Replay): string[] {
  return replay.actions.map((recorded) => Buffer.from(toBinary(RecordedActionSchema, recorded)).toString("hex"));
}

describe("a TypeScript remote bot on the release server", () => {
  let melange: RunningServer;
  let client: MelangeClient;
  let seeded: BotServer;
  let failing: BotServer;
  const asked: DecideRequest[] = [];
  const problems: string[] = [];
  const failures: unknown[] = [];
  const notices: NoticeRequest[] = [];
  let failingCalls = 0;

  before(async () => {
    seeded = await serve(async (request) => {
      asked.push(request);
      const view = request.view;
      if (view === undefined || view.seat !== request.seat) problems.push("not its own seat's view");
      if (request.timeLeftMs <= 0n) problems.push("no time left");
      if (asked.length === 1) {
        // Its read-only token reads its own seat's view (MC-BOT-03).
        const reader = new MelangeClient(melange.url, { timeoutMs: 10_000 });
        try {
          const seen = await reader.seat(request.gameId, request.seat, request.observerToken).view();
          if (seen.seat !== request.seat) problems.push("the observer token read another seat");
        } finally {
          reader.close();
        }
      }
      return chooseSeeded(view!);
    }, { onNotice: (notice) => notices.push(notice) });
    failing = await serve(
      () => {
        failingCalls += 1;
        throw new Error("this bot always fails");
      },
      { onError: (error) => failures.push(error) },
    );
    melange = await startServer(
      "--allow-bot-endpoint",
      `127.0.0.1:${seeded.port},127.0.0.1:${failing.port}`,
    );
    client = new MelangeClient(melange.url, { timeoutMs: 30_000 });
  });

  after(async () => {
    client?.close();
    await melange?.stop();
    // The melange server is gone, and the bots still stop at once.
    await Promise.all([seeded?.stop(), failing?.stop()]);
  });

  test("plays a whole game, one Decide per move of its seat", async () => {
    asked.length = 0;
    const game = await client.createGame("imperium", {
      seed: 5,
      options: imperiumOptions(2),
      seats: [seeded.endpoint, "random"],
    });
    assert.deepEqual(game.humanSeats(), []);
    assert.equal(game.response.seats[0].bot, seeded.endpoint);
    const final = await finished(client, game.id);
    assert.equal(final.status, GameStatus.FINISHED);
    assert.deepEqual(problems, []);
    const replay = await client.replay(game.id);
    const botMoves = replay.actions.filter((recorded) => recorded.seat === 0);
    assert.ok(asked.length > 0);
    assert.equal(botMoves.length, asked.length, "one Decide per move of the bot's seat");
    assert.ok(asked.every((request) => request.seat === 0 && request.gameId === game.id));
    // The bot's moves are its answers, in order.
    assert.deepEqual(
      botMoves.map((recorded) => recorded.version),
      asked.map((request) => request.view!.version + 1n),
    );
    // It was told of the game's start and end (MC-BOT-04).
    for (let wait = 0; wait < 100 && notices.filter((n) => n.gameId === game.id).length < 2; wait++) {
      await new Promise((wake) => setTimeout(wake, 50));
    }
    const told = notices.filter((notice) => notice.gameId === game.id);
    assert.deepEqual(told.map((notice) => notice.notice), [NoticeKind.STARTED, NoticeKind.ENDED]);
    assert.deepEqual(told[1].result?.ranking, final.result?.ranking);
    // Any other endpoint is refused.
    const refused = await client
      .createGame("imperium", { options: imperiumOptions(2), seats: ["http://127.0.0.1:1", "random"] })
      .then(
        () => undefined,
        (error: unknown) => ConnectError.from(error),
      );
    assert.equal(refused?.code, Code.InvalidArgument);
  });

  test("the same seed and a bot seeded from its view give the same game", async () => {
    const replays: Replay[] = [];
    for (let run = 0; run < 2; run += 1) {
      const game = await client.createGame("imperium", {
        seed: 11,
        options: imperiumOptions(2),
        seats: ["random", seeded.endpoint],
      });
      await finished(client, game.id);
      replays.push(await client.replay(game.id));
    }
    assert.notEqual(replays[0].gameId, replays[1].gameId, "each game has its own id");
    assert.ok(replays[0].actions.some((recorded) => recorded.seat === 1));
    assert.deepEqual(movesOf(replays[1]), movesOf(replays[0]));
  });

  test("a bot that throws forfeits its seat, and its server goes on serving", async () => {
    const game = await client.createGame("imperium", {
      seed: 3,
      options: imperiumOptions(2),
      seats: [failing.endpoint, "random"],
    });
    const final = await finished(client, game.id);
    assert.equal(final.status, GameStatus.FINISHED);
    assert.equal(final.result?.ranking.at(-1), 0, "the failing seat is last");
    assert.match(final.result?.reason ?? "", /forfeit/);
    assert.ok(failingCalls >= 1);
    assert.equal(failures.length, failingCalls, "every error reached onError");
    assert.match(String(failures[0]), /this bot always fails/);
    // Still serving: another game calls it again.
    const before = failingCalls;
    const again = await client.createGame("imperium", {
      seed: 4,
      options: imperiumOptions(2),
      seats: [failing.endpoint, "random"],
    });
    await finished(client, again.id);
    assert.ok(failingCalls > before);
  });
});

describe("the bot server's own limits", () => {
  /** A gRPC client of BotService, as the melange server is one. */
  function botClient(server: BotServer) {
    const sessions = new Http2SessionManager(server.endpoint);
    const transport = createGrpcTransport({ baseUrl: server.endpoint, sessionManager: sessions });
    return { service: createClient(BotService, transport), close: () => sessions.abort() };
  }
  async function refusal(promise: Promise<unknown>): Promise<ConnectError> {
    try {
      await promise;
    } catch (error) {
      return ConnectError.from(error);
    }
    assert.fail("the call was answered");
  }
  const request = (labels: string[]) =>
    create(DecideRequestSchema, {
      gameId: "g",
      seat: 0,
      timeLeftMs: 1000n,
      view: { seat: 0, version: 7n, legalActions: labels.map((label) => ({ label, action: {} })) },
    });

  let server: BotServer;
  const errors: unknown[] = [];
  before(async () => {
    server = await serve(
      (decide) => {
        const first = decide.view?.legalActions[0];
        if (first?.label === "throw") throw new Error("a bug in the bot");
        if (first?.label === "refuse") throw new ConnectError("not my game", Code.FailedPrecondition);
        if (first?.label === "nothing") return undefined as unknown as LegalAction;
        return first!;
      },
      { maxRequestBytes: 64 * 1024, onError: (error) => errors.push(error) },
    );
  });
  after(() => server?.stop());

  test("answers the first legal action's action, and refuses what it should", async () => {
    const bot = botClient(server);
    try {
      const answer = await bot.service.decide(request(["first", "second"]));
      assert.ok(answer.action !== undefined);
      // A bug: INTERNAL with a generic message, the error to onError.
      const bug = await refusal(bot.service.decide(request(["throw"])));
      assert.equal(bug.code, Code.Internal);
      assert.equal(bug.rawMessage, "internal error");
      // A ConnectError is sent as the bot chose it.
      const chosen = await refusal(bot.service.decide(request(["refuse"])));
      assert.equal(chosen.code, Code.FailedPrecondition);
      assert.equal(chosen.rawMessage, "not my game");
      const none = await refusal(bot.service.decide(request(["nothing"])));
      assert.equal(none.code, Code.Internal);
      assert.equal(errors.length, 3);
      // Too large: refused before decoding, decide never called.
      const huge = await refusal(bot.service.decide(request(["x".repeat(100 * 1024)])));
      assert.equal(huge.code, Code.ResourceExhausted);
      assert.equal(errors.length, 3);
      // And it still answers.
      assert.ok((await bot.service.decide(request(["after"]))).action !== undefined);
    } finally {
      bot.close();
    }
  });

  test("garbage on its port ends that connection only", async () => {
    const garbage = [
      Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n"),
      Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\xff\x07\x00\x00\x00\x00\x00junk"),
      // Noise, the same on every run.
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256)),
    ];
    for (const bytes of garbage) {
      await new Promise<void>((done) => {
        const socket = createConnection(server.port, server.host, () => socket.end(bytes));
        socket.on("error", () => done());
        socket.on("close", () => done());
        socket.resume();
        setTimeout(() => socket.destroy(), 2_000);
      });
    }
    const bot = botClient(server);
    try {
      assert.ok((await bot.service.decide(request(["still here"]))).action !== undefined);
    } finally {
      bot.close();
    }
  });

  test("stops at once though a client keeps its connection open, cancelling a slow decide", async () => {
    let cancelled = false;
    const slow = await serve(
      (_request, { signal }) =>
        new Promise<LegalAction>((_answer, fail) => {
          signal.addEventListener("abort", () => {
            cancelled = true;
            fail(signal.reason);
          });
        }),
      { onError: () => {} },
    );
    const bot = botClient(slow);
    try {
      const pending = refusal(bot.service.decide(request(["slow"])));
      await new Promise((done) => setTimeout(done, 200));
      const started = Date.now();
      await slow.stop(100);
      assert.ok(Date.now() - started < 5_000, "stop waited for the open connection");
      await slow.waitForTermination();
      assert.ok(cancelled, "decide's signal aborted");
      await pending;
      const gone = await refusal(bot.service.decide(request(["late"])));
      assert.equal(gone.code, Code.Unavailable);
    } finally {
      bot.close();
    }
  });
});
