import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const serverDir = join(import.meta.dirname, '../../src/server');

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

/** Every source file of the server, by its path under src/server, for the tests that hold its rules. */
export function serverSources(): { file: string; text: string }[] {
  return files(serverDir).map((file) => ({
    file: relative(serverDir, file),
    text: readFileSync(file, 'utf8'),
  }));
}
