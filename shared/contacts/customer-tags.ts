// The customer book's tags (001 §5 "tag required and unique", §3 history subject TAG): company-wide labels
// with a colour, put on customer cards. Every member who may change some group adds tags; a tag is renamed,
// recoloured or deleted by one who may change every group whose cards carry it (or a book admin). Cards are
// listed by tag with GET api/customer/card?type=tag&groupId={tagId} (shared/contacts/constants.ts
// CUSTOMER_LIST_TYPES) or within a group with tagId.
import { z } from "zod";
import { idList } from "./cards.ts";
import { TAG_DEFAULT_COLOR, TAG_LIMITS } from "./constants.ts";

/** GET api/customer/tag; on a card: tagList. */
export interface CustomerTag {
  id: number;
  name: string;
  color: string;
}

const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const tagName = z.string().trim().min(1, "customer.tag_required").max(TAG_LIMITS.name, "contact.too_long");
const color = z.string().trim().toLowerCase().regex(/^#[0-9a-f]{6}$/, "customer.tag_color_invalid");

/** POST api/customer/tag (201; 409 customer.tag_in_use) */
export const tagAddBody = z.object({ name: tagName, color: color.default(TAG_DEFAULT_COLOR) });
/** PATCH api/customer/tag */
export const tagPatchBody = z.object({ id: positiveId, name: tagName.optional(), color: color.optional() });
/**
 * PUT api/customer/card/tag: the cards' tags. action SET makes them exactly tagIdList; ADD puts them on;
 * REMOVE takes them off. Every card's group must be writable (403 customer.no_permission).
 */
export const cardTagsBody = z.object({
  cardIdList: idList,
  tagIdList: z.array(positiveId).max(TAG_LIMITS.perCard, "customer.too_many_tags"),
  action: z.string().toUpperCase().pipe(z.enum(["SET", "ADD", "REMOVE"], "common.validation")).default("SET"),
});

export const TAG_ERROR_MESSAGES = {
  "customer.tag_required": "Enter a tag name.",
  "customer.tag_in_use": "A tag with this name already exists.",
  "customer.tag_color_invalid": "Choose a colour such as #2563eb.",
  "customer.too_many_tags": "A card may have at most 20 tags.",
  "customer.tag_limit": "The customer book has as many tags as it may have (500).",
} as const;
