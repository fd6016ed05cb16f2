export * from "./directory-client";
export * from "./directory-queries";
