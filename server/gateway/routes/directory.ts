import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from "fastify";
import type * as z from "../../../src/contract/zod";
import type { UserIdField } from "../../../src/contract/common";
import {
  DIRECTORY_CANDIDATES_MAX,
  directoryCountRequest,
  type DirectoryResolveResult,
  directoryListQuery,
  directoryLookupRequest,
  directoryResolveRequest,
  directorySearchElsewhereQuery,
  directorySearchQuery,
} from "../../../src/contract/directory";
import { filtersDirectoryCannotCount } from "../../../src/contract/directory-count-rule";
import { ErrorCode } from "../../../src/contract/errors";
import { mayCall } from "../../../src/contract/roles";
import { readProfileInput } from "../../../src/lib/profile-id";
import type { ChannelAccess } from "../channel-access";
import type { ChannelDirectory } from "../directory/channel-directory";
import { refuseWith } from "../directory/refusal";
import type { DirectoryService } from "../directory/service";
import { briefOf, personOf } from "../directory/views";
import { CountFilterError, countPeople } from "../store/directory-count";
import { lastBotRun, historyOf } from "../store/directory-history";
import { findPeople, findPerson } from "../store/directory-people";
import {
  BadCursorError,
  listDirectory,
  nameCandidates,
  searchDirectory,
} from "../store/directory-search";

export interface DirectoryRoutesOptions {
  channels: ChannelAccess;
  service: DirectoryService;
}

const GROUP_ID = /^[1-9]\d{0,15}$/;
const USER_ID = /^[1-9]\d{0,15}$/;

/**
 * `/directory/<group_id>/…`: the subscriber directory for the SPA (shapes and rules in
 * src/contract/directory.ts). Reading needs a role that may call subscribers/get on the
 * channel; refresh and wipe are the administrators'.
 */
