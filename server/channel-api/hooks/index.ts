/** WebHooks of the local Channel API: what a test or the gateway (in process) calls. */
export {
  type HookRow,
  type HookSettings,
  HookSettingsError,
  findHook,
  listHooks,
  queuedEvents,
  registerHook,
  removeHook,
  resumeHook,
} from "./store";
export { attachHookSender, detachHookSender, hookSenderOf, notifyHooks } from "./registry";
export {
  type HookClock,
  HookSender,
  type HookSenderOptions,
  HOOK_MAX_ATTEMPTS,
  HOOK_PAUSE_AFTER_ERRORS,
  hookRetryDelayMs,
  systemClock,
} from "./sender";
export { parseHookSpec, parseHookSpecs } from "./spec";
