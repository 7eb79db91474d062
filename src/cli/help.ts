/**
 * `--help`: the synopsis, then one line per option of args.ts's OPTIONS, in its order, each from
 * `cli.help.<option>` in the reader's language. A new option without a help line fails a test,
 * so the help never leaves an option out.
 */
import { t, tDyn, type Lang } from './i18n.ts';
import { OPTIONS } from './args.ts';

/** How an option is written in the help (with its value). */
function flag(name: string): string {
  const o = OPTIONS[name as keyof typeof OPTIONS];
  const value = o.type === 'string' ? ` ${tDyn('en', `cli.help.${name}.value`)}` : '';
  return `${'short' in o ? `-${o.short}, ` : ''}--${name}${value}`;
}

/** The text `--help` prints. */
export function helpText(lang: Lang): string {
  const names = Object.keys(OPTIONS);
  const rows: Array<[string, string]> = [
    [t(lang, 'cli.help.targetName'), t(lang, 'cli.help.target')],
    [t(lang, 'cli.help.fileName'), t(lang, 'cli.help.file')],
    ...names.map((n): [string, string] => [flag(n), tDyn(lang, `cli.help.${n}`)]),
  ];
  const width = Math.max(...rows.map(([f]) => f.length)) + 2;
  const indent = ' '.repeat(width + 2);
  const lines = rows.map(
    ([f, text]) => `  ${f.padEnd(width)}${text.split('\n').join(`\n${indent}`)}`,
  );
  return `${t(lang, 'cli.usage')}\n\n${t(lang, 'cli.help.options')}\n${lines.join('\n')}\n`;
}
