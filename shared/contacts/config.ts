// The address book's per-user settings (001 §3 "Contact config", §7 api/config/contact).
import { z } from "zod";
import {
  CONTACT_BLOCK_SIZE, CONTACT_PAGE_SIZE, CONTACT_PAGE_SIZES, DEFAULT_DIR, DEFAULT_SORT, groupIdOf, HIDEABLE_COLUMNS,
  type ListColumn, type SortDir, type SortField, SORT_DIRS, SORT_FIELDS,
} from "./constants.ts";
import { flag } from "./cards.ts";

/**
 * GET api/config/contact. firstPage: the group the address book opens on (a route name: all, important, new,
 * unmapped or a group's number). sort and dir are stored as one value "userName/asc" and answered both ways.
 */
export interface ContactConfig {
  firstPage: string;
  sort: SortField;
  dir: SortDir;
  /** "userName/asc" */
  sortDir: string;
  pageSize: number;
  blockSize: number;
  useSelectBox: boolean;
  hideColumns: ListColumn[];
}

export const DEFAULT_CONTACT_CONFIG: ContactConfig = {
  firstPage: "all",
  sort: DEFAULT_SORT,
  dir: DEFAULT_DIR,
  sortDir: `${DEFAULT_SORT}/${DEFAULT_DIR}`,
  pageSize: CONTACT_PAGE_SIZE,
  blockSize: CONTACT_BLOCK_SIZE,
  useSelectBox: true,
  hideColumns: [],
};

const firstPage = z.string().trim().max(20).refine((v) => groupIdOf(v) !== null && groupIdOf(v) !== -4, "contact.group_invalid");
const pageSize = z.coerce.number().int().refine((v) => (CONTACT_PAGE_SIZES as readonly number[]).includes(v), "common.validation");

/** PUT api/config/contact (form): any of the fields; sort may be "userName/asc" or sort plus dir. */
export const configBody = z.object({
  firstPage: firstPage.optional(),
  pageSize: pageSize.optional(),
  blockSize: z.coerce.number().int().min(1).max(20).optional(),
  useSelectBox: flag.optional(),
  sort: z.string().trim().max(40).optional(),
  dir: z.string().toLowerCase().pipe(z.enum(SORT_DIRS)).optional(),
}).transform((v, ctx) => {
  if (v.sort === undefined) return { ...v, sort: undefined as SortField | undefined };
  const [s, d] = v.sort.split("/");
  if (!(SORT_FIELDS as readonly string[]).includes(s) || (d !== undefined && !(SORT_DIRS as readonly string[]).includes(d.toLowerCase()))) {
    ctx.addIssue({ code: "custom", path: ["sort"], message: "common.validation" });
    return z.NEVER;
  }
  return { ...v, sort: s as SortField, dir: (d?.toLowerCase() as SortDir | undefined) ?? v.dir };
});
/** PUT api/config/contact/firstScreen */
export const firstScreenBody = z.object({ firstPage });
/** PUT api/config/contact/{size}/pageSize */
export const pageSizeParam = pageSize;
/** PUT api/config/contact/hideColumns: hide or show one column. */
export const hideColumnsBody = z.object({
  columnName: z.string().refine((v) => (HIDEABLE_COLUMNS as readonly string[]).includes(v), "common.validation"),
  hide: flag,
});
