/** Payloads of the marketing calls (contact form, leaderboard): one source for api/ and mf-marketing. */

export type ContactPayload = { name: string; email: string; subject: string; message: string };

export const LEADERBOARD_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** At most this many earners are ranked. */
export const LEADERBOARD_SIZE = 20;

export type LeaderboardEntry = {
  /** 1-based; equal amounts share a rank (1, 2, 2, 4). */
  rank: number;
  /** First name and last initial, e.g. "Ada L." (never an email or an id). */
  name: string;
  /** The avatar letter. */
  initial: string;
  /** Dollars with two decimals, e.g. "12.34". */
  amount: string;
};

export type LeaderboardData = {
  period: LeaderboardPeriod;
  /** Start of the period (UTC), ISO 8601. */
  since: string;
  entries: LeaderboardEntry[];
};
