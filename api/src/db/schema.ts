import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, boolean, check, customType, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Small key/value facts about this installation (e.g. when it was first started). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ACCOUNT_STATUSES = ['active', 'blocked', 'pending'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const TWO_FACTOR_METHODS = ['off', 'totp', 'email'] as const;

/**
 * People with an account. A deleted account keeps its row (its ledger rows point at it) with the personal
 * data removed. `balance_coins` is maintained by the ledger module only, in the transaction of each entry.
 */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** Trimmed and lowercased. */
    email: text('email').notNull(),
    /** argon2id; null for accounts made by Google sign-in (until a password reset) and deleted ones. */
    passwordHash: text('password_hash'),
    image: text('image'),
    googleSubject: text('google_subject'),
    referralCode: text('referral_code').notNull(),
    referredBy: bigint('referred_by', { mode: 'number' }).references((): AnyPgColumn => users.id),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    balanceCoins: bigint('balance_coins', { mode: 'number' }).notNull().default(0),
    /** Credits held before they can be cashed out (pending_wallet), released by the server at their date; ledger module only. */
    heldCoins: bigint('held_coins', { mode: 'number' }).notNull().default(0),
    completedOffers: integer('completed_offers').notNull().default(0),
    /** The emails the user wants (Settings); a password change is emailed whatever these say. */
    emailCashouts: boolean('email_cashouts').notNull().default(true),
    emailTickets: boolean('email_tickets').notNull().default(true),
    emailSecurity: boolean('email_security').notNull().default(true),
    /** When the email address was shown to be the user's (Google said so at sign-in, or an operator); null: not verified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The second step of sign-in: off, codes from an authenticator app (totp) or codes by email. */
    twoFactorMethod: text('two_factor_method', { enum: TWO_FACTOR_METHODS }).notNull().default('off'),
    /** When the password was last set with a reset code: sessions begun after it may cash out only with a code. */
    passwordResetAt: timestamp('password_reset_at', { withTimezone: true }),
    /** The site's language the user chose (one of LOCALES: its pages and emails); null: never chosen. */
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_referral_code_unique').on(table.referralCode),
    uniqueIndex('users_google_subject_unique').on(table.googleSubject),
    index('users_referred_by_idx').on(table.referredBy),
    check('users_status_check', sql`${table.status} in ('active', 'blocked', 'pending')`),
    check('users_two_factor_method_check', sql`${table.twoFactorMethod} in ('off', 'totp', 'email')`),
    // No non-negative check: a reversal (chargeback) may take a balance below zero, to be earned back.
    // Debits (cashouts) still can never do it: the ledger's conditional update refuses them.
    // Held coins only ever leave by their release or their reversal, each once: never below zero.
    check('users_held_coins_not_negative', sql`${table.heldCoins} >= 0`),
  ],
);

/** Signed-in sessions: only the SHA-256 of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** When this session last passed a second factor (the sign-in's second step, or a cashout's step-up code). */
    twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
    /** Begun by a sign-in from a browser the account had not signed in with before (not its sign-up's). */
    startedOnNewDevice: boolean('started_on_new_device').notNull().default(false),
    /** The SHA-256 of the staff console's `admin_session` cookie issued to this session (null: none). */
    adminTokenHash: text('admin_token_hash'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
    // The periodic purge finds dead sessions by these two.
    index('sessions_expires_at_idx').on(table.expiresAt),
    index('sessions_revoked_idx').on(table.id).where(sql`${table.revokedAt} is not null`),
  ],
);

/**
 * The browsers that signed in to an account (sign-up, password or Google), by the SHA-256 of their signed
 * `device_id` cookie. A browser known to an account is not held by the account's wrong-password limit.
 */
export const accountDevices = pgTable(
  'account_devices',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);

/**
 * The one live password-reset code of a user (a new request replaces it) and the user's counters of the
 * current 24-hour window, which a new code does not reset; the row is deleted when a code is used.
 */
export const passwordResetCodes = pgTable('password_reset_codes', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  codeHash: text('code_hash').notNull(),
  /** Wrong tries of this code; the code is dead at the limit. */
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Start of the 24-hour window the two counters below belong to. */
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** Codes mailed in the window. */
  codesSent: integer('codes_sent').notNull().default(1),
  /** Wrong tries in the window, over every code of it. */
  wrongTries: integer('wrong_tries').notNull().default(0),
});

