/** The types of lint/rooms.mjs, for the tests that read its table. */
export interface Room {
  path: string;
  label?: string;
  rooms?: string[];
  packages?: string[];
  private?: string[];
  privateWhy?: string;
  why: string;
  layer?: number;
}
export declare const coreLayers: string[][];
export declare const knownExceptions: { from: string; to: string; why: string }[];
export declare const rooms: Room[];
