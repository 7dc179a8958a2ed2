import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import {
  SCRIPT_INVENTORY_FILE,
  inlineScriptProblems,
  integrityOf,
  subresourceIntegrityProblems,
  unlistedScripts,
  type ScriptInventory,
} from './script-inventory-check.ts';
import {
  addSubresourceIntegrity,
  forbiddenSourcesIn,
  justifyChunks,
  matchesSource,
  scriptInventory,
  sourceOf,
  type Justifications,
} from './script-inventory.ts';

const ROOT = '/repo';

describe('sources and their justification (PCI DSS 6.4.3)', () => {
  it('names modules by npm package, repository path or bundler helper', () => {
    expect(sourceOf('/repo/node_modules/react-dom/cjs/react-dom.production.js', ROOT)).toBe(
      'npm:react-dom',
    );
    expect(sourceOf('/repo/web/node_modules/@hookform/resolvers/zod/dist/zod.mjs', ROOT)).toBe(
      'npm:@hookform/resolvers',
    );
    expect(sourceOf('/repo/web/src/routes/dashboard.tsx?tsr-split=component', ROOT)).toBe(
      'web/src/routes/dashboard.tsx',
    );
    expect(sourceOf('\0vite/preload-helper.js', ROOT)).toBe('virtual:vite/preload-helper.js');
    expect(sourceOf('/elsewhere/evil.js', ROOT)).toBe('/elsewhere/evil.js');
  });

  it('matches * within a segment and ** across segments', () => {
    expect(matchesSource('npm:@radix-ui/*', 'npm:@radix-ui/react-dialog')).toBe(true);
    expect(matchesSource('npm:@radix-ui/*', 'npm:@radix-ui-evil/react-dialog')).toBe(false);
    expect(matchesSource('web/src/**', 'web/src/features/payments/pay.ts')).toBe(true);
    expect(matchesSource('web/src/*', 'web/src/features/payments/pay.ts')).toBe(false);
    expect(matchesSource('npm:react', 'npm:react-dom')).toBe(false);
  });

  it('reports a planted module no rule justifies, and justifies the rest', () => {
    const rules = [
      { sources: ['web/src/**'], reason: 'Our code.' },
      { sources: ['npm:react', 'npm:react-dom'], reason: 'React.' },
    ];
    const { chunks, unjustified } = justifyChunks(
      [
        {
          fileName: 'assets/index-a.js',
          moduleIds: ['/repo/web/src/main.tsx', '/repo/node_modules/react/index.js'],
        },
        {
          fileName: 'assets/dashboard-b.js',
          moduleIds: [
            '/repo/web/src/routes/dashboard.tsx',
            '/repo/node_modules/card-skimmer/index.js',
          ],
        },
      ],
      rules,
      ROOT,
    );
    expect(unjustified).toEqual([
      { fileName: 'assets/dashboard-b.js', source: 'npm:card-skimmer' },
    ]);
    expect(chunks[0]).toEqual({
      fileName: 'assets/index-a.js',
      sources: ['npm:react', 'web/src/main.tsx'],
      justifications: ['Our code.', 'React.'],
    });
  });
});

describe("another page's code", () => {
  it('finds the sources of each chunk that match a forbidden pattern', () => {
    const chunks = [
      { fileName: 'assets/index-a.js', sources: ['web/src/main.tsx', 'npm:react'] },
      { fileName: 'assets/office-b.js', sources: ['web/src/office/main.tsx', 'npm:qr'] },
    ];
    expect(forbiddenSourcesIn(chunks, ['web/src/office/**', 'npm:qr'])).toEqual([
      'web/src/office/main.tsx (in assets/office-b.js)',
      'npm:qr (in assets/office-b.js)',
    ]);
    expect(forbiddenSourcesIn(chunks.slice(0, 1), ['web/src/office/**'])).toEqual([]);
  });
});

