// A transaction that runs again when PostgreSQL rolled it back for a deadlock or a serialization failure.
// For work that writes rows of several users in more than one statement (a send files the sender's copy and
// the recipients' copies: their counter rows are locked statement by statement, so two sends between the same
// two people in opposite directions can deadlock, and PostgreSQL then aborts one of them). The body must be
// safe to run again: everything it does is in the transaction, so a rolled-back attempt left nothing.
import type { Db, Tx } from "../../db/client.ts";
import { isRetryableConflict } from "./db-errors.ts";

const ATTEMPTS = 4;

export async function transactionWithRetry<T>(db: Db, body: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await db.transaction(body);
    } catch (e) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(e)) throw e;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt)); // apart, not in step again
    }
  }
}
