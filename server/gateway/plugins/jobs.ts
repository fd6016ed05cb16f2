import fp from "fastify-plugin";
import type { ChannelAccess } from "../channel-access";
import type { GatewayChannel } from "../channels";
import { JobRunner } from "../jobs/runner";
import type { QueueRegistry } from "../queue";
import { jobRoutes } from "../routes/jobs";
import type { GatewayDb } from "../store/database";
import { JobStore } from "../store/jobs";

export interface JobsPluginOptions {
  db: GatewayDb;
  channels: readonly GatewayChannel[];
  access: ChannelAccess;
  queues: QueueRegistry;
  log: (line: string) => void;
  /** Wait after the service failed to answer a job (default 5 s), for tests. */
  retryMs?: number | undefined;
}

/**
 * Jobs on segments (issue 18): `/jobs` routes, and the runner that resumes the unfinished jobs
 * once the gateway is ready and lets the writes under way finish when it closes.
 */
export const jobs = fp<JobsPluginOptions>(
  async (app, options) => {
    const store = new JobStore(options.db);
    const runner = new JobRunner({
      db: options.db,
      store,
      channels: options.channels,
      queues: options.queues,
      log: options.log,
      retryMs: options.retryMs,
    });
    await app.register(jobRoutes, { store, runner, channels: options.access });
    app.addHook("onReady", (done) => {
      runner.start();
      done();
    });
    app.addHook("onClose", async () => {
      await runner.stop();
    });
  },
  { name: "jobs", dependencies: ["security", "session"] },
);
