import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('starts whatever NODE_ENV says, since no setting depends on it', () => {
    for (const NODE_ENV of ['staging', 'production', 'development', 'test', 'qa']) {
      expect(loadConfig({ NODE_ENV, PORT: '4000' }).port).toBe(4000);
    }
  });

  it('still refuses a bad setting, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging', PORT: 'eighty' })).toThrow(/PORT/);
  });
});
