// A small client for the melange game server, over Connect's gRPC transport
// for Node (HTTP/2) with the protobuf-es messages generated from proto/.
//
// `MelangeClient` owns one HTTP/2 connection. `createGame` returns a `Game`
// that keeps the seats' secret tokens; `game.seat(n)` (or `client.seat` with a
// token you were given) returns a `Seat`, which sends the bearer token on
// every call, remembers the last version it saw and sends it as
// `expected_version`, and streams the game with automatic resume. Every call
// that names a game carries it in the `x-melange-game` header, which a proxy
// in front of a fleet of servers routes by.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createGrpcTransport, Http2SessionManager } from "@connectrpc/connect-node";
import {
  type Action,
  type ApplyActionResponse,
  ApplyActionRequestSchema,
  type ConcedeResponse,
  ConcedeRequestSchema,
  CreateGameRequestSchema,
  type CreateGameResponse,
  type Event,
  type GameOptions,
  GameOptionsSchema,
  GameKind,
  GameService,
  GameStatus,
  type GameUpdate,
  GetReplayRequestSchema,
  GetViewRequestSchema,
  type LegalAction,
  LegalActionSchema,
  type ListGamesRequestSchema,
  type ListGamesResponse,
  type Replay,
  type SeatConfig,
  SeatConfigSchema,
  StreamGameRequestSchema,
  type View,
} from "./gen/melange/v1/game_service_pb.js";

/** A game kind by name: "war-for-arrakis" as the binaries spell it; the
 * kit's older "war_for_arrakis" means the same. */
export type KindName = "imperium" | "war-for-arrakis" | "war_for_arrakis";
export type Chooser = (view: View) => Action | LegalAction;

/** ApplyAction was refused with ABORTED: the game is no longer at the
 * version the seat sent. `currentVersion` is the server's version (from the
 * `x-melange-version` trailer), or undefined if the server did not say. */
/** An event's kind: the case set in its game's `kind` oneof ("roundStarted",
 * "smugglersDieUsed": protobuf-es spells the proto's cases in camelCase),
 * whose message, `event.game.value.kind.value`, holds the event's fields; ""
 * for an event of no game the kit knows. `event.text` says it in words. */
export function eventKind(event: Event): string {
  const game = event.game;
  return game.case === "arrakis" || game.case === "imperium" ? (game.value.kind.case ?? "") : "";
}

export class StaleVersionError extends Error {
  constructor(
    message: string,
    readonly currentVersion: bigint | undefined,
    readonly cause: ConnectError,
  ) {
    super(message);
    this.name = "StaleVersionError";
  }
}

/** GameOptions for a Dune: Imperium game of `players` seats (1-4). */
export function imperiumOptions(players = 4): GameOptions {
  return create(GameOptionsSchema, {
    game: { case: "imperium", value: { playerCount: players } },
  });
}

/** GameOptions for a War for Arrakis game, with either expansion. */
export function arrakisOptions(expansions: { desertWar?: boolean; smugglers?: boolean } = {}): GameOptions {
  return create(GameOptionsSchema, {
    game: {
      case: "arrakis",
      value: { desertWar: expansions.desertWar ?? false, smugglers: expansions.smugglers ?? false },
    },
  });
}

function kindOf(kind: KindName | GameKind): GameKind {
  if (typeof kind === "number") return kind;
  // Any case, "_" read as "-": every spelling in use means the same kind.
  const name = String(kind).trim().toLowerCase().replaceAll("_", "-");
  if (name === "imperium") return GameKind.IMPERIUM;
  if (name === "war-for-arrakis" || name === "arrakis") return GameKind.WAR_FOR_ARRAKIS;
  throw new Error(`unknown game kind ${JSON.stringify(kind)}; one of war-for-arrakis, imperium`);
}

/** A server's address as the URL Connect dials: `host:port` is
 * `http://host:port` (as the Python kit and the binaries take it);
 * `http://` and `https://` (TLS) addresses are kept as they are. */
export function serverUrl(address: string): string {
  const trimmed = address.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === undefined) return `http://${trimmed}`;
  if (scheme === "http" || scheme === "https") return trimmed;
  throw new Error(`${JSON.stringify(address)}: unknown scheme ${scheme}; give host:port, http://host:port or https://host:port`);
}

