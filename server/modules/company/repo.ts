// Company queries.
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { companies, companyConfigs, companyDomains } from "../../../db/schema/index.ts";

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompany(db: DbOrTx, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

export async function domainsOf(db: DbOrTx, companyId: number): Promise<{ domain: string; isPrimary: boolean }[]> {
  return await db
    .select({ domain: companyDomains.domain, isPrimary: companyDomains.isPrimary })
    .from(companyDomains)
    .where(eq(companyDomains.companyId, companyId))
    .orderBy(asc(companyDomains.id));
}

export async function findDomain(db: DbOrTx, domain: string) {
  const [row] = await db.select().from(companyDomains).where(eq(companyDomains.domain, domain));
  return row;
}

export async function findCompanyBySignupEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.signupEmail, email));
  return row;
}

export async function insertCompany(db: DbOrTx, values: typeof companies.$inferInsert): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row;
}

export async function insertDomain(db: DbOrTx, companyId: number, domain: string, isPrimary: boolean) {
  await db.insert(companyDomains).values({ companyId, domain, isPrimary });
}

export async function updateCompany(db: DbOrTx, id: number, values: Partial<typeof companies.$inferInsert>) {
  await db.update(companies).set(values).where(eq(companies.id, id));
}

export async function findConfig(db: DbOrTx, companyId: number, module: string) {
  const [row] = await db
    .select({ config: companyConfigs.config })
    .from(companyConfigs)
    .where(and(eq(companyConfigs.companyId, companyId), eq(companyConfigs.module, module)));
  return row?.config;
}

export async function upsertConfig(db: DbOrTx, companyId: number, module: string, config: Record<string, unknown>, now: Date) {
  await db
    .insert(companyConfigs)
    .values({ companyId, module, config, updatedAt: now })
    .onConflictDoUpdate({ target: [companyConfigs.companyId, companyConfigs.module], set: { config, updatedAt: now } });
}
