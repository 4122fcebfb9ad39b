// Groups of the private address book (001 §3 "Contact group", §7): the special groups (all -1, important -2,
// new -3, search -4, unmapped -9), PRIVATE_ROOT (id 0) and the user's own groups below it, nested.
import { z } from "zod";
import { type ContactGroupType, LIMITS } from "./constants.ts";

/**
 * GET api/contact/group and friends. totalCount: cards in the group (special groups: the cards they show);
 * newCount: the "new" group's count (every group answers it; the UI shows it on "new"). hasPermission: the
 * caller may change the group (their own groups: true; special groups: false).
 */
export interface ContactGroup {
  id: number;
  groupName: string;
  contactGroupType: ContactGroupType;
  parentId: number | null;
  childCount: number;
  totalCount: number;
  newCount: number;
  hasPermission: boolean;
}

/** GET api/contact/group/private/tree: PRIVATE_ROOT with every own group nested in children. */
export interface ContactGroupNode extends ContactGroup {
  children: ContactGroupNode[];
}

const groupName = z.string().trim().min(1, "contact.group_name_required").max(LIMITS.groupName, "contact.too_long");

/** POST api/contact/group: only PRIVATE groups can be made; parentId 0 (or absent) is the top level. */
export const groupAddBody = z.object({
  groupName,
  contactGroupType: z.string().toUpperCase().pipe(z.literal("PRIVATE", "contact.group_invalid")).default("PRIVATE"),
  parentId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});
/** PUT api/contact/group/{id}/groupName */
export const groupRenameBody = z.object({ groupName });
