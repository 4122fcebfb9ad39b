// Request validation with the zod schemas from shared/. Bodies may be JSON or forms (the spec sends both);
// array parameters in bracket form (ids[]=1&ids[]=2 or ids[0]=1) are folded into arrays. Every body read here
// must be an object, hold only storable text and no list longer than MAX_LIST_ITEMS (request-input.ts).
import type { z } from "zod";
import { MAX_LIST_ITEMS } from "../../shared/request-input.ts";
import { AppError, type FieldError, messageOf } from "./errors.ts";
import type { AppContext } from "./context.ts";
import { checkInput, tooManyItems } from "./request-input.ts";

function fold(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [rawKey, value] of entries) {
    const m = /^([^[\]]+)\[(\d*)\]$/.exec(rawKey);
    const key = m ? m[1] : rawKey;
    if (m) {
      if (!Array.isArray(out[key])) out[key] = out[key] === undefined ? [] : [out[key]];
      const list = out[key] as unknown[];
      // An index past the limit would make a huge sparse array: refused like a list that long.
      const at = m[2] === "" ? list.length : Number(m[2]);
      if (at >= MAX_LIST_ITEMS) throw tooManyItems(key);
      list[at] = value;
    } else if (key in out) {
      const prev = out[key];
      if (Array.isArray(prev)) {
        if (prev.length >= MAX_LIST_ITEMS) throw tooManyItems(key);
        prev.push(value);
      } else out[key] = [prev, value];
    } else {
      out[key] = value;
    }
  }
  return { ...out };
}

/**
 * The request's body as an object: JSON, a form (urlencoded or multipart: files stay File objects) or JSON
 * sent without a type; an empty body is {}. Anything else (null, a list, a number) answers 400, as does
 * text PostgreSQL cannot store anywhere in it and a list longer than MAX_LIST_ITEMS.
 */
export async function readBody(c: AppContext): Promise<Record<string, unknown>> {
  const value = await parseBody(c);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new AppError(400, "common.validation", undefined, [
      { field: "", code: "common.validation", message: "the body must be a JSON object or a form" },
    ]);
  }
  checkInput(value);
  return value as Record<string, unknown>;
}

async function parseBody(c: AppContext): Promise<unknown> {
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
