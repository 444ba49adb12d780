/** What a verified postback asks for, whatever the wall's format. */
export type ConversionAction =
  | {
      kind: 'credit';
      txid: string;
      userId: number;
      partnerOfferId: string;
      /** '' credits the whole offer. */
      partnerEventId: string;
      payoutCoins: number;
      /** The wall's name of the offer, for the live ticker when we do not list the offer. */
      offerName?: string;
      /** The user's address at the conversion, when the wall reports it (self-referral check). */
      userIp?: string;
      /** What the signature covered, for walls that sign values run together without separators (see crediting). */
      signedContent?: string;
    }
  | { kind: 'reverse'; txid: string; userId: number }
  /** A valid callback with nothing to book (a $0 task, a pending state, a test): answered 200 so it is not resent. */
  | { kind: 'ignore'; message: string };

/** A postback that fails its format: answered 422, nothing changes. */
export class MalformedPostbackError extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'MalformedPostbackError';
  }
}

/** Throws one MalformedPostbackError naming every problem, when there are any. */
export function refuseProblems(problems: Record<string, string[]>): void {
  const first = Object.values(problems)[0]?.[0];
  if (first !== undefined) throw new MalformedPostbackError(first, problems);
}
