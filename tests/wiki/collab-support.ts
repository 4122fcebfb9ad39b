// Live editor test helpers: a browser-like editor (a Y.Doc behind y-websocket's stock WebsocketProvider, the
// token as the subprotocols ["bearer", token], as the web client does), typing into the document's first
// paragraph, and reading the text back.
import { afterAll } from "vitest";
import { WebsocketProvider } from "y-websocket";
import * as Y from "yjs";
import { jsonToHtml, jsonToPlain, yDocToJson } from "../../server/modules/wiki/content/html.ts";
import { BEARER_SUBPROTOCOL } from "../../shared/realtime.ts";
import type { CollabUser } from "../../shared/wiki/collab.ts";
import { COLLAB_FIELD } from "../../shared/wiki/editor-schema.ts";
import { until } from "../support/until.ts";

export interface Editor {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** The close events the provider saw (the server's codes). */
  closes: { code: number; reason: string }[];
  /** Inserts `text` at `index` of the first paragraph (the end by default). */
  type(text: string, index?: number): void;
  /** The document's plain text / stored HTML form. */
  plain(): string;
  html(): string;
  /** Publishes who this editor is (shared/wiki/collab.ts CollabUser) and a caret, as the web editor does. */
  present(user: CollabUser, caret: number): void;
  /** The users of the other editors' awareness states, by name. */
  others(): string[];
  /** Waits until the plain text satisfies `check`. */
  sees(check: (plain: string) => boolean, what: string): Promise<void>;
  destroy(): void;
}

/** Opens the live editor of `docId` on the server at `http` (http://host:port) and waits until synced. */
export async function openEditor(http: string, docId: number, token: string, opts: { waitSync?: boolean } = {}): Promise<Editor> {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`${http.replace(/^http/, "ws")}/api/wiki/docs`, `${docId}/collab`, doc, {
    protocols: [BEARER_SUBPROTOCOL, token],
    disableBc: true, // two editors in one process must meet through the server, not a BroadcastChannel
  });
  const closes: { code: number; reason: string }[] = [];
  provider.on("connection-close", (e) => {
    if (e) closes.push({ code: e.code, reason: e.reason });
  });
  const paragraph = () => {
    const first = doc.getXmlFragment(COLLAB_FIELD).get(0) as Y.XmlElement;
    let text = first.get(0) as Y.XmlText | undefined;
    if (!(text instanceof Y.XmlText)) {
      text = new Y.XmlText();
      first.insert(0, [text]);
    }
    return text;
  };
  const editor: Editor = {
    doc,
    provider,
    closes,
    type(text, index) {
      const p = paragraph();
      p.insert(index ?? p.length, text);
    },
    present(user, caret) {
      provider.awareness.setLocalState({ user, cursor: { anchor: caret, head: caret } });
    },
    others: () =>
      [...provider.awareness.getStates().entries()]
        .filter(([id, s]) => id !== doc.clientID && s.user)
        .map(([, s]) => (s.user as CollabUser).name)
        .sort(),
    plain: () => jsonToPlain(yDocToJson(doc)),
    html: () => jsonToHtml(yDocToJson(doc)),
    sees: (check, what) => until(() => check(editor.plain()), what),
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
  afterAll(() => editor.destroy());
  if (opts.waitSync !== false) await until(() => provider.synced, "the editor's first sync");
  return editor;
}

/** Waits until the provider's socket was closed by the server with `code`. */
export const closedWith = (e: Editor, code: number) => until(() => e.closes.some((c) => c.code === code), `close ${code}`);
