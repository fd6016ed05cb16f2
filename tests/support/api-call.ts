import { failureBody } from "../../src/contract/errors";
import {
  type OperationId,
  operations,
  type RequestOf,
  type ResponseOf,
} from "../../src/contract/operations";

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
}

export interface Auth {
  token: string;
  groupId: number;
}

/** Posts raw JSON (or any body) and returns status and parsed body, for tests. */
export async function post(
  url: string,
  path: string,
  body: BodyInit | Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const isPlain =
    typeof body === "object" &&
    !(body instanceof URLSearchParams) &&
    !(body instanceof FormData) &&
    !(body instanceof Uint8Array);
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: isPlain ? { "content-type": "application/json", ...headers } : headers,
    body: isPlain ? JSON.stringify(body) : (body as BodyInit),
  });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  return { status: response.status, body: parsed, text };
}

/** Calls an operation with a channel's credentials as JSON. */
export function callOp<Op extends OperationId>(
  url: string,
  auth: Auth,
  op: Op,
  params: RequestOf<Op> | Record<string, unknown>,
): Promise<Answer> {
  return post(url, `/api/${op}`, {
    access_token: auth.token,
    v: 2,
    group_id: auth.groupId,
    ...params,
  });
}

/** Calls an operation and returns its answer parsed by the contract; throws on failure. */
export async function expectOk<Op extends OperationId>(
  url: string,
  auth: Auth,
  op: Op,
  params: RequestOf<Op>,
): Promise<ResponseOf<Op>> {
  const answer = await callOp(url, auth, op, params);
  if (answer.status !== 200 || answer.body.success !== true) {
    throw new Error(`${op} failed: ${String(answer.status)} ${answer.text}`);
  }
  return operations[op].response.parse(answer.body) as ResponseOf<Op>;
}

/** Asserts a refusal's shape and returns its code and message. */
export function failureOf(answer: Answer) {
  return failureBody.parse(answer.body);
}
