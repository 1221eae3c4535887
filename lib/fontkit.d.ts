/** The part of fontkit (pdfkit's font engine; no bundled types) that lib/pdf-fonts.ts uses. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): Font | { fonts: Font[] };
}
