import type { DeliveryComparison, HeaderChange, JsonChange } from '../../../shared/compare';
import type { SignatureCheck } from '../../../shared/verdicts';

/**
 * A peer's text on one terminal line, nothing in it able to hide, reorder or drive the terminal: a carriage return
 * as `\r`, a line feed as `\n`, other control characters as `\xNN`, invisible and direction-changing code points as
 * `\u{XXXX}` (the rule the UI's raw view shows a body's bytes by).
 */
export function escapedForTerminal(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0x0d) out += '\\r';
    else if (code === 0x0a) out += '\\n';
    else if (code === 0x09) out += '\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
    else if (isInvisible(code)) out += `\\u{${code.toString(16).toUpperCase().padStart(4, '0')}}`;
    else out += char;
  }
  return out;
}

function isInvisible(code: number): boolean {
  return (
    (code >= 0x80 && code <= 0xa0) ||
    code === 0xad ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2069) ||
    code === 0xfeff ||
    (code >= 0xfff9 && code <= 0xfffb) ||
    (code >= 0xd800 && code <= 0xdfff)
  );
}

const safe = escapedForTerminal;

function sideLine(mark: '---' | '+++', side: DeliveryComparison['left']): string {
  const what = [side.event ?? 'no event', side.form, `received ${side.receivedAt}`, `answered ${side.responseStatus}`];
  return `${mark} delivery ${side.id} (${safe(what.join(', '))})`;
}

function headerLines(row: HeaderChange): string[] {
  const pair = (at: NonNullable<HeaderChange['left']>) => `${safe(at.name)}: ${safe(at.value)}`;
  const notes = [row.caseChanged && 'case', row.moved && 'moved'].filter(Boolean).join(', ');
  const note = notes ? `    (${notes}: left #${row.left!.index + 1}, right #${row.right!.index + 1})` : '';
  switch (row.kind) {
    case 'added':
      return [`+${pair(row.right!)}`];
    case 'removed':
      return [`-${pair(row.left!)}`];
    case 'changed':
      return [`-${pair(row.left!)}${note}`, `+${pair(row.right!)}`];
    case 'same':
      return row.caseChanged ? [`-${pair(row.left!)}${note}`, `+${pair(row.right!)}`] : [` ${pair(row.right!)}${note}`];
  }
}

function occurrence(change: JsonChange): string {
  return change.occurrence > 1 ? ` (written ${change.occurrence}${change.occurrence === 2 ? 'nd' : change.occurrence === 3 ? 'rd' : 'th'} time)` : '';
}

function jsonLines(change: JsonChange): string[] {
  const path = `${safe(change.path)}${occurrence(change)}`;
  switch (change.kind) {
    case 'added':
      return [`+ ${path}: ${safe(change.right ?? '')}`];
    case 'removed':
      return [`- ${path}: ${safe(change.left ?? '')}`];
    case 'changed': {
      const types = change.leftType !== change.rightType ? ` (${change.leftType} → ${change.rightType})` : '';
      const same = change.sameNumber ? ' (the same number, written differently)' : '';
      return [`~ ${path}${types}${same}`, `-   ${safe(change.left ?? '')}`, `+   ${safe(change.right ?? '')}`];
    }
    case 'reordered':
      return [
        `~ ${path}: keys in another order`,
        `-   ${safe((change.leftOrder ?? []).join(', '))}`,
        `+   ${safe((change.rightOrder ?? []).join(', '))}`,
      ];
  }
}

function signatureLine(mark: '-' | '+', check: SignatureCheck): string {
  const expected = check.expected === null ? '' : `, expected ${check.expected}${check.expectedIsPrefix ? '…, its first digits only' : ''}`;
  const facts = [check.received === null ? 'nothing received' : `received ${safe(check.received)}`, expected.replace(/^, /, '')].filter(Boolean).join('; ');
  return `${mark}${check.verdict}: ${safe(check.reason)} (${facts}).`;
}

/**
 * The comparison as text, like a unified diff: the two deliveries (`---` left, `+++` right), what differs in
 * sentences (`#`), then a section per part (`@@ headers @@`, `@@ body: JSON @@`, `@@ body: text @@`,
 * `@@ body: bytes @@`, `@@ signature @@`, `@@ findings @@`), each only when it differs. Peer text is escaped.
 */
export function comparisonText(comparison: DeliveryComparison): string[] {
  const { left, right, body, headers } = comparison;
  const lines = [sideLine('---', left), sideLine('+++', right)];
  for (const sentence of comparison.summary) lines.push(`# ${safe(sentence)}`);
  if (comparison.request.length > 0) {
    lines.push('@@ request @@');
    for (const field of comparison.request) lines.push(`-${field.field} ${safe(field.left)}`, `+${field.field} ${safe(field.right)}`);
  }
  if (!headers.equal) {
    lines.push('@@ headers @@');
    for (const row of headers.rows) lines.push(...headerLines(row));
  }
  if (body.json && (body.json.changes.length > 0 || body.json.omitted > 0)) {
    lines.push('@@ body: JSON @@');
    for (const change of body.json.changes) lines.push(...jsonLines(change));
    if (body.json.omitted > 0) lines.push(`# … and ${body.json.omitted} more differences`);
  }
  if (body.text) {
    lines.push('@@ body: text @@');
    if (body.text.abandoned) lines.push('# Too many differences to show line by line: see the bytes.');
    for (const hunk of body.text.hunks) {
      lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`);
      for (const line of hunk.lines) lines.push(`${line.slice(0, 1)}${safe(line.slice(1))}`);
    }
    if (body.text.omittedLines > 0) lines.push(`# … and ${body.text.omittedLines} more lines`);
  }
  if (body.bytes) {
    lines.push('@@ body: bytes @@');
    lines.push(`# first difference at byte ${body.bytes.firstDifference} (0x${body.bytes.firstDifference.toString(16)}); sizes ${left.body.size} and ${right.body.size}`);
    const offset = (n: number) => n.toString(16).padStart(8, '0');
    lines.push(`-${offset(body.bytes.left.offset)}  ${body.bytes.left.hex || '(end of body)'}`);
    lines.push(`+${offset(body.bytes.right.offset)}  ${body.bytes.right.hex || '(end of body)'}`);
    lines.push(`# sha256 ${left.body.sha256} and ${right.body.sha256}`);
  }
  if (!comparison.signature.sameVerdict || left.signatureCheck.reason !== right.signatureCheck.reason) {
    lines.push('@@ signature @@');
    lines.push(signatureLine('-', left.signatureCheck), signatureLine('+', right.signatureCheck));
  }
  const { onlyLeft, onlyRight } = comparison.findings;
  if (onlyLeft.length > 0 || onlyRight.length > 0) {
    lines.push('@@ findings @@');
    for (const finding of onlyLeft) lines.push(`-${finding.severity} ${finding.code} ${safe(finding.path)}: ${safe(finding.message)}`);
    for (const finding of onlyRight) lines.push(`+${finding.severity} ${finding.code} ${safe(finding.path)}: ${safe(finding.message)}`);
  }
  return lines;
}
