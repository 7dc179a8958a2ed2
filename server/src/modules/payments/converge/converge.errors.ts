/*
 * What can go wrong when talking to Converge, as three kinds a caller can
 * act on. Messages name the operation and never the request's contents:
 * credentials, card and bank numbers never reach an error, hence no log.
 */

export type ConvergeOperation =
  | 'transaction_token'
  | 'txnquery'
  | 'ecspurchase'
  | 'ccvoid'
  | 'ecsvoid'
  | 'ccreturn'
  | 'settle'
  | 'ccsale'
  | 'ccquerytoken'
  | 'ccdeletetoken';

export abstract class ConvergeError extends Error {
  abstract readonly kind: 'timeout' | 'processor' | 'transport';

  protected constructor(
    readonly operation: ConvergeOperation,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Converge did not answer in time. The request may still have gone through
 * (converge.md §6): query by invoice number before trying again. The service
 * answers it with HTTP 408.
 */
export class ConvergeTimeoutError extends ConvergeError {
  readonly kind = 'timeout';

  constructor(
    operation: ConvergeOperation,
    readonly timeoutMs: number,
  ) {
    super(operation, `Converge ${operation} did not answer within ${timeoutMs} ms`);
    this.name = 'ConvergeTimeoutError';
  }
}

/** Converge answered and refused: its own errorCode, errorName and errorMessage. */
export class ConvergeProcessorError extends ConvergeError {
  readonly kind = 'processor';

  constructor(
    operation: ConvergeOperation,
    readonly errorCode: string,
    readonly errorName: string,
    readonly errorMessage: string,
  ) {
    super(operation, `Converge ${operation} refused: ${errorCode} ${errorName}`);
    this.name = 'ConvergeProcessorError';
  }
}

/** Converge could not be reached, or answered with something that is not Converge's protocol. */
export class ConvergeTransportError extends ConvergeError {
  readonly kind = 'transport';
  /** The HTTP status, when there was an answer at all. */
  readonly status: number | undefined;

  constructor(
    operation: ConvergeOperation,
    reason: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(operation, `Converge ${operation} failed: ${reason}`, { cause: options.cause });
    this.name = 'ConvergeTransportError';
    this.status = options.status;
  }
}

export function isConvergeError(error: unknown): error is ConvergeError {
  return error instanceof ConvergeError;
}
