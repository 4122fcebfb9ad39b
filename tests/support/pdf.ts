// A real one-page PDF whose text is `text` (ASCII), written by hand: what the text extractors (drive search, the
// assistant's knowledge files) must read back.
export function onePagePdf(text: string): Uint8Array {
  const stream = `BT /F1 18 Tf 10 80 Td (${text}) Tj ET`;
  return new TextEncoder().encode(`%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj
4 0 obj<</Length ${stream.length}>>stream
${stream}
endstream endobj
5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj
trailer<</Root 1 0 R>>
%%EOF`);
}
