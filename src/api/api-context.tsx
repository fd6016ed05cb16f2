import { createContext, use, type ReactNode } from "react";
import { call as browserCall, createClient, type Call, type ClientConfig } from "./client";
import {
  browserDirectory,
  createDirectoryApi,
  type DirectoryApi,
} from "./directory/directory-client";
import { createSessionApi, type SessionApi } from "./session";

/** Everything that talks to the gateway, in one place a test can swap for a real local server. */
export interface Api {
  call: Call;
  session: SessionApi;
  /** The gateway's subscriber directory (`/directory/…`). */
  directory: DirectoryApi;
}

export function createApi(config: ClientConfig = {}): Api {
  return {
    call: createClient(config),
    session: createSessionApi(config),
    directory: createDirectoryApi(config),
  };
}

/** The browser's: same origin, through the gateway. */
export const browserApi: Api = {
  call: browserCall,
  session: createSessionApi(),
  directory: browserDirectory,
};

const ApiContext = createContext<Api>(browserApi);

export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <ApiContext value={api}>{children}</ApiContext>;
}

export function useApi(): Api {
  return use(ApiContext);
}
