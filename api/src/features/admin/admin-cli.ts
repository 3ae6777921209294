/**
 * What the admin command lines read from the environment: the databases, and for `files` the
 * rest of the configuration (DATA_DIR, S3_*), read through loadConfig.
 */
export interface AdminCliEnv {
  /** The read models, the key vault and (unless EVENTSTORE_URL) the event store. */
  DATABASE_URL?: string | undefined;
  /** KurrentDB, when the events live there (services mode). */
  EVENTSTORE_URL?: string | undefined;
  [name: string]: string | undefined;
}

/** Where an admin command writes: lines for the user, lines for errors. */
export interface AdminCliOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Runs an admin command from a shell: the process's arguments and environment, the console,
 * its answer as the exit code, and 2 with the message when it throws.
 */
export function runAdminCli(
  command: (args: readonly string[], env: AdminCliEnv, output: AdminCliOutput) => Promise<number>,
): void {
  command(process.argv.slice(2), process.env, {
    out: (line) => console.info(line),
    err: (line) => console.error(line),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 2;
    },
  );
}
