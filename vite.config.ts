/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const src = fileURLToPath(new URL("./src", import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { "@": src } },
  build: {
    target: "es2022",
    // Maps for error reports, not referenced by the bundles nor served by the gateway.
    sourcemap: "hidden",
  },
  server: {
    port: 5173,
    // The gateway serves /api and /auth; in dev, Vite forwards them to it.
    proxy: {
      "/api": process.env.CHANNEL_DESK_GATEWAY ?? "http://127.0.0.1:8080",
      "/auth": process.env.CHANNEL_DESK_GATEWAY ?? "http://127.0.0.1:8080",
    },
  },
  test: {
    // Playwright specs live in tests/e2e and are run by Playwright, never by Vitest.
    projects: [
      {
        extends: true,
        test: { name: "unit", environment: "node", include: ["tests/unit/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "component",
          environment: "jsdom",
          include: ["tests/component/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/component/setup.ts"],
        },
      },
      {
        extends: true,
        test: { name: "server", environment: "node", include: ["tests/server/**/*.test.ts"] },
      },
    ],
  },
});
