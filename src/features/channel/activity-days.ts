/** The channel page chart's period: the last 30 days, today included. */
export const ACTIVITY_DAYS = 30;
