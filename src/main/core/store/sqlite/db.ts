import type Database from 'better-sqlite3';

/** A connection to the SQLite store (opened by open.ts; the migrations and every query take it). */
export type Db = Database.Database;
