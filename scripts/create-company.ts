// Creates a company with its administrator:
//   deno task company:create --name "Acme" --domain acme.com --admin-id admin --admin-name "Kim" --password 'Secret12!'
import { args, runScript, UsageError } from "./lib/cli.ts";
import { parseWith } from "../server/lib/validate.ts";
import { createCompanyWithAdmin } from "../server/modules/company/service.ts";
import { PLANS } from "../shared/company.ts";
import { z } from "zod";
import { DOMAIN_PATTERN } from "../shared/company.ts";
import { isValidEmail, LANGUAGES, loginId, password } from "../shared/users.ts";

const USAGE = `Usage: deno task company:create --name NAME --domain DOMAIN --admin-id ID --password PASSWORD
         [--admin-name NAME] [--email PERSONAL_EMAIL] [--plan FREE|BASIC|STANDARD|ADVANCED|CUSTOM] [--language ko|en|id]`;

const input = z.object({
  name: z.string({ error: "--name is required" }).trim().min(1, "--name is required"),
  domain: z.string({ error: "--domain is required" }).trim().toLowerCase().regex(DOMAIN_PATTERN, "company.domain_invalid"),
  "admin-id": z.string({ error: "--admin-id is required" }).pipe(loginId),
  "admin-name": z.string().trim().min(1).optional(),
  password: z.string({ error: "--password is required" }).pipe(password),
  email: z.string().refine(isValidEmail, "user.personal_email_invalid").optional(),
  plan: z.enum(PLANS).optional(),
  language: z.enum(LANGUAGES).optional(),
});

await runScript(async (deps) => {
  const raw = args({
    name: { type: "string" }, domain: { type: "string" }, "admin-id": { type: "string" }, "admin-name": { type: "string" },
    password: { type: "string" }, email: { type: "string" }, plan: { type: "string" }, language: { type: "string" },
    help: { type: "boolean" },
  }, USAGE);
  let v;
  try {
    v = parseWith(input, raw);
  } catch (e) {
    const errors = (e as { errors?: { field: string; message: string }[] }).errors ?? [];
    throw new UsageError(errors.map((x) => `--${x.field}: ${x.message}`).join("\n") + `\n\n${USAGE}`);
  }
  const { company, admin, domain } = await createCompanyWithAdmin(deps, {
    name: v.name,
    domain: v.domain,
    planType: v.plan,
    admin: { loginId: v["admin-id"], name: v["admin-name"] ?? v["admin-id"], password: v.password, personalEmail: v.email, languageType: v.language },
  });
  console.log(`created company #${company.id} "${company.name}" (${company.planType}) on ${domain}`);
  console.log(`administrator: ${admin.username} (user #${admin.id}) — sign in with this address and the given password`);
});
