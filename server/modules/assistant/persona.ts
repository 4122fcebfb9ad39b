// The caller's persona (002 §3 Persona: id, title, jobTitle (default developer), traits, other, idx): a list of
// items by idx; POST persona replaces the whole list. A chat's personaFlag names the idx of the item it uses
// (-1: none); the item goes to the model as who the user is.
import type { PersonaItem } from "../../../shared/assistant/api.ts";
import { PERSONA_DEFAULT_JOB_TITLE, PERSONA_NONE } from "../../../shared/assistant/constants.ts";
import type { personaBody } from "../../../shared/assistant/api.ts";
import type { z } from "zod";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./repo.ts";

const present = (p: repo.PersonaRow): PersonaItem => ({ id: p.id, idx: p.idx, title: p.title, jobTitle: p.jobTitle, traits: p.traits, other: p.other });

/** GET persona. */
export async function list(caller: Caller): Promise<PersonaItem[]> {
  return (await repo.personaOf(caller.deps.db, caller.auth.companyId, caller.auth.userId)).map(present);
}

/** POST persona: the items replace the caller's (one per idx; 400 for an idx given twice). */
export async function replace(caller: Caller, items: z.infer<typeof personaBody>): Promise<PersonaItem[]> {
  const idxs = items.map((i) => i.idx);
  if (new Set(idxs).size !== idxs.length) {
    throw new AppError(400, "common.validation", undefined, [{ field: "idx", code: "common.validation", message: "each idx once" }]);
  }
  const { companyId, userId } = caller.auth;
  await caller.deps.db.transaction((tx) =>
    repo.replacePersona(tx, companyId, userId, items.map((i) => ({ ...i, jobTitle: i.jobTitle || PERSONA_DEFAULT_JOB_TITLE })))
  );
  return await list(caller);
}

/** The persona item a chat uses, for the model; null for none (or an idx the caller no longer has). */
export async function personaText(caller: Caller, flag: number): Promise<string | null> {
  if (flag === PERSONA_NONE) return null;
  const item = (await repo.personaOf(caller.deps.db, caller.auth.companyId, caller.auth.userId)).find((p) => p.idx === flag);
  if (!item) return null;
  return [
    item.title && `Persona: ${item.title}`,
    `Job title: ${item.jobTitle || PERSONA_DEFAULT_JOB_TITLE}`,
    item.traits && `Traits: ${item.traits}`,
    item.other && `Other: ${item.other}`,
  ].filter(Boolean).join("\n");
}
