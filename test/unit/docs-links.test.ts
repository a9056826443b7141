import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentationPages, headingAnchors, readPage, relativeLinks } from '../support/markdown-links';

const root = resolve(__dirname, '../..');

describe('the anchors GitHub gives headings', () => {
  it('follows its slug rules (as github-slugger gives them): code and links reduced to text, punctuation dropped, repeats numbered', () => {
    const page = ['# The relay: receiving', '## `webhook-inspector serve user`', '## Where it may connect (the egress policy)', '## [Which](x.md) Node', '## Notes', '## Notes', '### `inspector_schema`', '## Café — é', '## A/B: 1.2 (x)', '```', '## not a heading', '```'].join('\n');
    expect([...headingAnchors(page)]).toEqual([
      'the-relay-receiving',
      'webhook-inspector-serve-user',
      'where-it-may-connect-the-egress-policy',
      'which-node',
      'notes',
      'notes-1',
      'inspector_schema',
      'café--é',
      'ab-12-x',
    ]);
  });
});

describe('every relative link of README.md and docs/', () => {
  const pages = documentationPages(root);

  it('finds the pages', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/cli.md', 'docs/checks.md', 'docs/formats/ndjson.md']));
  });

  it.each(pages)('%s: each link names a file that exists, and each #anchor a heading of it', (page) => {
    const broken = relativeLinks(readPage(root, page)).filter((link) => {
      const [path, anchor] = link.split('#', 2) as [string, string | undefined];
      const target = path === '' ? page : join(dirname(page), decodeURIComponent(path));
      if (!existsSync(join(root, target))) return true;
      return anchor !== undefined && (!target.endsWith('.md') || !headingAnchors(readPage(root, target)).has(decodeURIComponent(anchor)));
    });
    expect(broken, `broken links in ${page}`).toEqual([]);
  });
});
