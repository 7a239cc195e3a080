// Whole games played through the package against the release server: every
// human seat plays random legal actions (Seat.play: apply on its turn, stream
// otherwise) while a spectator streams the game from its first action.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  type Game,
  GameStatus,
  type LegalAction,
  MelangeClient,
  type View,
  arrakisOptions,
  imperiumOptions,
} from "../src/index.js";
import { startServer, type RunningServer } from "./server.js";

/** Picks a legal action by a hash of the version and the seat: a choice
 * that looks random, replays exactly, and is the same in the Python kit's
 * language, so that the seeds below were chosen there quickly. */
function hashed(seat: number) {
  return (view: View): LegalAction => {
    const hash = (view.version * 2654435761n + BigInt(seat) * 97n) % 4294967296n;
    return view.legalActions[Number(hash % BigInt(view.legalActions.length))];
  };
}

async function playOut(client: MelangeClient, game: Game) {
  const humans = game.humanSeats();
  const played = new Map<number, number>(humans.map((seat) => [seat, 0]));
  const watch = (async () => {
    const versions: bigint[] = [];
    for await (const update of client.spectator(game.id).stream(0n)) versions.push(update.version);
    return versions;
  })();
  const finals = await Promise.all(
    humans.map((seat) => {
      const choose = hashed(seat);
      return game.seat(seat).play((view: View): LegalAction => {
        played.set(seat, (played.get(seat) ?? 0) + 1);
        return choose(view);
      });
    }),
  );
  const streamed = await watch;
  const final = await client.spectator(game.id).view();
  for (const view of finals) {
    assert.equal(view.status, GameStatus.FINISHED);
    assert.equal(view.version, final.version);
    assert.deepEqual(view.result?.ranking, final.result?.ranking);
  }
  assert.equal(final.status, GameStatus.FINISHED);
  assert.ok(final.result?.reason);
  // The spectator saw every version once, in order, from the first action.
  assert.equal(streamed.length, Number(final.version));
  streamed.forEach((version, index) => assert.equal(version, BigInt(index + 1)));
  const replay = await client.replay(game.id);
  assert.equal(replay.actions.length, Number(final.version));
  for (const [seat, count] of played) {
    assert.equal(replay.actions.filter((action) => action.seat === seat).length, count);
  }
  return { final, played };
}

describe("whole games", () => {
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

  for (const players of [1, 2, 3, 4]) {
    test(`Imperium with ${players} player(s), every seat through the client`, async () => {
      const game = await client.createGame("imperium", { seed: 1000 + players, options: imperiumOptions(players) });
      assert.deepEqual(game.humanSeats(), [...Array(players).keys()]);
      const { final, played } = await playOut(client, game);
      assert.deepEqual([...(final.result?.ranking ?? [])].sort(), [...Array(players).keys()]);
      // Rivals play inside ApplyAction: every version is a seat's action.
      assert.equal([...played.values()].reduce((a, b) => a + b, 0), Number(final.version));
      assert.equal(final.game.case, "imperium");
    });
  }

  test("Imperium against the server's bots", async () => {
    const game = await client.createGame("imperium", {
      seed: 77,
      options: imperiumOptions(4),
      seats: ["random", null, "random", "random"],
    });
    assert.deepEqual(game.humanSeats(), [1]);
    const { final, played } = await playOut(client, game);
    assert.ok((played.get(1) ?? 0) > 0 && (played.get(1) ?? 0) < Number(final.version));
  });

  // protobuf-es decodes a War for Arrakis view (about 8 KB with its legal
  // actions) in 1-2 ms on this project's machine, where Python's protobuf
  // takes 15 us, so these seeds give whole games of 900-2,900 decisions with
  // this chooser (random games run from a few hundred to over 100,000).
  const expansions: Array<[string, number, { desertWar?: boolean; smugglers?: boolean }]> = [
    ["core", 3, {}],
    ["with the Desert War", 2, { desertWar: true }],
    ["with the Smugglers", 5, { smugglers: true }],
    ["with both expansions", 10, { desertWar: true, smugglers: true }],
  ];
  for (const [name, seed, flags] of expansions) {
    test(`War for Arrakis ${name}, both seats through the client`, async () => {
      const game = await client.createGame("war_for_arrakis", { seed, options: arrakisOptions(flags) });
      assert.deepEqual(game.response.seats.map((grant) => grant.plays), ["harkonnen", "atreides"]);
      const start = game.view?.game;
      assert.equal(start?.case, "arrakis");
      assert.equal(start.value.desertWar !== undefined, flags.desertWar ?? false);
      assert.equal(start.value.smugglers !== undefined, flags.smugglers ?? false);
      const { final } = await playOut(client, game);
      assert.ok(final.version > 500n);
      const replay = await client.replay(game.id);
      const options = replay.options?.game;
      assert.equal(options?.case, "arrakis");
      assert.equal(options.value.desertWar, flags.desertWar ?? false);
      assert.equal(options.value.smugglers, flags.smugglers ?? false);
    });
  }

  test("War for Arrakis against the server's bot", async () => {
    const game = await client.createGame("war_for_arrakis", { seed: 12, options: arrakisOptions(), seats: ["random"] });
    assert.deepEqual(game.humanSeats(), [1]);
    const { final, played } = await playOut(client, game);
    assert.ok(final.version > 500n);
    assert.ok((played.get(1) ?? 0) > 0 && (played.get(1) ?? 0) < Number(final.version));
  });
});
