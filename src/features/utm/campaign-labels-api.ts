import type { GatewayFetch } from "@/api/api-context";
import { ApiError, logText, type CampaignOperation } from "@/api/api-error";
import { firstIssue } from "@/api/issue-path";
import {
  campaignLabelRequest,
  campaignLabelResponse,
  campaignLabelsResponse,
  type CampaignLabelItem,
} from "@/contract/campaigns";
import { failureBody } from "@/contract/errors";
import type * as z from "@/contract/zod";

/**
 * The gateway's campaign labels of a channel's tags (`/campaigns/<group_id>`), each answer
 * parsed by the contract and each failure an ApiError, as for the API's operations.
 */

async function send<T extends z.ZodType>(
  gateway: GatewayFetch,
  operation: CampaignOperation,
  path: string,
  init: RequestInit,
  schema: T,
): Promise<z.infer<T>> {
  const fail = (details: Omit<ConstructorParameters<typeof ApiError>[0], "operation">) =>
    new ApiError({ operation, ...details });
  let response: Response;
  let text: string;
  try {
    response = await gateway(path, {
      ...init,
      headers: {
        Accept: "application/json",
        ...(init.method === "GET" ? {} : { "X-Channel-Desk": "1" }),
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
    });
    text = await response.text();
  } catch (cause) {
    if (init.signal?.aborted) {
      throw fail({ kind: "aborted", message: "The request was cancelled.", cause });
    }
    throw fail({ kind: "network", message: "The server could not be reached.", cause });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (cause) {
    if (!response.ok) {
      throw fail({
        kind: "http",
        status: response.status,
        message: logText`The server answered HTTP ${response.status}.`,
      });
    }
    throw fail({ kind: "contract", path: "", message: "The answer is not JSON.", cause });
  }
  const failure = failureBody.safeParse(body);
  if (failure.success || !response.ok) {
    throw fail({
      kind: response.ok ? "service" : "http",
      status: response.status,
      ...(failure.success
        ? {
            code: failure.data.error_code,
            message: failure.data.error_message,
            reason: failure.data.reason,
            details: failure.data.details,
          }
        : { message: logText`The server answered HTTP ${response.status}.` }),
    });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error.issues);
    throw fail({
      kind: "contract",
      path: issue.path,
      message: `The answer does not match the contract: ${issue.message}`,
    });
  }
  return parsed.data;
}

export async function fetchCampaignLabels(
  gateway: GatewayFetch,
  groupId: number,
  signal?: AbortSignal,
): Promise<CampaignLabelItem[]> {
  const answer = await send(
    gateway,
    "campaigns/get",
    `/campaigns/${String(groupId)}`,
    { method: "GET", signal: signal ?? null },
    campaignLabelsResponse,
  );
  return answer.items;
}

export async function saveCampaignLabel(
  gateway: GatewayFetch,
  groupId: number,
  utmId: number,
  label: string,
): Promise<CampaignLabelItem> {
  const request = campaignLabelRequest.parse({ label });
  const answer = await send(
    gateway,
    "campaigns/put",
    `/campaigns/${String(groupId)}/${String(utmId)}`,
    { method: "PUT", body: JSON.stringify(request) },
    campaignLabelResponse,
  );
  return answer.item;
}

export async function forgetCampaignLabel(
  gateway: GatewayFetch,
  groupId: number,
  utmId: number,
): Promise<void> {
  await send(
    gateway,
    "campaigns/delete",
    `/campaigns/${String(groupId)}/${String(utmId)}`,
    { method: "DELETE" },
    campaignLabelsResponse,
  );
}
