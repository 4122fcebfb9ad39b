// Organisation chart for selectors (001 §3 "Organisation node and member", §7): tree, children, members,
// and the address autocomplete of users and organisations (000 §7 "Autocomplete").
import { z } from "zod";
import { MAX_PAGE_SIZE, pageQuery } from "./paging.ts";
import { extractAddress, isValidEmail } from "./users.ts";

export const ORGANIZATION_NAME_MAX = 100;
export const SEARCH_WORD_MAX = 100;
export const AUTOCOMPLETE_QUERY_MAX = 100;
/** The spec's default page size of GET api/autocomplete/email. */
export const AUTOCOMPLETE_PAGE_SIZE = 10;

/** GET api/organizations/{parentId}/children, .../top-level, .../user/representative */
export interface OrganizationNode {
  id: number;
  parentId: number | null;
  name: string;
  email: string | null;
  childCount: number;
}

/** GET api/organizations: root nodes with their sub-trees. memberCount only with includeCount=true. */
export interface OrganizationTreeNode extends OrganizationNode {
  /** Active users who are direct members of this node (sub-organisations not included). */
  memberCount?: number;
  children: OrganizationTreeNode[];
}

/** GET api/users/organization/{organId}: one member of that organisation. */
export interface OrganizationMember {
  id: number;
  accountName: string;
  username: string;
  organizationName: string;
  jobGrade: string | null;
  position: string | null;
  manager: boolean;
}

/**
 * GET api/users/members: one active member of the caller's company, found across the whole company (the
 * directory search) or among those in no organisation. organizationName: the representative organisation's
 * name, null for a member without one.
 */
export interface DirectoryMember {
  id: number;
  accountName: string;
  username: string;
  organizationName: string | null;
  jobGrade: string | null;
  position: string | null;
}

/**
 * CONTACT: an address of one of the caller's own contact cards; CUSTOMER: of a card in a customer group the
 * caller reads (id: the card's id; organizationName: its company).
 */
export const AUTOCOMPLETE_TYPES = ["USER", "ORGANIZATION", "CONTACT", "CUSTOMER"] as const;
export type AutocompleteType = (typeof AUTOCOMPLETE_TYPES)[number];

/** GET api/autocomplete/email: a colleague or an organisation. organizationName is given for users only. */
export interface AutocompleteItem {
  type: "USER" | "ORGANIZATION";
  id: number;
  name: string;
  email: string;
  organizationName?: string | null;
}

/** GET api/autocomplete/email with CONTACT or CUSTOMER in typeList: an address of a card; organizationName: its company. */
export interface ContactAutocompleteItem {
  type: "CONTACT" | "CUSTOMER";
  id: number;
  name: string;
  email: string;
  organizationName: string | null;
}

/** Any candidate of GET api/autocomplete/email (the answer holds contacts only when typeList asks for them or is absent). */
export type AutocompleteCandidate = AutocompleteItem | ContactAutocompleteItem;

/** GET api/autocomplete/group/usercount */
export interface GroupUserCount {
  email: string;
  userCount: number;
}

const flag = z.union([
  z.boolean(),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
]);

export const organizationTreeQuery = z.object({ includeCount: flag.default(false) });

/** A free-text search word; blank means no filter. */
export const searchWordParam = z
  .string()
  .trim()
  .max(SEARCH_WORD_MAX)
  .optional()
  .transform((v) => (v ? v : undefined));

export const organizationMembersQuery = pageQuery.extend({ searchWord: searchWordParam });

/**
 * GET api/users/members (the company directory, not in the spec): the company's active members by name, paged;
 * searchWord matches the name or the address anywhere in the company; unassigned=true keeps those who belong
 * to no organisation (the chart's "no organisation" entry).
 */
export const directoryMembersQuery = pageQuery.extend({ searchWord: searchWordParam, unassigned: flag.default(false) });

/** typeList[]=USER&typeList[]=ORGANIZATION; also accepts typeList=USER or a comma-separated list. */
const typeList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",") : v),
  z.array(z.string().trim().toUpperCase().pipe(z.enum(AUTOCOMPLETE_TYPES))).min(1),
);

export const autocompleteEmailQuery = z.object({
  query: z.string().trim().min(1).max(AUTOCOMPLETE_QUERY_MAX),
  page: pageQuery.shape.page,
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(AUTOCOMPLETE_PAGE_SIZE),
  typeList: typeList.optional().transform((v) => (v ? [...new Set(v)] : [...AUTOCOMPLETE_TYPES])),
});

/** A bare address (no display name, no angle brackets), lower-cased. */
export function isBareAddress(value: string): boolean {
  return isValidEmail(value) && extractAddress(value) === value;
}

export const groupUserCountQuery = z.object({
  email: z.string().trim().toLowerCase().max(254).refine(isBareAddress),
});
