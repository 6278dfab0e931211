import { and, eq, sql } from "drizzle-orm";
import type { GatewayRecordStore } from "../adapters/gateways/payment-gateway";
import type { Database } from "../db/database";
import { sandboxGatewayRecords } from "../db/schema";

/** A sandbox gateway's payments in the database, so that every instance of the shop plays the same gateway. */
export function sandboxRecordStore<T>(db: Database, gateway: string): GatewayRecordStore<T> {
  const byRef = (ref: string) => and(eq(sandboxGatewayRecords.gateway, gateway), eq(sandboxGatewayRecords.ref, ref));
  return {
    async insert(ref, record) {
      await db.insert(sandboxGatewayRecords).values({ gateway, ref, record });
    },
    async get(ref) {
      const [row] = await db.select().from(sandboxGatewayRecords).where(byRef(ref)).limit(1);
      return row?.record as T | undefined;
    },
    async update(ref, record) {
      const updated = await db
        .update(sandboxGatewayRecords)
        .set({ record, updatedAt: sql`now()` })
        .where(byRef(ref))
        .returning({ ref: sandboxGatewayRecords.ref });
      if (updated.length === 0) throw new Error(`no ${gateway} sandbox record ${ref}`);
    },
  };
}
