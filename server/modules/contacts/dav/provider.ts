// CardDAV (RFC 6352) behind the DAV front: /dav/addressbooks/<user>/ is the user's address book home; the
// private book ("contacts") and each customer group they read ("customer-<id>") are address books in it
// (books.ts), each card a resource "<card id>.vcf" or the name its client gave it, and in the private book
// each group a group vCard "group-<id>.vcf" (groups.ts); the company directory ("directory", read-only,
// directory.ts). PROPFIND, REPORT, GET, PUT and DELETE through the contacts services; the books themselves are made and changed in the browser
// (MKCOL 403, PROPPATCH 403). With useContact off the private book is not there, with useCustomer off the
// customer groups; with both off there is no home (and no addressbook-home-set on the principal).
import { multistatus, propRequestOf, propResponse, proppatchOf, propstat, type PropMap, wants } from "../../../dav/multistatus.ts";
import { DavError, type DavProvider, type DavRequest } from "../../../dav/provider.ts";
import { notModified } from "../../../dav/preconditions.ts";
import { el, NS } from "../../../dav/xml.ts";
import type { Caller } from "../../../lib/context.ts";
import { bodiesOf } from "./bodies.ts";
import { type Book, bookByName, flags, homeBooks } from "./books.ts";
import { directoryListing, directoryReport, directoryResource } from "./directory.ts";
import { groupEntriesByNames, groupEntries } from "./group-repo.ts";
import { deleteGroup, groupEtagOf, groupProps, renderGroup } from "./groups.ts";
import { deleteCard, putResource } from "./objects.ts";
import { announceOwnBook } from "../realtime.ts";
import { bookProps, cardProps, etagOf, homeProps } from "./props.ts";
import * as repo from "./repo.ts";
import { bookHref, cardHref, report } from "./report.ts";
import { versionOf } from "./vcard.ts";

const CARD = (name: string) => `{${NS.CARDDAV}}${name}`;

export const carddavProvider: DavProvider = {
  segment: "addressbooks",
  compliance: ["addressbook"],
  methods: ["PUT", "DELETE"],
  async enabled(caller: Caller) {
    const f = await flags(caller);
    return f.contact || f.customer;
  },
  principalProps(_caller: Caller, home: string): PropMap {
    return new Map([
      [CARD("addressbook-home-set"), el(NS.DAV, "href", home)],
      // RFC 6352 §7.1.2: the user's own card; the suite keeps none (colleagues are in the organisation chart).
      [CARD("principal-address"), null],
    ]);
  },
  async handle(r: DavRequest): Promise<Response> {
    const [bookSegment, cardSegment, ...more] = r.rest;
    if (more.length) throw new DavError(404);
    if (bookSegment === undefined) return await home(r);
    if (cardSegment === undefined) return await collection(r, bookSegment);
    return await resource(r, bookSegment, cardSegment);
  },
};

async function home(r: DavRequest): Promise<Response> {
  if (r.method === "PROPFIND") {
    const req = propRequestOf(await r.xml());
    const out = [propResponse(r.home, homeProps(r.principal, r.home), req)];
    if (r.depth("1") !== "0") {
      const books = await homeBooks(r.caller);
      const seqs = await repo.bookSeqs(r.caller.deps.db, r.caller.auth.companyId, books.map((b) => b.key));
      for (const b of books) out.push(propResponse(bookHref(r, b), bookProps(b, seqs.get(b.key) ?? 0, r.principal), req));
    }
    return multistatus(out);
  }
  if (r.method === "REPORT") return multistatus([]);
  if (r.method === "MKCOL") throw new DavError(403, { ns: NS.DAV, name: "need-privileges" });
  throw new DavError(405);
}

async function requireBook(r: DavRequest, name: string): Promise<Book> {
  const b = await bookByName(r.caller, name);
  if (!b) throw new DavError(404);
  return b;
}

