// Card photos: the image type is read from the bytes (JPEG, PNG, GIF, WebP), never taken from the sender's
// word, and the size is limited (LIMITS.photoBytes). A photo comes as a data: URL in cardData or as a vCard
// PHOTO (base64 inline, or a data: URI in vCard 4.0).
import { LIMITS } from "../../../../shared/contacts/constants.ts";
import { AppError } from "../../../lib/errors.ts";

export interface Photo {
  mime: string;
  data: Uint8Array;
}

export function sniffImage(b: Uint8Array): string | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return "image/gif";
  if (b.length >= 12 && b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) {
    return "image/webp";
  }
  return null;
}

export function decodeBase64(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  try {
    const bin = atob(clean);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** Bytes → a photo, or null when they are no known image or too large. */
export function photoOfBytes(data: Uint8Array | null): Photo | null {
  if (!data || data.length === 0 || data.length > LIMITS.photoBytes) return null;
  const mime = sniffImage(data);
  return mime ? { mime, data } : null;
}

/** cardData.photo: "data:image/...;base64,...." (or bare base64). 400 when it is not an image or too large. */
export function photoOfDataUrl(value: string): Photo {
  const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(value);
  const data = decodeBase64(m ? m[3] : value);
  if (data && data.length > LIMITS.photoBytes) throw new AppError(413, "contact.photo_too_large");
  const photo = photoOfBytes(data);
  if (!photo) throw new AppError(400, "contact.photo_invalid");
  return photo;
}

export function base64Of(data: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < data.length; i += 0x8000) bin += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(bin);
}
