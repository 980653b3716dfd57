/**
 * Zod checks without code made at run time: zod otherwise compiles a parser for each object
 * schema with `new Function` at its first check, which main compiles afresh at every start,
 * outside its code cache, and which no reviewer can read. Zod reads the setting as each schema is
 * made, so main loads this before any schema (the features' first part, the audit command).
 * The page loads no zod (test/unit/architecture/page-script.test.ts).
 */
import { config } from 'zod';

config({ jitless: true });
