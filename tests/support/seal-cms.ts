/**
 * The CMS of a PDF's last signature (the seal, after any earlier one), as DER: the hex of its
 * /Contents, cut at the end of the DER structure (the rest is the placeholder's zero padding).
 */
export function sealCms(pdf: Buffer): Buffer {
  const hex = [...pdf.toString('latin1').matchAll(/\/Contents\s*<([0-9a-fA-F]+)>/g)].at(-1)?.[1] ?? '';
  const der = Buffer.from(hex, 'hex');
  const first = der[1] ?? 0;
  if (first < 0x80) return der.subarray(0, 2 + first);
  const octets = first & 0x7f;
  let length = 0;
  for (let index = 0; index < octets; index++) length = length * 256 + (der[2 + index] ?? 0);
  return der.subarray(0, 2 + octets + length);
}
