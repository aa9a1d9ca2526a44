import { ReplyReader } from './ReplyReader.js';
import { ReplyShapeError } from './ReplyShapeError.js';

export interface LoginResult {
  token: string;
  expiresInSeconds: number;
}

export function readLoginResult(result: unknown): LoginResult {
  const accessToken = ReplyReader.of(result, 'result').object('access_token');
  const token = accessToken.string('token');
  if (token === '') throw new ReplyShapeError('result.access_token.token is empty');
  const expiresInSeconds = accessToken.integer('expires_in');
  if (expiresInSeconds <= 0)
    throw new ReplyShapeError('result.access_token.expires_in is not positive');
  return { token, expiresInSeconds };
}
