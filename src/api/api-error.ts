import { Code, type UnauthorizedReason } from '@contract/codes';
import type { Envelope, UnauthorizedObj } from '@contract/types';

/**
 * An envelope other than code 200, thrown by the typed endpoint functions (docs/product.md §12.12). The request client has already applied docs/product.md §8 (its toast, the 401 flow), so a
 * screen shows a state or does nothing; it never reads a code itself. A file of its own, free
 * of axios: the first screen's components test errors without loading the client.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly desc: string,
    /** Why a 401 was refused (docs/product.md §8.3), when the gateway said. */
    readonly reason?: UnauthorizedReason,
  ) {
    super(desc || `code ${code}`);
    this.name = 'ApiError';
  }

  /** A business rule refused the request (10001): `desc` is a sentence for the customer. */
  get refused(): boolean {
    return this.code === Code.businessError;
  }

  /** The gateway failed (500): worth saying it is busy rather than blaming the network. */
  get serverFault(): boolean {
    return this.code === Code.serverError;
  }
}

/** The `obj` of a code-200 envelope, else an ApiError with the envelope's code, desc and reason. */
export function objOf<T>(envelope: Envelope<T>): T {
  if (envelope.code === Code.ok) return envelope.obj;
  const reason = envelope.code === Code.unauthorized ? (envelope.obj as UnauthorizedObj | null)?.reason : undefined;
  throw new ApiError(envelope.code, envelope.desc, reason);
}

/**
 * The server failed, as opposed to the connection: an envelope code 500, or an HTTP 5xx answer
 * (the client rejects those as they came). Only no answer at all is the network's fault. The
 * status is read off the error's `response` so this file stays free of axios.
 */
export function isServerFault(error: unknown): boolean {
  if (error instanceof ApiError) return error.serverFault;
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  return typeof status === 'number' && status >= 500;
}

/** A refusal (10001) the screen shows as the gateway's sentence instead of a retry. */
export const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.refused;
