// config.ts: working defaults, and a clear error naming each bad variable.
import { describe, expect, test } from "vitest";
import { ConfigError, parseConfig } from "../../server/config.ts";

describe("parseConfig", () => {
  test("an empty environment gives working defaults", () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ PORT: 8080, HOST: "0.0.0.0", DATA_DIR: "./data", EMBEDDED_PG_PORT: 0, TRUST_PROXY: false, LOG_LEVEL: "info", ACCESS_TOKEN_TTL_SECONDS: 900, REFRESH_TOKEN_TTL_DAYS: 30 });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SMTP_RELAY_URL).toBeUndefined();
  });

  test("values are parsed and empty strings count as unset", () => {
    const c = parseConfig({ PORT: "9000", TRUST_PROXY: "yes", DATABASE_URL: "postgres://u:p@db:5432/gw", SMTP_RELAY_URL: "", LOG_LEVEL: "debug" });
    expect(c).toMatchObject({ PORT: 9000, TRUST_PROXY: true, DATABASE_URL: "postgres://u:p@db:5432/gw", LOG_LEVEL: "debug" });
    expect(c.SMTP_RELAY_URL).toBeUndefined();
  });

  test("every bad variable is named", () => {
    let err: unknown;
    try {
      parseConfig({ PORT: "70000", DATABASE_URL: "mysql://x", SMTP_RELAY_URL: "http://x", LOG_LEVEL: "loud", TRUST_PROXY: "maybe" });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    for (const name of ["PORT", "DATABASE_URL", "SMTP_RELAY_URL", "LOG_LEVEL", "TRUST_PROXY"]) expect(msg).toContain(name);
  });

  test("the S3 blob store's settings: parsed, and each bad or missing one named", () => {
    expect(parseConfig({}).BLOB_STORE).toBe("file");
    const ok = parseConfig({ BLOB_STORE: "s3", S3_BUCKET: "gw-blobs", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true", S3_PREFIX: "site/a" });
    expect(ok).toMatchObject({ BLOB_STORE: "s3", S3_BUCKET: "gw-blobs", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: true, S3_PREFIX: "site/a" });
    const message = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      throw new Error("accepted");
    };
    expect(message({ BLOB_STORE: "s3" })).toContain("S3_BUCKET: required when BLOB_STORE=s3");
    expect(message({ BLOB_STORE: "disk" })).toContain("BLOB_STORE");
    expect(message({ BLOB_STORE: "s3", S3_BUCKET: "gw-blobs", S3_ACCESS_KEY_ID: "key" })).toContain("S3_SECRET_ACCESS_KEY");
    const bad = message({ BLOB_STORE: "s3", S3_BUCKET: "Not_A_Bucket", S3_ENDPOINT: "ftp://x", S3_PREFIX: "/abs", S3_REGION: "US East" });
    for (const name of ["S3_BUCKET", "S3_ENDPOINT", "S3_PREFIX", "S3_REGION"]) expect(bad).toContain(name);
  });
});