describe('Subresource Integrity on index.html (OWASP ASVS 5.0 3.6.1)', () => {
  const integrity = new Map([
    ['/app/assets/index-a.js', 'sha384-AAA'],
    ['/app/assets/shared-b.js', 'sha384-BBB'],
    ['/app/assets/index-c.css', 'sha384-CCC'],
  ]);

  it('adds integrity and crossorigin to scripts, module preloads and stylesheets', () => {
    const html = `<head>
<link rel="icon" href="/app/logo.svg" />
<script type="module" crossorigin src="/app/assets/index-a.js"></script>
<link rel="modulepreload" href="/app/assets/shared-b.js">
<link rel="stylesheet" crossorigin href="/app/assets/index-c.css">
</head>`;
    const result = addSubresourceIntegrity(html, integrity);
    expect(result.html).toContain(
      '<script type="module" crossorigin src="/app/assets/index-a.js" integrity="sha384-AAA"></script>',
    );
    expect(result.html).toContain(
      '<link rel="modulepreload" href="/app/assets/shared-b.js" crossorigin integrity="sha384-BBB">',
    );
    expect(result.html).toContain(
      '<link rel="stylesheet" crossorigin href="/app/assets/index-c.css" integrity="sha384-CCC">',
    );
    expect(result.html).toContain('<link rel="icon" href="/app/logo.svg" />');
    expect(result.scripts).toEqual(['/app/assets/index-a.js', '/app/assets/shared-b.js']);
    expect(result.foreign).toEqual([]);
  });

  it('reports a script tag that loads something the build did not make', () => {
    const html = '<script src="https://tags.example.com/tag.js"></script>';
    expect(addSubresourceIntegrity(html, integrity).foreign).toEqual([
      'https://tags.example.com/tag.js',
    ]);
  });
});

describe('no inline script (OWASP ASVS 5.0 3.4.3, PCI DSS 6.4.3)', () => {
  it('accepts script files only', () => {
    const html = `<!doctype html><html><head>
<!-- <script>commented out</script> -->
<script type="module" crossorigin src="/webpay/assets/index-a.js"></script>
<script src="./swagger-ui-bundle.js" charset="UTF-8"> </script>
<meta name="description" content="Pay on time: onload=nothing">
</head><body><button type="button">Pay</button></body></html>`;
    expect(inlineScriptProblems(html)).toEqual([]);
  });

  it('finds inline scripts, inline event handlers and javascript: URLs', () => {
    const html = `<script>window.skim = 1</script>
<script type="importmap">{"imports": {}}</script>
<img src="x.png" onerror="steal()">
<body ONLOAD='go()'>
<a href=" javascript:alert(1)">x</a>`;
    const problems = inlineScriptProblems(html);
    expect(problems).toHaveLength(5);
    expect(problems[0]).toContain('window.skim = 1');
    expect(problems[1]).toContain('importmap');
    expect(problems[2]).toContain('onerror=');
    expect(problems[3]).toContain('onload=');
    expect(problems[4]).toContain('javascript: URL');
  });
});