async function collection(r: DavRequest, name: string): Promise<Response> {
  switch (r.method) {
    case "PROPFIND": {
      const b = await requireBook(r, name);
      const req = propRequestOf(await r.xml());
      const { db } = r.caller.deps;
      const companyId = r.caller.auth.companyId;
      const out = [propResponse(bookHref(r, b), bookProps(b, await repo.bookSeq(db, companyId, b.key), r.principal), req)];
      if (r.depth("1") !== "0" && b.kind === "directory") out.push(...await directoryListing(r, b, req));
      else if (r.depth("1") !== "0") {
        const list = await repo.entries(db, companyId, b.key);
        const needBodies = wants(req, CARD("address-data"), true) || wants(req, "{DAV:}getcontentlength", true);
        const bodies = await bodiesOf(db, companyId, b, needBodies ? list : []);
        for (const e of list) out.push(propResponse(cardHref(r, b, e.name), cardProps(e, req, (v) => bodies(e, v)), req));
        if (b.kind === "private") for (const g of await groupEntries(db, companyId, b.key)) out.push(propResponse(cardHref(r, b, g.name), groupProps(g, req), req));
      }
      return multistatus(out);
    }
    case "REPORT": {
      const b = await requireBook(r, name);
      return b.kind === "directory" ? await directoryReport(r, b, await r.xml()) : await report(r, b, await r.xml());
    }
    case "PROPPATCH": {
      const b = await requireBook(r, name);
      const root = await r.xml();
      if (!root || root.ns !== NS.DAV || root.name !== "propertyupdate") throw new DavError(400);
      // Names and descriptions are the browser's to change (a customer group's name is the whole company's).
      const names = proppatchOf(root).map((o) => el(o.name.ns, o.name.name)).join("");
      return multistatus([el(NS.DAV, "response", el(NS.DAV, "href", bookHref(r, b)) + propstat(names, 403))]);
    }
    case "GET":
      await requireBook(r, name);
      return new Response("", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
    case "MKCOL":
      if (await bookByName(r.caller, name)) throw new DavError(405, { ns: NS.DAV, name: "resource-must-be-null" });
      throw new DavError(403, { ns: NS.DAV, name: "need-privileges" });
    case "DELETE":
      await requireBook(r, name);
      throw new DavError(403, { ns: NS.DAV, name: "need-privileges" });
    default:
      throw new DavError(405);
  }
}

async function resource(r: DavRequest, bookName: string, name: string): Promise<Response> {
  const b = await requireBook(r, bookName);
  if (b.kind === "directory") return await directoryResource(r, b, name);
  const { db } = r.caller.deps;
  const companyId = r.caller.auth.companyId;
  const group = b.kind === "private" && (r.method === "GET" || r.method === "DELETE" || r.method === "PROPFIND")
    ? (await groupEntriesByNames(db, companyId, b.key, [name]))[0]
    : undefined;
  if (group && r.method === "GET") {
    const etag = groupEtagOf(group);
    if (notModified(r.headers, etag)) return new Response(null, { status: 304, headers: { etag } });
    const version = versionOf(r.headers.get("accept"));
    return new Response(renderGroup(group, version), {
      status: 200,
      headers: { "content-type": `text/vcard; charset=utf-8; version=${version}`, etag, "last-modified": group.changedAt.toUTCString() },
    });
  }
  if (group && r.method === "DELETE") {
    await deleteGroup(r.caller, group, r.headers);
    await announceOwnBook(r.caller);
    return new Response(null, { status: 204 });
  }
  if (group && r.method === "PROPFIND") {
    const req = propRequestOf(await r.xml());
    return multistatus([propResponse(cardHref(r, b, group.name), groupProps(group, req), req)]);
  }
  switch (r.method) {
    case "GET": {
      const e = await repo.entryByName(db, companyId, b.key, name);
      if (!e) throw new DavError(404);
      const etag = etagOf(e);
      if (notModified(r.headers, etag)) return new Response(null, { status: 304, headers: { etag } });
      const version = versionOf(r.headers.get("accept"));
      const body = (await bodiesOf(db, companyId, b, [e]))(e, version);
      return new Response(body, {
        status: 200,
        headers: { "content-type": `text/vcard; charset=utf-8; version=${version}`, etag, "last-modified": e.card.updatedAt.toUTCString() },
      });
    }
    case "PUT": {
      const result = await putResource(r.caller, b, name, await r.text(), r.headers);
      // (A customer group's readers hear of it from the customer book's service.)
      if (b.kind === "private") await announceOwnBook(r.caller);
      // No ETag: the stored card is not byte for byte what the client sent (RFC 6352 §6.3.2.3); it reads it back.
      return new Response(null, { status: result.created ? 201 : 204, headers: result.created ? { location: cardHref(r, b, name) } : {} });
    }
    case "DELETE":
      await deleteCard(r.caller, b, name, r.headers);
      if (b.kind === "private") await announceOwnBook(r.caller);
      return new Response(null, { status: 204 });
    case "PROPFIND": {
      const e = await repo.entryByName(db, companyId, b.key, name);
      if (!e) throw new DavError(404);
      const req = propRequestOf(await r.xml());
      const bodies = await bodiesOf(db, companyId, b, [e]);
      return multistatus([propResponse(cardHref(r, b, e.name), cardProps(e, req, (v) => bodies(e, v)), req)]);
    }
    case "REPORT":
      throw new DavError(403, { ns: NS.DAV, name: "supported-report" });
    default:
      throw new DavError(405);
  }
}