export const directoryRoutes: FastifyPluginCallback<DirectoryRoutesOptions> = (
  app,
  options,
  done,
) => {
  const requireSession = app.requireSession({
    message: "Your session has ended: sign in again.",
    reason: "session-ended",
  });

  /** The channel's directory if this person may read it (or, `admin`, change it). */
  function access(
    request: FastifyRequest<{ Params: { group: string } }>,
    reply: FastifyReply,
    admin = false,
  ): ChannelDirectory | undefined {
    const session = request.session;
    if (!session) {
      void refuseWith(reply, 401, "Your session has ended: sign in again.", "session-ended");
      return undefined;
    }
    const { group } = request.params;
    if (!GROUP_ID.test(group)) {
      void refuseWith(
        reply,
        400,
        "group_id must be a positive integer",
        "group-id-invalid",
        undefined,
        ErrorCode.InvalidValue,
      );
      return undefined;
    }
    const channel = options.channels.find(session.account, Number(group));
    const directory = channel && options.service.get(channel.groupId);
    if (!directory) {
      void refuseWith(reply, 403, `You have no access to channel ${group}.`, "no-channel-access", {
        group_id: group,
      });
      return undefined;
    }
    const role = session.account.role;
    if (!mayCall(role, "subscribers/get")) {
      void refuseWith(
        reply,
        403,
        `The ${role} role may not read the subscribers of a channel.`,
        "role-refused",
        { role, operation: "subscribers/get" },
      );
      return undefined;
    }
    if (admin && role !== "admin") {
      void refuseWith(
        reply,
        403,
        "Only an administrator may refresh or wipe a directory.",
        "directory-admin-only",
      );
      return undefined;
    }
    return directory;
  }

  function parse<T extends z.ZodMiniType>(
    schema: T,
    value: unknown,
    reply: FastifyReply,
  ): z.infer<T> | undefined {
    const parsed = schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join(".") ?? "";
    void refuseWith(
      reply,
      400,
      `${field === "" ? "the request" : field}: ${issue?.message ?? "is invalid"}`,
      "directory-bad-request",
      { field },
      ErrorCode.InvalidValue,
    );
    return undefined;
  }

  function badCursor(reply: FastifyReply, error: unknown) {
    if (!(error instanceof BadCursorError)) throw error;
    return refuseWith(reply, 400, `cursor: ${error.message}`, "directory-bad-request", {
      field: "cursor",
    });
  }

  const ok = (reply: FastifyReply, body: object, status = 200) =>
    reply
      .code(status)
      .header("cache-control", "no-store")
      .send({ success: true, ...body });

  interface Group {
    Params: { group: string };
  }

  app.get<Group>("/directory/:group/status", { preHandler: requireSession }, (request, reply) => {
    const directory = access(request, reply);
    if (!directory) return reply;
    return ok(reply, { status: directory.status() });
  });

  // The same search in the account's other channels, each as the role table allows: only
  // channels where the role may call subscribers/get (none for marketing: an empty answer).
  app.get("/directory/search", { preHandler: requireSession }, async (request, reply) => {
    const session = request.session;
    if (!session) {
      return refuseWith(reply, 401, "Your session has ended: sign in again.", "session-ended");
    }
    const query = parse(directorySearchElsewhereQuery, request.query, reply);
    if (!query) return reply;
    const found = [];
    if (mayCall(session.account.role, "subscribers/get") && query.q.trim() !== "") {
      for (const channel of options.channels.of(session.account)) {
        if (channel.groupId === query.except) continue;
        const directory = options.service.get(channel.groupId);
        if (!directory) continue;
        const field = await directory.field();
        const page = searchDirectory(directory.db, directory.ref().dirId, {
          q: query.q,
          limit: query.limit,
          field,
        });
        if (page.hits.length === 0) continue;
        found.push({
          group_id: channel.groupId,
          items: page.hits.map((hit) => ({ ...briefOf(hit.row), match: hit.match })),
          more: page.nextCursor !== null,
        });
      }
    }
    return ok(reply, { channels: found });
  });

  app.get<Group>(
    "/directory/:group/search",
    { preHandler: requireSession },
    async (request, reply) => {
      const directory = access(request, reply);
      if (!directory) return reply;
      const query = parse(directorySearchQuery, request.query, reply);
      if (!query) return reply;
      const field = await directory.field();
      let page: ReturnType<typeof searchDirectory>;
      try {
        page = searchDirectory(directory.db, directory.ref().dirId, { ...query, field });
      } catch (error) {
        return badCursor(reply, error);
      }
      return ok(reply, {
        items: page.hits.map((hit) => ({ ...briefOf(hit.row), match: hit.match })),
        next_cursor: page.nextCursor,
        directory: directory.status(),
      });
    },
  );

  app.get<Group>(
    "/directory/:group/people",
    { preHandler: requireSession },
    async (request, reply) => {
      const directory = access(request, reply);
      if (!directory) return reply;
      const query = parse(directoryListQuery, request.query, reply);
      if (!query) return reply;
      const field = await directory.field();
      const row = directory.row();
      let page: ReturnType<typeof listDirectory>;
      try {
        page = listDirectory(directory.db, row.dir_id, row.people, { ...query, field });
      } catch (error) {
        return badCursor(reply, error);
      }
      return ok(reply, {
        total: page.total,
        total_exact: page.totalExact,
        items: page.rows.map(briefOf),
        next_cursor: page.nextCursor,
        directory: directory.status(),
      });
    },
  );

  app.get<{ Params: { group: string; user: string }; Querystring: { read?: string } }>(
    "/directory/:group/people/:user",
    { preHandler: requireSession },
    async (request, reply) => {
      const directory = access(request, reply);
      if (!directory) return reply;
      const { user } = request.params;
      if (!USER_ID.test(user) || !Number.isSafeInteger(Number(user))) {
        return refuseWith(
          reply,
          400,
          "the user id must be a positive integer",
          "directory-bad-request",
          {
            field: "user_id",
          },
        );
      }
      const userId = Number(user);
      if (request.query.read === "1") {
        const gone = new AbortController();
        const onClose = () => {
          if (!reply.raw.writableFinished) gone.abort();
        };
        reply.raw.once("close", onClose);
        const answered = await directory.readNow(userId, gone.signal);
        reply.raw.off("close", onClose);
        if (gone.signal.aborted) return reply;
        if (!answered) {
          return refuseWith(
            reply,
            502,
            `The service of channel ${String(directory.groupId)} could not be read; try again later.`,
            "backend-unavailable",
            { group_id: directory.groupId },
          );
        }
      }
      const { dirId } = directory.ref();
      const row = findPerson(directory.db, dirId, userId);
      if (!row) {
        return refuseWith(
          reply,
          404,
          `User id ${user} is not in the directory of channel ${String(directory.groupId)}.`,
          "directory-person-unknown",
          { user_id: userId },
        );
      }
      const field = await directory.field();
      return ok(reply, {
        person: personOf(
          row,
          field,
          historyOf(directory.db, dirId, userId),
          lastBotRun(directory.db, dirId, userId),
        ),
        directory: directory.status(),
      });
    },
  );

  app.post<Group>("/directory/:group/lookup", { preHandler: requireSession }, (request, reply) => {
    const directory = access(request, reply);
    if (!directory) return reply;
    const body = parse(directoryLookupRequest, request.body, reply);
    if (!body) return reply;
    const ids = [...new Set(body.user_ids)];
    const found = findPeople(directory.db, directory.ref().dirId, ids);
    return ok(reply, {
      items: ids.map((id) => {
        const row = found.get(id);
        return { user_id: id, person: row ? briefOf(row) : null };
      }),
    });
  });

  app.post<Group>(
    "/directory/:group/count",
    { preHandler: requireSession },
    async (request, reply) => {
      const directory = access(request, reply);
      if (!directory) return reply;
      const body = parse(directoryCountRequest, request.body, reply);
      if (!body) return reply;
      const status = directory.status();
      const field = await directory.field();
      const cannot = filtersDirectoryCannotCount(
        body.filters,
        status.hooks.configured,
        status.people,
      );
      // The other kind of user id is the API's error 12 (and with the kind not known yet, either
      // may be): the browser's count will say so.
      for (const kind of ["vk_user_id", "tg_user_id"] as const) {
        if (body.filters[kind] !== undefined && kind !== field) cannot.unshift(kind);
      }
      const [first] = cannot;
      if (first !== undefined) {
        return refuseWith(
          reply,
          422,
          `The directory cannot count by ${first}: count the segment by pages.`,
          "directory-cannot-count",
          { field: first },
        );
      }
      // Until a full pass has ended the directory lacks people: a count would be short.
      if (status.state !== "ready") {
        return refuseWith(
          reply,
          409,
          "The directory is still reading the channel: count the segment by pages.",
          "directory-not-ready",
        );
      }
      let count: number;
      try {
        const { dirId, timeZone } = directory.ref();
        count = countPeople(directory.db, dirId, timeZone, body.filters);
      } catch (error) {
        if (!(error instanceof CountFilterError)) throw error;
        return refuseWith(reply, 400, error.message, "directory-bad-request", {
          field: error.field,
        });
      }
      return ok(reply, { count, updated_at: status.updated_at });
    },
  );

  app.post<Group>(
    "/directory/:group/resolve",
    { preHandler: requireSession },
    async (request, reply) => {
      const directory = access(request, reply);
      if (!directory) return reply;
      const body = parse(directoryResolveRequest, request.body, reply);
      if (!body) return reply;
      const field = await directory.field();
      const { dirId } = directory.ref();
      return ok(reply, {
        results: body.lines.map((line) => resolveLine(directory, dirId, line, field)),
      });
    },
  );

  app.post<Group>("/directory/:group/refresh", { preHandler: requireSession }, (request, reply) => {
    const directory = access(request, reply, true);
    if (!directory) return reply;
    directory.refresh();
    return ok(reply, { status: directory.status() }, 202);
  });

  app.delete<Group>("/directory/:group", { preHandler: requireSession }, (request, reply) => {
    const directory = access(request, reply, true);
    if (!directory) return reply;
    options.service.wipe(directory);
    return ok(reply, { status: directory.status() });
  });

  done();
};

