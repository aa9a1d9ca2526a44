import { isLosslessNumber } from 'lossless-json';
import { canonicalDecimal } from '../json/canonicalDecimal.js';
import { toPlainJson } from '../json/toPlainJson.js';
import { ReplyShapeError } from './ReplyShapeError.js';

const INTEGER = /^-?\d+$/;

/**
 * Typed access to one object of a losslessly parsed reply. Every accessor checks the shape and
 * throws `ReplyShapeError` naming the field path (never its value). Ids and codes are accepted
 * as strings or integers because services differ on that, and returned as strings.
 */
export class ReplyReader {
  private constructor(
    private readonly value: Readonly<Record<string, unknown>>,
    readonly path: string,
  ) {}

  static of(value: unknown, path: string): ReplyReader {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new ReplyShapeError(`${path} is not an object`);
    }
    return new ReplyReader(value as Record<string, unknown>, path);
  }

  has(key: string): boolean {
    const v = this.value[key];
    return v !== undefined && v !== null;
  }

  raw(key: string): unknown {
    return this.value[key];
  }

  keys(): string[] {
    return Object.keys(this.value);
  }

  string(key: string): string {
    const v = this.value[key];
    if (typeof v !== 'string') throw this.fail(key, 'is not a string');
    return v;
  }

  optionalString(key: string): string | null {
    const v = this.value[key];
    if (v === undefined || v === null) return null;
    if (typeof v === 'string') return v;
    throw this.fail(key, 'is not a string');
  }

  /** A non-empty string or an integer, as a string. */
  id(key: string): string {
    const v = this.optionalId(key);
    if (v === null || v === '') throw this.fail(key, 'is missing');
    return v;
  }

  /** A string or a number (codes such as `decline_code` come both ways), as a string. */
  optionalId(key: string): string | null {
    const v = this.value[key];
    if (v === undefined || v === null) return null;
    if (typeof v === 'string') return v;
    if (isLosslessNumber(v)) return v.value;
    throw this.fail(key, 'is not a string or number');
  }

  /** An amount: a JSON number or a numeric string, as a canonical decimal string. */
  decimal(key: string): string {
    const v = this.value[key];
    const text = isLosslessNumber(v) ? v.value : typeof v === 'string' ? v.trim() : undefined;
    if (text === undefined) throw this.fail(key, 'is not a number');
    try {
      return canonicalDecimal(text);
    } catch {
      throw this.fail(key, 'is not a decimal number');
    }
  }

  integer(key: string): number {
    const v = this.optionalInteger(key);
    if (v === null) throw this.fail(key, 'is missing');
    return v;
  }

  /** An integer sent as a JSON number or a digit string, as a JS number. */
  optionalInteger(key: string): number | null {
    const v = this.value[key];
    if (v === undefined || v === null) return null;
    const text = isLosslessNumber(v) ? v.value : typeof v === 'string' ? v.trim() : undefined;
    if (text === undefined || !INTEGER.test(text)) throw this.fail(key, 'is not an integer');
    const n = Number(text);
    if (!Number.isSafeInteger(n)) throw this.fail(key, 'is out of range');
    return n;
  }

  optionalBoolean(key: string): boolean | null {
    const v = this.value[key];
    if (v === undefined || v === null) return null;
    if (typeof v === 'boolean') return v;
    throw this.fail(key, 'is not a boolean');
  }

  object(key: string): ReplyReader {
    return ReplyReader.of(this.value[key], `${this.path}.${key}`);
  }

  array(key: string): unknown[] {
    const v = this.value[key];
    if (!Array.isArray(v)) throw this.fail(key, 'is not an array');
    return v;
  }

  /** The whole object as plain data (numbers converted, see `toPlainJson`). */
  plain(): Record<string, unknown> {
    return toPlainJson(this.value) as Record<string, unknown>;
  }

  /** Reads a string field and converts it; a converter's shape error gets the field path. */
  as<T>(key: string, convert: (text: string) => T): T {
    return this.convert(key, this.string(key), convert);
  }

  optionalAs<T>(key: string, convert: (text: string) => T): T | null {
    const text = this.optionalString(key);
    return text === null ? null : this.convert(key, text, convert);
  }

  private convert<T>(key: string, text: string, convert: (text: string) => T): T {
    try {
      return convert(text);
    } catch (error) {
      if (error instanceof ReplyShapeError) throw this.fail(key, error.message);
      throw error;
    }
  }

  private fail(key: string, problem: string): ReplyShapeError {
    return new ReplyShapeError(`${this.path}.${key} ${problem}`);
  }
}
