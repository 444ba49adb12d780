/**
 * Every `code` an error answer of the API can carry, with the English message the UI falls back to. The codes
 * are stable names: the shell's error messages (shell/src/errors/messages/<locale>.json) translate each one,
 * and a test fails when an answer carries a code not listed here or a language file misses one. Answers keep
 * their own `message` (the spec's English, sometimes more specific than the text here); a code whose message
 * names a value sends it in `params` (`{hours}`, `{limit}`...).
 */
export const ERROR_CODES = {
  // Any answer: the defaults of each kind of refusal.
  validation_failed: 'The given data was invalid.',
  invalid_request: 'The request could not be read.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'You are not allowed to do this.',
  not_found: 'Not found',
  conflict: 'The request conflicts with the current state.',
  rate_limited: 'Too many attempts. Please wait a minute and try again.',
  too_many_refused_callbacks: 'Too many refused callbacks from this address. Please wait a minute and try again.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'The request body has a type the server does not accept.',
  internal_error: 'Internal server error',
  service_unavailable: 'Temporarily unavailable; please retry.',
  site_not_built: 'The site is not built yet',

  // Browser reports (POST /api/telemetry).
  telemetry_unknown_remote: 'The report names a remote or version this site does not serve.',

  // Account: sign-up, sign-in, password reset, email verification, sessions, language.
  invalid_credentials: 'Email or password is incorrect',
  email_taken: 'The email has already been taken.',
  account_blocked: 'Your account has been blocked.',
  account_pending: 'The account has been temporarily disabled.',
  invalid_otp: 'Invalid OTP code',
  too_many_wrong_reset_codes: 'Too many wrong codes for this account today. Please try again tomorrow.',
  invalid_verification_code: 'Invalid or expired code.',
  code_requested_too_soon: 'Please wait a minute before asking for another code.',
  too_many_verification_codes: 'Too many codes for this account today. Please try again tomorrow.',
  session_not_found: 'Session not found.',
  invalid_language: 'Please choose one of the languages the site offers.',

  // Two-factor authentication and cashout confirmation codes.
  invalid_code: 'Invalid code.',
  challenge_expired: 'This sign-in has expired. Please sign in again.',
  too_many_wrong_codes: 'Too many wrong codes. Please try again in 30 minutes.',
  two_factor_already_on: 'Two-factor authentication is already on.',
  two_factor_already_off: 'Two-factor authentication is already off.',
  authenticator_setup_required: 'Set up your authenticator app first.',
  password_required: 'The password field is required.',
  wrong_password: 'The password is incorrect.',
  not_email_method: 'Your two-factor codes come from your authenticator app.',
  step_up_required: 'Enter the code we sent to confirm this cashout.',

  // Cashouts.
  email_unverified: 'Verify your email before your first cashout.',
  insufficient_balance: 'Insufficient balance.',
  daily_limit_reached: 'Daily withdrawal limit of {limit} reached.',
  idempotency_key_invalid: 'The Idempotency-Key header must be 1 to 100 visible characters.',
  idempotency_key_reused: 'This Idempotency-Key was used for a different request.',

  // Offers and support tickets.
  offer_not_found: 'Offer not found.',
  ticket_not_found: 'Ticket not found.',
  ticket_too_early: 'You can report this offer {hours, plural, one {# hour} other {# hours}} after you started it.',
  ticket_offer_credited: 'This offer was credited already.',
  ticket_already_open: 'You already have an open ticket for this offer.',
  ticket_unknown_offer: 'This offer is not in our catalog.',
  ticket_offer_not_started: 'You have not started this offer.',
  ticket_closed: 'This ticket is closed: it cannot take more messages.',
  too_many_open_tickets: 'You have {max} open tickets: please wait for their answers before reporting another offer.',
  ticket_screenshot_invalid: 'The screenshot must be a PNG, JPEG or WebP image of at most 2 MB.',
  multipart_required: 'A report is sent as multipart/form-data.',
  form_unreadable: 'The form could not be read: send it as multipart/form-data.',

  // Partner walls, payout rails and the realtime service (machines call these).
  unknown_wall: 'Unknown wall.',
  wall_not_configured: 'Postbacks of this wall are not configured.',
  address_refused: 'Callbacks of this wall are not accepted from this address.',
  invalid_signature: 'Invalid signature.',
  signature_reused: 'These signed values already booked another transaction.',
  unknown_transaction: 'Unknown transaction: nothing to reverse.',
  unknown_user: 'Unknown user.',
  secret_not_set: 'Set APP_SECRET to use this.',
  not_your_channel: 'You can only listen to your own channel.',

  // The staff console.
  cross_site_refused: 'This request came from another site and was refused.',
  staff_two_factor_required: 'Enter a two-factor code to open the staff console.',
  staff_console_session_required: 'Open the staff console again.',
  staff_role_forbidden: 'Your staff role does not allow this.',
  command_refused: 'The command was refused.',
  invalid_arguments: 'The command’s arguments are not valid.',
  content_refused: 'The content has problems and was not saved.',
  invalid_cursor: 'The cursor is not one this server gave.',
  unknown_content_version: 'There is no version {version} of {file}.',
  postback_malformed: 'The callback is missing values or has values in the wrong format.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Values a code's message names (`{hours}` of ticket_too_early...), sent beside the code. */
export type ErrorParams = Record<string, string | number>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
