// Time and randomness come through here so tests can control them.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move by hand. */
export class ManualClock implements Clock {
  #t: number;
  constructor(start: Date | number = Date.now()) {
    this.#t = typeof start === "number" ? start : start.getTime();
  }
  now() {
    return new Date(this.#t);
  }
  advance(ms: number) {
    this.#t += ms;
  }
  set(t: Date | number) {
    this.#t = typeof t === "number" ? t : t.getTime();
  }
}
