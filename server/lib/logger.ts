// A small levelled logger writing one line per event to stdout/stderr.
export type LogLevel = "debug" | "info" | "warn" | "error";
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, extra?: unknown): void;
  info(msg: string, extra?: unknown): void;
  warn(msg: string, extra?: unknown): void;
  error(msg: string, extra?: unknown): void;
}

function fmt(extra: unknown): string {
  if (extra === undefined) return "";
  if (extra instanceof Error) return ` ${extra.stack ?? extra.message}`;
  try {
    return " " + JSON.stringify(extra);
  } catch {
    return " " + String(extra);
  }
}

export function createLogger(level: LogLevel, sink?: (line: string, level: LogLevel) => void): Logger {
  const write = sink ??
    ((line: string, lvl: LogLevel) => (lvl === "error" || lvl === "warn" ? console.error(line) : console.log(line)));
  const at = (lvl: LogLevel) => (msg: string, extra?: unknown) => {
    if (ORDER[lvl] < ORDER[level]) return;
    write(`${new Date().toISOString()} ${lvl.toUpperCase().padEnd(5)} ${msg}${fmt(extra)}`, lvl);
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
