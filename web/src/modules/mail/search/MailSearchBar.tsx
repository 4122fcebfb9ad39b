// The mail search in the top bar (000 §2 "mail search with field choices and search history", §5 "Search
// word required"): a field choice (all, subject, from, to, cc, body, attachment), a search field whose Enter
// (not while an IME is composing, so Korean words work as typed) shows the results as the list of the current
// folder (or of everything), the recent searches under the empty field, and the toggleable detail panel.
import { useEffect, useId, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import {
  Button as AriaButton, Input, ListBox, ListBoxItem, Popover, Select, SelectValue, TextField,
} from "react-aria-components";
import { SEARCH_TYPES, type SearchHistoryItem } from "@shared/mail/search.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { errorText } from "../../../lib/i18n.ts";
import { ApiError } from "../../../lib/api.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { foldersQuery } from "../queries.ts";
import { mailPaths, type MailSearch, parseFolderId } from "../route-params.ts";
import { deleteHistory, historyQuery, searchKeys } from "./api.ts";
import { cleanSearch, currentListAction, fromHistory, hasWord, resultFolder, searchScope, type SearchType } from "./options.ts";
import { SearchHistory } from "./SearchHistory.tsx";
import { DetailPanel } from "./DetailPanel.tsx";
import "./search.css";

const SEARCH_ICON = "M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35";
const CLEAR_ICON = "M18 6 6 18M6 6l12 12";
const TUNE_ICON = "M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4";

const asType = (v: unknown): SearchType => {
  const s = String(v ?? "all").toLowerCase();
  return (SEARCH_TYPES as readonly string[]).includes(s) ? (s as SearchType) : "all";
};

export function MailSearchBar() {
  const { t } = useTranslation("mail");
  const navigate = useNavigate();
  const qc = useQueryClient();
  const params = useParams({ strict: false }) as { folderId?: string; actionObj?: string };
  const action = currentListAction(params.actionObj);
  const tree = useQuery(foldersQuery).data;
  const scope = searchScope(parseFolderId(params.folderId), action, tree);
  const onScreen = action.search;

  const [type, setType] = useState<SearchType>("all");
  const [text, setText] = useState("");
  const [historyOpen, setHistoryOpen] = useState(false);
  const [detailOpen, setDetailOpen] = useState(false);
  const history = useQuery({ ...historyQuery, enabled: historyOpen });
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  /** Set when the field takes focus back from the history (Escape): that focus does not reopen it. */
  const quietFocus = useRef(false);
  const historyId = useId();
  const detailId = useId();

  // The field shows the search on screen (and is empty once it is cleared).
  const screenKey = JSON.stringify(onScreen ?? null);
  useEffect(() => {
    setText(onScreen?.query ?? "");
    if (onScreen?.query) setType(asType(onScreen.type));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screenKey]);

  // The history and the detail panel close when the user goes to another screen (back, a link, a shortcut):
  // they belong to the screen they were opened on (a search run from them closes them itself).
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    setDetailOpen(false);
    setHistoryOpen(false);
  }, [pathname]);

  // The panel closes on a click elsewhere (not in its own popovers: the folder list, the calendar).
  useEffect(() => {
    if (!detailOpen) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element | null;
      if (!target || rootRef.current?.contains(target) || target.closest(".menu-popover, .modal-overlay, .snackbar-region")) return;
      setDetailOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [detailOpen]);

  /** Shows a search's results; false (with the §5 message) when it has no word. */
  function run(search: MailSearch): boolean {
    const s = cleanSearch(search);
    if (!hasWord(s)) {
      snackbar("VALIDATION", errorText("mail.search_word_required"));
      return false;
    }
    setHistoryOpen(false);
    void navigate(mailPaths.list(resultFolder(s), 1, { search: s }));
    return true;
  }

  function runField() {
    if (!run({ type, query: text, folderId: scope === undefined ? undefined : String(scope) })) inputRef.current?.focus();
    else inputRef.current?.blur();
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter") {
      // Enter that ends an IME composition (Korean) only commits the syllable.
      if (e.nativeEvent.isComposing || e.keyCode === 229) return;
      e.preventDefault();
      runField();
    } else if (e.key === "ArrowDown" && !historyOpen && text === "") {
      e.preventDefault();
      setHistoryOpen(true);
    } else if (e.key === "ArrowDown" && historyOpen) {
      const row = gridRef.current?.querySelector<HTMLElement>("[role='row']");
      if (row) {
        e.preventDefault();
        row.focus();
      }
    } else if (e.key === "Escape" && historyOpen) {
      e.preventDefault();
      setHistoryOpen(false);
    }
  }

  async function removeEntry(item: SearchHistoryItem) {
    qc.setQueryData<SearchHistoryItem[]>(searchKeys.history, (list) => list?.filter((i) => i.id !== item.id));
    inputRef.current?.focus();
    try {
      await deleteHistory({ id: item.id });
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500"));
    }
    void qc.invalidateQueries({ queryKey: searchKeys.history });
  }

  async function removeAll() {
    if (!(await confirm({ message: t("search.history.deleteAllConfirm"), confirmLabel: t("search.history.deleteAll"), danger: true }))) return;
    try {
      await deleteHistory("all");
      qc.setQueryData<SearchHistoryItem[]>(searchKeys.history, []);
      snackbar("SUCCESS", t("search.history.deletedAll"));
    } catch (e) {
      snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500"));
    }
    void qc.invalidateQueries({ queryKey: searchKeys.history });
  }

  function closeDetail() {
    setDetailOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <div
      ref={rootRef}
      className="msearch"
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setHistoryOpen(false);
      }}
      onKeyDown={(e) => {
        // Escape in the history closes it and returns to the field.
        if (e.key === "Escape" && historyOpen && e.target !== inputRef.current) {
          e.preventDefault();
          setHistoryOpen(false);
          quietFocus.current = true;
          inputRef.current?.focus();
        }
      }}
    >
      <div role="search" aria-label={t("search.label")} className="msearch-bar">
        <Select
          aria-label={t("search.typeLabel")}
          className="msearch-type"
          selectedKey={type}
          onSelectionChange={(k) => k != null && setType(asType(k))}
        >
          <AriaButton className="msearch-type-button">
            <SelectValue />
            <span aria-hidden="true" className="msearch-caret">▾</span>
          </AriaButton>
          <Popover className="menu-popover">
            <ListBox className="menu" items={SEARCH_TYPES.map((id) => ({ id }))}>
              {(o) => <ListBoxItem id={o.id} className="menu-item">{t(`search.type.${o.id}`)}</ListBoxItem>}
            </ListBox>
          </Popover>
        </Select>
        <TextField
          aria-label={t("search.fieldLabel")}
          className="msearch-field"
          value={text}
          onChange={(v) => {
            setText(v);
            setHistoryOpen(v === "");
          }}
        >
          <Input
            ref={inputRef}
            type="search"
            className="msearch-input"
            placeholder={t("search.placeholder")}
            autoComplete="off"
            enterKeyHint="search"
            onFocus={() => {
              if (quietFocus.current) quietFocus.current = false;
              else if (text === "") setHistoryOpen(true);
            }}
            onClick={() => text === "" && setHistoryOpen(true)}
            onKeyDown={onKeyDown}
          />
        </TextField>
        {text !== "" && (
          <AriaButton
            className="msearch-icon-button"
            aria-label={t("search.clearField")}
            onPress={() => {
              setText("");
              inputRef.current?.focus();
            }}
          >
            <SvgIcon d={CLEAR_ICON} size={16} />
          </AriaButton>
        )}
        <AriaButton className="msearch-icon-button" aria-label={t("search.run")} onPress={runField}>
          <SvgIcon d={SEARCH_ICON} size={18} />
        </AriaButton>
        <AriaButton
          ref={toggleRef}
          className="msearch-icon-button msearch-detail-toggle"
          aria-label={t("search.detail.toggle")}
          aria-expanded={detailOpen}
          aria-controls={detailOpen ? detailId : undefined}
          onPress={() => {
            setHistoryOpen(false);
            setDetailOpen((o) => !o);
          }}
        >
          <SvgIcon d={TUNE_ICON} size={18} />
        </AriaButton>
      </div>
      {historyOpen && !detailOpen && (
        <SearchHistory
          id={historyId}
          items={history.data ?? []}
          loading={history.isPending}
          gridRef={gridRef}
          onRun={(item) => {
            const s = fromHistory(item.options);
            if (run(s)) inputRef.current?.blur();
          }}
          onDelete={removeEntry}
          onDeleteAll={removeAll}
          onBackToField={() => inputRef.current?.focus()}
        />
      )}
      {detailOpen && (
        <DetailPanel
          id={detailId}
          current={onScreen}
          scope={scope === undefined ? undefined : String(scope)}
          onSearch={run}
          onClose={closeDetail}
        />
      )}
    </div>
  );
}
