// The caller's own account (000 §7 "User and company"): detail, quota, profile, language, theme,
// service config and tutorials, password, two-factor, session policy and histories.
import { Hono } from "hono";
import {
  forcePasswordBody, generalBody, languageBody, logoutAllSessionsBody, otpStartBody, passwordChangeBody,
  serviceConfigPut, twoFactorBody,
} from "../../../shared/users.ts";
import { pageQuery } from "../../../shared/paging.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../lib/context.ts";
import { body, query } from "../../lib/validate.ts";
import * as history from "./history.ts";
import * as security from "./security.ts";
import * as service from "./service.ts";

export function userRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/users/*", requireAuth);
  r.use("/api/history/*", requireAuth);

  r.get("/api/users/detail", async (c) => c.json(await service.userInfo(callerOf(c))));
  r.get("/api/users/quota", async (c) => c.json(await service.quota(callerOf(c))));

  r.get("/api/users/service/config", async (c) => c.json(await service.serviceConfig(callerOf(c))));
  r.put("/api/users/service/config", async (c) => {
    return c.json(await service.updateServiceConfig(callerOf(c), await body(c, serviceConfigPut)));
  });
  r.put("/api/users/service/config/:module/tutorial/:status", async (c) =>
    c.json(await service.setTutorial(callerOf(c), c.req.param("module"), c.req.param("status"))));

  r.put("/api/users/theme/:theme", async (c) => {
    await service.setTheme(callerOf(c), c.req.param("theme"));
    return c.json({ result: "SUCCESS", theme: c.req.param("theme") });
  });
  r.put("/api/users/general", async (c) => {
    await service.updateGeneral(callerOf(c), await body(c, generalBody));
    return c.json({ result: "SUCCESS" });
  });
  r.put("/api/users/language", async (c) => {
    const { languageType } = await body(c, languageBody);
    await service.setLanguage(callerOf(c), languageType);
    return c.json({ result: "SUCCESS", languageType });
  });

  r.get("/api/users/security/logoutAllSessions", async (c) => c.json(await security.logoutAllSessions(callerOf(c))));
  r.put("/api/users/security/logoutAllSessions", async (c) => {
    const { enable } = await body(c, logoutAllSessionsBody);
    return c.json(await security.setLogoutAllSessions(callerOf(c), enable));
  });

  r.put("/api/users/pw", async (c) => {
    const { currentPassword, newPassword } = await body(c, passwordChangeBody);
    await security.changePassword(callerOf(c), currentPassword, newPassword);
    return c.json({ result: "SUCCESS" });
  });
  r.put("/api/users/force/pw", async (c) => {
    const { newPassword } = await body(c, forcePasswordBody);
    await security.forceChangePassword(callerOf(c), newPassword);
    return c.json({ result: "SUCCESS" });
  });
  r.post("/api/users/otp", async (c) => {
    const { password } = await body(c, otpStartBody);
    return c.json(await security.startOtpSetup(callerOf(c), password));
  });
  r.put("/api/users/twoFactorAuth", async (c) => {
    const { twoFactorAuth, code } = await body(c, twoFactorBody);
    return c.json(await security.setTwoFactor(callerOf(c), twoFactorAuth, code));
  });

  r.get("/api/history/pw/recent", async (c) => c.json(await history.passwordHistory(callerOf(c), query(c, pageQuery))));
  r.get("/api/history/account", async (c) => c.json(await history.accessHistory(callerOf(c), query(c, pageQuery))));

  return r;
}
