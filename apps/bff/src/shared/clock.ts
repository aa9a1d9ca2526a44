/** Time as a dependency: services never call `new Date()` so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
