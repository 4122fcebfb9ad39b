// The address book's per-user settings (001 §3 "Contact config", api/config/contact): no row means the
// defaults; every change writes the whole row.
import { and, eq } from "drizzle-orm";
import { contactConfigs } from "../../../../db/schema/contacts.ts";
import { type ContactConfig, DEFAULT_CONTACT_CONFIG } from "../../../../shared/contacts/config.ts";
import {
  type ListColumn, LIST_COLUMNS, type SortDir, SORT_DIRS, type SortField, SORT_FIELDS,
} from "../../../../shared/contacts/constants.ts";
import type { Caller } from "../../../lib/context.ts";

type Row = typeof contactConfigs.$inferSelect;

function configOf(row: Row | undefined): ContactConfig {
  if (!row) return { ...DEFAULT_CONTACT_CONFIG, hideColumns: [] };
  const [s, d] = row.sortDir.split("/");
  const sort = (SORT_FIELDS as readonly string[]).includes(s) ? s as SortField : DEFAULT_CONTACT_CONFIG.sort;
  const dir = (SORT_DIRS as readonly string[]).includes(d) ? d as SortDir : DEFAULT_CONTACT_CONFIG.dir;
  return {
    firstPage: row.firstPage,
    sort,
    dir,
    sortDir: `${sort}/${dir}`,
    pageSize: row.pageSize,
    blockSize: row.blockSize,
    useSelectBox: row.useSelectBox,
    hideColumns: row.hideColumns.filter((c): c is ListColumn => (LIST_COLUMNS as readonly string[]).includes(c)),
  };
}

/** GET api/config/contact */
export async function getConfig(caller: Caller): Promise<ContactConfig> {
  const { companyId, userId } = caller.auth;
  const [row] = await caller.deps.db.select().from(contactConfigs)
    .where(and(eq(contactConfigs.companyId, companyId), eq(contactConfigs.userId, userId)));
  return configOf(row);
}

export interface ConfigChange {
  firstPage?: string;
  pageSize?: number;
  blockSize?: number;
  useSelectBox?: boolean;
  sort?: SortField;
  dir?: SortDir;
  hideColumn?: { columnName: string; hide: boolean };
}

/** Every PUT of api/config/contact: the change merged into the current settings. */
export async function changeConfig(caller: Caller, change: ConfigChange): Promise<ContactConfig> {
  const { companyId, userId } = caller.auth;
  const cur = await getConfig(caller);
  let hidden = cur.hideColumns as string[];
  if (change.hideColumn) {
    const { columnName, hide } = change.hideColumn;
    hidden = hide ? [...new Set([...hidden, columnName])] : hidden.filter((c) => c !== columnName);
  }
  const values = {
    firstPage: change.firstPage ?? cur.firstPage,
    pageSize: change.pageSize ?? cur.pageSize,
    blockSize: change.blockSize ?? cur.blockSize,
    useSelectBox: change.useSelectBox ?? cur.useSelectBox,
    sortDir: `${change.sort ?? cur.sort}/${change.dir ?? cur.dir}`,
    hideColumns: hidden,
  };
  await caller.deps.db.insert(contactConfigs).values({ userId, companyId, ...values })
    .onConflictDoUpdate({ target: contactConfigs.userId, set: values });
  return await getConfig(caller);
}
