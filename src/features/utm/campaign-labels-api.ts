import type { GatewayFetch } from "@/api/api-context";
import type { CampaignOperation } from "@/api/api-error";
import { DEFAULT_TIMEOUT_MS } from "@/api/client";
import { exchange, failFor, readAnswer } from "@/api/exchange";
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

async function send<T extends z.ZodMiniType>(
  gateway: GatewayFetch,
  operation: CampaignOperation,
  path: string,
  init: Omit<RequestInit, "signal"> & { signal?: AbortSignal | undefined },
  schema: T,
): Promise<z.infer<T>> {
  const fail = failFor(operation);
  const { signal, ...rest } = init;
  const answer = await exchange(
    path,
    {
      ...rest,
      headers: {
        Accept: "application/json",
        ...(init.method === "GET" ? {} : { "X-Channel-Desk": "1" }),
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
    },
    { fetch: gateway, signal, timeoutMs: DEFAULT_TIMEOUT_MS, fail },
  );
  return readAnswer(answer, schema, { failureBody, fail });
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
    { method: "GET", signal },
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
