// Remote bots in TypeScript (rule MC-BOT-01): `serve(decide, options)` runs a
// `BotService` server (proto/melange/v1/bot.proto) that answers the melange
// server's `Decide` calls, the counterpart of the Python kit's
// `melange_client.bot.serve(decide, port)`.
//
//     const server = await serve((request) => request.view!.legalActions[0], { port: 50061 });
//     // a game names it as SeatConfig.bot = server.endpoint ("http://127.0.0.1:50061"),
//     // and the melange server runs with --allow-bot-endpoint 127.0.0.1:50061
//     await server.stop();
//
// The melange server calls a remote bot with tonic's gRPC client over
// cleartext HTTP/2 (`http://` only: it bundles no root certificates), one
// shared connection per endpoint, and no `grpc-timeout` header: it gives up
// on its own after `time_left_ms` and resets the call. So this is Connect's
// Node adapter on `node:http2`'s cleartext server, speaking the gRPC protocol
// only: the dependencies the kit already has, nothing else.
import { createServer, type Http2Server, type ServerHttp2Session } from "node:http2";
import type { AddressInfo } from "node:net";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import {
  BotService,
  type DecideRequest,
  type DecideResponse,
  DecideResponseSchema,
  type NoticeRequest,
  NoticeResponseSchema,
} from "./gen/melange/v1/bot_pb.js";
import { type Action, ActionSchema, type LegalAction, LegalActionSchema } from "./gen/melange/v1/game_service_pb.js";

/** What `decide` gets besides the request. `signal` aborts once the call is
 * over: answered, or given up by the melange server (its `time_left_ms`
 * passed, or it hung up), or cancelled by `stop`. A bot that thinks for long
 * can stop when it aborts, since no later answer is read. */
export interface DecideContext {
  signal: AbortSignal;
}

/** A bot: the seat's action for the decision in `request` (its game id, its
 * seat, that seat's view with its legal actions, `timeLeftMs` and a
 * read-only `observerToken`). Any of `request.view.legalActions`, or its
 * `action`, sent back unchanged. Throwing (or rejecting) answers the call
 * with an error, which the melange server handles as the game's clock
 * options say, or as a forfeit without a clock (MC-BOT-02). */
export type Decide = (
  request: DecideRequest,
  context: DecideContext,
) => Action | LegalAction | Promise<Action | LegalAction>;

export interface ServeOptions {
  /** The port to listen on; 0 (the default) picks a free one, read back
   * from `BotServer.port`. */
  port?: number;
  /** The address to listen on. The default, loopback, serves a melange
   * server on the same machine only: listening wider lets anyone who can
   * reach the port ask the bot to think, so choose that on purpose. */
  host?: string;
  /** The largest request accepted, in bytes (default 4 MiB, the melange
   * server's own default `--max-message-bytes`, so any view it can send
   * fits). A larger one is refused with RESOURCE_EXHAUSTED before it is
   * decoded: a peer cannot make the bot buffer without bound. */
  maxRequestBytes?: number;
  /** The most calls one connection may have in flight (HTTP/2's
   * `maxConcurrentStreams`; default 64). The melange server sends at most
   * `--remote-bot-max-calls-per-endpoint` (default 8) over its one
   * connection, so this only stops a peer that would open thousands. */
  maxConcurrentCalls?: number;
  /** The most connections open at once (default 64); more are refused. A
   * melange server keeps one; a fleet, one per server. */
  maxConnections?: number;
  /** Called with each error `decide` throws, with its request. The call is
   * answered INTERNAL "internal error" (not the error's own message, which
   * may say more about the bot than its opponents' server should know)
   * unless `decide` threw a `ConnectError`, which is sent as it is. Default:
   * `console.error`, so that a failing bot is never silent. */
  onError?: (error: unknown, request: DecideRequest) => void;
  /** Hears when each game the bot plays starts and when it ends, with the
   * result (rule MC-BOT-04), to set up or free what the bot keeps per game.
   * Without it the notices are acknowledged and dropped. */
  onNotice?: (notice: NoticeRequest) => void;
}

/** A running bot server. */
export interface BotServer {
  readonly host: string;
  readonly port: number;
  /** `http://HOST:PORT`: the `SeatConfig.bot` that names this bot (the
   * melange server's operator allows `HOST:PORT`). HOST is `host` as given:
   * behind a wildcard such as `0.0.0.0`, name the machine's address instead. */
  readonly endpoint: string;
  /** Stops the server: no new connection or call is taken, calls in flight
   * get `graceMs` (default 0) to answer, then are cancelled (their
   * `signal` aborts) and every connection is closed. Resolves once the
   * server is closed; calling it again returns the same promise. */
  stop(graceMs?: number): Promise<void>;
  /** Resolves when the server has stopped (by `stop`), like the Python
   * server's `wait_for_termination()`. */
  waitForTermination(): Promise<void>;
}

