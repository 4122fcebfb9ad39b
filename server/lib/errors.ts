// AppError and the single renderer of error answers.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import { ERROR_MESSAGES, type ErrorBody, type ErrorCode } from "../../shared/errors.ts";

export type FieldError = { field: string; code: string; message: string };

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode | `${string}.${string}`,
    readonly params?: Record<string, unknown>,
    readonly errors?: FieldError[],
  ) {
    super(code);
  }
}

export const notFound = () => new AppError(404, "common.404");
export const forbidden = () => new AppError(403, "common.403");

export function messageOf(code: string): string {
  return (ERROR_MESSAGES as Record<string, string>)[code] ?? ERROR_MESSAGES["common.500"];
}

export function errorBody(code: string, params?: Record<string, unknown>, errors?: FieldError[]): ErrorBody {
  const body: ErrorBody = { code, message: messageOf(code) };
  if (params) body.params = params;
  if (errors?.length) body.errors = errors;
  return body;
}

export function renderError(err: Error, c: Context, log: (msg: string, extra?: unknown) => void): Response {
  if (err instanceof AppError) {
    const headers: Record<string, string> = {};
    if (err.status === 429 && typeof err.params?.retryAfterSeconds === "number") {
      headers["Retry-After"] = String(err.params.retryAfterSeconds);
    }
    return c.json(errorBody(err.code, err.params, err.errors), err.status, headers);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code = `common.${status}` in ERROR_MESSAGES ? `common.${status}` : "common.400";
    return c.json(errorBody(code), status);
  }
  // Database errors carry the statement's parameters (tokens, hashes): log what identifies them, not those.
  const pg = err as { code?: string; constraint_name?: string; severity?: string };
  log(`${c.req.method} ${c.req.path} failed`, pg.severity ? `${pg.code} ${pg.constraint_name ?? ""} ${err.message}` : err);
  return c.json(errorBody("common.500"), 500);
}
