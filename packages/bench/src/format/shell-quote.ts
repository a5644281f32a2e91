/**
 * POSIX shell quoting for displaying a command line a user pastes (bench's reproduction line and resume hint, the
 * harness's `case … --resume DIR`). Display only: nothing here is ever executed.
 * Hand-written because the rule is three lines (single quotes protect everything but `'` itself) and a dependency
 * would cost more than it saves.
 */

// Characters no POSIX shell treats specially in a word; such words print bare. `~` is safe except where tilde
// expansion applies (word start, and after `=` or `:` as bash does in assignment-like words): `HEAD~1` stays bare.
const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./~-]+$/;
const TILDE_PREFIX = /(?:^|[=:])~/;

/** One argument as a shell word: bare when safe, otherwise single-quoted with each `'` written as `'\''`. */
export function shellQuoteArg(arg: string): string {
  if (SAFE_WORD.test(arg) && !TILDE_PREFIX.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** A command line as one string a POSIX shell would split back into exactly `argv`. */
export function shellQuote(argv: readonly string[]): string {
  return argv.map(shellQuoteArg).join(' ');
}
