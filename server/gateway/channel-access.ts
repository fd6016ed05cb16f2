import type { GatewayChannel } from "./channels";
import type { Account } from "./store/accounts";

/** Which of the gateway's channels an account may use: administrators all, others their own. */
export class ChannelAccess {
  private readonly byGroupId: ReadonlyMap<number, GatewayChannel>;

  constructor(channels: readonly GatewayChannel[]) {
    this.byGroupId = new Map(channels.map((channel) => [channel.groupId, channel]));
  }

  of(account: Account): GatewayChannel[] {
    return account.role === "admin"
      ? [...this.byGroupId.values()]
      : account.channels.flatMap((groupId) => this.byGroupId.get(groupId) ?? []);
  }

  /** The channel `groupId` names, when there is one and the account may use it. */
  find(account: Account, groupId: number): GatewayChannel | undefined {
    const channel = this.byGroupId.get(groupId);
    return channel && this.of(account).includes(channel) ? channel : undefined;
  }
}
