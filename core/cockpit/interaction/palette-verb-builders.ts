/**
 * The small builders the palette's verb table is written with: which faces a verb serves, a verb that does
 * what a key does, a verb without arguments, and the `:batch` previews' sub-command parser. Kept apart so
 * the table in palette-verbs.ts reads as a table.
 */
import type { KeyCommand } from '../bindings/key-bindings.js';
import type { Face } from '../view/view-model.js';
import { PaletteError, type PaletteCommand, type PaletteVerb } from './palette-command.js';
import { amount, arity, batchId, depth, integer } from './palette-arguments.js';

export const BOTH: readonly Face[] = ['desktop', 'terminal'];
export const TERMINAL: readonly Face[] = ['terminal'];

/** A verb without arguments that does what a key does (the key is named from the binding table). */
export function keyVerb(name: string, aliases: readonly string[], description: string, command: KeyCommand, faces: readonly Face[] = BOTH): PaletteVerb {
  const usage = `:${name}`;
  return { name, aliases, usage, description, faces, key: command, parse: noArgs({ kind: 'key', command }, usage) };
}

export function noArgs(command: PaletteCommand, usage: string) {
  return (args: readonly string[]) => {
    arity(args, 0, 0, usage);
    return command;
  };
}

export function parseBatch(args: readonly string[]): PaletteCommand {
  const usage = ':batch buy <depth> [amount] | :batch topup|dilute|extend <id> <arg>';
  const [action, ...rest] = args;
  switch (action) {
    case 'buy':
      arity(rest, 1, 2, ':batch buy <depth> [amount]');
      return { kind: 'oneShot', verb: 'buy-preview', args: rest[1] === undefined ? [depth(rest[0]!)] : [depth(rest[0]!), amount(rest[1])] };
    case 'topup':
      arity(rest, 2, 2, ':batch topup <id> <amount>');
      return { kind: 'oneShot', verb: 'topup-preview', args: [batchId(rest[0]!), amount(rest[1]!)] };
    case 'dilute':
      arity(rest, 2, 2, ':batch dilute <id> <new-depth>');
      return { kind: 'oneShot', verb: 'dilute-preview', args: [batchId(rest[0]!), depth(rest[1]!, 'new depth')] };
    case 'extend':
      arity(rest, 2, 2, ':batch extend <id> <seconds>');
      return { kind: 'oneShot', verb: 'extend-preview', args: [batchId(rest[0]!), String(integer(rest[1]!, 'seconds', 1, Number.MAX_SAFE_INTEGER))] };
    default:
      throw new PaletteError(`${usage}: ${action === undefined ? 'missing action' : `unknown action ${JSON.stringify(action)}`} (buy, topup, dilute or extend; previews only, no transaction is sent)`);
  }
}
