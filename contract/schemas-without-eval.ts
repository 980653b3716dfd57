/**
 * Zod checks without code made at run time: zod otherwise compiles a parser for each object
 * schema with `new Function` at its first check, which the page's CSP refuses (and reports) and
 * which main compiles afresh at every start, outside its code cache. Zod reads the setting as
 * each schema is made, so each entry imports this module before any other.
 */
import { config } from 'zod';

config({ jitless: true });
