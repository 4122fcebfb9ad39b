// The post form as a file drop target: files dragged from the desktop onto any part of it are attached. Native
// drag events, because browsers announce a file drag by the "Files" type (react-aria's DropZone sees only the
// files' MIME types). An image dropped into the editor is placed there instead (the editor stops its drop).
import { type ReactNode, useRef, useState } from "react";

const carriesFiles = (dt: DataTransfer | null) => !!dt && Array.from(dt.types).includes("Files");

export function FileDrop({ label, onFiles, children }: { label: string; onFiles(files: File[]): void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  return (
    <div className="bw-drop" role="group" aria-label={label} data-drop-target={over || undefined}
      onDragEnter={(e) => {
        if (!carriesFiles(e.dataTransfer)) return;
        depth.current++;
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!carriesFiles(e.dataTransfer)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (!depth.current) setOver(false);
      }}
      onDragOver={(e) => {
        if (!carriesFiles(e.dataTransfer)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
      }}
      // Capture: the highlight goes even when the editor keeps the drop for itself.
      onDropCapture={() => {
        depth.current = 0;
        setOver(false);
      }}
      onDrop={(e) => {
        if (!carriesFiles(e.dataTransfer)) return;
        e.preventDefault();
        const files = Array.from(e.dataTransfer.files);
        if (files.length) onFiles(files);
      }}>
      {children}
    </div>
  );
}
