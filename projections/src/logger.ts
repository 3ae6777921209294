/** The slice of a pino/Fastify logger the subscribers and the maintenance commands use. */
export interface Logger {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
  error(data: Record<string, unknown>, message: string): void;
}

export const consoleLogger: Logger = {
  info: (data, message) => console.info(message, data),
  warn: (data, message) => console.warn(message, data),
  error: (data, message) => console.error(message, data),
};

export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