/** Looks like a link or a handle, not a name: its problem is said rather than searched. */
const LINK_LIKE = /[/:@]|^id\d+$/i;
/**
 * A number that is no user id ("0", "-5", "1.5e3", 25 digits): said to be no id rather than
 * looked up as a name nobody has.
 */
const NUMBER_LIKE = /^[-+]?\d[\d.,]*(?:e[-+]?\d+)?$/i;

function resolveLine(
  directory: ChannelDirectory,
  dirId: number,
  line: string,
  field: UserIdField | undefined,
): DirectoryResolveResult {
  const text = line.trim();
  const result = (fields: Partial<DirectoryResolveResult>): DirectoryResolveResult => ({
    line,
    outcome: "empty",
    user_id: null,
    candidates: [],
    matches: 0,
    problem: null,
    ...fields,
  });
  if (text === "") return result({});
  const parsed = readProfileInput(text, field);
  if (parsed.kind === "id") {
    const row = findPerson(directory.db, dirId, parsed.id);
    return result({
      outcome: "id",
      user_id: parsed.id,
      candidates: row ? [briefOf(row)] : [],
      matches: row ? 1 : 0,
    });
  }
  if (parsed.kind === "problem" && (LINK_LIKE.test(text) || NUMBER_LIKE.test(text))) {
    return result({ outcome: "problem", problem: parsed.problem });
  }
  const found = nameCandidates(directory.db, dirId, text, DIRECTORY_CANDIDATES_MAX);
  const [first] = found.rows;
  if (found.count === 0 || !first) return result({ outcome: "not-found" });
  if (found.count === 1) {
    return result({
      outcome: "found",
      user_id: first.user_id,
      candidates: [briefOf(first)],
      matches: 1,
    });
  }
  return result({
    outcome: "ambiguous",
    candidates: found.rows.map(briefOf),
    matches: found.count,
  });
}
