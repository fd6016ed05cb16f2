import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/contract/errors";
import type { GatewayReason } from "../../../src/contract/gateway-reasons";
import { mayCall } from "../../../src/contract/roles";
import { VIEW_NAME_MAX, VIEW_SEARCH_MAX, VIEWS_MAX } from "../../../src/contract/view-constants";
import { viewChangeRequest, viewCreateRequest, type ViewItem } from "../../../src/contract/views";
import type * as z from "../../../src/contract/zod";
import type { ChannelAccess } from "../channel-access";
import { refuse } from "../refuse";
import type { GatewayDb } from "../store/database";
import {
  changeView,
  createView,
  deleteView,
  findView,
  listViews,
  setPinned,
  type ViewReader,
  ViewsFullError,
} from "../store/saved-views";

export interface ViewRoutesOptions {
  db: GatewayDb;
  channels: ChannelAccess;
  /** Milliseconds since the epoch; a test may hold it. */
  now?: () => number;
}

const POSITIVE_ID = /^[1-9]\d{0,15}$/;
/** Views are a way of showing the subscribers list: who may not list them may not keep views. */
const OPERATION = "subscribers/get";

interface GroupParams {
  Params: { group: string };
}
interface ViewParams {
  Params: { group: string; view: string };
}

/**
 * `/views/<group_id>[/<view_id>[/pin]]`: saved views of the subscribers page (shapes and rules
 * in src/contract/views.ts; who sees and changes what in store/saved-views.ts).
 */