/**
 * A user's authenticator-app secret: the one being set up (`pending_totp_secret`, until a code confirms it) and
 * the one in use. Both are encrypted with a key derived from APP_SECRET (see two-factor/secret-box.ts).
 * `totp_last_step` is the time step of the last code accepted: a code of that step or an older one is refused.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSecret: text('totp_secret'),
  pendingTotpSecret: text('pending_totp_secret'),
  pendingCreatedAt: timestamp('pending_created_at', { withTimezone: true }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
});

/** One-time recovery codes of an authenticator-app user, by their keyed hash; a used one keeps its row. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('two_factor_recovery_codes_unique').on(table.userId, table.codeHash)],
);

export const TWO_FACTOR_CODE_PURPOSES = ['account', 'step_up', 'staff'] as const;

/**
 * The emailed code of a user for one purpose (`account`: turning email codes on or two-factor off;
 * `step_up`: a risky cashout; `staff`: opening the staff console) and the wrong tries of the current 30-minute window, which also count wrong
 * authenticator codes for that purpose. A new code replaces the old one but keeps the window's tries.
 */
export const twoFactorCodes = pgTable(
  'two_factor_codes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: TWO_FACTOR_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.purpose] }),
    check('two_factor_codes_purpose_check', sql`${table.purpose} in ('account', 'step_up', 'staff')`),
  ],
);

/**
 * A sign-in waiting for its second step: the SHA-256 of the random challenge the browser holds, whose
 * account, how the first step was passed (`password` keeps a hash of the password hash it checked, so a
 * password changed meanwhile voids it), wrong codes so far, and the emailed code of the email method.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    challengeHash: text('challenge_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['totp', 'email'] }).notNull(),
    passwordFingerprint: text('password_fingerprint'),
    attempts: integer('attempts').notNull().default(0),
    emailCodeHash: text('email_code_hash'),
    emailCodeSentAt: timestamp('email_code_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('login_challenges_hash_unique').on(table.challengeHash),
    index('login_challenges_user_idx').on(table.userId),
    index('login_challenges_expires_idx').on(table.expiresAt),
  ],
);

/**
 * The one live email-verification code of a user (sign-up mails it; a resend replaces it) and the user's count
 * of codes mailed in the current 24-hour window; the row is deleted when the email is verified.
 */
export const emailVerificationCodes = pgTable('email_verification_codes', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  /** Wrong tries of this code; the code is dead at the limit. */
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** When the code was mailed: a new one no sooner than a minute later, on every instance. */
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  /** Start of the 24-hour window `codesSent` counts in. */
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  codesSent: integer('codes_sent').notNull().default(1),
});

