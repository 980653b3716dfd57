/**
 * Where a JSON text is broken and what kind of error it is, never any of its content: a
 * policy file holds secrets, and the parser's own message quotes the text around the error.
 */
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** By the parser's error names (its codes are a const enum, not importable here). */
const KINDS: Record<string, string> = {
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a setting name in double quotes was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a colon was expected',
  CommaExpected: 'a comma was expected',
  CloseBraceExpected: 'a closing brace was expected',
  CloseBracketExpected: 'a closing bracket was expected',
  EndOfFileExpected: 'more text after the end',
  InvalidCommentToken: 'a comment (JSON has none)',
  UnexpectedEndOfComment: 'a comment that does not end (JSON has none)',
  UnexpectedEndOfString: 'a text that is not closed',
  UnexpectedEndOfNumber: 'a number that is cut off',
  InvalidUnicode: 'a malformed \\u escape',
  InvalidEscapeCharacter: 'a malformed escape',
  InvalidCharacter: 'a line break or control character inside a text',
};

/** "line 3, column 18: a comma was expected", for text that JSON.parse refused. */
export function jsonProblem(text: string): string {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return 'its structure is not JSON';
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = first.offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}: ${KINDS[printParseErrorCode(first.error)] ?? 'a syntax error'}`;
}
