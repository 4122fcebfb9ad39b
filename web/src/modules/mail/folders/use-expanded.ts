// Which folders of the tree are open: remembered per folder in localStorage; a folder never toggled follows
// the mail config's folderExpand (open by default).
import { useMemo, useState } from "react";
import type { Key } from "react-aria-components";
import type { MailFolder } from "@shared/mail/folders.ts";
import { useMailConfig } from "../open.ts";
import { flattenFolders } from "../queries.ts";
import { keyOf } from "./folder-meta.ts";

const STORAGE_KEY = "gw.mail.folderExpand";

function load(): Record<string, boolean> {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

export function useExpanded(tree: MailFolder[]): [Set<Key>, (keys: Set<Key>) => void] {
  const { folderExpand } = useMailConfig();
  const [stored, setStored] = useState(load);
  const parents = useMemo(() => flattenFolders(tree).filter((f) => f.children.length > 0).map(keyOf), [tree]);
  const expanded = useMemo(
    () => new Set<Key>(parents.filter((k) => stored[k] ?? folderExpand)),
    [parents, stored, folderExpand],
  );
  function set(keys: Set<Key>) {
    const next = { ...stored };
    for (const k of parents) next[k] = keys.has(k);
    // A folder just given children (a new sub-folder, an "inner" move) may not be a parent yet.
    for (const k of keys) next[String(k)] = true;
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setStored(next);
  }
  return [expanded, set];
}