export const viewRoutes: FastifyPluginCallback<ViewRoutesOptions> = (app, options, done) => {
  const now = options.now ?? Date.now;
  const { db } = options;
  const requireSession = app.requireSession({
    message: "Your session has ended: sign in again.",
    reason: "session-ended",
  });

  /** The caller and the channel of the path, when they may keep views there. */
  function access(
    request: FastifyRequest<GroupParams>,
    reply: FastifyReply,
  ): (ViewReader & { admin: boolean }) | undefined {
    const account = request.session?.account;
    if (!account) {
      void refuse(reply, {
        status: 401,
        message: "Your session has ended: sign in again.",
        reason: "session-ended",
      });
      return undefined;
    }
    const { group } = request.params;
    if (!POSITIVE_ID.test(group)) {
      void refuse(reply, {
        status: 400,
        message: "group_id must be a positive integer",
        reason: "group-id-invalid",
        code: ErrorCode.InvalidValue,
      });
      return undefined;
    }
    const channel = options.channels.find(account, Number(group));
    if (!channel) {
      void refuse(reply, {
        status: 403,
        message: `You have no access to channel ${group}.`,
        reason: "no-channel-access",
        details: { group_id: group },
      });
      return undefined;
    }
    if (!mayCall(account.role, OPERATION)) {
      void refuse(reply, {
        status: 403,
        message: `The ${account.role} role may not call ${OPERATION}.`,
        reason: "role-refused",
        details: { role: account.role, operation: OPERATION },
      });
      return undefined;
    }
    return { groupId: channel.groupId, me: account.username, admin: account.role === "admin" };
  }

  /** The view of the path, when the caller sees it (a private view of another is unknown). */
  function viewOf(
    request: FastifyRequest<ViewParams>,
    reply: FastifyReply,
    reader: ViewReader,
  ): ViewItem | undefined {
    const raw = request.params.view;
    if (!POSITIVE_ID.test(raw)) {
      void refuse(reply, {
        status: 400,
        message: "view_id must be a positive integer",
        reason: "view-id-invalid",
        code: ErrorCode.InvalidValue,
      });
      return undefined;
    }
    const view = findView(db, reader, Number(raw));
    if (!view) {
      void refuse(reply, {
        status: 404,
        message: `No view ${raw} in channel ${String(reader.groupId)} that you can see.`,
        reason: "view-unknown",
        details: { view_id: raw },
      });
    }
    return view;
  }

  function notYours(reply: FastifyReply, view: ViewItem) {
    return refuse(reply, {
      status: 403,
      message: `View ${String(view.view_id)} belongs to ${view.owner}: only they may change it.`,
      reason: "view-not-yours",
      details: { view_id: view.view_id },
    });
  }

  /** The body, read by `schema`; a refusal naming the first bad field otherwise. */
  function bodyOf<S extends z.ZodMiniType>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: S,
  ): z.output<S> | undefined {
    const parsed = schema.safeParse(request.body ?? {});
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "");
    const [reason, details]: [GatewayReason, Record<string, number> | undefined] =
      issue?.code !== "unrecognized_keys" && field === "name"
        ? ["view-name-invalid", { max: VIEW_NAME_MAX }]
        : issue?.code !== "unrecognized_keys" && field === "search"
          ? ["view-search-invalid", { max: VIEW_SEARCH_MAX }]
          : ["view-request-invalid", undefined];
    void refuse(reply, {
      status: 400,
      message: `${field ? `${field}: ` : ""}${issue?.message ?? "is invalid"}`,
      reason,
      ...(details ? { details } : {}),
      code: ErrorCode.InvalidValue,
    });
    return undefined;
  }

  const ok = (reply: FastifyReply, body: object) =>
    reply
      .code(200)
      .header("cache-control", "no-store")
      .send({ success: true, ...body });

  const list = (reply: FastifyReply, reader: ViewReader) => {
    const items = listViews(db, reader);
    return ok(reply, { count: items.length, items });
  };

  const item = (reply: FastifyReply, reader: ViewReader, viewId: number) =>
    ok(reply, { item: findView(db, reader, viewId) });

  app.get<GroupParams>("/views/:group", { preHandler: requireSession }, (request, reply) => {
    const reader = access(request, reply);
    if (!reader) return reply;
    return list(reply, reader);
  });

  app.post<GroupParams & { Body: unknown }>(
    "/views/:group",
    { preHandler: requireSession },
    (request, reply) => {
      const reader = access(request, reply);
      if (!reader) return reply;
      const body = bodyOf(request, reply, viewCreateRequest);
      if (!body) return reply;
      try {
        return ok(reply, { item: createView(db, reader, body, now()) });
      } catch (error) {
        if (!(error instanceof ViewsFullError)) throw error;
        return refuse(reply, {
          status: 409,
          message: `You keep at most ${String(VIEWS_MAX)} views of a channel.`,
          reason: "views-full",
          details: { max: VIEWS_MAX },
        });
      }
    },
  );

  app.patch<ViewParams & { Body: unknown }>(
    "/views/:group/:view",
    { preHandler: requireSession },
    (request, reply) => {
      const reader = access(request, reply);
      if (!reader) return reply;
      const view = viewOf(request, reply, reader);
      if (!view) return reply;
      if (!view.mine) return notYours(reply, view);
      const body = bodyOf(request, reply, viewChangeRequest);
      if (!body) return reply;
      if (body.name === undefined && body.search === undefined && body.shared === undefined) {
        return refuse(reply, {
          status: 400,
          message: "Nothing to change: give name, search or shared.",
          reason: "view-request-invalid",
          code: ErrorCode.InvalidValue,
        });
      }
      changeView(db, view.view_id, body, now());
      return item(reply, reader, view.view_id);
    },
  );

  app.delete<ViewParams>(
    "/views/:group/:view",
    { preHandler: requireSession },
    (request, reply) => {
      const reader = access(request, reply);
      if (!reader) return reply;
      const view = viewOf(request, reply, reader);
      if (!view) return reply;
      if (!view.mine && !(reader.admin && view.shared)) return notYours(reply, view);
      deleteView(db, view.view_id);
      return list(reply, reader);
    },
  );

  for (const method of ["PUT", "DELETE"] as const) {
    app.route<ViewParams>({
      method,
      url: "/views/:group/:view/pin",
      preHandler: requireSession,
      handler: (request, reply) => {
        const reader = access(request, reply);
        if (!reader) return reply;
        const view = viewOf(request, reply, reader);
        if (!view) return reply;
        setPinned(db, view.view_id, reader.me, method === "PUT", now());
        return item(reply, reader, view.view_id);
      },
    });
  }
  done();
};
