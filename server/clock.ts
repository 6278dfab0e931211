/**
 * The one source of time on the server. Every rule, store write and job that needs "now" gets it from a clock handed
 * down from `main.ts` (the system clock) or from a test (a clock the test moves), never from `new Date()` or the
 * database's `now()`: a test then means the same on any day it runs, and the database's clock cannot disagree with
 * the api's.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
