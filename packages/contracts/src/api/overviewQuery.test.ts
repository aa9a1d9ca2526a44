import { describe, expect, it } from 'vitest';
import { overviewQuery } from './overviewQuery.js';

describe('overviewQuery', () => {
  it.each([
    [{ from: '2030-01-10T00:00:00', to: '2030-01-12T00:00:00Z' }, 'from'],
    [{ from: '2030-01-10T00:00:00Z', to: 'tomorrow' }, 'to'],
    [{ from: 'x', to: 'y' }, 'from'],
  ])('reports a malformed instant as an issue, never throws (%j)', (input, path) => {
    const result = overviewQuery.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toContain(path);
  });

  it('still refuses a range that ends before it starts', () => {
    const result = overviewQuery.safeParse({
      from: '2030-01-12T00:00:00Z',
      to: '2030-01-10T00:00:00Z',
    });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(['to']);
  });
});
