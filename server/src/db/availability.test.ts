import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './availability.js';

describe('a database out of reach', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code });

  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a server shutting down (57P01)', withCode('57P01')],
    ['a server starting up (57P03)', withCode('57P03')],
    ['too many connections (53300)', withCode('53300')],
    ['a connection exception (08006)', withCode('08006')],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a silent network', new Error('Query read timeout')],
    ['a wrapped cause', new Error('query failed', { cause: withCode('ECONNREFUSED') })],
  ])('is recognised: %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a missing table (42P01)', withCode('42P01')],
    ['a unique violation (23505)', withCode('23505')],
    ['a statement timeout (57014)', withCode('57014')],
    ['a plain error', new Error('something else')],
    ['nothing', undefined],
  ])('is not confused with %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
