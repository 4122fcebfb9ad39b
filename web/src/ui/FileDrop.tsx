// A screen part as a file drop target (the mail composer, the board editor): files dragged from the desktop onto
// any part of it are handed to onFiles. Native drag events, because browsers announce a file drag by the "Files"
// type (react-aria's DropZone sees only the files' MIME types). Other drags, and a drop a child keeps for itself
// (an image dropped into the rich-text editor), are left to their targets; the highlight goes either way.
import { type ReactNode, useRef, useState } from "react";

const carriesFiles = (dt: DataTransfer | null) => !!dt && Array.from(dt.types).includes("Files");

/** className: the module's layout class of the drop area. */
export function FileDrop({ className, label, onFiles, children }: { className: string; label: string; onFiles(files: File[]): void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  return (
    <div className={className} role="group" aria-label={label} data-drop-target={over || undefined}
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