export const LEDGER_KINDS = [
  'offer_credit',
  'offer_reversal',
  'referral_bonus',
  'referral_reversal',
  'manual_credit',
  'cashout',
  'cashout_refund',
  /** A held credit becomes available: out of the held balance, into the available one. */
  'hold_release',
  'ticket_credit',
  'ticket_reversal',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Append-only money ledger in integer coins (1000 = $1.00): positive credits, negative debits. Each row moves
 * the available balance by `amount_coins` and the held balance by `held_coins` (a held credit: 0 and +X; its
 * release: +X and -X). `reference` (e.g. a wall's transaction id or a cashout id) is unique per kind, so a
 * repeated postback or refund cannot be booked twice.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountCoins: bigint('amount_coins', { mode: 'number' }).notNull(),
    heldCoins: bigint('held_coins', { mode: 'number' }).notNull().default(0),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    reference: text('reference'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_entries_kind_reference_unique').on(table.kind, table.reference),
    // Covers a user's earnings sums (Profile, Cashout/stats) with index-only scans: kind and amount ride along.
    index('ledger_entries_user_created_kind_amounts_idx').on(table.userId, table.createdAt, table.kind, table.amountCoins, table.heldCoins),
    // The leaderboard sums a period's entries of every user.
    index('ledger_entries_created_idx').on(table.createdAt),
    check('ledger_entries_moves_something', sql`${table.amountCoins} <> 0 or ${table.heldCoins} <> 0`),
  ],
);

export const HOLD_STATUSES = ['held', 'released', 'reversed'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** Why a credit is held (EARNING_HOLDS). */
export const HOLD_REASONS = ['large_credit', 'reversals', 'wall'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/**
 * Credits held before they can be cashed out: one row per held credit, with its date. The server releases a
 * due hold once (status released, a hold_release ledger row); a reversal while held takes it out of the held
 * balance (status reversed). Balances move only through the ledger module.
 */
export const holds = pgTable(
  'holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The held credit's ledger reference (a conversion's `wall:txid`). */
    reference: text('reference').notNull(),
    coins: bigint('coins', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: HOLD_REASONS }).notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: HOLD_STATUSES }).notNull().default('held'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('holds_reference_unique').on(table.reference),
    index('holds_due_idx').on(table.releaseAt).where(sql`${table.status} = 'held'`),
    index('holds_user_status_idx').on(table.userId, table.status),
    check('holds_coins_positive', sql`${table.coins} > 0`),
    check('holds_status_check', sql`${table.status} in ('held', 'released', 'reversed')`),
    check('holds_reason_check', sql`${table.reason} in ('large_credit', 'reversals', 'wall')`),
  ],
);

/**
 * pending (awaiting review) → approved (to be sent by its rail) → sending → paid | failed (retried with
 * backoff, then waits for an operator) | returned / unclaimed (refunded). rejected: refused in review, refunded.
 */
export const CASHOUT_STATUSES = ['pending', 'approved', 'sending', 'paid', 'failed', 'returned', 'unclaimed', 'rejected'] as const;
export type CashoutStatus = (typeof CASHOUT_STATUSES)[number];

/**
 * Withdrawal requests. The debit is the ledger row of kind `cashout` whose reference is `cashout:<id>`;
 * a rejection, a return or an unclaimed payout books one `cashout_refund` with the same reference (unique:
 * refunded once). A client's `Idempotency-Key` is unique per user, so a retried request finds the first
 * cashout instead of paying twice; `payout_id` is ours towards the payout provider, the same on every try.
 */
export const cashouts = pgTable(
  'cashouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    method: text('method').notNull(),
    account: text('account').notNull(),
    amountCoins: bigint('amount_coins', { mode: 'number' }).notNull(),
    status: text('status', { enum: CASHOUT_STATUSES }).notNull().default('pending'),
    /** The user's balance right after the debit, for replaying the first answer. */
    balanceAfterCoins: bigint('balance_after_coins', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key'),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Our idempotency id towards the payout provider: the same on every try of this cashout. */
    payoutId: text('payout_id').notNull().default(sql`gen_random_uuid()::text`),
    /** The rail that pays it, fixed when it is approved (PAYOUT_RAIL_<METHOD> then). */
    rail: text('rail'),
    /** Which instant-payout rule sent it to review (null: none, or it went straight to its rail). */
    reviewRule: text('review_rule'),
    /** Sent without review under the instant-payout rules (counts towards AUTO_PAYOUT_DAILY_DOLLARS). */
    automatic: boolean('automatic').notNull().default(false),
    /** The provider's id of the payout (shown to the user once paid). */
    providerReference: text('provider_reference'),
    /** Tries of send so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When a failed cashout is tried again; null: not scheduled (an operator decides). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** When it became `sending` (a worker claimed it) or was last asked about. */
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    /** The provider's or our last reason for failed, returned or unclaimed. */
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When paid, failed for good, returned or unclaimed was settled (refunded). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('cashouts_user_idempotency_key_unique').on(table.userId, table.idempotencyKey),
    uniqueIndex('cashouts_payout_id_unique').on(table.payoutId),
    index('cashouts_user_created_idx').on(table.userId, table.createdAt),
    index('cashouts_status_idx').on(table.status),
    index('cashouts_provider_reference_idx').on(table.rail, table.providerReference),
    // The staff console's risk signals: other accounts cashing out to the same destination.
    index('cashouts_destination_idx').on(table.method, sql`lower(${table.account})`),
    check('cashouts_amount_positive', sql`${table.amountCoins} > 0`),
    check(
      'cashouts_status_check',
      sql`${table.status} in ('pending', 'approved', 'sending', 'paid', 'failed', 'returned', 'unclaimed', 'rejected')`,
    ),
  ],
);

export const PLATFORMS = ['PC', 'Android', 'iOS'] as const;
export type PlatformName = (typeof PLATFORMS)[number];

/**
 * The offers catalog (spec §3 Offer), loaded by `pnpm ops offers:import` and seeded at start. Money is
 * integer coins; `partner_offer_id` is the partner's id (the API's `offer_id` string) and is unique.
 * `click_url_template` may hold `{user_id}` and `{offer_id}`, filled in per user.
 */
export const offers = pgTable(
  'offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerOfferId: text('partner_offer_id').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    /** Partner HTML; the frontend sanitises it. */
    description: text('description').notNull(),
    description2: text('description2'),
    description3: text('description3'),
    categories: text('categories').array().notNull(),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull(),
    platforms: text('platforms').array().notNull(),
    clickUrlTemplate: text('click_url_template').notNull(),
    payoutCoins: bigint('payout_coins', { mode: 'number' }).notNull(),
    /** Order in the catalog (the import file's order). */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('offers_partner_offer_id_unique').on(table.partnerOfferId),
    index('offers_position_idx').on(table.position),
    check('offers_payout_not_negative', sql`${table.payoutCoins} >= 0`),
    check('offers_rating_range', sql`${table.rating} between 0 and 5`),
  ],
);

