import { type ChildProcess, spawn } from "node:child_process";
import { Agent } from "node:http";
import { send } from "./send";

/** A server under fuzz, in its own process, and what every request to it carries. */
export interface Target {
  name: string;
  port: number;
  agent: Agent;
  /** Headers of every request (the gateway's session cookie and CSRF header). */
  headers: Record<string, string>;
  /** Fields of a well-formed call (the API's credentials; the gateway's group_id). */
  common: Record<string, string | number>;
  /** The largest body it takes, for the oversize mutation. */
  bodyLimit: number;
  /** Lines of its log that report an internal error or a stack frame. */
  logged: string[];
  child: ChildProcess;
  stop: () => void;
}

const DEMO_SUBSCRIBERS = "2000";

function start(
  script: string,
  env: Record<string, string>,
): Promise<{
  child: ChildProcess;
  line: string;
  logged: string[];
}> {
  // FUZZ_SERVER_NODE_ARGS="--cpu-prof" profiles the servers (written when they are stopped).
  const nodeArgs = process.env.FUZZ_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logged: string[] = [];
  let errText = "";
  child.stderr.on("data", (chunk: Buffer) => {
    errText += chunk.toString();
    const lines = errText.split("\n");
    errText = lines.pop() ?? "";
    for (const line of lines) {
      if (/internal error|^\s+at \S/.test(line)) logged.push(line);
    }
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = /listening on http:\/\/[^\n]+/.exec(output)?.[0];
      if (line) resolve({ child, line, logged });
    });
    child.on("exit", (code) => {
      reject(new Error(`${script} exited with ${String(code)}: ${output}`));
    });
  });
}

function portOf(line: string): number {
  return Number(/:(\d+)/.exec(line.slice("listening on http://".length))?.[1]);
}

/** `npm run api` on an in-memory demo database, without the rate limit. */
export async function startLocalApi(): Promise<Target> {
  const { child, line, logged } = await start("server/channel-api/main.ts", {
    CHANNEL_API_DB: ":memory:",
    CHANNEL_API_PORT: "0",
    CHANNEL_API_RATE_LIMIT: "0",
    CHANNEL_API_DEMO_SUBSCRIBERS: DEMO_SUBSCRIBERS,
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  return {
    name: "local Channel API",
    port: portOf(line),
    agent,
    headers: {},
    common: { access_token: "demo-tg-token", v: 2, group_id: 1001 },
    bodyLimit: 1024 * 1024,
    logged,
    child,
    stop: () => {
      agent.destroy();
      child.kill("SIGTERM");
    },
  };
}

/** The gateway (bench/fuzz/gateway-main.ts), signed in through /auth/login as an admin. */
export async function startGateway(): Promise<Target> {
  const { child, line, logged } = await start("bench/fuzz/gateway-main.ts", {
    FUZZ_SUBSCRIBERS: DEMO_SUBSCRIBERS,
  });
  const account = JSON.parse(line.slice(line.indexOf("{"))) as Record<string, string>;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const port = portOf(line);
  const csrf = { "x-channel-desk": "1" };
  const login = await send(port, agent, {
    path: "/auth/login",
    headers: { ...csrf, "content-type": "application/json" },
    body: Buffer.from(JSON.stringify(account)),
  });
  const cookie = /channel-desk=[^;]+/.exec(login.cookie ?? "")?.[0];
  if (login.status !== 200 || cookie === undefined) {
    child.kill("SIGTERM");
    throw new Error(`the gateway refused the sign-in: ${String(login.status)} ${login.text}`);
  }
  return {
    name: "gateway",
    port,
    agent,
    headers: { ...csrf, cookie },
    common: { group_id: 1001 },
    bodyLimit: 256 * 1024,
    logged,
    child,
    stop: () => {
      agent.destroy();
      child.kill("SIGTERM");
    },
  };
}
