// Which objects can be shared: each module that owns shareable objects (mail folders, address books,
// calendars, drive items, ...) registers a resolver for its moduleType when the server starts. The share
// and share-link services ask the resolver whether an object exists in a company, who owns it and what it
// is called. An unregistered moduleType, or an object its resolver does not know, answers 404.

export interface ShareableResolver {
  /** Whether the object exists in the company (a foreign or missing id: false). */
  exists(companyId: number, objectId: string): Promise<boolean>;
  /** The object's owner, who may share it; null when the object does not exist in the company. */
  ownerUserId(companyId: number, objectId: string): Promise<number | null>;
  /** The object's display title (share lists, the link viewer); null when it does not exist. */
  title(companyId: number, objectId: string): Promise<string | null>;
  /** Whether members may get permission 1, title only (calendars). */
  allowsTitleOnly: boolean;
}

const RESERVED = new Set(["links", "shared-with-me", "cancel"]);

export class ShareableRegistry {
  readonly #resolvers = new Map<string, ShareableResolver>();

  /** Registers (or replaces) the resolver of a moduleType. */
  register(moduleType: string, resolver: ShareableResolver): this {
    // "links" and "shared-with-me" are paths of the share API itself.
    if (!/^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(moduleType) || RESERVED.has(moduleType)) {
      throw new Error(`invalid shareable module type: ${moduleType}`);
    }
    this.#resolvers.set(moduleType, resolver);
    return this;
  }

  get(moduleType: string): ShareableResolver | undefined {
    return this.#resolvers.get(moduleType);
  }

  moduleTypes(): string[] {
    return [...this.#resolvers.keys()];
  }
}