/** The steps of an offer, each with its own reward; `partner_event_id` is what a postback's `event_id` names. */
export const offerEvents = pgTable(
  'offer_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offerId: bigint('offer_id', { mode: 'number' })
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    partnerEventId: text('partner_event_id').notNull(),
    name: text('name').notNull(),
    payoutCoins: bigint('payout_coins', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('offer_events_offer_partner_event_unique').on(table.offerId, table.partnerEventId),
    check('offer_events_payout_not_negative', sql`${table.payoutCoins} >= 0`),
  ],
);

export const USER_OFFER_STATUSES = ['active', 'completed'] as const;
export type UserOfferStatus = (typeof USER_OFFER_STATUSES)[number];

/**
 * The offers a user started (Offers/start) or got credited for. `status` turns `completed` once every event
 * is done (then users.completed_offers counts it); the row is also the lock that serialises the credits of
 * one user's offer, so two last events arriving together still complete it once.
 */
export const userOffers = pgTable(
  'user_offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    offerId: bigint('offer_id', { mode: 'number' })
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: USER_OFFER_STATUSES }).notNull().default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_offers_user_offer_unique').on(table.userId, table.offerId),
    check('user_offers_status_check', sql`${table.status} in ('active', 'completed')`),
  ],
);

export const CONVERSION_STATUSES = ['credited', 'reversed'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/**
 * Every conversion a wall reported, once per (wall, txid): the gate that makes repeated postbacks a no-op.
 * Its ledger rows carry the reference `<wall>:<txid>` (offer_credit, referral_bonus, and on reversal
 * offer_reversal, referral_reversal). Offer and event are the partner's ids, '' when the wall sent none.
 */
export const conversions = pgTable(
  'conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    wall: text('wall').notNull(),
    txid: text('txid').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    partnerOfferId: text('partner_offer_id').notNull(),
    partnerEventId: text('partner_event_id').notNull(),
    payoutCoins: bigint('payout_coins', { mode: 'number' }).notNull(),
    /** The referrer's 5 % booked with this credit (0 when none), reversed with it. */
    referrerId: bigint('referrer_id', { mode: 'number' }).references(() => users.id),
    referralCoins: bigint('referral_coins', { mode: 'number' }).notNull().default(0),
    /** The referrer's 5 % withheld while their referral is under review (see referral_reviews); paid if approved. */
    referralHeldCoins: bigint('referral_held_coins', { mode: 'number' }).notNull().default(0),
    /** SHA-256 of what the wall's signature covered, for walls that sign values run together without separators. */
    signedDigest: text('signed_digest'),
    status: text('status', { enum: CONVERSION_STATUSES }).notNull().default('credited'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('conversions_wall_txid_unique').on(table.wall, table.txid),
    // One signed form books one credit: a second reading of the same signed text is a replay.
    uniqueIndex('conversions_wall_signed_digest_unique').on(table.wall, table.signedDigest),
    index('conversions_user_offer_idx').on(table.userId, table.partnerOfferId),
    // A user's credits of the last 90 days and how many were reversed (the reversal-rate hold rule), read while crediting.
    index('conversions_user_created_idx').on(table.userId, table.createdAt, table.status),
    // A user's reversals of the last 90 days, read by every credit (the reversal rule): almost always none.
    index('conversions_user_reversed_idx').on(table.userId, table.createdAt).where(sql`${table.status} = 'reversed'`),
    check('conversions_payout_positive', sql`${table.payoutCoins} > 0`),
    check('conversions_status_check', sql`${table.status} in ('credited', 'reversed')`),
    check('conversions_referral_held_not_negative', sql`${table.referralHeldCoins} >= 0`),
  ],
);

export const CALLBACK_OUTCOMES = ['credited', 'reversed', 'duplicate', 'ignored', 'refused', 'malformed', 'failed'] as const;
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number];

