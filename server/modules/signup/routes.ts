// Sign-up calls (paths "not shown" in the spec; designed here, public):
//   POST /api/signup/email/code   { email, languageType? }         → 200 { expiresAtMillis, resendAfterSeconds }
//   POST /api/signup/email/verify { email, code }                   → 200 { verificationToken }
//   GET  /api/signup/domain/check?domain=                           → 200 { domain, available }
//   POST /api/signup              { email, verificationToken, ... } → 201 { companyId, username, domain }
import { Hono } from "hono";
import { domainCheckQuery, signupCodeRequest, signupRequest, signupVerifyRequest } from "../../../shared/auth.ts";
import type { AppEnv } from "../../lib/context.ts";
import { body, query } from "../../lib/validate.ts";
import { isDomainInUse } from "../company/service.ts";
import * as service from "./service.ts";

export function signupRoutes() {
  const r = new Hono<AppEnv>();
  r.post("/api/signup/email/code", async (c) => {
    const { email, languageType } = await body(c, signupCodeRequest);
    return c.json(await service.sendCode(c.get("deps"), email, c.get("ip"), languageType));
  });
  r.post("/api/signup/email/verify", async (c) => {
    const { email, code } = await body(c, signupVerifyRequest);
    return c.json(await service.verifyCode(c.get("deps"), email, code));
  });
  r.get("/api/signup/domain/check", async (c) => {
    const { domain } = query(c, domainCheckQuery);
    return c.json({ domain, available: !(await isDomainInUse(c.get("deps"), domain)) });
  });
  r.post("/api/signup", async (c) => {
    const input = await body(c, signupRequest);
    return c.json(await service.signup(c.get("deps"), input), 201);
  });
  return r;
}
