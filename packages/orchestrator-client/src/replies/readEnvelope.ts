import { isLosslessNumber } from 'lossless-json';
import { ReplyShapeError } from './ReplyShapeError.js';

/** `{ response: { status, code, message, type? }, result }`, every part optional but `response`. */
export interface Envelope {
  status: string | null;
  code: number | null;
  message: string | null;
  /** MPI error token (`invalid_api_key`, ...); null on success. */
  type: string | null;
  hasResult: boolean;
  result: unknown;
}

export function readEnvelope(body: unknown): Envelope {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ReplyShapeError('reply is not a JSON object');
  }
  const { response, result } = body as { response?: unknown; result?: unknown };
  if (response === null || typeof response !== 'object' || Array.isArray(response)) {
    throw new ReplyShapeError('reply has no response envelope');
  }
  const r = response as Record<string, unknown>;
  return {
    status: typeof r.status === 'string' ? r.status : null,
    code: readCode(r.code),
    message: typeof r.message === 'string' ? r.message : null,
    type: typeof r.type === 'string' ? r.type : null,
    hasResult: 'result' in body,
    result,
  };
}

function readCode(code: unknown): number | null {
  const text = isLosslessNumber(code) ? code.value : typeof code === 'string' ? code : null;
  return text !== null && /^\d{3}$/.test(text) ? Number(text) : null;
}
