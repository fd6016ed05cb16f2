import { CAMPAIGN_LABELS_MAX, type CampaignLabelItem } from "../../../src/contract/campaigns";
import type { GatewayDb } from "./database";

/** The campaign labels a channel keeps, by tag id. */
export function listCampaignLabels(db: GatewayDb, groupId: number): CampaignLabelItem[] {
  return db
    .prepare("SELECT utm_id, label FROM campaign_labels WHERE group_id = ? ORDER BY utm_id")
    .all(groupId) as CampaignLabelItem[];
}

export class CampaignLabelsFullError extends Error {
  override readonly name = "CampaignLabelsFullError";
}

/**
 * Stores the label of a tag, replacing its old one. A new label past `CAMPAIGN_LABELS_MAX` for
 * the channel is refused (CampaignLabelsFullError); changing a kept one always works.
 */
export function setCampaignLabel(
  db: GatewayDb,
  change: { groupId: number; utmId: number; label: string; by: string; at: number },
): void {
  db.transaction(() => {
    const kept = db
      .prepare("SELECT 1 FROM campaign_labels WHERE group_id = ? AND utm_id = ?")
      .get(change.groupId, change.utmId);
    if (!kept) {
      const { n } = db
        .prepare("SELECT count(*) AS n FROM campaign_labels WHERE group_id = ?")
        .get(change.groupId) as { n: number };
      if (n >= CAMPAIGN_LABELS_MAX) {
        throw new CampaignLabelsFullError(
          `channel ${String(change.groupId)} keeps ${String(n)} labels`,
        );
      }
    }
    db.prepare(
      `INSERT INTO campaign_labels (group_id, utm_id, label, updated_at, updated_by)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (group_id, utm_id) DO UPDATE
         SET label = excluded.label, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    ).run(change.groupId, change.utmId, change.label, change.at, change.by);
  }).immediate();
}

/** Forgets the label of a tag (it falls back to its name's suggestion); false when none was kept. */
export function deleteCampaignLabel(db: GatewayDb, groupId: number, utmId: number): boolean {
  return (
    db.prepare("DELETE FROM campaign_labels WHERE group_id = ? AND utm_id = ?").run(groupId, utmId)
      .changes > 0
  );
}
