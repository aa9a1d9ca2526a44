import type { Response } from 'express';
import { stringifyLosslessJson } from './losslessJson.js';

/** Writes a JSON reply losslessly (LosslessNumber amounts keep every digit). */
export function sendJson(res: Response, status: number, body: unknown): void {
  res.status(status).type('application/json').send(stringifyLosslessJson(body));
}
