import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import globals from 'globals';
import path from 'node:path';
import {
  SERVER,
  SERVER_FLOORS,
  resolveServerImport,
  serverImportProblem,
  serverPlace,
} from './scripts/server-floors.js';

const APP = path.join(import.meta.dirname, 'src', 'app');
const FEATURES = path.join(APP, 'features');

/** The feature folder a path lies in ('outbox'), and the rest of the path inside it. */
function featureOf(file) {
  const rest = path.relative(FEATURES, file);
  if (rest.startsWith('..') || path.isAbsolute(rest)) return null;
  const [name, ...inside] = rest.split(path.sep);
  return { name, inside: inside.join('/') };
}

/** Visitors that hand every import's and re-export's source (static or dynamic) to `check`. */
function importVisitors(check) {
  const fromSource = (node) => check(node.source, node.source?.value);
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression: (node) => check(node.source, node.source.value),
  };
}

/**
 * Lint zones between features (docs/decisions/028): code outside a feature reaches it only
 * through its public `index.ts`. Tests and test folders may reach further (fixtures, internals
 * they exercise); routes wire pages and are exempt. Relative imports and the `@app/` alias are
 * resolved, so the rule cannot be dodged by spelling a path differently.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      inside:
        "'{{name}}' is another feature: import it through its index ('{{index}}'), and export what you need there.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = featureOf(file)?.name;
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('.')) target = path.resolve(path.dirname(file), source);
      else if (source.startsWith('@app/')) target = path.join(APP, source.slice('@app/'.length));
      else return;
      const feature = featureOf(target);
      if (!feature || feature.name === own) return;
      if (feature.inside === '' || /^index(\.tsx?)?$/.test(feature.inside)) return;
      const index = path.relative(path.dirname(file), path.join(FEATURES, feature.name));
      context.report({
        node,
        messageId: 'inside',
        data: { name: feature.name, index: index.startsWith('.') ? index : `./${index}` },
      });
    };
    return importVisitors(check);
  },
};

/**
 * The server's floors (docs/decisions/060, the table in scripts/server-floors.js): a part of
 * src/server imports only from floors below its own, never from a part beside it on its floor
 * or above it; and nothing imports another module's insides (`modules/<b>/x.ts`), only its
 * `index.ts`. Relative imports, dynamic `import()`, re-exports and the `@server/` alias are
 * resolved, so spelling a path differently does not dodge it; a top-level folder or file on no
 * floor fails too. Allowed beyond that, and only that: tests (`*.test.ts`) and files under any
 * `test/` folder of src/server (src/server/test/**, forwarding/test/**, …) may import any file
 * of the server, insides and higher floors included (the config below turns the rule off for
 * them), like the client's tests.
 */
const serverFloors = {
  meta: {
    type: 'problem',
    messages: {
      up: "'{{from}}' (floor {{fromFloor}}: {{fromParts}}) may not import '{{to}}' (floor {{toFloor}}): a part imports only from floors below its own. Move the code down, or pass it in from buildApp.",
      inside:
        "'{{module}}' is another module: import it through its index ('{{index}}'), and export what you need there.",
      unplaced:
        "'{{part}}' is on no floor of the server: add it to SERVER_FLOORS in scripts/server-floors.js.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = resolveServerImport(file, source);
      if (!target) return;
      const problem = serverImportProblem(file, target);
      if (!problem) return;
      if (problem.kind === 'inside') {
        const index = path.relative(
          path.dirname(file),
          path.join(SERVER, 'modules', problem.module),
        );
        context.report({
          node,
          messageId: 'inside',
          data: { module: problem.module, index: index.startsWith('.') ? index : `./${index}` },
        });
      } else if (problem.kind === 'up') {
        const fromFloor = serverPlace(file).floor;
        context.report({
          node,
          messageId: 'up',
          data: {
            from: problem.from,
            to: problem.to,
            fromFloor: fromFloor + 1,
            fromParts: SERVER_FLOORS[fromFloor].parts.join(', '),
            toFloor: serverPlace(target).floor + 1,
          },
        });
      } else context.report({ node, messageId: 'unplaced', data: { part: problem.part } });
    };
    return importVisitors(check);
  },
};

/**
 * One import style in src (docs/decisions/064): a folder's own files (and those below it) by
 * './', anything else by its root's alias (@shared/, @app/, @server/), so a file's imports read
 * the same wherever it sits and a move rewrites no sibling's paths.
 */
const parentImports = {
  regex: '^\\.\\./',
  message:
    "Import from another folder by its alias (@shared/, @app/, @server/): './' reaches only a folder's own files (decision 064).",
};

/** The local rules, one plugin object for every config block that uses it. */
const boundaries = { rules: { features: featureBoundaries, floors: serverFloors } };

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'data',
      'node_modules',
      'src/app/routeTree.gen.ts',
      '.tmp',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: {
      'react-hooks': reactHooks,
      boundaries,
    },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/features': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@server/**', 'fastify', 'drizzle-orm*', 'pg'],
              message: 'The app never imports server code.',
            },
            parentImports,
          ],
          paths: [
            {
              name: 'sonner',
              allowTypeImports: true,
              message:
                "Use toast from '@app/lib/toast': sonner loads with the first toast, not with the sign-in page (decision 055).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.test.{ts,tsx}', 'src/app/**/test/**', 'src/app/routes/**'],
    rules: { 'boundaries/features': 'off' },
  },
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  {
    files: ['src/app/routes/**/*.tsx'],
    // TanStack Router's file routes export `Route`; `throw redirect()` is its control flow.
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { boundaries },
    rules: {
      'boundaries/floors': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**', '@app/**', 'react', 'react-dom'],
              message: 'The server never imports app code.',
            },
            parentImports,
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.test.ts', 'src/server/**/test/**'],
    rules: { 'boundaries/floors': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!valibot$|\\./|@shared/)',
              message: 'src/shared is isomorphic: it imports only valibot and its own files.',
            },
            parentImports,
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [parentImports] }] },
  },
);
