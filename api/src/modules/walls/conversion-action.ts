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
    }
  | { kind: 'reverse'; txid: string; userId: number }
  /** A valid callback with nothing to book (a $0 task, a pending state): answered 200 so it is not resent. */
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
