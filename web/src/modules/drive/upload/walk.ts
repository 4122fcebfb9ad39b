// The files of a drop or a picker with their folder paths, so a dropped or picked folder keeps its structure:
// a picker's webkitRelativePath ("top/sub/a.txt"), a drop's entries walked (webkitGetAsEntry). `dir` is the
// folder path under the target ("" for the target itself).

export interface PickedFile {
  file: File;
  dir: string;
}

export function fromPicker(list: FileList | File[]): PickedFile[] {
  return [...list].map((file) => {
    const rel = (file as File & { webkitRelativePath?: string }).webkitRelativePath ?? "";
    const parts = rel.split("/").filter(Boolean);
    return { file, dir: parts.slice(0, -1).join("/") };
  });
}

type Entry = FileSystemEntry;

const readAll = (dir: FileSystemDirectoryEntry) =>
  new Promise<Entry[]>((resolve, reject) => {
    const reader = dir.createReader();
    const out: Entry[] = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (!batch.length) return resolve(out);
        out.push(...batch);
        next();
      }, reject);
    next();
  });

async function walk(entry: Entry, dir: string, out: PickedFile[]) {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    out.push({ file, dir });
  } else if (entry.isDirectory) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    for (const child of await readAll(entry as FileSystemDirectoryEntry)) await walk(child, path, out);
  }
}

export async function fromDrop(data: DataTransfer): Promise<PickedFile[]> {
  const entries = [...data.items].map((i) => (i.kind === "file" ? i.webkitGetAsEntry?.() : null));
  if (entries.some((e) => e?.isDirectory)) {
    const out: PickedFile[] = [];
    for (const e of entries) if (e) await walk(e, "", out);
    return out;
  }
  return fromPicker([...data.files]);
}
