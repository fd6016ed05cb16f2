import type { AddressInfo } from "node:net";
import fp from "fastify-plugin";
import type { ChannelAccess } from "../channel-access";
import { HookLimits } from "../directory/hook-limits";
import type { DirectoryService } from "../directory/service";
import type { ForwardEvents } from "../forward-events";
import { directoryRoutes } from "../routes/directory";
import { hookRoutes } from "../routes/hooks";

export interface DirectoryPluginOptions {
  service: DirectoryService;
  channels: ChannelAccess;
  events: ForwardEvents;
  log: (line: string) => void;
  /** Brakes of the hook route (defaults: 200 calls a second a channel, 20 wrong secrets a minute). */
  hookLimits?: HookLimits;
}

/** The address the gateway's own local Channel API reaches it at, once it listens. */
function loopbackBase(address: AddressInfo): string {
  const host =
    address.family === "IPv6"
      ? address.address === "::"
        ? "[::1]"
        : `[${address.address}]`
      : address.address === "0.0.0.0"
        ? "127.0.0.1"
        : address.address;
  return `http://${host}:${String(address.port)}`;
}

/**
 * The subscriber directory (issue 16): per channel, every subscriber record kept in the
 * gateway's database, kept in step by a background sync, by WebHooks and by what passes through
 * `/api`; searched and listed by `/directory/…`, fed by `/hooks/…`.
 */
export const directory = fp<DirectoryPluginOptions>(
  async (app, options) => {
    const { service } = options;
    options.events.on((call) => {
      service.onForwarded(call);
    });
    await app.register(directoryRoutes, { channels: options.channels, service });
    await app.register(hookRoutes, {
      service,
      limits: options.hookLimits ?? new HookLimits({ perSecond: 200, wrongSecretsPerMinute: 20 }),
      log: options.log,
    });
    app.addHook("onReady", (done) => {
      service.start();
      done();
    });
    app.addHook("onListen", (done) => {
      const address = app.server.address();
      if (address !== null && typeof address === "object") {
        service.registerLocalHooks(loopbackBase(address));
      }
      done();
    });
    app.addHook("onClose", async () => {
      await service.stop();
    });
  },
  { name: "directory", dependencies: ["security", "session"] },
);
