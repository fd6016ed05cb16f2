export * from "./api-context";
export * from "./api-error";
export * from "./client";
export * from "./queries";
export * from "./query-client";
export * from "./query-keys";
export * from "./session";
export * from "./session-hooks";
