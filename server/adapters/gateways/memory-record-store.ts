import type { GatewayRecordStore } from "./payment-gateway";

/** A simulator's payments kept in memory: for tests and local fakes, where one process is the whole gateway. */
export function memoryRecordStore<T>(): GatewayRecordStore<T> & { all(): T[] } {
  const records = new Map<string, T>();
  return {
    async insert(ref, record) {
      if (records.has(ref)) throw new Error(`record ${ref} exists`);
      records.set(ref, structuredClone(record));
    },
    async get(ref) {
      const record = records.get(ref);
      return record === undefined ? undefined : structuredClone(record);
    },
    async update(ref, record) {
      if (!records.has(ref)) throw new Error(`record ${ref} does not exist`);
      records.set(ref, structuredClone(record));
    },
    all: () => [...records.values()].map((record) => structuredClone(record)),
  };
}
