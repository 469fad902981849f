import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const srcDir = join(import.meta.dirname, '../../src');

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

/** Every source file under a folder of src/ (all of src/ by default), by its path under that folder. */
export function sourcesUnder(folder = ''): { file: string; text: string }[] {
  const dir = join(srcDir, folder);
  return files(dir).map((file) => ({ file: relative(dir, file), text: readFileSync(file, 'utf8') }));
}

/** Every source file of the server, by its path under src/server, for the tests that hold its rules. */
export const serverSources = () => sourcesUnder('server');
