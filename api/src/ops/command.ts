import type { Database } from '../db/database';

/** Where a command writes: lines for people, on stdout. */
export type OpsOutput = { line(text?: string): void };

export type OpsContext = {
  db: Database;
  out: OpsOutput;
  /** Tells the running site's open pages of these users their new balance (wallet.updated). */
  tellWallets(userIds: readonly number[]): Promise<void>;
  /** Tells every running instance at once that the offers catalog changed (through Redis; without it they notice within a second). */
  catalogChanged(): Promise<void>;
};

/**
 * One operator command as written: `parse` checks the arguments before the database is opened (a typo
 * costs nothing); `run` does the work. Throw UsageError for wrong arguments, OpsError for anything else to report.
 */
export type CommandDefinition<Args> = {
  name: string;
  usage: string;
  summary: string;
  /** false: the command talks to the running server instead, and the database is not opened. */
  usesDatabase?: false;
  parse(args: readonly string[]): Args;
  run(context: OpsContext, args: Args): Promise<void>;
};

/** A command in the table: `prepare` parses the arguments and gives back the work to run. */
export type OpsCommand = {
  name: string;
  usage: string;
  summary: string;
  usesDatabase?: false;
  prepare(args: readonly string[]): (context: OpsContext) => Promise<void>;
};

export function defineCommand<Args>({ parse, run, ...about }: CommandDefinition<Args>): OpsCommand {
  return {
    ...about,
    prepare(args) {
      const parsed = parse(args);
      return (context) => run(context, parsed);
    },
  };
}

/** Wrong arguments: the CLI prints the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A clear failure (unknown user, database in use): the CLI prints it and exits 1. */
export class OpsError extends Error {
  override name = 'OpsError';
}
