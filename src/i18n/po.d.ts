// A `.po` catalog, as Lingui's Vite plugin compiles it when it is imported.
declare module "*.po" {
  import type { Messages } from "@lingui/core";

  export const messages: Messages;
}
