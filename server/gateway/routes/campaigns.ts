import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from "fastify";
import {
  CAMPAIGN_LABEL_MAX,
  CAMPAIGN_LABELS_MAX,
  campaignLabelRequest,
} from "../../../src/contract/campaigns";
import { ErrorCode } from "../../../src/contract/errors";
import { mayCall } from "../../../src/contract/roles";
import type { ChannelAccess } from "../channel-access";
import type { GatewayChannel } from "../channels";
import { refuse } from "../refuse";
import {
  CampaignLabelsFullError,
  deleteCampaignLabel,
  listCampaignLabels,
  setCampaignLabel,
} from "../store/campaign-labels";
import type { GatewayDb } from "../store/database";

export interface CampaignRoutesOptions {
  db: GatewayDb;
  channels: ChannelAccess;
  /** Milliseconds since the epoch; a test may hold it. */
  now?: () => number;
}

const POSITIVE_ID = /^[1-9]\d{0,15}$/;

interface GroupParams {
  Params: { group: string };
}
interface TagParams {
  Params: { group: string; utm: string };
}

/**
 * `/campaigns/<group_id>[/<utm_id>]`: the campaign labels of a channel's UTM tags (shapes in
 * src/contract/campaigns.ts). Reading needs a role that may call utms/get on the channel;
 * changing one that may call utms/edit (administrators and marketing).
 */
export const campaignRoutes: FastifyPluginCallback<CampaignRoutesOptions> = (
  app,
  options,
  done,
) => {
  const now = options.now ?? Date.now;
  const requireSession = app.requireSession({
    message: "Your session has ended: sign in again.",
    reason: "session-ended",
  });

  /** The channel of the path if this person may read its labels (or, `write`, change them). */
  function access(
    request: FastifyRequest<GroupParams>,
    reply: FastifyReply,
    write: boolean,
  ): GatewayChannel | undefined {
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
    const operation = write ? "utms/edit" : "utms/get";
    if (!mayCall(account.role, operation)) {
      void refuse(reply, {
        status: 403,
        message: `The ${account.role} role may not call ${operation}.`,
        reason: "role-refused",
        details: { role: account.role, operation },
      });
      return undefined;
    }
    return channel;
  }

  function utmIdOf(request: FastifyRequest<TagParams>, reply: FastifyReply): number | undefined {
    if (POSITIVE_ID.test(request.params.utm)) return Number(request.params.utm);
    void refuse(reply, {
      status: 400,
      message: "utm_id must be a positive integer",
      reason: "utm-id-invalid",
      code: ErrorCode.InvalidValue,
    });
    return undefined;
  }

  const ok = (reply: FastifyReply, body: object) =>
    reply
      .code(200)
      .header("cache-control", "no-store")
      .send({ success: true, ...body });

  const labelsOf = (channel: GatewayChannel) => {
    const items = listCampaignLabels(options.db, channel.groupId);
    return { count: items.length, items };
  };

  app.get<GroupParams>("/campaigns/:group", { preHandler: requireSession }, (request, reply) => {
    const channel = access(request, reply, false);
    if (!channel) return reply;
    return ok(reply, labelsOf(channel));
  });

  app.put<TagParams & { Body: unknown }>(
    "/campaigns/:group/:utm",
    { preHandler: requireSession },
    (request, reply) => {
      const channel = access(request, reply, true);
      if (!channel) return reply;
      const utmId = utmIdOf(request, reply);
      if (utmId === undefined) return reply;
      const parsed = campaignLabelRequest.safeParse(request.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return refuse(reply, {
          status: 400,
          message: `label: ${issue?.message ?? "is invalid"}`,
          reason: "campaign-label-invalid",
          details: { max: CAMPAIGN_LABEL_MAX },
          code: ErrorCode.InvalidValue,
        });
      }
      const account = request.session?.account;
      try {
        setCampaignLabel(options.db, {
          groupId: channel.groupId,
          utmId,
          label: parsed.data.label,
          by: account?.username ?? "",
          at: now(),
        });
      } catch (error) {
        if (!(error instanceof CampaignLabelsFullError)) throw error;
        return refuse(reply, {
          status: 409,
          message: `A channel keeps at most ${String(CAMPAIGN_LABELS_MAX)} campaign labels.`,
          reason: "campaign-labels-full",
          details: { max: CAMPAIGN_LABELS_MAX },
        });
      }
      return ok(reply, { item: { utm_id: utmId, label: parsed.data.label } });
    },
  );

  app.delete<TagParams>(
    "/campaigns/:group/:utm",
    { preHandler: requireSession },
    (request, reply) => {
      const channel = access(request, reply, true);
      if (!channel) return reply;
      const utmId = utmIdOf(request, reply);
      if (utmId === undefined) return reply;
      deleteCampaignLabel(options.db, channel.groupId, utmId);
      return ok(reply, labelsOf(channel));
    },
  );
  done();
};
