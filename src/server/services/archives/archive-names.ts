import { fileNameOf } from '../documents/file-name';

/**
 * Names for the entries of an archive, each a contract's title as its single download names it
 * ("<title> (signed).pdf"), numbered from the second of a name (" (signed 2).pdf") so no entry
 * overwrites another when unpacked: compared without case, as Windows and macOS file systems do.
 */
export function entryNamer(): (title: string) => string {
  const taken = new Set<string>();
  return (title) => {
    const base = fileNameOf(title);
    for (let number = 1; ; number += 1) {
      const name = number === 1 ? `${base} (signed).pdf` : `${base} (signed ${number}).pdf`;
      const key = name.normalize('NFC').toLowerCase();
      if (!taken.has(key)) {
        taken.add(key);
        return name;
      }
    }
  };
}