/**
 * Every postback that reached /api/postback, raw (query, form body, the headers a wall signs with), with what
 * we made of it: support reads it when a user says an offer did not credit, and an operator can replay it.
 * Pruned after POSTBACK_LOG_DAYS. `user_id` is what the callback named (not a reference: it may name nobody).
 */
export const postbackCallbacks = pgTable(
  'postback_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    wall: text('wall').notNull(),
    method: text('method').notNull(),
    /** The path as received, a secret path token replaced by `{token}`. */
    path: text('path').notNull(),
    query: text('query').notNull(),
    body: text('body').notNull(),
    /** The headers a wall signs with, and the content type, as JSON. */
    headers: text('headers').notNull(),
    sourceIp: text('source_ip').notNull(),
    outcome: text('outcome', { enum: CALLBACK_OUTCOMES }).notNull(),
    statusCode: integer('status_code').notNull(),
    reason: text('reason').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    txid: text('txid'),
    /** Coins this callback moved (credited, or taken back: negative); 0 for the rest. */
    coins: bigint('coins', { mode: 'number' }).notNull().default(0),
    /** The stored callback this one replays (pnpm ops postbacks:replay). */
    replayOf: bigint('replay_of', { mode: 'number' }),
    /** Query, body or headers were cut (a refused, malformed or unknown-wall callback keeps 2 KB of each). */
    truncated: boolean('truncated').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('postback_callbacks_received_idx').on(table.receivedAt),
    index('postback_callbacks_wall_received_idx').on(table.wall, table.receivedAt),
    index('postback_callbacks_user_received_idx').on(table.userId, table.receivedAt),
    index('postback_callbacks_txid_idx').on(table.txid),
    check('postback_callbacks_outcome_check', sql`${table.outcome} in ('credited', 'reversed', 'duplicate', 'ignored', 'refused', 'malformed', 'failed')`),
  ],
);

