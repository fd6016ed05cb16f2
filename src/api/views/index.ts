export * from "./view-queries";
export * from "./views-client";
