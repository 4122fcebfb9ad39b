// Request validation with the zod schemas from shared/. Bodies may be JSON or forms (the spec sends both);
// array parameters in bracket form (ids[]=1&ids[]=2 or ids[0]=1) are folded into arrays.
import type { z } from "zod";
import { AppError, type FieldError, messageOf } from "./errors.ts";
import type { AppContext } from "./context.ts";

function fold(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of entries) {
    const m = /^([^[\]]+)\[(\d*)\]$/.exec(rawKey);
    if (m) {
      const list = (out[m[1]] ??= []) as unknown[];
      if (m[2] === "") list.push(value);
      else list[Number(m[2])] = value;
    } else if (rawKey in out) {
      const prev = out[rawKey];
      out[rawKey] = Array.isArray(prev) ? [...prev, value] : [prev, value];
    } else {
      out[rawKey] = value;
    }
  }
  return out;
}

export async function readBody(c: AppContext): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      return await c.req.json();
    } catch {
      throw new AppError(400, "common.400");
    }
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await c.req.formData();
    return fold(form.entries());
  }
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "common.400");
  }
}

export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => {
    const code = typeof i.message === "string" && /^[a-z][a-zA-Z]*\.[a-z0-9_]+$/.test(i.message) ? i.message : "common.validation";
    return { field: i.path.join("."), code, message: code === "common.validation" ? i.message : messageOf(code) };
  });
}

export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data);
  if (!r.success) {
    const errors = toFieldErrors(r.error);
    // When every issue carries the same domain code, answer with it so the UI can show one message.
    const codes = new Set(errors.map((e) => e.code));
    const code = (codes.size === 1 ? [...codes][0] : "common.validation") as `${string}.${string}`;
    throw new AppError(400, code, undefined, errors);
  }
  return r.data;
}

export async function body<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readBody(c));
}

export function query<S extends z.ZodType>(c: AppContext, schema: S): z.infer<S> {
  return parseWith(schema, fold(new URL(c.req.url).searchParams.entries()));
}

/** A numeric path parameter; anything else answers 404 like a missing row. */
export function idParam(c: AppContext, name = "id"): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, "common.404");
  return Number(raw);
}
