export * from "./common";
export * from "./datetime";
export * from "./entities";
export * from "./errors";
export * from "./operations";
export * from "./roles";
export * from "./session";
