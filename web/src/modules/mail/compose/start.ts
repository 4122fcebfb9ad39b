// Where a compose screen starts from (000 §3 "Compose entry types by number", §4): the draft the entry type
// asks the server for, with the user's default signature when the compose is fresh (not a draft or a resent
// mail) and the route's own recipients when the draft brings none.
import type { QueryClient } from "@tanstack/react-query";
import { signaturesQuery } from "../config/signatures/api.ts";
import { COMPOSE_TYPES, type WriteAction } from "../route-params.ts";
import { loadDraft } from "./api.ts";
import { defaultSignature, withSignature } from "./signature.ts";
import { type ComposeState, fromDraft, recipient } from "./state.ts";

export async function startingState(action: WriteAction, qc: QueryClient): Promise<ComposeState> {
  const fresh = action.type !== COMPOSE_TYPES.DRAFT && action.type !== COMPOSE_TYPES.RESEND;
  // No signatures when they cannot be loaded.
  const signatures = fresh ? qc.fetchQuery(signaturesQuery).catch(() => []) : Promise.resolve([]);
  const d = await loadDraft(action);
  const next = fromDraft(d);
  if (fresh) next.content = withSignature(next.content, defaultSignature(await signatures, next.composeType));
  if (action.to?.length && !next.to.length) next.to = action.to.map((a) => recipient(a));
  return next;
}
