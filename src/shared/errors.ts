/**
 * Every failure the API can answer with. (No zod here: this file is in the first JavaScript the
 * browser loads; the response schema for the API documents is in api/error-body.ts.) Each code maps to exactly one HTTP status, so the
 * client can branch on the code and never on message text.
 */
export const errorCodes = [
  'INVALID_INPUT',
  'INVALID_CONTENT',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'PASSWORD_TOO_COMMON',
  'RESET_LINK_INVALID',
  'EMAIL_LINK_INVALID',
  'SIGN_UP_PASSWORD_REQUIRED',
  'SECOND_FACTOR_INVALID',
  'SECOND_FACTOR_EXPIRED',
  'AUTHENTICATOR_LOCKED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'RECENT_SIGN_IN_REQUIRED',
  'FORBIDDEN',
  'CROSS_ORIGIN_REQUEST',
  'NOT_FOUND',
  'TEMPLATE_NOT_FOUND',
  'EMAIL_TAKEN',
  'ID_CONFLICT',
  'CONTRACT_NOT_EDITABLE',
  'CONTRACT_CHANGED',
  'CONTRACT_NOT_DELETABLE',
  'CONTRACT_NOT_SENDABLE',
  'APPROVAL_REQUIRED',
  'APPROVAL_NOT_OPEN',
  'APPROVAL_RULE_EXISTS',
  'PROJECT_NOT_EMPTY',
  'BULK_SEND_CLOSED',
  'BULK_SEND_HAS_PROBLEMS',
  'ALREADY_MEMBER',
  'ALREADY_INVITED',
  'LAST_ADMIN',
  'INVITATION_CLOSED',
  'CONTRACT_NOT_OPEN',
  'SIGNING_CLOSED',
  'SIGNING_DOCUMENT_CLOSED',
  'SIGNING_NOT_YOUR_TURN',
  'SIGNING_LINK_EXPIRED',
  'PUBLIC_LINK_CLOSED',
  'REVIEW_CLOSED',
  'REVIEW_SESSION_EXPIRED',
  'SUGGESTION_CONFLICT',
  'SIGNING_SESSION_EXPIRED',
  'SIGNER_AUTHENTICATION_REQUIRED',
  'SIGNER_LOCKED',
  'DOCUMENT_NOT_READY',
  'PAYLOAD_TOO_LARGE',
  'STORAGE_QUOTA_EXCEEDED',
  'UPLOAD_TOO_SLOW',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const httpStatusOf: Record<ErrorCode, number> = {
  INVALID_INPUT: 400,
  INVALID_CONTENT: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  PASSWORD_TOO_COMMON: 400,
  RESET_LINK_INVALID: 410,
  EMAIL_LINK_INVALID: 410,
  /** A sign-up link opened in another browser than the one that asked: the password chosen then is needed. */
  SIGN_UP_PASSWORD_REQUIRED: 401,
  SECOND_FACTOR_INVALID: 401,
  SECOND_FACTOR_EXPIRED: 401,
  /** Too many wrong authenticator codes today: app codes are refused until a recovery code, a reset or the day's end. */
  AUTHENTICATOR_LOCKED: 403,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  RECENT_SIGN_IN_REQUIRED: 403,
  FORBIDDEN: 403,
  CROSS_ORIGIN_REQUEST: 403,
  NOT_FOUND: 404,
  TEMPLATE_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  ID_CONFLICT: 409,
  CONTRACT_NOT_EDITABLE: 409,
  /** A save made on an older revision of a draft than the stored one: someone else saved meanwhile. */
  CONTRACT_CHANGED: 409,
  CONTRACT_NOT_DELETABLE: 409,
  CONTRACT_NOT_SENDABLE: 409,
  /** A rule covers the contract and not everyone it names has approved its current title and content. */
  APPROVAL_REQUIRED: 409,
  /** Nothing to approve or reject: approval was not requested of the caller, or they already decided. */
  APPROVAL_NOT_OPEN: 409,
  APPROVAL_RULE_EXISTS: 409,
  PROJECT_NOT_EMPTY: 409,
  /** A bulk send that was sent (or stopped) cannot be changed or discarded. */
  BULK_SEND_CLOSED: 409,
  /** A bulk send, or one of its rows, still has problems to fix before it is sent or previewed. */
  BULK_SEND_HAS_PROBLEMS: 409,
  ALREADY_MEMBER: 409,
  ALREADY_INVITED: 409,
  LAST_ADMIN: 409,
  INVITATION_CLOSED: 410,
  CONTRACT_NOT_OPEN: 409,
  SIGNING_CLOSED: 409,
  SIGNING_DOCUMENT_CLOSED: 410,
  /** A recipient's link opened before the route reached them: the document waits for their turn. */
  SIGNING_NOT_YOUR_TURN: 409,
  SIGNING_LINK_EXPIRED: 410,
  /** A public link that expired, or took all the submissions its caps allow (today's, or in all). */
  PUBLIC_LINK_CLOSED: 410,
  /** The review ended (the draft went out for signing) or the link was replaced by a newer one. */
  REVIEW_CLOSED: 410,
  REVIEW_SESSION_EXPIRED: 401,
  /** Accepted changes touch passages the draft changed since the suggestion was made. */
  SUGGESTION_CONFLICT: 409,
  SIGNING_SESSION_EXPIRED: 401,
  SIGNER_AUTHENTICATION_REQUIRED: 403,
  SIGNER_LOCKED: 403,
  DOCUMENT_NOT_READY: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** The organization's contracts would hold more bytes than its storage quota allows. */
  STORAGE_QUOTA_EXCEEDED: 413,
  /** An upload's body arrived slower than the minimum upload rate and was cut. */
  UPLOAD_TOO_SLOW: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export type ErrorBody = { error: { code: ErrorCode; message: string; field?: string } };

function isErrorBody(body: unknown): body is ErrorBody {
  const error = (body as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  return (
    typeof error === 'object' &&
    error !== null &&
    (errorCodes as readonly unknown[]).includes(error.code) &&
    typeof error.message === 'string' &&
    (error.field === undefined || typeof error.field === 'string')
  );
}

/** The one error type of Pactum, thrown by services and answered by the error handler. */
/** V8's setting for how many frames an error records (other engines ignore it). */
const errorSettings = Error as { stackTraceLimit?: number };
let savedStackTraceLimit: number | undefined;

/**
 * The message, with V8 told to record no stack for the error about to be made when it is a
 * refusal (4xx): that is an answer, not a fault, and capturing a stack was a sixth of the cost of
 * an anonymous caller's 401. Called as super()'s argument, so it runs just before Error's constructor.
 */
function withoutStackFor4xx(code: ErrorCode, message: string): string {
  if (httpStatusOf[code] < 500 && errorSettings.stackTraceLimit !== undefined) {
    savedStackTraceLimit = errorSettings.stackTraceLimit;
    errorSettings.stackTraceLimit = 0;
  }
  return message;
}

export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** For RATE_LIMITED: when the caller may try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(withoutStackFor4xx(code, message));
    if (savedStackTraceLimit !== undefined) {
      errorSettings.stackTraceLimit = savedStackTraceLimit;
      savedStackTraceLimit = undefined;
    }
  }

  get status(): number {
    return httpStatusOf[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) },
    };
  }

  /** Rebuilds the error from an API response body, for the web client. */
  static fromBody(body: unknown, fallbackStatus: number): AppError {
    if (isErrorBody(body)) {
      const { code, message, field } = body.error;
      return new AppError(code, message, field);
    }
    return new AppError(
      fallbackStatus === 503 ? 'DATABASE_UNAVAILABLE' : 'INTERNAL',
      'Something went wrong. Please try again.',
    );
  }
}
