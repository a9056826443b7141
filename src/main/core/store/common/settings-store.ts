import type { z } from 'zod';

/** Small typed key/value settings, read synchronously (the engines keep them at hand); each value validated on the way out. */
export interface SettingsReader {
  read<T>(key: string, schema: z.ZodType<T>): T | undefined;
}

export interface SettingsWriter {
  /** Takes effect for reads at once; stored durably in the background (`InspectorStore.close` waits for it). */
  write(key: string, value: unknown): void;
  remove(key: string): void;
}

export interface SettingsStore extends SettingsReader, SettingsWriter {}