const DEFAULT_MAX_REQUEST_BYTES = 4 * 1024 * 1024;
const DEFAULT_MAX_CONCURRENT_CALLS = 64;
const DEFAULT_MAX_CONNECTIONS = 64;

/** Starts a `BotService` server on `host:port` that answers every `Decide`
 * with `decide(request, context)`; resolves once it listens. */
export async function serve(decide: Decide, options: ServeOptions = {}): Promise<BotServer> {
  const host = options.host ?? "127.0.0.1";
  const onError = options.onError ?? ((error: unknown) => console.error("melange bot: decide failed:", error));
  // Aborting it aborts every call's signal, for `stop` after its grace.
  const shutdown = new AbortController();

  const answer = async (request: DecideRequest, signal: AbortSignal): Promise<DecideResponse> => {
    let chosen: Action | LegalAction | undefined;
    try {
      chosen = await decide(request, { signal });
    } catch (error) {
      onError(error, request);
      if (error instanceof ConnectError) throw error;
      throw new ConnectError("internal error", Code.Internal);
    }
    const action = actionOf(chosen);
    if (action === undefined) {
      const error = new ConnectError("decide returned no Action or LegalAction", Code.Internal);
      onError(error, request);
      throw error;
    }
    return create(DecideResponseSchema, { action });
  };

  const routes = (router: ConnectRouter) => {
    router.service(BotService, {
      decide: (request, context) => answer(request, context.signal),
      notice: (notice) => {
        options.onNotice?.(notice);
        return create(NoticeResponseSchema, {});
      },
    });
  };
  const handler = connectNodeAdapter({
    routes,
    // The melange server speaks gRPC; gRPC-Web and Connect would only widen
    // what a stray peer can reach.
    grpc: true,
    grpcWeb: false,
    connect: false,
    readMaxBytes: options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES,
    shutdownSignal: shutdown.signal,
  });

  const server: Http2Server = createServer(
    { settings: { maxConcurrentStreams: options.maxConcurrentCalls ?? DEFAULT_MAX_CONCURRENT_CALLS } },
    handler,
  );
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  // The melange server keeps its connection open between calls, so `stop`
  // has to close the open sessions itself: `server.close()` only stops
  // taking new ones.
  const sessions = new Set<ServerHttp2Session>();
  server.on("session", (session: ServerHttp2Session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
    // A peer's broken connection is the peer's problem: without a listener
    // an 'error' event would end the whole process.
    session.on("error", () => session.destroy());
  });
  const closed = new Promise<void>((done) => server.once("close", () => done()));

  await new Promise<void>((listening, failed) => {
    server.once("error", failed);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", failed);
      listening();
    });
  });
  // After listening, an error of the listening socket has nobody to reject:
  // report it rather than crash the bot's process.
  server.on("error", (error) => console.error("melange bot: server error:", error));
  const port = (server.address() as AddressInfo).port;

  let stopping: Promise<void> | undefined;
  const stop = (graceMs = 0): Promise<void> => {
    stopping ??= (async () => {
      server.close();
      // GOAWAY: the peer opens no new call here, the calls in flight go on.
      for (const session of sessions) session.close();
      const cancelLate = setTimeout(() => {
        shutdown.abort(new ConnectError("the bot server is stopping", Code.Unavailable));
        for (const session of sessions) session.destroy();
      }, graceMs);
      try {
        await closed;
      } finally {
        clearTimeout(cancelLate);
      }
    })();
    return stopping;
  };

  return {
    host,
    port,
    endpoint: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    stop,
    waitForTermination: () => closed,
  };
}

/** The action to send back: a LegalAction's own action, an Action as it is,
 * undefined for anything else (a bot that returned nothing). */
function actionOf(chosen: unknown): Action | undefined {
  if (typeof chosen !== "object" || chosen === null) return undefined;
  const typeName = (chosen as { $typeName?: unknown }).$typeName;
  if (typeName === LegalActionSchema.typeName) return (chosen as LegalAction).action;
  if (typeName === ActionSchema.typeName) return chosen as Action;
  return undefined;
}
