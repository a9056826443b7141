import { optionExample, optionHeading, type CommandDefinition } from '@webhook-inspector/command-line';
import { program } from './commands';

/** The markers around the part of docs/cli.md written from the definitions (the prose around it is the page's own). */
export const referenceStart = '<!-- Written from the commands\' definitions in src/main/cli: see "Keeping this page" below. -->';
export const referenceEnd = '<!-- End of the part written from the definitions. -->';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function code(text: string): string {
  return `\`${text}\``;
}

function anchor(definition: CommandDefinition): string {
  return `${program} ${definition.name}`.replace(/\s+/g, '-');
}

/** One command's section: what `--help` says, as Markdown. */
function commandSection(definition: CommandDefinition): string[] {
  const lines = [`### ${program} ${definition.name}`, '', definition.summary, ''];
  for (const paragraph of definition.description ?? []) lines.push(paragraph, '');
  lines.push('```', ...definition.synopsis.map((s) => `${program} ${definition.name}${s ? ` ${s}` : ''}`), '```', '');
  for (const p of definition.positionals ?? []) lines.push(`- ${code(p.name)}: ${p.help}`);
  if (definition.positionals?.length) lines.push('');
  const options = Object.entries(definition.options);
  if (options.length > 0) {
    lines.push('| Option | What it does | Default | Example |', '|---|---|---|---|');
    for (const [name, option] of options) {
      const example = optionExample(name, option);
      lines.push(
        `| ${cell(code(optionHeading(name, option)))} | ${cell(option.help)} | ${cell(option.default ?? '')} | ${example === null ? '' : cell(code(example))} |`,
      );
    }
    lines.push('');
  }
  return lines;
}

/** The commands' reference, between the markers of docs/cli.md. */
export function referencePage(definitions: readonly CommandDefinition[]): string {
  const contents = definitions.map((d) => `- [${code(`${program} ${d.name}`)}](#${anchor(d)}): ${d.summary}`);
  const sections = definitions.flatMap(commandSection);
  return [referenceStart, '', ...contents, '', ...sections, referenceEnd].join('\n');
}
