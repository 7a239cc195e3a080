// Starts the release melange server on a free loopback port for a test file.
// The binary is $MELANGE_BIN, or target/release/melange at the repository's
// root (`cargo build --release --bin melange`); a missing binary fails the
// tests: they exist to play against the real server.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MelangeClient } from "../src/index.js";

// dist/tests/server.js -> the repository's root, four levels up.
const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  log(): string;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** Starts the server; `extraArgs` are added to its command line (say
 * `--allow-bot-endpoint 127.0.0.1:PORT` for a remote bot of the test). */
export async function startServer(...extraArgs: string[]): Promise<RunningServer> {
  const binary = process.env.MELANGE_BIN ?? resolve(repo, "target/release/melange");
  if (!existsSync(binary)) {
    throw new Error(`no server binary at ${binary}: run \`cargo build --release --bin melange\` or set MELANGE_BIN`);
  }
  const address = `127.0.0.1:${await freePort()}`;
  const child: ChildProcess = spawn(binary, ["--listen", address, "--data-dir", "none", ...extraArgs], {
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const url = `http://${address}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const probe = new MelangeClient(url, { timeoutMs: 1000 });
    try {
      await probe.listGames({ pageSize: 1 });
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`the server did not answer on ${address}: ${error}\n${output}`);
      }
      await new Promise((done) => setTimeout(done, 100));
    } finally {
      probe.close();
    }
  }
  return {
    url,
    log: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
