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

/** A GameService client for the server at `baseUrl` (e.g. http://127.0.0.1:50051). */
export function connect(baseUrl) {
  const transport = createGrpcWebTransport({
    baseUrl: baseUrl.replace(/\/+$/, ""),
    useBinaryFormat: true,
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
