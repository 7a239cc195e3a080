// Every call that names a game carries `x-melange-game: <game id>`, the
// header a proxy in front of a fleet of servers routes by
// (deploy/README.md); CreateGame and ListGames, which name none, carry no
// such header. A fake GameService (Connect's Node adapter over HTTP/2 on a
// loopback port) records what each call received, since the server does not
// read the header itself.
import assert from "node:assert/strict";
import { createServer, type Http2Server } from "node:http2";
import { after, before, test } from "node:test";
import { create } from "@bufbuild/protobuf";
import type { ConnectRouter, HandlerContext } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import {
  ActionSchema,
  ApplyActionResponseSchema,
  ConcedeResponseSchema,
  CreateGameResponseSchema,
  GameService,
  GameUpdateSchema,
  ListGamesResponseSchema,
  MelangeClient,
  ReplaySchema,
  SimulateResponseSchema,
  ViewSchema,
} from "../src/index.js";

const GAME = "g-4f1c";
const seen = new Map<string, string[]>();

function record(method: string, context: HandlerContext): void {
  const calls = seen.get(method) ?? [];
  calls.push(context.requestHeader.get("x-melange-game") ?? "");
  seen.set(method, calls);
}

function routes(router: ConnectRouter): void {
  router.service(GameService, {
    createGame(_request, context) {
      record("CreateGame", context);
      return create(CreateGameResponseSchema, {
        gameId: GAME,
        seats: [
          { seat: 0, token: "t0" },
          { seat: 1, bot: "random" },
        ],
        view: { gameId: GAME },
      });
    },
    getView(request, context) {
      record("GetView", context);
      return create(ViewSchema, { gameId: request.gameId, version: 3n });
    },
    applyAction(_request, context) {
      record("ApplyAction", context);
      return create(ApplyActionResponseSchema, { version: 4n });
    },
    async *streamGame(_request, context) {
      record("StreamGame", context);
      yield create(GameUpdateSchema, { version: 5n });
    },
    listGames(_request, context) {
      record("ListGames", context);
      return create(ListGamesResponseSchema);
    },
    getReplay(request, context) {
      record("GetReplay", context);
      return create(ReplaySchema, { gameId: request.gameId });
    },
    concede(_request, context) {
      record("Concede", context);
      return create(ConcedeResponseSchema, { version: 6n });
    },
    simulate(_request, context) {
      record("Simulate", context);
      return create(SimulateResponseSchema);
    },
  });
}

let server: Http2Server;
let url: string;

before(async () => {
  server = createServer(connectNodeAdapter({ routes }));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  assert.ok(typeof address === "object" && address !== null);
  url = `http://127.0.0.1:${address.port}`;
});

after(async () => {
  await new Promise<void>((done) => server.close(() => done()));
});

test("every call that names a game sends its id in x-melange-game", async () => {
  seen.clear();
  const client = new MelangeClient(url, { timeoutMs: 10_000 });
  try {
    const game = await client.createGame("imperium", { seats: [null, "random"] });
    await client.listGames();
    const seat = game.seat(0);
    await seat.view();
    await seat.apply(create(ActionSchema), 3n);
    const versions: bigint[] = [];
    for await (const update of seat.stream(0n)) versions.push(update.version);
    assert.deepEqual(versions, [5n]);
    await seat.concede();
    await client.spectator(GAME).view();
    await client.replay(GAME);
    // Calls made on the generated client directly carry it too, and a
    // caller's own value gives way to the request's game.
    await client.service.simulate({ gameId: GAME, seat: 0 }, { headers: { "x-melange-game": "wrong" } });
    await client.service.getView({ gameId: "other" });
    await client.service.getView({});
  } finally {
    client.close();
  }
  assert.deepEqual(Object.fromEntries(seen), {
    CreateGame: [""],
    ListGames: [""],
    GetView: [GAME, GAME, "other", ""],
    ApplyAction: [GAME],
    StreamGame: [GAME],
    Concede: [GAME],
    GetReplay: [GAME],
    Simulate: [GAME],
  });
});
