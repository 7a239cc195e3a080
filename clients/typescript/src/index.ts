// Client kit for the melange game server. The messages are generated from
// the repository's proto/melange/v1 by `npm run generate` (src/gen/).
// `serve` (bot.ts) runs a remote bot that the melange server calls.
export * from "./client.js";
export * from "./bot.js";
export * from "./gen/melange/v1/game_service_pb.js";
export * from "./gen/melange/v1/bot_pb.js";
export * as arrakis from "./gen/melange/v1/arrakis_pb.js";
export * as imperium from "./gen/melange/v1/imperium_pb.js";
