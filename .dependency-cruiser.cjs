// The floors of ARCHITECTURE.md as rules: code imports only downward, and nothing imports in a
// circle. tests/unit/import-floors.test.ts runs it (`npx depcruise src` does too).

/** The server's floors, top to bottom: each folder (or file) as a path under src/server/. */
const serverFloors = [
  ['main.ts', 'app.ts'],
  ['routes', 'plugins'],
  ['jobs', 'demo'],
  // The process's dependencies (deps.ts) and the contexts made of them (context.ts) are what a
  // use case is handed: they sit with the services they are written for.
  ['services', 'context.ts', 'deps.ts'],
  ['mail'],
  ['pdf', 'docx', 'uploads'],
  // The live notification streams listen to the database, as the queue's wake-ups do.
  ['queue', 'workers', 'streams'],
  // Leaves the whole server reads: who acts, the environment, the logger, the paths.
  ['db', 'policies', 'presenters', 'actor.ts', 'env.ts', 'logging.ts', 'paths.ts'],
];

const nameOf = (part) => part.replace(/\.ts$/, '');
const pathOf = (part) => (part.endsWith('.ts') ? `^src/server/${part}$` : `^src/server/${part}/`);

/** One rule for each floor's part and each part of a floor above it: `mail-not-to-services`. */
const floorRules = serverFloors.flatMap((floor, level) =>
  floor.flatMap((part) =>
    serverFloors.slice(0, level).flatMap((above) =>
      above.map((higher) => ({
        name: `${nameOf(part)}-not-to-${nameOf(higher)}`,
        comment: `src/server/${part} is below src/server/${higher}: it may not import it`,
        severity: 'error',
        from: { path: pathOf(part) },
        to: { path: pathOf(higher) },
      })),
    ),
  ),
);

module.exports = {
  forbidden: [
    ...floorRules,
    {
      name: 'shared-not-to-server-or-web',
      comment: 'src/shared is what server and web agree on: it imports neither, nor the editor built on it',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web|editor)/' },
    },
    {
      name: 'editor-not-to-server-or-web',
      comment: 'src/editor is the document schema both sides use: it imports only src/shared',
      severity: 'error',
      from: { path: '^src/editor/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-not-to-server',
      comment: 'the React app talks to the server over HTTP, through src/shared',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-to-web',
      comment: 'the server never runs the React app',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'no-circular',
      // The one exception: the Drizzle tables of db/schema reference each other in their foreign
      // keys and relations (accounts and organizations, contracts with files and signing), which
      // Drizzle resolves lazily; cutting them would mean one file for most of the schema.
      comment: 'no import cycles, but between the files of db/schema',
      severity: 'error',
      from: {},
      to: { circular: true, via: { pathNot: '^src/server/db/schema/' } },
    },
  ],
  options: {
    includeOnly: '^src/',
    // Type-only imports count: a floor that needs an upper floor's types is coupled to it too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
