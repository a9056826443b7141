import { categoryTitles, checkCategories } from './check-case';
import { handlerCheckBattery } from './battery';

export const casesStart = '<!-- Written from src/main/core/handler-check/battery-doc.ts: UPDATE_DOCS=1 rewrites it. -->';
export const casesEnd = '<!-- End of the part written from the battery. -->';

const expectation = { acknowledge: 'every request answered 2xx in time', reject: 'not answered 2xx' } as const;

/** The list of cases in docs/handler-check.md, from the battery itself (ids, what each sends, the rule, the pass). */
export function casesPage(): string {
  const cases = handlerCheckBattery({ secret: 'documentation' });
  const sections = checkCategories.map((category) => {
    const rows = cases
      .filter((c) => c.category === category)
      .map((c) => `| \`${c.id}\` | ${c.title}${c.requests.length > 1 ? ` (${c.requests.length} requests${c.simultaneous ? ', at once' : ''})` : ''} | ${c.specSections.join(', ')} | ${expectation[c.expect]} |`);
    return [`### ${categoryTitles[category]}`, '', '| case | what is sent | spec | passes when |', '|---|---|---|---|', ...rows].join('\n');
  });
  return [casesStart, '', ...sections.flatMap((s) => [s, '']), casesEnd].join('\n');
}
