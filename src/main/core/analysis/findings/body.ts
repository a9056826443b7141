import type { Finding } from '../../../../shared/verdicts';
import { maxJsonDepth, type ParsedBody } from '../parse-body';
import { finding } from './catalog';
import { quote, withArticle } from './text';

const maxDuplicateKeyFindings = 10;

/** Whether the body could be read as one JSON object, and how cleanly. */
export function bodyFindings(parsed: ParsedBody, truncated: boolean, byteLength: number): Finding[] {
  const findings: Finding[] = [];
  if (truncated) {
    findings.push(
      finding('body.truncated', '$', `The body went past the size limit and was cut at ${byteLength} bytes; checks ran on what was kept.`),
    );
  }
  switch (parsed.kind) {
    case 'empty':
      findings.push(finding('body.empty', '$', 'The body is empty; every delivery carries a JSON object.'));
      break;
    case 'invalid_utf8':
      findings.push(finding('body.invalid_utf8', '$', 'The body is not valid UTF-8, so it cannot be JSON.'));
      break;
    case 'invalid_json':
      findings.push(finding('body.invalid_json', '$', `The body is not valid JSON: ${parsed.reason}`));
      break;
    case 'too_deep':
      findings.push(
        finding('body.too_deep', '$', `The body nests arrays or objects deeper than ${maxJsonDepth} levels; it was not parsed.`),
      );
      break;
    case 'not_object':
      findings.push(finding('body.not_object', '$', `The body is ${withArticle(parsed.jsonType)}; every event body is a JSON object.`));
      break;
    case 'object': {
      const keys = [...new Set(parsed.duplicateKeys.map((d) => d.key))];
      for (const key of keys.slice(0, maxDuplicateKeyFindings)) {
        findings.push(
          finding(
            'body.duplicate_key',
            '$',
            `Key ${quote(key)} appears more than once in one object; parsers disagree on which value wins.`,
          ),
        );
      }
      break;
    }
  }
  return findings;
}