/** Where an account was made: the address and the browser's device cookie, to spot one person's two accounts. */
export const signupOrigins = pgTable('signup_origins', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  ip: text('ip'),
  deviceId: text('device_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const REFERRAL_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReferralReviewStatus = (typeof REFERRAL_REVIEW_STATUSES)[number];

/**
 * A referral that looks like one person with two accounts (same device or address at sign-up, or the referred
 * user converting from the referrer's address). While pending or rejected the referrer's 5 % is withheld
 * (conversions.referral_held_coins); approving pays what was withheld. Decided with `pnpm ops referrals:decide`.
 */
export const referralReviews = pgTable(
  'referral_reviews',
  {
    referredUserId: bigint('referred_user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    referrerId: bigint('referrer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: REFERRAL_REVIEW_STATUSES }).notNull().default('pending'),
    /** Why it was flagged, one line per signal. */
    signals: text('signals').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (table) => [
    index('referral_reviews_status_idx').on(table.status),
    check('referral_reviews_status_check', sql`${table.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * The public live feed (`lead.created` on `fake-leads`) as published: credited conversions and, when none came
 * for a while, simulated ones. Only what the ticker shows is kept (a public name, never a user id or email);
 * `GET /api/leads/recent` reads the newest rows, and the simulator reads when the last one went out.
 * Old rows are pruned: this is a feed, not a record (the ledger and conversions are the record).
 */
export const liveLeads = pgTable(
  'live_leads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    amountCoins: bigint('amount_coins', { mode: 'number' }).notNull(),
    wall: text('wall').notNull(),
    offer: text('offer').notNull(),
    simulated: boolean('simulated').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('live_leads_amount_positive', sql`${table.amountCoins} > 0`)],
);
export const AUDIT_OUTCOMES = ['done', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
/** `change`: a command that changed (or tried to change) something; `read`: a command that showed personal data. */
export const AUDIT_KINDS = ['change', 'read'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/**
 * What operators did with `pnpm ops`: one row per command that changed (or tried to change) money, an
 * account or the catalog, and per command that showed personal data. Append-only: triggers of the migration
 * refuse UPDATE, DELETE and TRUNCATE. Tamper-evident: a trigger chains every row to the one before it (see
 * `chain_position`, `previous_hash`, `hash`; `pnpm ops audit:verify` checks the chain). The user is a plain
 * copy (no foreign key), so the row reads the same whatever later happens to the account.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** OPS_OPERATOR, else the operating-system user who ran the command. */
    operator: text('operator').notNull(),
    command: text('command').notNull(),
    /** The command's arguments as typed, without --reason and --json. */
    arguments: jsonb('arguments').$type<string[]>().notNull(),
    reason: text('reason'),
    userId: bigint('user_id', { mode: 'number' }),
    userEmail: text('user_email'),
    outcome: text('outcome', { enum: AUDIT_OUTCOMES }).notNull(),
    /** The command's result (what `--json` prints), or `{ error }` when it failed; for a read, only how much it showed. */
    result: jsonb('result').notNull(),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull().default('change'),
    // The chain: set by the table's insert trigger (whatever an insert gives is replaced), never by the application.
    /** 1 for the first row, then one more per row, without gaps. */
    chainPosition: bigint('chain_position', { mode: 'number' }).notNull().default(0),
    /** The hash of the row at the position before (64 zeros for the first). */
    previousHash: text('previous_hash').notNull().default(''),
    /** sha256 (hex) over previous_hash and this row's content (operator_audit_hash in the migration: a new column is covered once that function hashes it). */
    hash: text('hash').notNull().default(''),
  },
  (table) => [
    index('operator_audit_user_idx').on(table.userId),
    index('operator_audit_user_email_idx').on(table.userEmail),
    // The staff console's audit page filters by who and by command, newest first.
    index('operator_audit_operator_idx').on(table.operator, table.id),
    index('operator_audit_command_idx').on(table.command, table.id),
    uniqueIndex('operator_audit_chain_position_unique').on(table.chainPosition),
    check('operator_audit_outcome_check', sql`${table.outcome} in ('done', 'failed')`),
    check('operator_audit_kind_check', sql`${table.kind} in ('change', 'read')`),
  ],
);

/**
 * Messages sent through the contact form (`POST /api/contact`), read by operators with `pnpm ops contact:list`.
 * `ip` is kept for abuse handling only; `user_id` links a message sent while signed in.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);

export const TICKET_STATUSES = ['awaiting', 'answered', 'accepted', 'declined'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** A ticket still waiting for its outcome: one per user and offer at a time. */
export const OPEN_TICKET_STATUSES = ['awaiting', 'answered'] as const satisfies readonly TicketStatus[];

export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ScreenshotType = (typeof SCREENSHOT_TYPES)[number];

/** Raw bytes (PostgreSQL bytea) as a Buffer: PGlite answers Uint8Array, node-postgres Buffer. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Missing-credit tickets: a user reports an offer that did not credit, either one of our catalog offers they
 * started (`partner_offer_id`, its name copied into `offer_name`) or a partner wall's offer by `wall` and the
 * name the user saw. awaiting → answered (an operator replied) → accepted (credited once through the ledger as
 * `ticket_credit`, reference `ticket:<id>`) or declined; a user's reply makes an answered ticket awaiting again.
 * The screenshot is kept here, not on a disk, so every API instance can serve it.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The catalog offer reported (its partner id, as Offers/start names it); null for a wall's offer. */
    partnerOfferId: text('partner_offer_id'),
    /** The wall whose offer is reported (a slug of the walls registry); null for a catalog offer. */
    wall: text('wall'),
    offerName: text('offer_name').notNull(),
    /** The day the user says they completed the offer. */
    completedOn: date('completed_on', { mode: 'string' }).notNull(),
    details: text('details').notNull(),
    screenshot: bytes('screenshot'),
    screenshotType: text('screenshot_type', { enum: SCREENSHOT_TYPES }),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('awaiting'),
    /** Coins the ticket credited when accepted; null when it credited nothing (declined, or the partner credited). */
    creditedCoins: bigint('credited_coins', { mode: 'number' }),
    /** What the user reads about the outcome: the operator's reason, or "Credited by the partner". */
    resolution: text('resolution'),
    /** The partner's own credit arrived after this ticket credited the offer: its credit was taken back (ticket_reversal). */
    partnerCreditedAt: timestamp('partner_credited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first operator reply or decision (tickets:stats measures the time to it). */
    firstAnsweredAt: timestamp('first_answered_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    index('tickets_user_created_idx').on(table.userId, table.createdAt),
    index('tickets_status_created_idx').on(table.status, table.createdAt),
    // One open ticket per user and offer, whatever the races: the service's check has this as its backstop.
    uniqueIndex('tickets_open_offer_unique')
      .on(table.userId, table.partnerOfferId)
      .where(sql`${table.status} in ('awaiting', 'answered') and ${table.partnerOfferId} is not null`),
    uniqueIndex('tickets_open_wall_offer_unique')
      .on(table.userId, table.wall, sql`lower(${table.offerName})`)
      .where(sql`${table.status} in ('awaiting', 'answered') and ${table.wall} is not null`),
    // What every partner credit looks for (settleTicketsForConversion): the user's open or credited tickets.
    index('tickets_settleable_user_idx')
      .on(table.userId)
      .where(sql`${table.status} in ('awaiting', 'answered') or (${table.status} = 'accepted' and ${table.creditedCoins} is not null and ${table.partnerCreditedAt} is null)`),
    check('tickets_status_check', sql`${table.status} in ('awaiting', 'answered', 'accepted', 'declined')`),
    check('tickets_one_offer_kind', sql`(${table.partnerOfferId} is null) <> (${table.wall} is null)`),
    check('tickets_screenshot_typed', sql`(${table.screenshot} is null) = (${table.screenshotType} is null)`),
    check('tickets_screenshot_type_check', sql`${table.screenshotType} in ('image/png', 'image/jpeg', 'image/webp')`),
    check('tickets_credited_positive', sql`${table.creditedCoins} > 0`),
  ],
);

export const TICKET_AUTHORS = ['user', 'operator'] as const;
export type TicketAuthor = (typeof TICKET_AUTHORS)[number];

/** The thread of a ticket after its details: the user's and the operators' replies, oldest first. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    author: text('author', { enum: TICKET_AUTHORS }).notNull(),
    /** Who replied for an operator (OPS_OPERATOR); users see "Support". */
    operator: text('operator'),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ticket_messages_ticket_idx').on(table.ticketId, table.id),
    check('ticket_messages_author_check', sql`${table.author} in ('user', 'operator')`),
  ],
);

/**
 * What happened to a user's money and account, for the bell (`GET /api/notifications`). `data` holds the
 * event's facts (amounts in integer coins, the offer, a reason, dates); the title and body are rendered when
 * read, by the registry of kinds (modules/notifications/kinds.ts), so any writer (notify(), or a booking
 * statement inserting its rows itself) stores only facts. `link` overrides the kind's own link when set.
 * Kept NOTIFICATION_DAYS and at most the newest 500 per user (the periodic prune; reads never show more).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    // A user's pages, newest first, and the 500th newest (the cap).
    index('notifications_user_id_idx').on(table.userId, table.id.desc()),
    // The bell's count reads only unread rows.
    index('notifications_unread_idx').on(table.userId, table.id).where(sql`${table.readAt} is null`),
    // The day limit's prune.
    index('notifications_created_idx').on(table.createdAt),
  ],
);

/** How a content version came to be: the repository's file at a start, `content:publish` (or a draft), `content:restore`. */
export const CONTENT_SOURCES = ['repository', 'publish', 'restore'] as const;
export type ContentSource = (typeof CONTENT_SOURCES)[number];

/**
 * The marketing content (the files of `mf-marketing/content/`, named like them: `faq.json`, `pages/terms.json`)
 * as versions: the newest of a file is what the site shows, without a release. The repository's files are
 * recorded at start when their text was never recorded from there; operators publish and restore with
 * `pnpm ops content:*` (and the console, later). `version` numbers every version of every file, so one number
 * names a version. Append-only: the migration's trigger refuses UPDATE and DELETE.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    version: bigserial('version', { mode: 'number' }).primaryKey(),
    file: text('file').notNull(),
    /** The JSON text as published (its formatting kept); checked by the file's schema before it is stored. */
    body: text('body').notNull(),
    /** contentHash (`@rewards/shared/content/content-hash`) of its value: equal hashes, equal content. */
    hash: text('hash').notNull(),
    /** Who: the operator (OPS_OPERATOR or the OS user; a staff member's email from the console), `repository` for a file recorded at start. */
    operator: text('operator').notNull(),
    /** Why: the operator's reason (required to publish or restore). */
    reason: text('reason'),
    source: text('source', { enum: CONTENT_SOURCES }).notNull(),
    /** The version a restore copied. */
    restoredFrom: bigint('restored_from', { mode: 'number' }).references((): AnyPgColumn => contentVersions.version),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('content_versions_file_idx').on(table.file, table.version.desc()),
    // A repository text is recorded once, however many instances start at the same moment.
    uniqueIndex('content_versions_repository_unique').on(table.file, table.hash).where(sql`${table.source} = 'repository'`),
    check('content_versions_source_check', sql`${table.source} in ('repository', 'publish', 'restore')`),
  ],
);

/**
 * Content being prepared (the console edits one, staff preview it) before it is published as a version. Like a
 * version, a draft's body passed its file's schema. `published_version` is set once it is published.
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    file: text('file').notNull(),
    body: text('body').notNull(),
    author: text('author').notNull(),
    /** The version it started from; null: from the repository's file. */
    basedOn: bigint('based_on', { mode: 'number' }).references(() => contentVersions.version),
    publishedVersion: bigint('published_version', { mode: 'number' }).references(() => contentVersions.version),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('content_drafts_file_idx').on(table.file)],
);

export const STAFF_ROLES = ['support', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The users who may open the staff console (`/admin`, `/api/admin/*`), with their role. Added and removed
 * with `pnpm ops staff:add|staff:remove` or by an admin in the console (audited); a removed member's row
 * is deleted (the audit log keeps who added and removed them, when and why).
 */
export const staff = pgTable(
  'staff',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** The operator who added them (or last changed the role): OPS_OPERATOR, or the admin's email. */
    addedBy: text('added_by').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('staff_role_check', sql`${table.role} in ('support', 'finance', 'admin')`)],
);

/**
 * What browsers report (`POST /api/telemetry`), counted per minute, remote, version and route pattern (the
 * route is one of the site's known route patterns or `other`): successful remote loads, failed loads
 * (manifest, entry, chunk), errors attributed to the remote, and the Web Vitals (LCP, INP, CLS) of pages
 * the remote drew, as counts per fixed histogram bucket (telemetry/histogram.ts: the bounds, and p75).
 * A report adds to its minute's row (INSERT ... ON CONFLICT add); rows older than 14 days are deleted.
 * No user, address or full URL: nothing here is personal.
 */
export const telemetryMinutes = pgTable(
  'telemetry_minutes',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    /** The remote package (`mf-earn`), or `shell` for the host's own pages and errors. */
    remote: text('remote').notNull(),
    /** The remote's release version as the runtime config named it, `unversioned` when it named none. */
    version: text('version').notNull(),
    route: text('route').notNull(),
    loads: integer('loads').notNull().default(0),
    failedLoads: integer('failed_loads').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    lcpBuckets: integer('lcp_buckets').array().notNull(),
    inpBuckets: integer('inp_buckets').array().notNull(),
    clsBuckets: integer('cls_buckets').array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.minute, table.remote, table.version, table.route] }),
    // remoteHealth and `pnpm releases` read one remote's version over a window.
    index('telemetry_minutes_remote_version_minute_idx').on(table.remote, table.version, table.minute),
  ],
);
