import { UsageError } from './command';

/** Reads one option's value; throws UsageError naming what it expected. */
export type OptionReader<T> = (value: string | undefined, option: string) => T;

/**
 * A command's `--name <value>` options by their readers: each at most once, in any order; any other
 * argument is a usage error. Options left out are undefined. `repeated: 'last'`: an option given again
 * replaces its value (as the older list commands always took it).
 */
export function readOptions<Values extends Record<`--${string}`, unknown>>(
  args: readonly string[],
  spec: { [Name in keyof Values]: OptionReader<Values[Name]> },
  { repeated = 'refused' }: { repeated?: 'refused' | 'last' } = {},
): Partial<Values> {
  const readers: Record<string, OptionReader<unknown>> = spec;
  const read: Record<string, unknown> = {};
  for (let i = 0; i < args.length; i += 2) {
    const [option = '', value] = [args[i], args[i + 1]];
    const reader = Object.hasOwn(readers, option) ? readers[option] : undefined;
    if (!reader) throw new UsageError(`unknown option "${option}"`);
    if (repeated === 'refused' && Object.hasOwn(read, option)) throw new UsageError(`${option} is given twice`);
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

/** `--limit <n>` of the lists that name no maximum: a number of `what` (rows, messages) up to five digits. */
export function countOf(what: string): OptionReader<number> {
  return (value, option) => {
    if (!value || !/^\d{1,5}$/.test(value) || Number(value) < 1) throw new UsageError(`${option} takes a number of ${what}, got "${value ?? ''}"`);
    return Number(value);
  };
}

/** A row's id as typed: a whole number from 1 (`what`: "a cashout", "a ticket"). */
export function parseId(value: string | undefined, what: string): number {
  if (!value || !/^\d{1,15}$/.test(value) || Number(value) < 1) throw new UsageError(value ? `"${value}" is not ${what} id` : `${what} id is needed`);
  return Number(value);
}

/** The argument of a command that takes exactly one; `usage` is the error when there are more or fewer. */
export function onlyArgument(args: readonly string[], usage: string): string | undefined {
  if (args.length !== 1) throw new UsageError(usage);
  return args[0];
}

/** The parse of a command that takes no arguments. */
export function noArguments(command: string): (args: readonly string[]) => Record<string, never> {
  return (args) => {
    if (args.length !== 0) throw new UsageError(`${command} takes no arguments`);
    return {};
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
