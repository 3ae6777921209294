import { spawn } from 'node:child_process';

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a TypeScript file in a child Node (through tsx) with exactly `env`, feeds it `stdin`,
 * and resolves with its exit code and everything it printed once it has closed.
 */
export function runScript(
  file: string,
  options: { args?: readonly string[]; env: NodeJS.ProcessEnv; stdin?: string },
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...(options.args ?? [])], {
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.end(options.stdin ?? '');
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
