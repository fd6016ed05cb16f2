import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../src/contract/openapi";
import { operationIds } from "../../src/contract/operations";

interface Operation {
  post: {
    operationId: string;
    requestBody: { content: { "application/json": { schema: { allOf: unknown[] } } } };
    responses: Record<
      string,
      { content: { "application/json": { schema: { oneOf?: unknown[] } } } }
    >;
  };
}

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument() as { openapi: string; paths: Record<string, Operation> };

  it("is OpenAPI 3.1 with one path per operation, the gateway's campaign labels, saved views and jobs", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        ...operationIds.map((op) => `/api/${op}`),
        "/campaigns/{group_id}",
        "/campaigns/{group_id}/{utm_id}",
        "/views/{group_id}",
        "/views/{group_id}/{view_id}",
        "/views/{group_id}/{view_id}/pin",
        "/jobs",
        "/jobs/{job_id}",
        "/jobs/{job_id}/people",
        "/jobs/{job_id}/cancel",
        "/jobs/{job_id}/retry",
        "/directory/{group_id}/count",
      ].sort(),
    );
    expect(Object.keys(document.paths)).toHaveLength(42);
    const views = JSON.stringify(document.paths["/views/{group_id}"]);
    expect(views).toContain('"maxLength":80');
    expect(views).toContain('"maxLength":4000');
    expect(JSON.stringify(document.paths["/campaigns/{group_id}/{utm_id}"])).toContain(
      '"maxLength":100',
    );
  });

  it("includes request and response schemas", () => {
    for (const op of operationIds) {
      const post = document.paths[`/api/${op}`]?.post;
      expect(post?.requestBody.content["application/json"].schema.allOf).toHaveLength(2);
      const ok = post?.responses["200"]?.content["application/json"].schema.oneOf;
      expect(ok).toHaveLength(2);
      expect(JSON.stringify(ok?.[0])).toContain('"success"');
    }
    const setVar = JSON.stringify(document.paths["/api/vars/set"]);
    expect(setVar).toContain("^[A-Za-z0-9_]+$");
    expect(setVar).toContain('"maxLength":4096');
  });

  it("is the committed public/openapi.json (run `npm run openapi` after changing the contract)", () => {
    const committed: unknown = JSON.parse(
      readFileSync(new URL("../../public/openapi.json", import.meta.url), "utf8"),
    );
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
