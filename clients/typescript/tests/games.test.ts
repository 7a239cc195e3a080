// Whole games played through the package against the release server: every
// human seat plays random legal actions (Seat.play: apply on its turn, stream
// otherwise) while a spectator streams the game from its first action, each
// event in its typed form.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  type Game,
  GameStatus,
  type LegalAction,
  MelangeClient,
  type View,
  arrakisOptions,
  eventKind,
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

/** Plays every human seat of `game` to the end and checks the game; gives up
 * (resolving to undefined) once the game passes `cap` versions. */
async function playOut(client: MelangeClient, game: Game, cap = Infinity) {
  const humans = game.humanSeats();
  const played = new Map<number, number>(humans.map((seat) => [seat, 0]));
  const stop = new AbortController();
  const kinds = new Set<string>();
  const watch = (async () => {
    const versions: bigint[] = [];
    for await (const update of client.spectator(game.id).stream(0n, { signal: stop.signal })) {
      versions.push(update.version);
      for (const event of update.events) {
        // Every event has its case, whose message holds the fields.
        const kind = eventKind(event);
        assert.ok(kind, `an event with no case: ${event.text}`);
        kinds.add(kind);
      }
    }
    return versions;
  })();
  const finals = await Promise.all(
    humans.map((seat) => {
      const choose = hashed(seat);
      return game.seat(seat).play(
        (view: View): LegalAction => {
          if (view.version >= cap) stop.abort();
          played.set(seat, (played.get(seat) ?? 0) + 1);
          return choose(view);
        },
        { signal: stop.signal },
      );
    }),
  );
  const streamed = await watch;
  if (stop.signal.aborted) return undefined;
  assert.ok(kinds.has("gameOver"), `the game's end in its typed form: ${[...kinds]}`);
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

/** War for Arrakis games are long-tailed (a few hundred to over 100,000
 * decisions), and a rules change reshapes every seeded game: play `seeds` in
 * turn until one finishes within `cap` versions, so that a whole game always
 * finishes through the client in bounded time. */
async function playWhole(client: MelangeClient, seeds: number[], make: (seed: number) => Promise<Game>, cap = 5000) {
  for (const seed of seeds) {
    const game = await make(seed);
    const outcome = await playOut(client, game, cap);
    if (outcome !== undefined) return { game, ...outcome };
  }
  assert.fail(`no game of seeds ${seeds.join(", ")} finished within ${cap} versions`);
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
      const { final, played } = (await playOut(client, game))!;
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
    const { final, played } = (await playOut(client, game))!;
    assert.ok((played.get(1) ?? 0) > 0 && (played.get(1) ?? 0) < Number(final.version));
  });

  // protobuf-es decodes a War for Arrakis view (about 8 KB with its legal
  // actions) in 1-2 ms on this project's machine, where Python's protobuf
  // takes 15 us. The first seed of each list gave a whole game of 900-2,900
  // decisions with this chooser when it was chosen; the others stand in if a
  // rules change makes it run past the cap (about half of these games end
  // within 5,000 versions, so thirteen seeds all running past it is rare).
  const fallbacks = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112];
  const expansions: Array<[string, number, { desertWar?: boolean; smugglers?: boolean }]> = [
    ["core", 3, {}],
    ["with the Desert War", 2, { desertWar: true }],
    ["with the Smugglers", 5, { smugglers: true }],
    ["with both expansions", 10, { desertWar: true, smugglers: true }],
  ];
  for (const [name, seed, flags] of expansions) {
    test(`War for Arrakis ${name}, both seats through the client`, async () => {
      const { game, final } = await playWhole(client, [seed, ...fallbacks], async (seed) => {
        const game = await client.createGame("war-for-arrakis", { seed, options: arrakisOptions(flags) });
        assert.deepEqual(game.response.seats.map((grant) => grant.plays), ["harkonnen", "atreides"]);
        const start = game.view?.game;
        assert.equal(start?.case, "arrakis");
        assert.equal(start.value.desertWar !== undefined, flags.desertWar ?? false);
        assert.equal(start.value.smugglers !== undefined, flags.smugglers ?? false);
        return game;
      });
      assert.ok(final.version > 100n);
      const replay = await client.replay(game.id);
      const options = replay.options?.game;
      assert.equal(options?.case, "arrakis");
      assert.equal(options.value.desertWar, flags.desertWar ?? false);
      assert.equal(options.value.smugglers, flags.smugglers ?? false);
    });
  }

  test("War for Arrakis against the server's bot", async () => {
    const { game, final, played } = await playWhole(client, [12, ...fallbacks], (seed) =>
      client.createGame("war-for-arrakis", { seed, options: arrakisOptions(), seats: ["random"] }),
    );
    assert.deepEqual(game.humanSeats(), [1]);
    assert.ok((played.get(1) ?? 0) > 0 && (played.get(1) ?? 0) < Number(final.version));
  });

  test("a game past the cap is given up, every seat's play and the spectator stopped", async () => {
    // Seed 2 of the core game runs about 61,000 decisions with this chooser.
    const game = await client.createGame("war-for-arrakis", { seed: 2, options: arrakisOptions() });
    assert.equal(await playOut(client, game, 300), undefined);
    const view = await client.spectator(game.id).view();
    assert.equal(view.status, GameStatus.IN_PROGRESS);
    assert.ok(view.version >= 300n && view.version < 310n);
  });
});
