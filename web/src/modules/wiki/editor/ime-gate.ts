// Korean (and any IME) input under live co-editing. A remote change applied while a syllable is composing makes
// the Yjs binding re-render the paragraph under the IME, and ProseMirror then loses the composition: the jamo
// typed so far stay behind as text (ㅎ호회 for 회) or the syllable is dropped. So the live editor holds the
// provider's incoming document and awareness messages while the view is composing and applies them, in order,
// as soon as the composition has ended and ProseMirror has read the committed syllable (compositionend, then
// its DOM flush in a microtask; a timer after its 20 ms clean-up as the fallback). The local changes go out as
// usual meanwhile; Yjs merges both sides whatever the order, so nothing is lost and the other person's text
// appears the moment the syllable is committed.
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import type { WebsocketProvider } from "y-websocket";

type Handler = (encoder: encoding.Encoder, decoder: decoding.Decoder, provider: WebsocketProvider, emitSynced: boolean, type: number) => void;
interface Held {
  type: number;
  bytes: Uint8Array;
  emitSynced: boolean;
}

/** y-websocket's message types (its messageSync and messageAwareness). */
const HELD_TYPES = [0, 1];
const FALLBACK_MS = 30;

export interface ImeGate {
  /** Applies what was held, unless the view is still composing. */
  release(): void;
  /** After compositionend: release once ProseMirror has read the syllable. */
  compositionEnded(): void;
  /** Undoes the wrapping (the provider is being destroyed). */
  dispose(): void;
}

export function imeGate(provider: WebsocketProvider, isComposing: () => boolean): ImeGate {
  const handlers = (provider as unknown as { messageHandlers: Handler[] }).messageHandlers;
  const originals = new Map<number, Handler>();
  const held: Held[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  for (const type of HELD_TYPES) {
    const original = handlers[type];
    originals.set(type, original);
    handlers[type] = (encoder, decoder, p, emitSynced, t) => {
      // Once holding, everything waits its turn, so messages apply in the order they came.
      if (isComposing() || held.length) {
        held.push({ type: t, bytes: decoder.arr.slice(decoder.pos), emitSynced });
        return;
      }
      original(encoder, decoder, p, emitSynced, t);
    };
  }

  const gate: ImeGate = {
    release() {
      if (isComposing() || !held.length) return;
      for (const m of held.splice(0)) {
        const encoder = encoding.createEncoder();
        originals.get(m.type)!(encoder, decoding.createDecoder(m.bytes), provider, m.emitSynced, m.type);
        // A reply (sync step 2 for a step 1 the server sent meanwhile) goes out on the current socket.
        if (encoding.length(encoder) > 1 && provider.ws?.readyState === WebSocket.OPEN) provider.ws.send(encoding.toUint8Array(encoder));
      }
    },
    compositionEnded() {
      // ProseMirror reads the committed text in a microtask after compositionend: release after that one, and
      // before a next compositionstart of the same keystroke.
      void Promise.resolve().then(() => Promise.resolve()).then(() => gate.release());
      clearTimeout(timer);
      timer = setTimeout(() => gate.release(), FALLBACK_MS);
    },
    dispose() {
      clearTimeout(timer);
      for (const [type, original] of originals) handlers[type] = original;
      held.length = 0;
    },
  };
  return gate;
}
