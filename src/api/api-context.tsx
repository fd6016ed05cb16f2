import { browserFetch } from "@/boot/early-fetch";
import { createContext, use, type ReactNode } from "react";
import { call as browserCall, createClient, type Call, type ClientConfig } from "./client";
import {
  browserDirectory,
  createDirectoryApi,
  type DirectoryApi,
} from "./directory/directory-client";
import { createSessionApi, type SessionApi } from "./session";

/** A request to one of the gateway's own endpoints (`/campaigns/…`), with the session cookie. */
export type GatewayFetch = (path: string, init: RequestInit) => Promise<Response>;

/** Everything that talks to the gateway, in one place a test can swap for a real local server. */
export interface Api {
  call: Call;
  session: SessionApi;
  /** The gateway's subscriber directory (`/directory/…`). */
  directory: DirectoryApi;
  /** The pages that read the gateway's own endpoints parse its answers themselves. */
  gateway: GatewayFetch;
}

function gatewayFetch(config: ClientConfig = {}): GatewayFetch {
  const doFetch = config.fetch ?? browserFetch;
  return (path, init) =>
    doFetch(`${config.baseUrl ?? ""}${path}`, { credentials: "same-origin", ...init });
}

export function createApi(config: ClientConfig = {}): Api {
  return {
    call: createClient(config),
    session: createSessionApi(config),
    directory: createDirectoryApi(config),
    gateway: gatewayFetch(config),
  };
}

/** The browser's: same origin, through the gateway. */
export const browserApi: Api = {
  call: browserCall,
  session: createSessionApi(),
  directory: browserDirectory,
  gateway: gatewayFetch(),
};

const ApiContext = createContext<Api>(browserApi);

export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <ApiContext value={api}>{children}</ApiContext>;
}

export function useApi(): Api {
  return use(ApiContext);
}
