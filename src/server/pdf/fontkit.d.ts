/** The part of fontkit Pactum uses: which characters a font file has. */
declare module 'fontkit' {
  export function create(buffer: Buffer): unknown;
}
