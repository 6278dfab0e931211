import type { JobHandlers } from "./worker";

/**
 * The job kinds the worker runs, by name. The queue and the worker are in place; the kinds
 * arrive with the features that need them (booking after payment, mail, payment polling,
 * voucher expiry), each registering its handler here.
 */
export const jobHandlers: JobHandlers = {};
