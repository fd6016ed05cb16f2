import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// Pages are lazy chunks that vitest transforms on first use: on a busy machine that alone can
// take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });
