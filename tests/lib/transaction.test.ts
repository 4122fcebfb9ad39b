// transactionWithRetry (server/lib/transaction.ts) against a real deadlock: two transactions lock two rows in
// opposite orders; PostgreSQL aborts one (40P01) and it runs again, so both commit. Other failures are not
// retried.
import { afterAll, beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { transactionWithRetry } from "../../server/lib/transaction.ts";
import { createTestApp } from "../support/test-app.ts";

const t = await createTestApp();

beforeAll(async () => {
  await t.db.db.execute(sql`create table tx_retry_probe (id int primary key, n int not null)`);
  await t.db.db.execute(sql`insert into tx_retry_probe values (1, 0), (2, 0)`);
});
afterAll(async () => {
  await t.db.db.execute(sql`drop table tx_retry_probe`);
});

test("a transaction aborted by a deadlock runs again; both commit", async () => {
  let attempts = 0;
  // Each side, on its first attempt, holds its first row until the other holds its own: then each asks for
  // the other's row, and one of them is chosen as the deadlock's victim.
  const held: Array<() => void> = [];
  const bothHeld = Promise.all([0, 1].map((i) => new Promise<void>((r) => held[i] = r)));
  const side = (i: number, first: number, second: number) =>
    transactionWithRetry(t.db.db, async (tx) => {
      attempts++;
      await tx.execute(sql`update tx_retry_probe set n = n + 1 where id = ${first}`);
      held[i]();
      await bothHeld;
      await tx.execute(sql`update tx_retry_probe set n = n + 1 where id = ${second}`);
    });
  await Promise.all([side(0, 1, 2), side(1, 2, 1)]);
  expect(attempts).toBe(3); // one of the two ran twice
  const rows = await t.db.db.execute<{ id: number; n: number }>(sql`select id, n from tx_retry_probe order by id`);
  expect(rows.map((r) => r.n)).toEqual([2, 2]); // each side's two updates, once: the aborted attempt left nothing
});

test("any other failure is not retried", async () => {
  let attempts = 0;
  await expect(transactionWithRetry(t.db.db, async (tx) => {
    attempts++;
    await tx.execute(sql`insert into tx_retry_probe values (1, 0)`); // duplicate key
  })).rejects.toThrow();
  expect(attempts).toBe(1);
});
