// Intl formatters, made once per language and options: making an Intl.DateTimeFormat costs ≈ 0.2–0.4 ms (the
// locale's data is resolved each time), formatting with it microseconds. A list formatting a date per row
// made 80 of them for 40 task rows, ≈ 30 ms of a flow list's 150 ms of drawing.
const dates = new Map<string, Intl.DateTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();

/** The date formatter for `lng` and `opts` (kept: a few dozen at most, one per language and form in use). */
export function dateFormat(lng: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lng}|${JSON.stringify(opts)}`;
  let f = dates.get(key);
  if (!f) dates.set(key, f = new Intl.DateTimeFormat(lng, opts));
  return f;
}

/** The number formatter for `lng` and `opts`, kept likewise. */
export function numberFormat(lng: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lng}|${JSON.stringify(opts)}`;
  let f = numbers.get(key);
  if (!f) numbers.set(key, f = new Intl.NumberFormat(lng, opts));
  return f;
}
