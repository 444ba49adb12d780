import { UsageError } from './command';

/** Reads one option's value; throws UsageError naming what it expected. */
export type OptionReader<T> = (value: string | undefined, option: string) => T;

/**
 * A command's `--name <value>` options by their readers: each at most once, in any order; any other
 * argument is a usage error. Options left out are undefined.
 */
export function readOptions<Values extends Record<`--${string}`, unknown>>(
  args: readonly string[],
  spec: { [Name in keyof Values]: OptionReader<Values[Name]> },
): Partial<Values> {
  const readers: Record<string, OptionReader<unknown>> = spec;
  const read: Record<string, unknown> = {};
  for (let i = 0; i < args.length; i += 2) {
    const [option = '', value] = [args[i], args[i + 1]];
    const reader = Object.hasOwn(readers, option) ? readers[option] : undefined;
    if (!reader) throw new UsageError(`unknown option "${option}"`);
    if (Object.hasOwn(read, option)) throw new UsageError(`${option} is given twice`);
    read[option] = reader(value, option);
  }
  return read as Partial<Values>;
}

/** `--limit <n>`: a number of rows from 1 to `max`. */
export function rowLimit(max = 10_000): OptionReader<number> {
  return (value, option) => {
    if (!value || !/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > max) throw new UsageError(`${option} takes a number of rows from 1 to ${max}, got "${value ?? ''}"`);
    return Number(value);
  };
}

/** One of a fixed list of words (a status, a kind), as typed in any case. */
export function oneOf<Choice extends string>(choices: readonly Choice[], what: string): OptionReader<Choice> {
  return (value) => {
    const wanted = value?.trim().toLowerCase();
    const choice = choices.find((item) => item === wanted);
    if (choice === undefined) throw new UsageError(`"${value ?? ''}" is not ${what}; use one of ${choices.join(', ')}`);
    return choice;
  };
}
