import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import GithubSlugger from 'github-slugger';

/** The lines of a Markdown page outside fenced code blocks, with inline code spans blanked. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').flatMap((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [line.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length))];
  });
}

/**
 * The anchors GitHub gives a page's headings: each heading's rendered text (code, links, `*` emphasis and HTML
 * reduced to their text), slugged as GitHub does (repeated slugs numbered -1, -2, …).
 */
export function headingAnchors(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const rendered = (heading[1] ?? '')
      .replace(/<[^>]*>/g, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*]/g, '');
    anchors.add(slugger.slug(rendered));
  }
  return anchors;
}

/** Every relative link target of a page (Markdown links and images, and HTML src/href), outside code. */
export function relativeLinks(text: string): string[] {
  const targets = proseLines(text).flatMap((line) => [
    ...[...line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? ''),
    ...[...line.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? ''),
  ]);
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** README.md and every Markdown page under docs/, as paths relative to the root. */
export function documentationPages(root: string): string[] {
  const pages = ['README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(relative(root, path));
    }
  };
  walk(join(root, 'docs'));
  return pages.sort();
}

export function readPage(root: string, page: string): string {
  return readFileSync(join(root, page), 'utf8');
}
