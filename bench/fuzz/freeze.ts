import { setTimeout as sleep } from "node:timers/promises";
import { send, type Shot } from "./send";
import type { Target } from "./servers";

/**
 * The three small bodies that froze the local API before issue 13 (24 s, 61 s and 93 s of a
 * blocked event loop, before authentication): how long a plain call sent just after one of
 * them waits for its answer, and how the body itself was answered.
 */
const FREEZERS: { label: string; contentType: string; body: () => string }[] = [
  {
    label: "40,000 × x=1, urlencoded",
    contentType: "application/x-www-form-urlencoded",
    body: () => Array.from({ length: 40_000 }, () => "x=1").join("&"),
  },
  {
    label: "80,000 × x[]=1, urlencoded",
    contentType: "application/x-www-form-urlencoded",
    body: () => Array.from({ length: 80_000 }, () => "x[]=1").join("&"),
  },
  {
    label: 'JSON {"x[]":[…80,000]}',
    contentType: "application/json",
    body: () => JSON.stringify({ "x[]": Array.from({ length: 80_000 }, () => 1) }),
  },
];

export interface FreezeFigure {
  label: string;
  status: number;
  bodyMs: number;
  /** The longest a plain call waited, sent while the body was being read. */
  waitMs: number;
}

const TRIES = 5;

export async function measureFreezes(target: Target): Promise<FreezeFigure[]> {
  const probe: Shot = {
    path: "/api/groups/get",
    headers: { ...target.headers, "content-type": "application/json" },
    body: Buffer.from(JSON.stringify(target.common)),
  };
  const figures: FreezeFigure[] = [];
  for (const freezer of FREEZERS) {
    const heavy: Shot = {
      path: "/api/groups/get",
      headers: { ...target.headers, "content-type": freezer.contentType },
      body: Buffer.from(freezer.body()),
    };
    let status = 0;
    let bodyMs = 0;
    let waitMs = 0;
    for (let n = 0; n < TRIES; n += 1) {
      const answer = send(target.port, target.agent, heavy);
      // Let the body reach the server first (loopback: well under a millisecond).
      await sleep(2);
      const waited = await send(target.port, target.agent, probe);
      const heavyOutcome = await answer;
      status = heavyOutcome.status;
      bodyMs = Math.max(bodyMs, heavyOutcome.ms);
      waitMs = Math.max(waitMs, waited.ms);
    }
    const size = `${(heavy.body.length / 1000).toFixed(0)} kB`;
    figures.push({ label: `${freezer.label} (${size})`, status, bodyMs, waitMs });
  }
  return figures;
}
