// Plays one seat of a melange game with uniformly random legal actions:
// creates a game whose other seats the server's random bots play, or joins
// a seat of an existing game with --game, --seat and --token.
import { parseArgs } from "node:util";
import { MelangeClient, arrakisOptions, imperiumOptions } from "../src/index.js";

const { values: args } = parseArgs({
  options: {
    server: { type: "string", default: "http://127.0.0.1:50051" },
    kind: { type: "string", default: "imperium" },
    seat: { type: "string", default: "0" },
    game: { type: "string" }, token: { type: "string" },
  },
});
const client = new MelangeClient(args.server);
const seatNumber = Number(args.seat);
let seat = args.game ? client.seat(args.game, seatNumber, args.token ?? "") : undefined;
if (!seat) {
  const imperium = args.kind === "imperium";
  const bots: Array<string | null> = Array(imperium ? 4 : 2).fill("random");
  bots[seatNumber] = null;
  const options = imperium ? imperiumOptions(4) : arrakisOptions();
  const game = await client.createGame(imperium ? "imperium" : "war-for-arrakis", { options, seats: bots });
  console.log(`created ${args.kind} game ${game.id}; playing seat ${seatNumber}`);
  seat = game.seat(seatNumber);
}
const final = await seat.play((view) => view.legalActions[Math.floor(Math.random() * view.legalActions.length)]);
console.log(`over at version ${final.version}: ${final.result?.reason}`);
console.log(`ranking ${JSON.stringify(final.result?.ranking)}, winners ${JSON.stringify(final.result?.winners)}`);
client.close();
