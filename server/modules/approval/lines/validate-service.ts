// The two validation calls: who drafts (the caller, for one of their own departments, or the document's drafter
// for additions to an existing document) and which rules apply.
import type { z } from "zod";
import type { approverValidateBody, LineCheck, lineListValidateBody } from "../../../../shared/approval/lines.ts";
import type { Caller } from "../../../lib/context.ts";
import { documentLineContext } from "./validate-document.ts";
import { assertLinesValid, assertOwnOrgan, validateAddition, validateLines } from "./validate.ts";

/** One line to add to the lines already chosen (or to an existing document's lines when docId is given). */
export async function checkOneLine(caller: Caller, input: z.infer<typeof approverValidateBody>): Promise<LineCheck> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  let context: { drafterId: number; draftOrganId: number; lines: typeof input.lines };
  if (input.docId) {
    context = await documentLineContext(db, companyId, userId, input.docId);
  } else {
    await assertOwnOrgan(db, companyId, userId, input.draftOrganId);
    context = { drafterId: userId, draftOrganId: input.draftOrganId, lines: input.lines };
  }
  const v = await validateAddition(db, companyId, context.lines, [input.line], context);
  return assertLinesValid(v)[0];
}

/** A whole list as the caller would submit it from one of their departments (an empty approval group is only
 * refused on submit: the list may still be in the making). */
export async function checkLineList(caller: Caller, input: z.infer<typeof lineListValidateBody>): Promise<LineCheck[]> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  await assertOwnOrgan(db, companyId, userId, input.draftOrganId);
  return assertLinesValid(await validateLines(db, companyId, input.lines, { drafterId: userId, draftOrganId: input.draftOrganId }));
}