describe('the scripts a page loaded, against the inventory (PCI DSS 6.4.3, 11.6.1)', () => {
  const entry = 'console.log("portal")';
  const route = 'export const dashboard = 1';
  const inventory: ScriptInventory = {
    page: '/webpay/dashboard',
    description: 'test',
    scripts: [
      {
        url: '/webpay/assets/index-a.js',
        integrity: integrityOf(entry),
        bytes: entry.length,
        loadedBy: 'index.html',
        justifications: ['Our code.'],
        sources: ['web/src/main.tsx'],
      },
      {
        url: '/webpay/assets/dashboard-b.js',
        integrity: integrityOf(route),
        bytes: route.length,
        loadedBy: 'import',
        justifications: ['Our code.'],
        sources: ['web/src/routes/dashboard.tsx'],
      },
    ],
    external: [
      {
        url: '{CONVERGE_HOSTED_URL}/PayWithConverge.js',
        integrity: null,
        justification: 'The processor.',
      },
    ],
  };
  const context = {
    pageUrl: 'https://pay.example.org/webpay/dashboard',
    placeholders: { CONVERGE_HOSTED_URL: 'https://api.convergepay.com/hosted-payments' },
  };
  const bytes = (text: string) => new TextEncoder().encode(text);
  const listed = [
    { url: 'https://pay.example.org/webpay/assets/index-a.js', body: bytes(entry) },
    { url: '/webpay/assets/dashboard-b.js', body: bytes(route) },
    { url: 'https://api.convergepay.com/hosted-payments/PayWithConverge.js' },
  ];

  it('passes when every script is listed and its bytes are the ones built', () => {
    expect(unlistedScripts(inventory, listed, context)).toEqual([]);
  });

  it('fails on a planted script the inventory does not list', () => {
    const planted = [
      ...listed,
      { url: 'https://pay.example.org/webpay/assets/skimmer-c.js', body: bytes('steal()') },
      { url: 'https://cdn.example.net/hosted-payments/PayWithConverge.js' },
    ];
    expect(unlistedScripts(inventory, planted, context)).toEqual([
      'https://pay.example.org/webpay/assets/skimmer-c.js: not in the script inventory',
      'https://cdn.example.net/hosted-payments/PayWithConverge.js: not in the script inventory',
    ]);
  });

  it('fails on a listed script whose bytes were changed, or not seen', () => {
    const tampered = [
      { url: '/webpay/assets/index-a.js', body: bytes(`${entry};steal()`) },
      { url: '/webpay/assets/dashboard-b.js' },
    ];
    const problems = unlistedScripts(inventory, tampered, context);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/index-a\.js: served bytes sha384-.+, inventory sha384-/);
    expect(problems[1]).toContain('dashboard-b.js: its bytes were not seen');
  });

  it('checks the integrity attributes of the page against the inventory', () => {
    const page = `<script type="module" src="/webpay/assets/index-a.js" integrity="${integrityOf(entry)}"></script>
<link rel="modulepreload" href="/webpay/assets/dashboard-b.js" integrity="sha384-stale">
<script src="/webpay/assets/skimmer-c.js"></script>`;
    expect(subresourceIntegrityProblems(page, inventory)).toEqual([
      `/webpay/assets/dashboard-b.js: integrity attribute sha384-stale, inventory ${integrityOf(route)}`,
      '/webpay/assets/skimmer-c.js: loaded by the page but not in the script inventory',
    ]);
  });
});

