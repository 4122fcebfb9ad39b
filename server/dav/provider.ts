// What a DAV collection kind plugs into the front with (server/dav/routes.ts): CalDAV
// (server/modules/calendar/dav), CardDAV (server/modules/contacts/dav), WebDAV of the drive (server/modules/drive/dav).
// The front signs the user in, answers discovery, the root and the principal, and hands every request under
// /dav/<segment>/<user>/ (or /dav/<segment>/ for a provider without the user in its paths) to the provider of
// that segment, which calls its module's service.
import type { Caller } from "../lib/context.ts";
import type { PropMap } from "./multistatus.ts";
import type { XmlElement } from "./xml.ts";

export type Depth = "0" | "1" | "infinity";

export interface DavRequest {
  caller: Caller;
  method: string;
  /** The path segments after /dav/<segment>/<user>/ (or /dav/<segment>/), percent-decoded and NFC. */
  rest: string[];
  /** The request's URL (Destination headers are read against it). */
  url: URL;
  /** The body as a stream, unread and unlimited (a provider that takes large bodies reads it itself); null when none. */
  body(): ReadableStream<Uint8Array> | null;
  /** The request path ended with "/". */
  trailingSlash: boolean;
  /** The Depth header (RFC 4918 §10.2); its absence is `fallback`. */
  depth(fallback: Depth): Depth;
  headers: Headers;
  /** The body as text (at most the front's limit; 413 beyond). */
  text(): Promise<string>;
  /** The body as XML; null when empty (400 when not well formed). */
  xml(): Promise<XmlElement | null>;
  /** The href of the user's folder of this provider: /dav/<segment>/<user>/ (or /dav/<segment>/) */
  home: string;
  /** The user's principal href. */
  principal: string;
}

export interface DavProvider {
  /** The first path segment under /dav/: "calendars", "addressbooks", "files". */
  segment: string;
  /**
   * Whether its paths name the user (/dav/<segment>/<user>/, the default): the drive's files are at
   * /dav/files/ itself, the address a user maps as a network folder.
   */
  userInPath?: boolean;
  /** Compliance classes it adds to the DAV header of OPTIONS (RFC 4791 §5.1 "calendar-access", RFC 6352 §6.1 "addressbook"). */
  compliance: string[];
  /** Methods it answers (the Allow header of OPTIONS). */
  methods: string[];
  /** Whether the user's company uses the module (no home-set and 404 when not). */
  enabled(caller: Caller): Promise<boolean>;
  /** Properties the user's principal gets from this provider (calendar-home-set, addressbook-home-set...). */
  principalProps(caller: Caller, home: string): PropMap;
  /** Answers a request under /dav/<segment>/<user>/. */
  handle(r: DavRequest): Promise<Response>;
}

/** An error a provider throws to answer with a plain status (and, for preconditions, a DAV:error body). */
export class DavError extends Error {
  constructor(readonly status: number, readonly condition?: { ns: string; name: string }, readonly headers: Record<string, string> = {}) {
    super(`DAV ${status}${condition ? ` ${condition.name}` : ""}`);
  }
}
