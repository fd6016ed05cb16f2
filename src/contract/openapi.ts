import * as z from "./zod";
import { campaignLabelRequest, campaignLabelResponse, campaignLabelsResponse } from "./campaigns";
import { commonRequest } from "./common";
import { errorCodeMeanings, failureBody } from "./errors";
import { jobPaths } from "./openapi-jobs";
import { operationIds, operations } from "./operations";

type JsonSchema = Record<string, unknown>;

const schemaOptions = { target: "draft-2020-12", unrepresentable: "any" } as const;

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
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

  Object.assign(paths, campaignPaths());
  Object.assign(paths, jobPaths(toSchema, failureContent));

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
  const json = (schema: z.ZodType) => ({
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