function seatConfig(seat: string | null | undefined | SeatConfig): SeatConfig {
  if (seat === null || seat === undefined) return create(SeatConfigSchema);
  if (typeof seat === "string") return create(SeatConfigSchema, { bot: seat });
  return seat;
}

function isLegalAction(action: Action | LegalAction): action is LegalAction {
  return action.$typeName === LegalActionSchema.typeName;
}

/** The header naming the game of a call: a proxy in front of a fleet of
 * servers hashes it, so that every call of one game reaches the server that
 * holds it (deploy/README.md). */
export const GAME_HEADER = "x-melange-game";
// The calls whose request names a game.
const GAME_CALLS = new Set(["GetView", "ApplyAction", "StreamGame", "GetReplay", "Concede", "Simulate"]);

/** Adds `x-melange-game: <game id>` to every call that names a game, whoever
 * makes it (the kit's classes or `client.service` directly); a caller's own
 * value is replaced by the request's game. */
export const gameHeader: Interceptor = (next) => async (request) => {
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

function nameGame(header: Headers, message: unknown): void {
  const gameId = (message as { gameId?: unknown }).gameId;
  if (typeof gameId === "string" && gameId !== "") header.set(GAME_HEADER, gameId);
}

async function* prepend<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ClientOptions {
  /** Deadline of each unary call, in milliseconds (default 30 s). */
  timeoutMs?: number;
}

/** One connection to a melange server, e.g. `new MelangeClient("http://127.0.0.1:50051")`;
 * the address may also be `host:port`, or `https://host:port` for TLS. */
export class MelangeClient {
  readonly service: Client<typeof GameService>;
  readonly timeoutMs: number;
  private readonly sessions: Http2SessionManager;

  constructor(address = "http://127.0.0.1:50051", options: ClientOptions = {}) {
    const baseUrl = serverUrl(address);
    this.sessions = new Http2SessionManager(baseUrl);
    const transport = createGrpcTransport({ baseUrl, sessionManager: this.sessions, interceptors: [gameHeader] });
    this.service = createClient(GameService, transport);
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** Closes the connection (streams still open end with an error). */
  close(): void {
    this.sessions.abort();
  }

  /** Creates a game. `seats` lists the seats in order: null for a seat you
   * play (it gets a token), a bot name such as "random" for a seat the server
   * plays, or a SeatConfig; seats not listed are yours. */
  async createGame(
    kind: KindName | GameKind,
    init: {
      seed?: bigint | number;
      options?: GameOptions;
      seats?: Array<string | null | SeatConfig>;
    } = {},
  ): Promise<Game> {
    const request = create(CreateGameRequestSchema, {
      kind: kindOf(kind),
      options: init.options,
      seats: (init.seats ?? []).map(seatConfig),
    });
    if (init.seed !== undefined) request.seed = BigInt(init.seed);
    const response = await this.service.createGame(request, { timeoutMs: this.timeoutMs });
    return new Game(this, response);
  }

  /** A seat of an existing game, with its secret token. */
  seat(gameId: string, seat: number, token: string): Seat {
    return new Seat(this, gameId, seat, token);
  }

  /** The public view of a game: views and streams, no actions. */
  spectator(gameId: string): Seat {
    return new Seat(this, gameId, undefined, undefined);
  }

  listGames(init: MessageInitShape<typeof ListGamesRequestSchema> = {}): Promise<ListGamesResponse> {
    return this.service.listGames(init, { timeoutMs: this.timeoutMs });
  }

  /** The whole replay of a game, its pages joined into one message. */
  async replay(gameId: string, adminToken?: string): Promise<Replay> {
    const headers = adminToken ? { authorization: `Bearer ${adminToken}` } : undefined;
    let whole: Replay | undefined;
    let pageToken = "";
    for (;;) {
      const page = await this.service.getReplay(create(GetReplayRequestSchema, { gameId, pageToken }), {
        headers,
        timeoutMs: this.timeoutMs,
      });
      if (whole === undefined) whole = page;
      else whole.actions.push(...page.actions);
      pageToken = page.nextPageToken;
      if (!pageToken) {
        whole.nextPageToken = "";
        return whole;
      }
    }
  }
}

/** A game this client created: its id, seed and seats (with tokens). */
export class Game {
  constructor(
    readonly client: MelangeClient,
    readonly response: CreateGameResponse,
  ) {}

  get id(): string {
    return this.response.gameId;
  }

  /** The spectator view at creation. */
  get view(): View | undefined {
    return this.response.view;
  }

  humanSeats(): number[] {
    return this.response.seats.filter((grant) => grant.token !== "").map((grant) => grant.seat);
  }

  /** The seat `seat`, with the token CreateGame returned for it. */
  seat(seat: number): Seat {
    const grant = this.response.seats[seat];
    if (grant === undefined) throw new Error(`no seat ${seat}`);
    if (!grant.token) throw new Error(`seat ${seat} is played by the bot ${JSON.stringify(grant.bot)}`);
    return new Seat(this.client, this.id, seat, grant.token);
  }
}

/** One seat of one game (or, with `seat` undefined, a spectator). `version`
 * is the last version this seat saw; `apply` sends it as `expected_version`. */
export class Seat {
  version: bigint | undefined;
  private readonly headers: Record<string, string> | undefined;

  constructor(
    readonly client: MelangeClient,
    readonly gameId: string,
    readonly seat: number | undefined,
    token: string | undefined,
  ) {
    this.headers = token ? { authorization: `Bearer ${token}` } : undefined;
  }

  private saw(version: bigint): void {
    if (this.version === undefined || version > this.version) this.version = version;
  }

  async view(): Promise<View> {
    const view = await this.client.service.getView(
      create(GetViewRequestSchema, { gameId: this.gameId, seat: this.seat }),
      { headers: this.headers, timeoutMs: this.client.timeoutMs },
    );
    this.saw(view.version);
    return view;
  }

  /** Applies one action, guarded by `expectedVersion` (default: the last
   * version this seat saw). A stale version throws StaleVersionError; any
   * other refusal throws the ConnectError with the server's code and message
   * (the message names the rule for an illegal action). */
  async apply(action: Action | LegalAction, expectedVersion?: bigint): Promise<ApplyActionResponse> {
    if (this.seat === undefined) throw new Error("a spectator cannot act");
    const chosen = isLegalAction(action) ? action.action : action;
    if (expectedVersion === undefined) {
      if (this.version === undefined) await this.view();
      expectedVersion = this.version;
    }
    const request = create(ApplyActionRequestSchema, {
      gameId: this.gameId,
      seat: this.seat,
      expectedVersion,
      action: chosen,
    });
    try {
      const response = await this.client.service.applyAction(request, {
        headers: this.headers,
        timeoutMs: this.client.timeoutMs,
      });
      this.saw(response.version);
      return response;
    } catch (error) {
      const connectError = ConnectError.from(error);
      if (connectError.code === Code.Aborted) {
        const trailer = connectError.metadata.get("x-melange-version");
        const current = trailer !== null && /^\d+$/.test(trailer) ? BigInt(trailer) : undefined;
        if (current !== undefined) this.saw(current);
        throw new StaleVersionError(connectError.rawMessage, current, connectError);
      }
      throw connectError;
    }
  }

  /** Resigns this seat (rule MC-RESIGN-01), whoever is to act: the game ends
   * at once with this seat ranked last (MC-RESIGN-02). A finished game throws
   * the ConnectError FAILED_PRECONDITION. */
  async concede(): Promise<ConcedeResponse> {
    if (this.seat === undefined) throw new Error("a spectator cannot concede");
    const response = await this.client.service.concede(
      create(ConcedeRequestSchema, { gameId: this.gameId, seat: this.seat }),
      { headers: this.headers, timeoutMs: this.client.timeoutMs },
    );
    this.saw(response.version);
    return response;
  }

  /** Every update after `fromVersion` (default: the last version this seat
   * saw, or 0), then live updates until the game ends. When the stream breaks
   * with UNAVAILABLE (the server shut down) or the connection drops, it
   * reconnects with `from_version` = the last version it yielded, so no
   * update is lost or repeated; it gives up (rethrowing) after `reconnectForMs`
   * without a new connection. `onReconnect(version)` runs before each retry.
   * Aborting `signal` ends the stream (the generator returns). */
  async *stream(
    fromVersion?: bigint,
    options: { reconnectForMs?: number; onReconnect?: (version: bigint) => void; signal?: AbortSignal } = {},
  ): AsyncGenerator<GameUpdate, void, undefined> {
    let last = fromVersion ?? this.version ?? 0n;
    const reconnectForMs = options.reconnectForMs ?? 30_000;
    let backoff = 50;
    let failingSince: number | undefined;
    const stop = options.signal;
    while (!stop?.aborted) {
      const abort = new AbortController();
      const onStop = () => abort.abort();
      stop?.addEventListener("abort", onStop, { once: true });
      try {
        const updates = this.client.service.streamGame(
          create(StreamGameRequestSchema, { gameId: this.gameId, seat: this.seat, fromVersion: last }),
          { headers: this.headers, signal: abort.signal },
        );
        for await (const update of updates) {
          failingSince = undefined;
          backoff = 50;
          last = update.version;
          this.saw(last);
          yield update;
        }
        return;
      } catch (error) {
        if (stop?.aborted) return;
        const connectError = ConnectError.from(error);
        // A dropped connection reaches Node's HTTP/2 client as its streams
        // closed with CANCEL, which Connect reports as CANCELED (a
        // cancellation we did not ask for), or as a reset socket, which it
        // reports as ABORTED: both are a broken connection. The server's own
        // ABORTED (a newer stream of this seat replaced this one) is final.
        const broken =
          connectError.code === Code.Unavailable ||
          (connectError.code === Code.Canceled && !abort.signal.aborted) ||
          (connectError.code === Code.Aborted && isConnectionReset(connectError));
        if (!broken) throw connectError;
        const now = Date.now();
        if (failingSince === undefined) failingSince = now;
        else if (now - failingSince > reconnectForMs) throw connectError;
        options.onReconnect?.(last);
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 1000);
      } finally {
        stop?.removeEventListener("abort", onStop);
        abort.abort();
      }
    }
  }

  /** Plays this seat until the game ends: on its turn it applies
   * `choose(view)`, otherwise it waits on the stream for the other seats.
   * Resolves to the last view: the finished game's, unless `maxActions`
   * actions were played first or `signal` was aborted (which also ends a
   * wait on the other seats). */
  async play(choose: Chooser, options: { maxActions?: number; signal?: AbortSignal } = {}): Promise<View> {
    const stop = options.signal;
    let view = await this.view();
    let updates: AsyncGenerator<GameUpdate, void, undefined> | undefined;
    let played = 0;
    try {
      while (view.status !== GameStatus.FINISHED && !stop?.aborted) {
        if (this.seat !== undefined && view.toAct.includes(this.seat) && view.legalActions.length > 0) {
          if (options.maxActions !== undefined && played >= options.maxActions) break;
          // Our turn: close the stream rather than let it queue (and later
          // decode) the updates of our own actions; reopen it when we wait.
          await updates?.return();
          updates = undefined;
          const response = await this.apply(choose(view), view.version);
          if (response.view === undefined) throw new Error("ApplyAction answered without a view");
          view = response.view;
          played += 1;
          continue;
        }
        updates ??= this.stream(view.version, { signal: stop });
        let next = await updates.next();
        while (!next.done && next.value.version <= view.version) next = await updates.next();
        if (next.done) {
          updates = undefined;
          if (!stop?.aborted) view = await this.view();
        } else if (next.value.view !== undefined) {
          view = next.value.view;
        }
      }
    } finally {
      await updates?.return();
    }
    return view;
  }
}

/** Whether `error` is the transport's report of a socket the peer reset,
 * rather than a status the server sent. */
function isConnectionReset(error: ConnectError): boolean {
  const cause = error.cause as { code?: unknown } | undefined;
  const code = typeof cause === "object" && cause !== null ? cause.code : undefined;
  return code === "ECONNRESET" || code === "EPIPE" || /\b(ECONNRESET|EPIPE)\b/.test(error.rawMessage);
}