describe('the Vite plugin', () => {
  let root: string;

  const justifications: Justifications = {
    bundled: [
      { sources: ['index.html', 'src/**'], reason: 'Our code.' },
      { sources: ['virtual:**'], reason: 'The bundler.' },
    ],
    external: [{ url: '{CONVERGE_HOSTED_URL}/PayWithConverge.js', reason: 'The processor.' }],
  };

  async function buildFixture(
    options: {
      rules?: Justifications;
      /** A second justification file, whose rules add to the first's. */
      moreRules?: Justifications;
      inlineScript?: boolean;
      forbidden?: string[];
    } = {},
  ) {
    const outDir = path.join(root, 'dist');
    const justificationsFile = path.join(root, 'justifications.json');
    await writeFile(justificationsFile, JSON.stringify(options.rules ?? justifications));
    const moreFile = path.join(root, 'more-justifications.json');
    await writeFile(moreFile, JSON.stringify(options.moreRules ?? { bundled: [], external: [] }));
    const forbidden = options.forbidden && {
      sources: options.forbidden,
      reason: 'the other page is not this one.',
    };
    await writeFile(
      path.join(root, 'index.html'),
      `<!doctype html><html><head><title>Fixture</title>${
        options.inlineScript ? '<script>window.x = 1</script>' : ''
      }</head><body><script type="module" src="/src/main.js"></script></body></html>`,
    );
    await build({
      root,
      base: '/app/',
      configFile: false,
      logLevel: 'silent',
      plugins: [
        scriptInventory({
          justificationsFile: [justificationsFile, moreFile],
          page: '/app/pay',
          repoRoot: root,
          forbidden,
        }),
      ],
      build: { outDir, emptyOutDir: true },
    });
    return outDir;
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'webpay-inventory-'));
    await mkdir(path.join(root, 'src'));
    await mkdir(path.join(root, 'node_modules', 'left-pad'), { recursive: true });
    await writeFile(
      path.join(root, 'node_modules', 'left-pad', 'package.json'),
      JSON.stringify({ name: 'left-pad', version: '1.0.0', type: 'module', main: 'index.js' }),
    );
    await writeFile(
      path.join(root, 'node_modules', 'left-pad', 'index.js'),
      'export default (text, width) => String(text).padStart(width);',
    );
    await writeFile(
      path.join(root, 'src', 'main.js'),
      "import('./lazy.js').then((lazy) => console.info(lazy.answer));",
    );
    await writeFile(
      path.join(root, 'src', 'lazy.js'),
      "import pad from 'left-pad';\nexport const answer = pad('42', 5);",
    );
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('fails the build on a bundled package no justification covers', async () => {
    await expect(buildFixture()).rejects.toThrow(/npm:left-pad \(in assets\/lazy-.+\.js\)/);
  });

  it('takes the rules of every justification file given', async () => {
    const moreRules = {
      bundled: [{ sources: ['npm:left-pad'], reason: 'Padding.' }],
      external: [],
    };
    const outDir = await buildFixture({ moreRules });
    const inventory = JSON.parse(
      await readFile(path.join(outDir, SCRIPT_INVENTORY_FILE), 'utf8'),
    ) as ScriptInventory;
    expect(inventory.scripts.flatMap((script) => script.justifications)).toContain('Padding.');
  });

  it("fails the build when a chunk holds another page's code", async () => {
    const moreRules = {
      bundled: [{ sources: ['npm:left-pad'], reason: 'Padding.' }],
      external: [],
    };
    await expect(buildFixture({ moreRules, forbidden: ['npm:left-pad'] })).rejects.toThrow(
      /must not be part of this build: the other page is not this one\.\n {2}npm:left-pad \(in assets\/lazy-.+\.js\)/,
    );
  });

  it('fails the build on inline script in index.html', async () => {
    const rules = {
      ...justifications,
      bundled: [...justifications.bundled, { sources: ['npm:left-pad'], reason: 'Padding.' }],
    };
    await expect(buildFixture({ rules, inlineScript: true })).rejects.toThrow(
      /must not run inline script/,
    );
  });

  it('lists every chunk with its integrity and reasons, and puts SRI on index.html', async () => {
    const rules = {
      ...justifications,
      bundled: [...justifications.bundled, { sources: ['npm:left-pad'], reason: 'Padding.' }],
    };
    const outDir = await buildFixture({ rules });
    const inventory = JSON.parse(
      await readFile(path.join(outDir, SCRIPT_INVENTORY_FILE), 'utf8'),
    ) as ScriptInventory;
    expect(inventory.page).toBe('/app/pay');
    expect(inventory.scripts.map((script) => script.loadedBy).sort()).toEqual([
      'import',
      'index.html',
    ]);
    for (const script of inventory.scripts) {
      const file = await readFile(path.join(outDir, script.url.replace('/app/', '')));
      expect(script.integrity).toBe(integrityOf(file));
      expect(script.bytes).toBe(file.length);
    }
    const lazy = inventory.scripts.find((script) => script.loadedBy === 'import');
    expect(lazy?.sources).toEqual(['npm:left-pad', 'src/lazy.js']);
    expect(lazy?.justifications).toEqual(['Our code.', 'Padding.']);
    expect(inventory.external).toEqual([
      {
        url: '{CONVERGE_HOSTED_URL}/PayWithConverge.js',
        integrity: null,
        justification: 'The processor.',
      },
    ]);
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    expect(subresourceIntegrityProblems(html, inventory)).toEqual([]);
    expect(html).toMatch(
      /<script type="module" crossorigin src="\/app\/assets\/index-.+\.js" integrity="sha384-/,
    );
  });
});
