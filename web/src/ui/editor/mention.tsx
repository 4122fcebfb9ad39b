// @mentions for the rich-text editor (tiptap's Mention node over @tiptap/suggestion): typing @ and a name lists
// the caller's candidates (find(query), e.g. the company's members) under the caret; arrows move, Enter or Tab
// picks, Escape closes. The pick becomes <span data-type="mention" data-id="123" data-label="이름">@이름</span>.
// The editable area points at the list and its active option (aria-controls, aria-activedescendant), so a
// screen reader follows the choice while the caret stays in the text. Keys pressed while an IME composes
// (Korean syllables) never reach the list: ProseMirror keeps them for the composition.
import Mention from "@tiptap/extension-mention";
import { ReactRenderer } from "@tiptap/react";
import type { SuggestionKeyDownProps, SuggestionProps } from "@tiptap/suggestion";
import type { EditorTexts } from "./texts.ts";

export interface MentionCandidate {
  id: number;
  label: string;
  /** Shown beside the name: address, department. */
  detail?: string;
}

interface ListProps {
  items: MentionCandidate[];
  index: number;
  loading: boolean;
  listId: string;
  texts: EditorTexts;
  pick(i: number): void;
}

function MentionList({ items, index, loading, listId, texts: t, pick }: ListProps) {
  return (
    <div className="rte-mention-popup">
      <ul id={listId} role="listbox" aria-label={t("mentionList")} className="rte-mention-list">
        {items.map((c, i) => (
          <li key={c.id} id={`${listId}-${i}`} role="option" aria-selected={i === index} className="rte-mention-item"
            onMouseDown={(e) => e.preventDefault()} onClick={() => pick(i)}>
            <span className="rte-mention-name">{c.label}</span>
            {c.detail && <span className="rte-mention-detail">{c.detail}</span>}
          </li>
        ))}
      </ul>
      {!loading && items.length === 0 && <p className="rte-mention-empty" role="status">{t("mentionEmpty")}</p>}
    </div>
  );
}

let lists = 0;

export function mentionExtension({ find, texts }: { find(query: string, signal: AbortSignal): Promise<MentionCandidate[]>; texts: EditorTexts }) {
  return Mention.configure({
    HTMLAttributes: { class: "rte-mention" },
    suggestion: {
      char: "@",
      debounce: 150,
      items: ({ query, signal }) => find(query, signal),
      render: () => {
        let renderer: ReactRenderer<unknown, ListProps> | null = null;
        let unmount: (() => void) | null = null;
        let props: SuggestionProps<MentionCandidate> | null = null;
        let index = 0;
        const listId = `rte-mentions-${++lists}`;
        const pick = (i: number) => {
          const c = props?.items[i];
          if (c) props!.command({ id: String(c.id), label: c.label });
        };
        const sync = () => {
          if (!props || !renderer) return;
          renderer.updateProps({ items: props.items, index, loading: props.loading, listId, texts, pick });
          const dom = props.editor.view.dom;
          dom.setAttribute("aria-controls", listId);
          if (props.items.length) dom.setAttribute("aria-activedescendant", `${listId}-${index}`);
          else dom.removeAttribute("aria-activedescendant");
        };
        return {
          onStart: (p) => {
            props = p;
            index = 0;
            renderer = new ReactRenderer(MentionList, { props: { items: p.items, index, loading: p.loading, listId, texts, pick }, editor: p.editor });
            unmount = p.mount(renderer.element);
            sync();
          },
          onUpdate: (p) => {
            props = p;
            if (index >= p.items.length) index = 0;
            sync();
          },
          onKeyDown: ({ event }: SuggestionKeyDownProps) => {
            const n = props?.items.length ?? 0;
            if (event.key === "Escape") return true;
            if (!n) return false;
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              index = (index + (event.key === "ArrowDown" ? 1 : n - 1)) % n;
              sync();
              return true;
            }
            if (event.key === "Enter" || event.key === "Tab") {
              pick(index);
              return true;
            }
            return false;
          },
          onExit: (p) => {
            p.editor.view.dom.removeAttribute("aria-controls");
            p.editor.view.dom.removeAttribute("aria-activedescendant");
            unmount?.();
            renderer?.destroy();
            renderer = null;
            props = null;
          },
        };
      },
    },
  });
}
