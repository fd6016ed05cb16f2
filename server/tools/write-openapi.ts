import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "../../src/contract/openapi";

const target = fileURLToPath(new URL("../../public/openapi.json", import.meta.url));
const document = buildOpenApiDocument();
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(
  `openapi: wrote ${target} (${String(Object.keys(document.paths as object).length)} operations)`,
);
