import type { Clock } from '../shared/clock.js';

export interface TestClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
}

export function createTestClock(start = new Date('2030-01-15T09:00:00.000Z')): TestClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (date) => {
      now = date.getTime();
    },
  };
}
