// The compose state kept beside a draft's or a scheduled mail's MIME (mail_compose_states): what reopening it
// must restore and the MIME does not say (eachSend, reservation, compose type, the original, upload ids).
import type { DbOrTx } from "../../../../db/client.ts";
import { eq } from "drizzle-orm";
import { mailComposeStates } from "../../../../db/schema/mail.ts";
import { composeBody, type ComposeBody } from "../../../../shared/mail/compose.ts";
import type { AppDeps } from "../../../lib/context.ts";

export async function saveComposeState(
  deps: AppDeps,
  owner: { companyId: number; userId: number },
  mailId: number,
  body: ComposeBody,
  db: DbOrTx = deps.db,
): Promise<void> {
  // Passwords are never kept: the compose screen asks for them again.
  const { securePw: _pw, largeFilePw: _largePw, ...kept } = body;
  await db.insert(mailComposeStates).values({
    mailId,
    companyId: owner.companyId,
    userId: owner.userId,
    state: kept as Record<string, unknown>,
    createdAt: deps.clock.now(),
  }).onConflictDoUpdate({ target: mailComposeStates.mailId, set: { state: kept as Record<string, unknown> } });
}

export async function loadComposeState(deps: AppDeps, mailId: number): Promise<ComposeBody | null> {
  const [row] = await deps.db.select({ state: mailComposeStates.state }).from(mailComposeStates)
    .where(eq(mailComposeStates.mailId, mailId));
  if (!row) return null;
  const parsed = composeBody.safeParse(row.state);
  return parsed.success ? parsed.data : null;
}
