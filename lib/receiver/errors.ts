/** Errors of the receiver's API carry a stable machine `code`. */

export class ReceiverTimeoutError extends Error {
  readonly code = 'RECEIVER_TIMEOUT';
  override readonly name = 'ReceiverTimeoutError';
}

export class ReceiverClosedError extends Error {
  readonly code = 'RECEIVER_CLOSED';
  override readonly name = 'ReceiverClosedError';
}

/** The control API answered something other than what was asked for. */
export class ReceiverControlError extends Error {
  readonly code = 'RECEIVER_CONTROL';
  override readonly name = 'ReceiverControlError';
}
