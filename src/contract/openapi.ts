import * as z from "./zod";
import { campaignLabelRequest, campaignLabelResponse, campaignLabelsResponse } from "./campaigns";
import { directoryCountRequest, directoryCountResponse } from "./directory";
import { viewChangeRequest, viewCreateRequest, viewResponse, viewsResponse } from "./views";
import { commonRequest } from "./common";
import { errorCodeMeanings, failureBody } from "./errors";
import { jobPaths } from "./openapi-jobs";
import { operationIds, operations } from "./operations";

type JsonSchema = Record<string, unknown>;

const schemaOptions = { target: "draft-2020-12", unrepresentable: "any" } as const;

function toSchema(schema: z.ZodMiniType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { ...schemaOptions, io });
  return rest;
}

const failureRef = { $ref: "#/components/schemas/Failure" };
const failureContent = { "application/json": { schema: failureRef } };

/** The OpenAPI 3.1 document of the contract: one path per operation. */
export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, unknown> = {};
  for (const op of operationIds) {
    const spec = operations[op];
    const [group = ""] = op.split("/");
    paths[`/api/${op}`] = {
      post: {
        operationId: op.replace("/", "_"),
        summary: spec.summary,
        tags: [group],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                allOf: [
                  { $ref: "#/components/schemas/CommonRequest" },
                  toSchema(spec.request, "input"),
                ],
              },
            },
          },
        },
        responses: {
          "200": {
            description:
              "The answer: `success: true` with the result, or `success: false` with an error code.",
            content: {
              "application/json": {
                schema: { oneOf: [toSchema(spec.response, "output"), failureRef] },
              },
            },
          },
          "404": { description: "Unknown method", content: failureContent },
          "413": { description: "Body too large", content: failureContent },
          "415": { description: "Unsupported content type", content: failureContent },
          "500": { description: "Internal failure", content: failureContent },
        },
      },
    };
  }

  Object.assign(paths, campaignPaths(), viewPaths());
  Object.assign(paths, jobPaths(toSchema, failureContent));
  Object.assign(paths, directoryCountPath());

  return {
    openapi: "3.1.0",
    info: {
      title: "Subscriber Channel API",
      version: "2",
      description:
        "Generated from the zod contract of Channel Desk (src/contract). Dates are DD.MM.YYYY HH:MM:SS in the channel's time zone. Error codes: " +
        Object.entries(errorCodeMeanings)
          .map(([code, meaning]) => `${code} ${meaning}`)
          .join("; ") +
        ".",
    },
    servers: [{ url: "{base_url}", variables: { base_url: { default: "http://127.0.0.1:8787" } } }],
    security: [{ bodyToken: [] }, { bearer: [] }],
    paths,
    components: {
      schemas: {
        CommonRequest: toSchema(commonRequest, "input"),
        Failure: toSchema(failureBody, "output"),
      },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        bodyToken: {
          type: "apiKey",
          in: "query",
          name: "access_token",
          description: "Also accepted as the access_token field of the body.",
        },
      },
    },
  };
}

/** The gateway's own campaign labels (src/contract/campaigns.ts), beside the API's operations. */
function campaignPaths(): Record<string, unknown> {
  const json = (schema: z.ZodMiniType) => ({
    "application/json": { schema: toSchema(schema, "output") },
  });
  const refusals = {
    "400": { description: "A bad channel id, tag id or label", content: failureContent },
    "401": { description: "No session", content: failureContent },
    "403": {
      description: "Not the account's channel, or the role may not",
      content: failureContent,
    },
  };
  const group = { name: "group_id", in: "path", required: true, schema: { type: "integer" } };
  const utm = { name: "utm_id", in: "path", required: true, schema: { type: "integer" } };
  return {
    "/campaigns/{group_id}": {
      get: {
        operationId: "campaigns_get",
        summary: "Campaign labels of the channel's UTM tags (roles that may call utms/get)",
        tags: ["campaigns"],
        parameters: [group],
        responses: {
          "200": { description: "The labels", content: json(campaignLabelsResponse) },
          ...refusals,
        },
      },
    },
    "/campaigns/{group_id}/{utm_id}": {
      put: {
        operationId: "campaigns_put",
        summary: "Store a tag's campaign label (roles that may call utms/edit)",
        tags: ["campaigns"],
        parameters: [group, utm],
        requestBody: {
          required: true,
          content: { "application/json": { schema: toSchema(campaignLabelRequest, "input") } },
        },
        responses: {
          "200": { description: "The label kept", content: json(campaignLabelResponse) },
          ...refusals,
          "409": {
            description: "The channel keeps as many labels as it may",
            content: failureContent,
          },
        },
      },
      delete: {
        operationId: "campaigns_delete",
        summary: "Forget a tag's campaign label (roles that may call utms/edit)",
        tags: ["campaigns"],
        parameters: [group, utm],
        responses: {
          "200": { description: "The labels left", content: json(campaignLabelsResponse) },
          ...refusals,
        },
      },
    },
  };
}

