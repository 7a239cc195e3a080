// The gRPC-Web client: protobuf-es messages generated from proto/ and
// Connect's gRPC-Web transport (binary protobuf over fetch, so the
// server-streaming StreamGame works in every current browser).
import { createClient } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { toJson } from "@bufbuild/protobuf";
import {
  GameService,
  GameKind,
  GameStatus,
  ViewSchema,
} from "../gen/melange/v1/game_service_pb.js";

export { GameKind, GameStatus };

/** The header naming the game of a call: a proxy in front of a fleet of
 * servers hashes it, so that every call of one game reaches the server that
 * holds it (deploy/README.md). */
export const GAME_HEADER = "x-melange-game";
// The calls whose request names a game.
const GAME_CALLS = new Set(["GetView", "ApplyAction", "StreamGame", "GetReplay", "Concede", "Simulate"]);

/** Adds `x-melange-game: <game id>` to every call that names a game. */
export function gameHeader(next) {
  return async (request) => {
    if (request.service.typeName !== GameService.typeName || !GAME_CALLS.has(request.method.name)) {
      return next(request);
    }
    if (!request.stream) {
      nameGame(request.header, request.message);
      return next(request);
    }
    // StreamGame's one request message comes behind an iterable: read it
    // before the call starts, then hand it on.
    const messages = request.message[Symbol.asyncIterator]();
    const first = await messages.next();
    if (!first.done) nameGame(request.header, first.value);
    return next({ ...request, message: prepend(first, messages) });
  };
}

function nameGame(header, message) {
  const gameId = message?.gameId;
  if (typeof gameId === "string" && gameId !== "") header.set(GAME_HEADER, gameId);
}

async function* prepend(first, rest) {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/** A GameService client for the server at `baseUrl` (e.g. http://127.0.0.1:50051). */
export function connect(baseUrl) {
  const transport = createGrpcWebTransport({
    baseUrl: baseUrl.replace(/\/+$/, ""),
    useBinaryFormat: true,
    interceptors: [gameHeader],
  });
  return createClient(GameService, transport);
}

/** Call options carrying a seat's bearer token (none for a spectator). */
export function auth(token, signal) {
  const options = {};
  if (token) options.headers = { authorization: `Bearer ${token}` };
  if (signal) options.signal = signal;
  return options;
}

/** A view as plain JSON (proto3 JSON mapping), for tests and debugging. */
export function viewJson(view) {
  return toJson(ViewSchema, view);
}
