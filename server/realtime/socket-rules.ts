// What a module adds to the /ws socket beyond the plain topics of its user (server/realtime/routes.ts lists
// those): topics that need a check against the database before a SUBSCRIBE, something to do when a socket joins
// or leaves a topic, and narrowed tokens a socket may sign in with instead of the access token. buildApp registers
// the rules per app (server/app.ts), so the realtime layer knows no module: the messenger's room membership, its
// presence and its token are the first (server/modules/messenger/realtime.ts).
import type { AppDeps, AuthInfo } from "../lib/context.ts";

export interface TopicRule {
  /** The module; also the scope of the narrowed tokens it issues (a socket signed in with one sees its topics only). */
  name: string;
  /** The caller's topics of this module that need no check. */
  own(auth: AuthInfo): string[];
  /** A topic of this module that needs a check: whether the caller may subscribe; undefined when it is not the module's. */
  check?(deps: AppDeps, auth: AuthInfo, topic: string): Promise<boolean> | undefined;
  /** A socket newly subscribed to `topic` (any topic: the rule picks its own). */
  joined?(deps: AppDeps, auth: AuthInfo, topic: string): void;
  /** A socket left `topic`: unsubscribed, or closed while subscribed. */
  left?(deps: AppDeps, auth: AuthInfo, topic: string): void;
}

/** A narrowed token of a module: a socket signed in with it gets the topics of the rule named `scope` only. */
export interface ScopedToken {
  scope: string;
  /** Whether `token` is one (it is verified by `resolve`). */
  is(token: string): boolean;
  resolve(deps: AppDeps, token: string): Promise<AuthInfo | null>;
}

export class SocketRules {
  readonly #rules = new Map<string, TopicRule>();
  readonly #tokens = new Map<string, ScopedToken>();

  /** Registers (or replaces, by name) a module's rule. */
  addRule(rule: TopicRule) {
    this.#rules.set(rule.name, rule);
  }

  addToken(token: ScopedToken) {
    this.#tokens.set(token.scope, token);
  }

  /** The scoped token `token` is, if any. */
  scopedToken(token: string): ScopedToken | undefined {
    for (const t of this.#tokens.values()) if (t.is(token)) return t;
    return undefined;
  }

  /** The rules a socket of `scope` sees: all of them for the access token (scope null). */
  rules(scope: string | null): TopicRule[] {
    const all = [...this.#rules.values()];
    return scope === null ? all : all.filter((r) => r.name === scope);
  }
}
