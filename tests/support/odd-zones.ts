/**
 * Zones whose clocks change often or oddly, for the date tests: Casablanca leaves and resumes
 * summer time around Ramadan (four changes a year), Lord Howe moves by half an hour, Apia
 * skipped 30 December 2011, Santiago and Havana change at midnight, Tehran's changes follow
 * its own calendar.
 */
export const ODD_ZONES = [
  "Africa/Casablanca",
  "Australia/Lord_Howe",
  "Pacific/Apia",
  "America/Santiago",
  "America/Havana",
  "Asia/Tehran",
] as const;