/** The gateway's saved views of the subscribers page (src/contract/views.ts). */
function viewPaths(): Record<string, unknown> {
  const json = (schema: z.ZodMiniType) => ({
    "application/json": { schema: toSchema(schema, "output") },
  });
  const body = (schema: z.ZodMiniType) => ({
    required: true,
    content: { "application/json": { schema: toSchema(schema, "input") } },
  });
  const refusals = {
    "400": { description: "A bad channel id, view id or body", content: failureContent },
    "401": { description: "No session", content: failureContent },
    "403": {
      description: "Not the account's channel, the role may not call subscribers/get",
      content: failureContent,
    },
  };
  const one = {
    ...refusals,
    "403": {
      description:
        "Not the account's channel, the role may not call subscribers/get, or (changes) not the owner's",
      content: failureContent,
    },
    "404": { description: "No such view the caller can see", content: failureContent },
  };
  const group = { name: "group_id", in: "path", required: true, schema: { type: "integer" } };
  const view = { name: "view_id", in: "path", required: true, schema: { type: "integer" } };
  const pin = (summary: string, operationId: string) => ({
    operationId,
    summary,
    tags: ["views"],
    parameters: [group, view],
    responses: { "200": { description: "The view", content: json(viewResponse) }, ...one },
  });
  return {
    "/views/{group_id}": {
      get: {
        operationId: "views_list",
        summary: "The caller's saved views of the channel and those its team shares",
        tags: ["views"],
        parameters: [group],
        responses: {
          "200": { description: "The views", content: json(viewsResponse) },
          ...refusals,
        },
      },
      post: {
        operationId: "views_create",
        summary: "Save a view of the subscribers page (its query string, without paging cursors)",
        tags: ["views"],
        parameters: [group],
        requestBody: body(viewCreateRequest),
        responses: {
          "200": { description: "The view saved", content: json(viewResponse) },
          ...refusals,
          "409": {
            description: "The caller keeps as many views of the channel as they may",
            content: failureContent,
          },
        },
      },
    },
    "/views/{group_id}/{view_id}": {
      patch: {
        operationId: "views_change",
        summary: "Rename a view, change its search or share it (its owner only)",
        tags: ["views"],
        parameters: [group, view],
        requestBody: body(viewChangeRequest),
        responses: { "200": { description: "The view", content: json(viewResponse) }, ...one },
      },
      delete: {
        operationId: "views_delete",
        summary: "Delete a view (its owner, or an administrator for a shared one)",
        tags: ["views"],
        parameters: [group, view],
        responses: {
          "200": { description: "The views left", content: json(viewsResponse) },
          ...one,
        },
      },
    },
    "/views/{group_id}/{view_id}/pin": {
      put: pin("Pin a view to the caller's navigation", "views_pin"),
      delete: pin("Take a view out of the caller's navigation", "views_unpin"),
    },
  };
}

/** The directory's count of a segment (src/contract/directory.ts, directory-count-rule.ts). */
export function directoryCountPath(): Record<string, unknown> {
  const refusal = (description: string) => ({ description, content: failureContent });
  return {
    "/directory/{group_id}/count": {
      post: {
        operationId: "directory_count",
        summary:
          "A segment's size from the gateway's directory, for the filters it keeps current (user ids, first-subscription dates; subscriptions and source where hooks keep them)",
        tags: ["directory"],
        parameters: [{ name: "group_id", in: "path", required: true, schema: { type: "integer" } }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: toSchema(directoryCountRequest, "input") } },
        },
        responses: {
          "200": {
            description: "The count, as of the directory's last change",
            content: { "application/json": { schema: toSchema(directoryCountResponse, "output") } },
          },
          "400": refusal("A bad channel id, body or date (directory-bad-request)"),
          "401": refusal("No session"),
          "403": refusal("Not the account's channel, or the role may not call subscribers/get"),
          "409": refusal("No full pass has ended yet (directory-not-ready)"),
          "422": refusal("A filter the directory does not keep (directory-cannot-count)"),
        },
      },
    },
  };
}
